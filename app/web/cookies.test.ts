import { describe, expect, it } from "vitest";
import { parseCookies, serializeCookie } from "./cookies";

describe("cookies", () => {
  it("parses a Cookie header, keeping the first of duplicate names", () => {
    expect(parseCookies("a=1; b=two%20words; a=3")).toEqual({ a: "1", b: "two words" });
  });

  it("survives malformed input", () => {
    expect(parseCookies("novalue; =x; c=%E0%A4%A")).toEqual({ c: "%E0%A4%A" });
    expect(parseCookies(null)).toEqual({});
  });

  it("parses a header once while it repeats, giving a frozen result, and each new header afresh", () => {
    const first = parseCookies("fd_session=abc; csrf=x");
    expect(parseCookies("fd_session=abc; csrf=x")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as Record<string, string>).fd_session = "stolen";
    }).toThrow(TypeError);
    expect(parseCookies("fd_session=def")).toEqual({ fd_session: "def" });
    expect(parseCookies("fd_session=abc; csrf=x")).toEqual({ fd_session: "abc", csrf: "x" });
  });

  it("writes Max-Age and Expires so IE10 keeps the cookie", () => {
    const header = serializeCookie("additional_cookies", "allow", { maxAgeSeconds: 60, secure: true });
    expect(header).toMatch(/^additional_cookies=allow; Path=\/; Max-Age=60; Expires=.+; HttpOnly; Secure; SameSite=Lax$/);
  });
});
