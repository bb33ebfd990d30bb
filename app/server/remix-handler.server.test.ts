/**
 * The Remix handler behind Express (decision 0156): a document made by `documentResponse` is
 * written in one go, with its status, headers and length; every other Response (a redirect, a
 * streamed body, a HEAD answer) is written by @remix-run/express's own writer as before. The
 * document's Response holds no body of its own (decision 0167), yet reads as its text.
 */
import type { AddressInfo } from "node:net";
import { request as httpRequest } from "node:http";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { documentResponse, sendResponse } from "./remix-handler.server";

const servers: { close(): void }[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

async function serve(answer: () => Response, method = "GET") {
  const app = express();
  const writes: string[] = [];
  app.use((_req, res, next) => {
    const write = res.write.bind(res);
    res.write = ((chunk: unknown, ...rest: never[]) => (writes.push("write"), write(chunk as string, ...rest))) as typeof res.write;
    next();
  });
  app.all("*", (_req, res, next) => void sendResponse(res, answer()).catch(next));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  const reply = await new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path: "/" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
  return { ...reply, writes };
}

describe("sendResponse", () => {
  it("writes a document in one go, with its status, headers and length", async () => {
    const html = "<!DOCTYPE html><html><body>Café ✓</body></html>";
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" });
    headers.append("Set-Cookie", "a=1; Path=/");
    headers.append("Set-Cookie", "b=2; Path=/");
    const reply = await serve(() => documentResponse(html, { status: 404, headers }));
    expect(reply.status).toBe(404);
    expect(reply.body).toBe(html);
    expect(reply.writes).toEqual([]);
    expect(reply.headers["content-length"]).toBe(String(Buffer.byteLength(html)));
    expect(reply.headers["cache-control"]).toBe("private, no-store");
    expect(reply.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("leaves every other Response to the adapter: a body it streams, a redirect without one", async () => {
    const streamed = await serve(() => new Response("<p>made elsewhere</p>", { status: 200, headers: { "Content-Type": "text/html" } }));
    expect(streamed.body).toBe("<p>made elsewhere</p>");
    expect(streamed.writes).toEqual(["write"]);
    const redirect = await serve(() => new Response(null, { status: 303, headers: { Location: "/next" } }));
    expect(redirect.status).toBe(303);
    expect(redirect.headers.location).toBe("/next");
    expect(redirect.body).toBe("");
  });

  it("writes a document whole even when its body was read on the way (the kept text is the body)", async () => {
    const reply = await serve(() => {
      const response = documentResponse("<p>read</p>", { status: 200 });
      void response.text();
      return response;
    });
    expect(reply.body).toBe("<p>read</p>");
  });

  it("a document reads as its text however it is read, and its HEAD answer keeps its status and headers", async () => {
    const html = "<!DOCTYPE html><p>Café ✓ 🩺</p>";
    const made = () => documentResponse(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
    expect(await made().text()).toBe(html);
    expect(new TextDecoder().decode(await made().arrayBuffer())).toBe(html);
    expect(await new Response(made().body).text()).toBe(html);
    const document = made();
    expect(document.status).toBe(200);
    expect(document.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    // Remix answers a HEAD with a new Response of the same status and headers: written by the adapter, empty.
    const head = await serve(() => new Response(null, { status: document.status, headers: document.headers }), "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.body).toBe("");
  });
});
