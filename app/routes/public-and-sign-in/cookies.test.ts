import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { callAction, callLoader, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import { FLASH_COOKIE, readFlash } from "~/web/flash.server";
import { CONSENT_COOKIE } from "~/domain/shell/cookie-consent";
import { action, loader } from "./cookies";

const YEAR_SECONDS = 31536000;

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;

const post = (fields: Record<string, string>, url = "/cookies") =>
  callAction(action, { request: postRequest(url, fields), context });

/** The flash a browser would show after following the redirect. */
function flashAfter(response: Response) {
  const cookie = setCookie(response, FLASH_COOKIE);
  if (!cookie) return null;
  const request = getRequest("/", { cookie: { [FLASH_COOKIE]: cookie.value } });
  return readFlash(context.config.sessionSecret, request);
}

describe("cookies action", () => {
  it.each([
    ["allow", "You've accepted additional cookies."],
    ["deny", "You've rejected additional cookies."],
  ])("remembers %s for 365 days and redirects back with a message", async (choice, message) => {
    const response = await post({ additional_cookies: choice, returnTo: "/practice/demo" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/practice/demo");

    const consent = setCookie(response, CONSENT_COOKIE);
    expect(consent?.value).toBe(choice);
    expect(consent?.attributes["max-age"]).toBe(String(YEAR_SECONDS));
    expect(consent?.attributes.path).toBe("/");
    expect(consent?.attributes.samesite).toBe("Lax");
    // IE10 ignores Max-Age, so Expires must say the same thing.
    const expires = Date.parse(String(consent?.attributes.expires));
    expect(Math.abs(expires - (Date.now() + YEAR_SECONDS * 1000))).toBeLessThan(60_000);
    // Readable by an analytics script; nothing secret in it. Not Secure over plain HTTP.
    expect(consent?.attributes.httponly).toBeUndefined();
    expect(consent?.attributes.secure).toBeUndefined();

    expect(flashAfter(response)).toEqual({ kind: "success", text: message });
  });

  it("marks the cookies Secure over HTTPS", async () => {
    const response = await post({ additional_cookies: "allow", returnTo: "/" }, "https://frontdoor.example/cookies");
    expect(setCookie(response, CONSENT_COOKIE)?.attributes.secure).toBe(true);
    expect(setCookie(response, FLASH_COOKIE)?.attributes.secure).toBe(true);
  });

  it("keeps the query string of a same-site returnTo", async () => {
    const response = await post({ additional_cookies: "deny", returnTo: "/practice/demo?tab=hours" });
    expect(response.headers.get("Location")).toBe("/practice/demo?tab=hours");
  });

  it.each(["https://evil.example/phish", "//evil.example/phish", "/\\evil.example", "javascript:alert(1)", "practice/demo"])(
    "refuses to redirect off-site to %j (goes to /cookies)",
    async (returnTo) => {
      const response = await post({ additional_cookies: "allow", returnTo });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/cookies");
      // The choice itself is still saved.
      expect(setCookie(response, CONSENT_COOKIE)?.value).toBe("allow");
    },
  );

  it("goes back to /cookies when no returnTo is given", async () => {
    const response = await post({ additional_cookies: "deny" });
    expect(response.headers.get("Location")).toBe("/cookies");
  });

  it.each<Record<string, string>>([{}, { additional_cookies: "" }, { additional_cookies: "maybe" }, { additional_cookies: "ALLOW" }])(
    "sets nothing for an answer that is neither allow nor deny (%j)",
    async (fields) => {
      const response = await post({ ...fields, returnTo: "/suggestion" });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/suggestion");
      expect(response.headers.getSetCookie()).toEqual([]);
    },
  );
});

describe("cookies loader", () => {
  it.each([
    [undefined, "unset"],
    ["allow", "allow"],
    ["deny", "deny"],
    ["yes", "unset"],
  ])("reads additional_cookies=%j as %j", async (value, consent) => {
    const request = getRequest("/cookies", value ? { cookie: { [CONSENT_COOKIE]: value } } : {});
    const response = await callLoader(loader, { request, context });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ consent });
  });
});
