/**
 * Remix behind Express (decision 0156): @remix-run/express's own request conversion and
 * response writer, with one short cut. A page is rendered to one string (entry.server.tsx);
 * the express adapter wrote it back by reading the Response's body as a web stream, chunk by
 * chunk, each chunk encoded to bytes, written, and flushed through compression. A document
 * made by `documentResponse` keeps its text on the Response, and is answered with one
 * `res.end(text)`. Any other Response (redirects, resource routes, data requests, files) is
 * written by the adapter as before.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
// The adapter's own two halves: its module exports them, its package index only the handler.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";

/**
 * Where the text is kept: a property under a registered symbol, not a module's WeakMap, because
 * entry.server is bundled into the Remix build (build/index.js) and this handler into the server
 * (build/server.js): each bundle has its own copy of this module, and only Symbol.for is shared.
 */
const DOCUMENT_TEXT = Symbol.for("frontdoor.documentText");
type KeptDocument = Response & { [DOCUMENT_TEXT]?: string };

/** A whole HTML document as a Response, its text kept for `sendResponse`. */
export function documentResponse(html: string, init: ResponseInit): Response {
  const response: KeptDocument = new Response(html, init);
  response[DOCUMENT_TEXT] = html;
  return response;
}

/** Writes a Response to Express: a kept document in one write, anything else by the adapter. */
export async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  const text = (response as KeptDocument)[DOCUMENT_TEXT];
  if (typeof text !== "string") return sendRemixResponse(res, response);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  // Said here, not left to Node: compression commits the headers before it hands the text on
  // (and takes the length off again when it compresses).
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}

export function createRequestHandler(options: { build: ServerBuild; mode?: string; getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext }) {
  const handle = createRemixHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(createRemixRequest(req, res), options.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
