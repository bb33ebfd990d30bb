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

/**
 * A document's Response with no body of its own (decision 0167): made with its text as the body,
 * undici scanned the whole page for lone surrogates and wrapped it in a stream that nothing here
 * reads (2 % of the server's busy time in a profile of the request bench). `sendResponse` writes
 * the kept text; anything else that reads it (tests, a body read on the way) gets the same text.
 */
class DocumentResponse extends Response {
  readonly [DOCUMENT_TEXT]: string;
  constructor(html: string, init: ResponseInit) {
    super(null, init);
    this[DOCUMENT_TEXT] = html;
  }
  override get body(): Response["body"] {
    return new Response(this[DOCUMENT_TEXT]).body;
  }
  override text(): Promise<string> {
    return Promise.resolve(this[DOCUMENT_TEXT]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return new Response(this[DOCUMENT_TEXT]).arrayBuffer();
  }
}

/** A whole HTML document as a Response, its text kept for `sendResponse`. */
export function documentResponse(html: string, init: ResponseInit): Response {
  return new DocumentResponse(html, init);
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
