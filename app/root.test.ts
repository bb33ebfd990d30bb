import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestWorld } from "../tests/support/world";
import { csrfTokenForContext, makeContext, testConfig, type TestContext } from "../tests/support/context";
import {
  callAction,
  callLoader,
  cookieHeaderAfter,
  getRequest,
  postRequest,
  readJson,
  setCookie,
  USER_AGENTS,
  type RequestOptions,
} from "../tests/support/requests";
import { FLASH_COOKIE, setFlashCookie } from "~/web/flash.server";
import { BANNER_COOKIE, bannerFingerprint, setBanner } from "~/domain/shell/maintenance-banner.server";
import { CONSENT_COOKIE } from "~/domain/shell/cookie-consent";
import { loader, type RootLoaderData } from "./root";
import * as cookiesRoute from "./routes/public-and-sign-in/cookies";
import * as bannerRoute from "./routes/public-and-sign-in/maintenance-banner";

type RootData = Awaited<ReturnType<Awaited<ReturnType<RootLoaderData>>["json"]>>;

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;

async function root(path: string, options: RequestOptions = {}, ctx: TestContext = context) {
  const response = await callLoader(loader, { request: getRequest(path, options), context: ctx });
  expect(response.status).toBe(200);
  return { response, data: await readJson<RootData>(response) };
}

describe("root loader", () => {
  it("answers with the shell's data, never cached, with this visitor's CSRF token", async () => {
    await setBanner(t.db, null);
    const { response, data } = await root("/cookies", { userAgent: USER_AGENTS.modern });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(data).toMatchObject({
      productName: "Frontdoor",
      supportPhone: "0330 343 5000",
      csrfToken: csrfTokenForContext(context),
      banner: null,
      consent: "unset",
      trackingScriptUrl: null,
      browserStatus: null,
      nhsApp: false,
      flash: null,
    });
  });

  describe("maintenance banner", () => {
    it("shows the active banner with its fingerprint", async () => {
      await setBanner(t.db, { text: "Planned maintenance on Sunday 6am to 8am.", type: "warning" });
      const { data } = await root("/");
      expect(data.banner).toEqual({
        text: "Planned maintenance on Sunday 6am to 8am.",
        type: "warning",
        fingerprint: bannerFingerprint({ text: "Planned maintenance on Sunday 6am to 8am.", type: "warning" }),
      });
    });

    it("hides it once dismissed (the dismissal cookie from the banner's form), and shows it again when the text changes", async () => {
      await setBanner(t.db, { text: "The service is slow today.", type: "information" });
      const shown = (await root("/cookies")).data.banner;
      expect(shown?.text).toBe("The service is slow today.");

      // The banner's dismiss form, as the browser posts it.
      const dismissed = await callAction(bannerRoute.action, {
        request: postRequest("/maintenance-banner", { fingerprint: shown!.fingerprint, returnTo: "/cookies" }),
        context,
      });
      const cookie = cookieHeaderAfter(dismissed);
      expect(cookie).toBe(`${BANNER_COOKIE}=${shown!.fingerprint}`);
      expect((await root("/cookies", { cookie })).data.banner).toBeNull();
      // Other cookies alongside do not matter.
      expect((await root("/cookies", { cookie: `${CONSENT_COOKIE}=deny; ${cookie}` })).data.banner).toBeNull();

      await setBanner(t.db, { text: "The service is slow today. We are fixing it.", type: "information" });
      const again = (await root("/cookies", { cookie })).data.banner;
      expect(again?.text).toBe("The service is slow today. We are fixing it.");
      expect(again?.fingerprint).not.toBe(shown!.fingerprint);
    });

    it("shows it again when only its type changes", async () => {
      await setBanner(t.db, { text: "Phone lines are closed.", type: "information" });
      const first = (await root("/")).data.banner!;
      const cookie = `${BANNER_COOKIE}=${first.fingerprint}`;
      expect((await root("/", { cookie })).data.banner).toBeNull();
      await setBanner(t.db, { text: "Phone lines are closed.", type: "warning" });
      expect((await root("/", { cookie })).data.banner).toMatchObject({ text: "Phone lines are closed.", type: "warning" });
    });

    it("ignores a dismissal cookie for another banner", async () => {
      await setBanner(t.db, { text: "New online forms from Monday.", type: "information" });
      const { data } = await root("/", { cookie: `${BANNER_COOKIE}=someOtherFingerprint123` });
      expect(data.banner?.text).toBe("New online forms from Monday.");
    });

    it("shows nothing once the banner is taken down", async () => {
      await setBanner(t.db, { text: "Temporary banner", type: "information" });
      expect((await root("/")).data.banner).not.toBeNull();
      await setBanner(t.db, null);
      expect((await root("/")).data.banner).toBeNull();
    });
  });

  describe("browser support", () => {
    it.each([
      ["IE 9", USER_AGENTS.ie9, "outdated"],
      ["Firefox 64", USER_AGENTS.firefox64, "outdated"],
    ])("flags %s on an inner page", async (_name, userAgent, status) => {
      expect((await root("/practice/demo", { userAgent })).data.browserStatus).toBe(status);
    });

    it("serves a browser it does not recognise without a flag (decision 0101)", async () => {
      expect((await root("/practice/demo", { userAgent: USER_AGENTS.konqueror })).data.browserStatus).toBeNull();
    });

    it.each([
      ["IE 9", USER_AGENTS.ie9],
      ["Konqueror", USER_AGENTS.konqueror],
    ])("never flags %s on the home page, so everyone can read what to do", async (_name, userAgent) => {
      expect((await root("/", { userAgent })).data.browserStatus).toBeNull();
      expect((await root("/?from=nhs", { userAgent })).data.browserStatus).toBeNull();
    });

    it.each([
      ["IE 10 (the oldest supported)", USER_AGENTS.ie10],
      ["current Chrome", USER_AGENTS.modern],
      ["no User-Agent at all", undefined],
    ])("leaves %s alone", async (_name, userAgent) => {
      expect((await root("/cookies", { userAgent })).data.browserStatus).toBeNull();
    });

    it("recognises the NHS App webview", async () => {
      const userAgent =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 nhsapp-ios/2.41.0";
      const { data } = await root("/cookies", { userAgent });
      expect(data.nhsApp).toBe(true);
      expect(data.browserStatus).toBeNull();
    });
  });

  describe("cookie consent", () => {
    const tracking = makeContextWithTracking();

    it("is unset without the cookie (the banner asks), and no tracking script runs", async () => {
      const { data } = await root("/", {}, tracking());
      expect(data.consent).toBe("unset");
      expect(data.trackingScriptUrl).toBeNull();
    });

    it("is allow after accepting, and only then does the tracking script run", async () => {
      const { data } = await root("/", { cookie: { [CONSENT_COOKIE]: "allow" } }, tracking());
      expect(data.consent).toBe("allow");
      expect(data.trackingScriptUrl).toBe("https://stats.example.org/t.js");
    });

    it("is deny after rejecting, with no tracking", async () => {
      const { data } = await root("/", { cookie: { [CONSENT_COOKIE]: "deny" } }, tracking());
      expect(data.consent).toBe("deny");
      expect(data.trackingScriptUrl).toBeNull();
    });

    it("treats any other value as unset", async () => {
      const { data } = await root("/", { cookie: { [CONSENT_COOKIE]: "ALLOW" } }, tracking());
      expect(data.consent).toBe("unset");
      expect(data.trackingScriptUrl).toBeNull();
    });

    it("reads the cookie the cookies form sets", async () => {
      const saved = await callAction(cookiesRoute.action, {
        request: postRequest("/cookies", { additional_cookies: "allow", returnTo: "/" }),
        context,
      });
      const { data } = await root("/", { cookie: cookieHeaderAfter(saved) });
      expect(data.consent).toBe("allow");
    });
  });

  describe("flash message", () => {
    it("is read once and cleared with an expired cookie", async () => {
      const saved = await callAction(cookiesRoute.action, {
        request: postRequest("/cookies", { additional_cookies: "deny", returnTo: "/cookies" }),
        context,
      });
      const cookie = cookieHeaderAfter(saved);
      const { response, data } = await root("/cookies", { cookie });
      expect(data.flash).toEqual({ kind: "success", text: "You've rejected additional cookies." });
      const cleared = setCookie(response, FLASH_COOKIE);
      expect(cleared).toMatchObject({ value: "", attributes: { "max-age": "0", path: "/" } });

      // The browser drops the cookie, so the next page has no message.
      const next = await root("/cookies", { cookie: cookieHeaderAfter(response, cookie) });
      expect(next.data.flash).toBeNull();
      expect(setCookie(next.response, FLASH_COOKIE)).toBeUndefined();
    });

    it("ignores a flash cookie signed with another secret", async () => {
      const forged = setFlashCookie("not-the-server-secret-at-all-000000000", { kind: "success", text: "Your account is verified" });
      const { data } = await root("/", { cookie: forged.split(";")[0] });
      expect(data.flash).toBeNull();
    });
  });
});

function makeContextWithTracking() {
  return () => makeContext(t.db, { config: testConfig({ TRACKING_SCRIPT_URL: "https://stats.example.org/t.js" }) });
}
