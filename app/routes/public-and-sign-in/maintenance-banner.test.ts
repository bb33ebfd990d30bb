import { describe, expect, it } from "vitest";
import { makeContext } from "../../../tests/support/context";
import { callAction, callLoader, getRequest, postRequest, setCookie } from "../../../tests/support/requests";
import type { Db } from "~/db/client.server";
import { BANNER_COOKIE, bannerFingerprint } from "~/domain/shell/maintenance-banner.server";
import { action, loader } from "./maintenance-banner";

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;
// Dismissing only sets a cookie: the database is never read.
const context = makeContext({} as Db);
const fingerprint = bannerFingerprint({ text: "Planned maintenance tonight.", type: "warning" });

const dismiss = (fields: Record<string, string>, url = "/maintenance-banner") =>
  callAction(action, { request: postRequest(url, fields), context });

describe("maintenance-banner action", () => {
  it("remembers the dismissed banner's fingerprint for 30 days and goes back", async () => {
    const response = await dismiss({ fingerprint, returnTo: "/practice/demo?x=1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/practice/demo?x=1");
    const cookie = setCookie(response, BANNER_COOKIE);
    expect(cookie).toMatchObject({ value: fingerprint, attributes: { path: "/", "max-age": String(THIRTY_DAYS_SECONDS) } });
    expect(THIRTY_DAYS_SECONDS).toBe(2592000);
    const expires = Date.parse(String(cookie?.attributes.expires));
    expect(Math.abs(expires - (Date.now() + THIRTY_DAYS_SECONDS * 1000))).toBeLessThan(60_000);
    expect(cookie?.attributes.httponly).toBe(true);
    expect(cookie?.attributes.secure).toBeUndefined();
  });

  it("marks the cookie Secure over HTTPS", async () => {
    const response = await dismiss({ fingerprint, returnTo: "/" }, "https://frontdoor.example/maintenance-banner");
    expect(setCookie(response, BANNER_COOKIE)?.attributes.secure).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["with a space", "abc def"],
    ["with cookie syntax", "abc; Domain=evil.example"],
    ["markup", "<script>alert(1)</script>"],
    ["too long", "a".repeat(65)],
    ["non-ASCII", "bannér"],
  ])("sets no cookie for a junk fingerprint (%s), but still goes back", async (_name, junk) => {
    const response = await dismiss({ fingerprint: junk, returnTo: "/cookies" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cookies");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("sets no cookie when the fingerprint is missing", async () => {
    const response = await dismiss({ returnTo: "/cookies" });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("accepts the longest fingerprint it allows (64 characters)", async () => {
    const response = await dismiss({ fingerprint: "a".repeat(64) });
    expect(setCookie(response, BANNER_COOKIE)?.value).toBe("a".repeat(64));
  });

  it.each(["https://evil.example/", "//evil.example", ""])("refuses to redirect off-site to %j (goes home)", async (returnTo) => {
    const response = await dismiss({ fingerprint, returnTo });
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("maintenance-banner loader", () => {
  it("has nothing to show and sends visitors home", async () => {
    const response = await callLoader(loader, { request: getRequest("/maintenance-banner"), context });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});
