import { describe, expect, it } from "vitest";
import { formerCodeRedirect, type OldAddress } from "./former-codes";

const at = (path: string, pattern = "/:practiceCode/*", method = "GET", indexRoute = false): OldAddress => ({
  method,
  url: `https://frontdoor.example${path}`,
  pattern,
  indexRoute,
});

describe("formerCodeRedirect", () => {
  it("puts the current code in the former one's place and keeps the rest of the path", () => {
    expect(formerCodeRedirect(at("/old1/message/myself", "/:practiceCode/message/myself"), "old1", "New2")).toEqual({
      location: "/New2/message/myself",
      status: 301,
    });
  });

  it("redirects the bare practice address, with or without its trailing slash", () => {
    expect(formerCodeRedirect(at("/old1", "/:practiceCode"), "old1", "new2")?.location).toBe("/new2");
    expect(formerCodeRedirect(at("/old1/", "/:practiceCode"), "old1", "new2")?.location).toBe("/new2/");
  });

  it("keeps the query string as sent", () => {
    expect(formerCodeRedirect(at("/old1/login?redirect=%2Fold1%2Finbox&expired=1", "/:practiceCode/login"), "old1", "new2")?.location).toBe(
      "/new2/login?redirect=%2Fold1%2Finbox&expired=1",
    );
    expect(formerCodeRedirect(at("/old1/message?", "/:practiceCode/message"), "old1", "new2")?.location).toBe("/new2/message");
  });

  it("matches the code whatever its case in the link", () => {
    expect(formerCodeRedirect(at("/OLD1/requests", "/:practiceCode/requests"), "old1", "new2")?.location).toBe("/new2/requests");
  });

  it("finds the code where the route reads it, not only first", () => {
    expect(formerCodeRedirect(at("/practice/old1/register", "/practice/:practiceCode/register"), "old1", "new2")?.location).toBe(
      "/practice/new2/register",
    );
    // A staff member's id that happens to spell the same as the code is left alone.
    expect(formerCodeRedirect(at("/inboxes/12/12", "/inboxes/:staffMemberId/:practiceCode"), "12", "new2")?.location).toBe("/inboxes/12/new2");
    expect(formerCodeRedirect(at("/practices/edit/old1?x=1", "/practices/edit/:practiceCode"), "old1", "new2")?.location).toBe(
      "/practices/edit/new2?x=1",
    );
  });

  it("answers GET and HEAD with 301, anything else with 307 (IE10 knows no 308)", () => {
    const route = "/:practiceCode/message";
    expect(formerCodeRedirect(at("/old1/message", route, "GET"), "old1", "new2")?.status).toBe(301);
    expect(formerCodeRedirect(at("/old1/message", route, "HEAD"), "old1", "new2")?.status).toBe(301);
    expect(formerCodeRedirect(at("/old1/message", route, "POST"), "old1", "new2")?.status).toBe(307);
    expect(formerCodeRedirect(at("/old1/message", route, "PUT"), "old1", "new2")?.status).toBe(307);
    expect(formerCodeRedirect(at("/old1/message", route, "DELETE"), "old1", "new2")?.status).toBe(307);
  });

  it("sends a post to an index route on with its bare ?index, as the form sent it", () => {
    const route = "/:practiceCode/message";
    expect(formerCodeRedirect(at("/old1/message", route, "POST", true), "old1", "new2")?.location).toBe("/new2/message?index");
    expect(formerCodeRedirect(at("/old1/message?step=2", route, "POST", true), "old1", "new2")?.location).toBe("/new2/message?step=2&index");
    expect(formerCodeRedirect(at("/old1/message?index", route, "POST", true), "old1", "new2")?.location).toBe("/new2/message?index");
    // Reading an index route needs no marker.
    expect(formerCodeRedirect(at("/old1/message", route, "GET", true), "old1", "new2")?.location).toBe("/new2/message");
  });

  it("does not redirect a code written with escapes, or of the wrong shape", () => {
    expect(formerCodeRedirect(at("/%6Fld1/message", "/:practiceCode/message"), "old1", "new2")).toBeNull();
    expect(formerCodeRedirect(at("/old%201/message", "/:practiceCode/message"), "old 1", "new2")).toBeNull();
    expect(formerCodeRedirect(at("/old-1/message", "/:practiceCode/message"), "old-1", "new2")).toBeNull();
    expect(formerCodeRedirect(at("/%C3%A9/message", "/:practiceCode/message"), "é", "new2")).toBeNull();
    expect(formerCodeRedirect(at("/old1/message", "/:practiceCode/message"), "old1", "new/2")).toBeNull();
    expect(formerCodeRedirect(at("/old1/message", "/:practiceCode/message"), "", "new2")).toBeNull();
  });

  it("does not redirect when the address does not carry the code where the route reads it", () => {
    expect(formerCodeRedirect(at("/other/message", "/:practiceCode/message"), "old1", "new2")).toBeNull();
    expect(formerCodeRedirect(at("/old1/message", "/message/:id"), "old1", "new2")).toBeNull();
    expect(formerCodeRedirect(at("/old1", "/x/y/:practiceCode"), "old1", "new2")).toBeNull();
    expect(formerCodeRedirect({ ...at("/old1"), url: "not a url" }, "old1", "new2")).toBeNull();
  });

  it("never redirects to the same code (a change of case only is the same address)", () => {
    expect(formerCodeRedirect(at("/old1/message", "/:practiceCode/message"), "old1", "OLD1")).toBeNull();
  });

  it("always answers a path of this site, never another host", () => {
    const to = formerCodeRedirect(at("//evil.example/x", "/:practiceCode/x"), "old1", "new2");
    expect(to).toBeNull();
    expect(formerCodeRedirect(at("//old1", "/x/:practiceCode"), "old1", "new2")).toBeNull();
    const plain = formerCodeRedirect(at("/old1//evil.example", "/:practiceCode/*"), "old1", "new2");
    expect(plain?.location.startsWith("/new2/")).toBe(true);
  });
});
