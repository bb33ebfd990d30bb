import { describe, expect, it } from "vitest";
import { makeContext } from "../../../tests/support/context";
import { callAction, callLoader, getRequest, postRequest, readJson, wasThrown } from "../../../tests/support/requests";
import type { Db } from "~/db/client.server";
import * as splat from "./$";
import * as pageNotFound from "./page-not-found";

// Neither route reads the database.
const context = makeContext({} as Db);

describe("page-not-found", () => {
  it("answers 404 (the page renders in place; no redirect)", async () => {
    const response = await callLoader(pageNotFound.loader, { request: getRequest("/page-not-found"), context });
    expect(response.status).toBe(404);
    expect(wasThrown(response)).toBe(false);
    expect(response.headers.get("Location")).toBeNull();
    expect(await readJson(response)).toBeNull();
    expect(pageNotFound.handle.title).toBe("Page not found");
  });
});

describe("unknown paths (the splat route)", () => {
  it.each(["/no/such/page", "/practice", "/demo/unknown-thing?x=1"])("answers 404 for GET %s, keeping the address", async (path) => {
    const params = { "*": new URL(path, "http://localhost").pathname.slice(1) };
    const response = await callLoader(splat.loader, { request: getRequest(path), params, context });
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
    expect(splat.handle.title).toBe("Page not found");
  });

  it("answers 404 to a form posted to an unknown path", async () => {
    const response = await callAction(splat.action, {
      request: postRequest("/no/such/form", { anything: "x" }),
      params: { "*": "no/such/form" },
      context,
    });
    expect(response.status).toBe(404);
  });
});
