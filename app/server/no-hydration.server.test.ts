/**
 * Client navigations into a page that is not hydrated reload the document (decision 0145): the
 * data request for such a route gets Remix's reload-document redirect to the same URL, without
 * `_data` and the bare `index`, and so does any data request for such a page's path (the
 * root's after an action); any other request passes on.
 */
import type { ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { documentLoadsForNotHydrated, notHydratedRouteIds } from "./no-hydration.server";

const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/$practiceCode.message._index": { id: "routes/$practiceCode.message._index", parentId: "root", path: ":practiceCode/message", index: true, module: { handle: { title: "Who" } } },
    "routes/$practiceCode.message.myself._index": {
      id: "routes/$practiceCode.message.myself._index",
      parentId: "root",
      path: ":practiceCode/message/myself",
      index: true,
      module: { handle: { title: "What", hydrate: false } },
    },
  },
} as unknown as ServerBuild;

function run(url: string, headers: Record<string, string> = {}, method = "GET") {
  const sent: { status?: number; headers?: Record<string, string>; next: boolean } = { next: false };
  const req = { method, originalUrl: url, get: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
  const res = {
    status(code: number) {
      sent.status = code;
      return this;
    },
    set(values: Record<string, string>) {
      sent.headers = values;
      return this;
    },
    end() {
      return this;
    },
  } as unknown as Response;
  documentLoadsForNotHydrated(build)(req, res, (() => {
    sent.next = true;
  }) as NextFunction);
  return sent;
}

describe("documentLoadsForNotHydrated", () => {
  it("knows the routes that say hydrate: false", () => {
    expect([...notHydratedRouteIds(build)]).toEqual(["routes/$practiceCode.message.myself._index"]);
  });

  it("answers their data request with a reload of the document", () => {
    const sent = run("/demo/message/myself?index&_data=routes%2F%24practiceCode.message.myself._index");
    expect(sent).toEqual({
      next: false,
      status: 204,
      headers: { "X-Remix-Redirect": "/demo/message/myself", "X-Remix-Status": "302", "X-Remix-Reload-Document": "true", "Cache-Control": "no-store" },
    });
    expect(run("/demo/my?page=2&_data=routes%2F%24practiceCode.message.myself._index").headers?.["X-Remix-Redirect"]).toBe("/demo/my?page=2");
  });

  it("answers the root's data request for such a page too, so its flash waits for the document (decision 0161)", () => {
    // After an action Remix asks every matched loader at once: the root's would take the flash.
    const sent = run("/demo/message/myself?_data=root");
    expect(sent.next).toBe(false);
    expect(sent.headers?.["X-Remix-Redirect"]).toBe("/demo/message/myself");
    expect(run("/demo/message?_data=root").next).toBe(true);
    // A malformed path is Remix's to answer.
    expect(run("/%E0%A4%A/message/myself?_data=root").next).toBe(true);
  });

  it("never sends the browser to another site", () => {
    for (const path of ["/.//evil.example/x", "/./..//evil.example"]) {
      expect(run(`${path}?_data=routes%2F%24practiceCode.message.myself._index`).headers?.["X-Remix-Redirect"], path).toMatch(/^\/[^/\\]/);
    }
  });

  it("lets documents, hydrated routes and posts through", () => {
    expect(run("/demo/message/myself").next).toBe(true);
    expect(run("/demo/message?_data=routes%2F%24practiceCode.message._index").next).toBe(true);
    expect(run("/demo/message/myself?index&_data=routes%2F%24practiceCode.message.myself._index", {}, "POST").next).toBe(true);
  });
});
