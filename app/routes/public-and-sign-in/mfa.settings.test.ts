import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents } from "~/db/schema";
import { FLASH_COOKIE, readFlash } from "~/web/flash.server";
import { getMfaState } from "~/domain/mfa/mfa.server";
import { timeStep, totpAt } from "~/domain/mfa/totp";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import { createUser, latestSmsCode, makePatient, mfaRow, sessionCookie, smsCount } from "../../../tests/support/mfa-helpers";
import * as disableRoute from "./mfa.settings.disable";
import * as settingsRoute from "./mfa.settings";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;


type View = { view: Record<string, unknown> & { state: string; mfaType?: string } };
type Reply = { lastResult?: { error?: Record<string, string[] | null> }; errors?: string[] };

let user: { id: number; email: string };
let cookie: string;

beforeEach(async () => {
  user = await createUser(context);
  await makePatient(context, user.id);
  cookie = await sessionCookie(context, user.id);
});

const load = async () => readJson<View>(await callLoader(settingsRoute.loader, { request: getRequest("/mfa/settings", { cookie }), context }));
const post = (fields: Record<string, string>, as = cookie) =>
  callAction(settingsRoute.action, { request: postRequest("/mfa/settings", fields, { cookie: as }), context });
const flashOf = (response: Response) => readFlash(context.config.sessionSecret, getRequest("/", { cookie: cookieHeaderAfter(response) }));
const stateOf = () => getMfaState(context, user.id, user.email);

/** Moves the clock on while the user keeps the session alive (patients idle out after 10 minutes). */
async function passTime(ms: number) {
  for (let left = ms; left > 0; left -= 5 * 60 * 1000) {
    context.clock.advance(Math.min(left, 5 * 60 * 1000));
    await load();
  }
}

async function secretShown(): Promise<string> {
  const { view } = await load();
  return String(view.secret).replace(/\s/g, "");
}

describe("access", () => {
  it("sends visitors who are not signed in to /login with a redirect back", async () => {
    for (const route of [settingsRoute, disableRoute]) {
      const path = route === settingsRoute ? "/mfa/settings" : "/mfa/settings/disable";
      const response = await callLoader(route.loader, { request: getRequest(path), context });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("refuses every action to visitors who are not signed in", async () => {
    const response = await callAction(settingsRoute.action, { request: postRequest("/mfa/settings", { intent: "choose", mfaType: "authenticator" }), context });
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirect=/);
    const disable = await callAction(disableRoute.action, { request: postRequest("/mfa/settings/disable", {}), context });
    expect(disable.headers.get("Location")).toMatch(/^\/login\?redirect=/);
  });

  it("denies guests, in the loader and in the action", async () => {
    const guest = await createUser(context, { guest: true });
    const guestCookie = await sessionCookie(context, guest.id);
    const page = await callLoader(settingsRoute.loader, { request: getRequest("/mfa/settings", { cookie: guestCookie }), context });
    expect(page.headers.get("Location")).toBe("/permission-denied");
    const response = await post({ intent: "choose", mfaType: "authenticator" }, guestCookie);
    expect(response.headers.get("Location")).toBe("/permission-denied");
    expect(await mfaRow(context, guest.id)).toBeNull();
  });
});

describe("choosing a type", () => {
  it("starts with the type choice", async () => {
    expect((await load()).view).toEqual({ state: "none" });
  });

  it("authenticator: pending with an inline SVG QR code and the key in groups of four", async () => {
    const response = await post({ intent: "choose", mfaType: "authenticator", smsMobileNumber: "leftover" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/mfa/settings");
    const { view } = await load();
    expect(view).toMatchObject({ state: "pending", mfaType: "authenticator" });
    expect(String(view.qrSvg)).toMatch(/^<svg [^>]*role="img" aria-label="QR code to scan with your authenticator app"/);
    expect(String(view.secret)).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  });

  it("sms: validates the mobile only when sms is chosen, strips spaces, sends a code", async () => {
    const bad = await post({ intent: "choose", mfaType: "sms", smsMobileNumber: "0113 496 0000" });
    expect(bad.status).toBe(400);
    expect((await readJson<Reply>(bad)).lastResult?.error?.smsMobileNumber).toEqual(["Please enter a valid UK mobile phone number."]);
    const empty = await post({ intent: "choose", mfaType: "sms", smsMobileNumber: "" });
    expect((await readJson<Reply>(empty)).lastResult?.error?.smsMobileNumber).toEqual(["Please enter a valid UK mobile phone number."]);
    expect(await stateOf()).toEqual({ state: "none" });

    const ok = await post({ intent: "choose", mfaType: "sms", smsMobileNumber: "07700 900 901" });
    expect(ok.status).toBe(303);
    expect((await load()).view).toEqual({ state: "pending", mfaType: "sms", mobile: "07700900901" });
    expect(await smsCount(context, "07700900901")).toBe(1);
  });

  it("cannot choose again once enabled (that would turn MFA off unseen)", async () => {
    await post({ intent: "choose", mfaType: "authenticator" });
    const secret = await secretShown();
    await post({ intent: "enable", code: totpAt(secret, timeStep(context.clock.now())) });
    const response = await post({ intent: "choose", mfaType: "sms", smsMobileNumber: "07700900902" });
    expect(response.headers.get("Location")).toBe("/mfa/settings");
    expect(await stateOf()).toMatchObject({ state: "enabled", mfaType: "authenticator" });
  });
});

describe("enabling", () => {
  it("asks for a code, refuses a wrong one, and enables with the right one (toast)", async () => {
    await post({ intent: "choose", mfaType: "authenticator" });
    const secret = await secretShown();
    const step = timeStep(context.clock.now());

    const empty = await post({ intent: "enable", code: "" });
    expect(empty.status).toBe(400);
    expect((await readJson<Reply>(empty)).lastResult?.error?.code).toEqual(["Please enter an authentication code."]);

    const wrong = await post({ intent: "enable", code: totpAt(secret, step - 3) });
    expect(wrong.status).toBe(400);
    expect((await readJson<Reply>(wrong)).lastResult?.error?.code).toEqual(["Code is expired or incorrect."]);

    const ok = await post({ intent: "enable", code: totpAt(secret, step) });
    expect(ok.status).toBe(303);
    expect(flashOf(ok)).toEqual({ kind: "success", text: "Multi-Factor Authentication set up." });
    expect((await load()).view).toEqual({ state: "enabled", mfaType: "authenticator", mobile: null });
    const audited = await t.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, user.id), eq(auditEvents.action, "mfa.enabled")));
    expect(audited).toHaveLength(1);
  });

  it("enables SMS with the texted code, and shows the number in the summary", async () => {
    await post({ intent: "choose", mfaType: "sms", smsMobileNumber: "07700900911" });
    const ok = await post({ intent: "enable", code: (await latestSmsCode(context, "07700900911"))! });
    expect(ok.status).toBe(303);
    expect((await load()).view).toEqual({ state: "enabled", mfaType: "sms", mobile: "07700900911" });
  });

  it("refuses an SMS code after 10 minutes", async () => {
    await post({ intent: "choose", mfaType: "sms", smsMobileNumber: "07700900912" });
    const code = (await latestSmsCode(context, "07700900912"))!;
    await passTime(10 * 60 * 1000);
    const response = await post({ intent: "enable", code });
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).lastResult?.error?.code).toEqual(["Code is expired or incorrect."]);
    expect((await stateOf()).state).toBe("pending");
  });

  it("does nothing when there is nothing pending", async () => {
    const response = await post({ intent: "enable", code: "123456" });
    expect(response.headers.get("Location")).toBe("/mfa/settings");
    expect(await stateOf()).toEqual({ state: "none" });
  });
});

describe("resend SMS", () => {
  it("resends with the success toast, at most once per 30 seconds", async () => {
    await post({ intent: "choose", mfaType: "sms", smsMobileNumber: "07700900921" });
    const tooSoon = await post({ intent: "resend" });
    expect(tooSoon.status).toBe(429);
    expect((await readJson<Reply>(tooSoon)).errors).toEqual(["Multi-Factor Authentication code failed to resent."]);

    context.clock.advance(30_000);
    const resent = await post({ intent: "resend" });
    expect(resent.status).toBe(303);
    expect(resent.headers.get("Location")).toBe("/mfa/settings");
    expect(flashOf(resent)).toEqual({ kind: "success", text: "Multi-Factor Authentication code successfully resent." });
    expect(await smsCount(context, "07700900921")).toBe(2);
    // The new code enables; the old one was replaced.
    const ok = await post({ intent: "enable", code: (await latestSmsCode(context, "07700900921"))! });
    expect(ok.status).toBe(303);
  });

  it("resends after the first code expired (the old code being expired is no failure)", async () => {
    await post({ intent: "choose", mfaType: "sms", smsMobileNumber: "07700900922" });
    await passTime(11 * 60 * 1000);
    const resent = await post({ intent: "resend" });
    expect(flashOf(resent)?.text).toBe("Multi-Factor Authentication code successfully resent.");
  });

  it("fails with the spec's text when there is no pending SMS", async () => {
    await post({ intent: "choose", mfaType: "authenticator" });
    const response = await post({ intent: "resend" });
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).errors).toEqual(["Multi-Factor Authentication code failed to resent."]);
    expect(setCookie(response, FLASH_COOKIE)).toBeUndefined();
  });
});

describe("try another method", () => {
  it("deletes the pending settings and returns to the type choice", async () => {
    await post({ intent: "choose", mfaType: "sms", smsMobileNumber: "07700900931" });
    const response = await post({ intent: "another" });
    expect(response.status).toBe(303);
    expect((await load()).view).toEqual({ state: "none" });
  });

  it("never disables enabled settings (that needs the confirmation)", async () => {
    await post({ intent: "choose", mfaType: "authenticator" });
    await post({ intent: "enable", code: totpAt(await secretShown(), timeStep(context.clock.now())) });
    await post({ intent: "another" });
    expect((await stateOf()).state).toBe("enabled");
  });
});

describe("disabling", () => {
  const disablePage = () => callLoader(disableRoute.loader, { request: getRequest("/mfa/settings/disable", { cookie }), context });
  const disable = () => callAction(disableRoute.action, { request: postRequest("/mfa/settings/disable", {}, { cookie }), context });

  it("has a confirmation only when MFA is on", async () => {
    const page = await disablePage();
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/mfa/settings");
    expect((await disable()).headers.get("Location")).toBe("/mfa/settings");
  });

  it("clears the settings with the toast", async () => {
    await post({ intent: "choose", mfaType: "authenticator" });
    await post({ intent: "enable", code: totpAt(await secretShown(), timeStep(context.clock.now())) });
    expect((await disablePage()).status).toBe(200);
    const response = await disable();
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/mfa/settings");
    expect(flashOf(response)).toEqual({ kind: "success", text: "Multi-Factor Authentication successfully disabled." });
    expect(await stateOf()).toEqual({ state: "none" });
    expect(await mfaRow(context, user.id)).toBeNull();
  });

  it("is titled as the spec says", () => {
    expect(disableRoute.handle.title).toBe("Disable Multi-Factor Authentication");
  });
});
