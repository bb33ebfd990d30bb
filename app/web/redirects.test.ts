import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirects";

describe("safeRedirectPath", () => {
  it.each([
    ["/demo/message", "/demo/message"],
    ["/inbox?page=2#x", "/inbox?page=2#x"],
    ["https://evil.example/", "/"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["relative/path", "/"],
    ["", "/"],
    [null, "/"],
    ["/ok\nSet-Cookie: x", "/"],
  ])("%j goes to %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it("uses the fallback it is given", () => {
    expect(safeRedirectPath("https://evil.example", "/login")).toBe("/login");
  });
});

describe("after dismissing a notice (decision 0076)", () => {
  it("goes back to a same-site path only", () => {
    expect(safeRedirectPath("/A12345/message?x=1#top")).toBe("/A12345/message?x=1#top");
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null]) expect(safeRedirectPath(bad)).toBe("/");
  });
});
