import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, throttleAttempts } from "~/db/schema";
import { hashPassword } from "~/domain/auth/password.server";
import { FLASH_COOKIE, readFlash } from "~/web/flash.server";
import { action as loginAction } from "./login._index";
import { SESSION_COOKIE } from "~/domain/sessions/sessions.server";
import { MFA_PENDING_COOKIE } from "~/web/auth/mfa-pending.server";
import { timeStep, totpAt } from "~/domain/mfa/totp";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest, readJson, setCookie, wasThrown } from "../../../tests/support/requests";
import { createUser, enableAuthenticator, enableSms, latestSmsCode, pendingCookie, smsCount } from "../../../tests/support/mfa-helpers";
import { action, loader } from "./login.verification";

let context: TestContext;
// A new address per test, so the sign-in throttle (per address) of one test does not reach the next.
const t = useTestWorld({ ownAddressPerTest: true, onContext: (made) => (context = made) });

type Reply = { lastResult?: { error?: Record<string, string[] | null> }; errors?: string[] };

const post = (cookie: string, fields: Record<string, string>) =>
  callAction(action, { request: postRequest("/login/verification", fields, { cookie }), context });

/** A second factor that is not the right one for this secret and step. */
const wrongCode = (secret: string) => (totpAt(secret, timeStep(context.clock.now())) === "000000" ? "111111" : "000000");

async function authenticatorUser(redirect: string | null = null) {
  const user = await createUser(context);
  const secret = await enableAuthenticator(context, user.id);
  return { user, secret, cookie: pendingCookie(context, { userId: user.id, redirect }) };
}

describe("GET /login/verification", () => {
  it("sends visitors without a pending sign-in to /login", async () => {
    const response = await callLoader(loader, { request: getRequest("/login/verification"), context });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
  });

  it("refuses a tampered or expired pending cookie", async () => {
    const { cookie } = await authenticatorUser();
    const tampered = cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    let response = await callLoader(loader, { request: getRequest("/login/verification", { cookie: tampered }), context });
    expect(response.headers.get("Location")).toBe("/login");
    context.clock.advance(10 * 60 * 1000);
    response = await callLoader(loader, { request: getRequest("/login/verification", { cookie }), context });
    expect(response.headers.get("Location")).toBe("/login");
  });

  it("tells an authenticator user to open the app", async () => {
    const { cookie } = await authenticatorUser();
    const response = await callLoader(loader, { request: getRequest("/login/verification", { cookie }), context });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ mfaType: "authenticator", sentTo: null });
  });

  it("tells an SMS user where the code went, masked", async () => {
    const user = await createUser(context);
    await enableSms(context, user.id, "07700900777");
    const cookie = pendingCookie(context, { userId: user.id, redirect: null });
    const response = await callLoader(loader, { request: getRequest("/login/verification", { cookie }), context });
    expect(await readJson(response)).toMatchObject({ mfaType: "sms", sentTo: "a number ending 777" });
  });

  it("starts again when MFA was turned off meanwhile", async () => {
    const user = await createUser(context);
    const cookie = pendingCookie(context, { userId: user.id, redirect: null });
    const response = await callLoader(loader, { request: getRequest("/login/verification", { cookie }), context });
    expect(response.headers.get("Location")).toBe("/login");
  });
});

describe("POST /login/verification", () => {
  it("signs in with a correct code: session, new CSRF secret, pending cookie cleared, safe redirect", async () => {
    const { secret, cookie } = await authenticatorUser("/mfa/settings");
    const response = await post(cookie, { code: totpAt(secret, timeStep(context.clock.now())) });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/mfa/settings");
    expect(setCookie(response, SESSION_COOKIE)?.value).toBeTruthy();
    expect(setCookie(response, "fd_csrf")).toBeDefined();
    expect(setCookie(response, MFA_PENDING_COOKIE)?.attributes["max-age"]).toBe("0");
  });

  it("never follows a redirect off the site", async () => {
    const { secret, cookie } = await authenticatorUser("//evil.example/");
    const response = await post(cookie, { code: totpAt(secret, timeStep(context.clock.now())) });
    expect(response.headers.get("Location")).toBe("/");
  });

  it("asks for a code when empty, and wants six digits (400, not counted as a failure)", async () => {
    const { user, cookie } = await authenticatorUser();
    let response = await post(cookie, { code: "" });
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).lastResult?.error?.code).toEqual(["Please enter an authentication code."]);
    response = await post(cookie, { code: "12345" });
    expect(response.status).toBe(400);
    const failures = await t.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, user.id), eq(auditEvents.action, "mfa.verification_failed")));
    expect(failures).toHaveLength(0);
  });

  it("answers a wrong code with 400 'Code is expired or incorrect.' and audits it", async () => {
    const { user, secret, cookie } = await authenticatorUser();
    const response = await post(cookie, { code: wrongCode(secret) });
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).lastResult?.error?.code).toEqual(["Code is expired or incorrect."]);
    const rows = await t.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, user.id), eq(auditEvents.action, "mfa.verification_failed")));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0].detail as object)).toEqual(["challenge"]);
  });

  it("refuses a replayed code (single use per step)", async () => {
    const { user, secret } = await authenticatorUser();
    const code = totpAt(secret, timeStep(context.clock.now()));
    const first = await post(pendingCookie(context, { userId: user.id, redirect: null }), { code });
    expect(first.status).toBe(303);
    context.clock.advance(1000);
    const again = await post(pendingCookie(context, { userId: user.id, redirect: null }), { code });
    expect(again.status).toBe(400);
  });

  it("cannot reuse a pending cookie once it signed in", async () => {
    const { secret, cookie } = await authenticatorUser();
    expect((await post(cookie, { code: totpAt(secret, timeStep(context.clock.now())) })).status).toBe(303);
    const response = await post(cookie, { code: totpAt(secret, timeStep(context.clock.now()) + 1) });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    expect(setCookie(response, SESSION_COOKIE)).toBeUndefined();
  });

  it("cancels the sign-in after 5 wrong codes, even if the old cookie is replayed", async () => {
    const { secret, cookie } = await authenticatorUser();
    for (let i = 1; i <= 4; i++) expect((await post(cookie, { code: wrongCode(secret) })).status, `attempt ${i}`).toBe(400);
    const fifth = await post(cookie, { code: wrongCode(secret) });
    expect(fifth.status).toBe(303);
    expect(fifth.headers.get("Location")).toBe("/login");
    expect(setCookie(fifth, MFA_PENDING_COOKIE)?.attributes["max-age"]).toBe("0");
    const flash = readFlash(context.config.sessionSecret, getRequest("/login", { cookie: cookieHeaderAfter(fifth) }));
    expect(flash?.text).toBe("You entered an incorrect code too many times. Sign in again to get a new code.");
    // The browser dropped the cookie; a copy kept by an attacker is dead too, right code or not.
    const replay = await post(cookie, { code: totpAt(secret, timeStep(context.clock.now())) });
    expect(replay.headers.get("Location")).toBe("/login");
    expect(setCookie(replay, SESSION_COOKIE)).toBeUndefined();
    const page = await callLoader(loader, { request: getRequest("/login/verification", { cookie }), context });
    expect(page.headers.get("Location")).toBe("/login");
  });

  it("throttles wrong codes across sign-ins (10 a minute per account)", async () => {
    const { user, secret } = await authenticatorUser();
    for (let round = 0; round < 2; round++) {
      const cookie = pendingCookie(context, { userId: user.id, redirect: String(round) });
      for (let i = 0; i < 5; i++) await post(cookie, { code: wrongCode(secret) });
    }
    const cookie = pendingCookie(context, { userId: user.id, redirect: "third" });
    const response = await post(cookie, { code: totpAt(secret, timeStep(context.clock.now())) });
    expect(response.status).toBe(429);
    expect((await readJson<Reply>(response)).lastResult?.error?.[""]).toEqual(["Too many attempts to sign in. Wait a minute, then try again."]);
    context.clock.advance(61_000);
    const later = await post(cookie, { code: totpAt(secret, timeStep(context.clock.now())) });
    expect(later.status).toBe(303);
    await t.db.delete(throttleAttempts);
  });

  it("accepts an SMS code until it expires after 10 minutes", async () => {
    const user = await createUser(context);
    const mobile = "07700900781";
    await enableSms(context, user.id, mobile);
    const { beginMfaChallenge } = await import("~/domain/mfa/mfa.server");
    await beginMfaChallenge(context, user.id);
    const code = (await latestSmsCode(context, mobile))!;
    context.clock.advance(10 * 60 * 1000);
    // The pending cookie lasts 10 minutes too: make a fresh one to see the code's own expiry.
    const cookie = pendingCookie(context, { userId: user.id, redirect: null });
    const expired = await post(cookie, { code });
    expect(expired.status).toBe(400);
    expect((await readJson<Reply>(expired)).lastResult?.error?.code).toEqual(["Code is expired or incorrect."]);
  });

  it("signs in an SMS user with the texted code", async () => {
    const user = await createUser(context);
    const mobile = "07700900782";
    await enableSms(context, user.id, mobile);
    const { beginMfaChallenge } = await import("~/domain/mfa/mfa.server");
    await beginMfaChallenge(context, user.id);
    const cookie = pendingCookie(context, { userId: user.id, redirect: null });
    context.clock.advance(9 * 60 * 1000);
    const response = await post(cookie, { code: (await latestSmsCode(context, mobile))! });
    expect(response.status).toBe(303);
    expect(setCookie(response, SESSION_COOKIE)).toBeDefined();
  });

  it("resends an SMS code with the spec's texts, at most once per 30 seconds", async () => {
    const user = await createUser(context);
    const mobile = "07700900783";
    await enableSms(context, user.id, mobile);
    const { beginMfaChallenge } = await import("~/domain/mfa/mfa.server");
    await beginMfaChallenge(context, user.id);
    const cookie = pendingCookie(context, { userId: user.id, redirect: null });

    const tooSoon = await post(cookie, { intent: "resend" });
    expect(tooSoon.status).toBe(429);
    expect((await readJson<Reply>(tooSoon)).errors).toEqual(["Multi-Factor Authentication code failed to resent."]);
    expect(await smsCount(context, mobile)).toBe(1);

    context.clock.advance(30_000);
    const resent = await post(cookie, { intent: "resend" });
    expect(resent.status).toBe(303);
    expect(resent.headers.get("Location")).toBe("/login/verification");
    expect(setCookie(resent, FLASH_COOKIE)).toBeDefined();
    const flash = readFlash(context.config.sessionSecret, getRequest("/", { cookie: cookieHeaderAfter(resent) }));
    expect(flash).toEqual({ kind: "success", text: "Multi-Factor Authentication code successfully resent." });
    expect(await smsCount(context, mobile)).toBe(2);
  });

  it("has nothing to resend for an authenticator user", async () => {
    const { cookie } = await authenticatorUser();
    const response = await post(cookie, { intent: "resend" });
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).errors).toEqual(["Multi-Factor Authentication code failed to resent."]);
  });
});

describe("the whole sign-in", () => {
  it("goes password → /login/verification → signed in", async () => {
    const user = await createUser(context, { passwordHash: await hashPassword("Correct-horse-42") });
    const secret = await enableAuthenticator(context, user.id);
    const login = await callAction(loginAction, {
      request: postRequest("/login", { email: user.email, password: "Correct-horse-42", redirect: "/mfa/settings" }),
      context,
    });
    expect(login.status).toBe(303);
    expect(login.headers.get("Location")).toBe("/login/verification");
    expect(setCookie(login, SESSION_COOKIE)).toBeUndefined();
    const cookie = cookieHeaderAfter(login);
    const page = await callLoader(loader, { request: getRequest("/login/verification", { cookie }), context });
    expect(page.status).toBe(200);
    expect(wasThrown(page)).toBe(false);
    const done = await post(cookie, { code: totpAt(secret, timeStep(context.clock.now())) });
    expect(done.headers.get("Location")).toBe("/mfa/settings");
    expect(setCookie(done, SESSION_COOKIE)).toBeDefined();
  });

  it("sends a signed-in visitor on instead of showing the page", async () => {
    const { cookie, secret } = await authenticatorUser();
    const done = await post(cookie, { code: totpAt(secret, timeStep(context.clock.now())) });
    const signedIn = cookieHeaderAfter(done, cookie);
    const response = await callLoader(loader, { request: getRequest("/login/verification", { cookie: signedIn }), context });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).not.toBe("/login/verification");
  });
});
