/**
 * /password/reset and /password/reset/{token}: loaders and actions with real Requests on a
 * real database; the clock is moved, never slept on.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, authTokens, sessions } from "~/db/schema";
import { RESET_LINKS_PER_HOUR, RESET_RESPONSE_FLOOR_MS } from "~/domain/accounts/password-reset.server";
import { verifyPassword } from "~/domain/auth/password.server";
import { FLASH_COOKIE, readFlash } from "~/web/flash.server";
import { copy } from "~/copy";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { callAction, callLoader, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import { createAccount, linkSentTo, sentTo, signIn, userRow } from "../../../tests/support/account-fixtures";
import * as requestRoute from "./password.reset._index";
import * as tokenRoute from "./password.reset.$token";

let context: TestContext;
// A fresh address per test: the per-address throttle of one test must not reach the next.
const t = useTestWorld({ ownAddressPerTest: true, onContext: (made) => (context = made) });

type Reply = { lastResult?: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } | null };
const NEW_PASSWORD = "Brand-new-password-1";

const askForReset = (email: string, cookie?: string) =>
  callAction(requestRoute.action, { request: postRequest("/password/reset", { email }, { cookie }), context });

async function resetLinkFor(email: string) {
  const response = await askForReset(email);
  expect(response.status).toBe(303);
  const path = await linkSentTo(context, email, "password-reset");
  if (!path) throw new Error("no reset link was sent");
  return { path, token: path.split("/").pop()! };
}

const submitNewPassword = (token: string, fields: Record<string, string>, cookie?: string) =>
  callAction(tokenRoute.action, { request: postRequest(`/password/reset/${token}`, fields, { cookie }), params: { token }, context });

const showToken = async (token: string) =>
  readJson<{ live: boolean }>(await callLoader(tokenRoute.loader, { request: getRequest(`/password/reset/${token}`), params: { token }, context }));

describe("/password/reset", () => {
  it("shows the form, and the answer page after a request", async () => {
    let response = await callLoader(requestRoute.loader, { request: getRequest("/password/reset"), context });
    expect(await readJson(response)).toEqual({ sent: false });
    response = await callLoader(requestRoute.loader, { request: getRequest("/password/reset?sent=1"), context });
    expect(await readJson(response)).toEqual({ sent: true });
  });

  it("sends a signed-in user where their role lands instead", async () => {
    const user = await createAccount(context);
    const { cookie } = await signIn(context, user.id);
    const response = await callLoader(requestRoute.loader, { request: getRequest("/password/reset", { cookie }), context });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).not.toContain("/password/reset");
  });

  it("refuses an address that is not one, with the spec's message", async () => {
    const response = await askForReset("not-an-email");
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.lastResult?.error?.email).toEqual([copy.validation.email]);
  });

  it("sends a single-use link to a known address, valid for 1 hour", async () => {
    const user = await createAccount(context);
    const response = await askForReset(user.email.toUpperCase());
    expect(response.headers.get("Location")).toBe("/password/reset?sent=1");
    const [message] = await sentTo(context, user.email, "password-reset");
    expect(message.body).toMatch(/http:\/\/localhost\/password\/reset\/[A-Za-z0-9_-]{43}/);
    const [row] = await t.db.select().from(authTokens).where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "password_reset")));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(60 * 60 * 1000);
  });

  it("gives an unknown address exactly the same answer, sends nothing, and takes as long", async () => {
    const known = await createAccount(context);
    const unknown = `nobody.${Date.now()}@example.com`;
    let started = performance.now();
    const forKnown = await askForReset(known.email);
    const knownMs = performance.now() - started;
    started = performance.now();
    const forUnknown = await askForReset(unknown);
    const unknownMs = performance.now() - started;
    expect([forUnknown.status, forUnknown.headers.get("Location")]).toEqual([forKnown.status, forKnown.headers.get("Location")]);
    expect(await forUnknown.text()).toBe(await forKnown.text());
    expect(await sentTo(context, unknown, "password-reset")).toHaveLength(0);
    // Both are padded to the same floor, well above the token and outbox work.
    expect(knownMs).toBeGreaterThanOrEqual(RESET_RESPONSE_FLOOR_MS - 5);
    expect(unknownMs).toBeGreaterThanOrEqual(RESET_RESPONSE_FLOOR_MS - 5);
  });

  it("sends nothing to guests or disabled accounts, with the same answer", async () => {
    for (const user of [await createAccount(context, { guest: true }), await createAccount(context, { disabled: true })]) {
      const response = await askForReset(user.email);
      expect(response.headers.get("Location")).toBe("/password/reset?sent=1");
      expect(await sentTo(context, user.email, "password-reset")).toHaveLength(0);
    }
  });

  it("makes a new link replace the older one", async () => {
    const user = await createAccount(context);
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    expect(second.token).not.toBe(first.token);
    expect(await showToken(first.token)).toEqual({ live: false });
    expect(await showToken(second.token)).toEqual({ live: true });
  });

  it(`sends at most ${RESET_LINKS_PER_HOUR} links an hour to one account, silently`, async () => {
    const user = await createAccount(context);
    for (let i = 0; i < RESET_LINKS_PER_HOUR + 1; i++) {
      context.clock.advance(61_000); // stay under the per-minute throttle
      const response = await askForReset(user.email);
      expect(response.headers.get("Location")).toBe("/password/reset?sent=1");
    }
    expect(await sentTo(context, user.email, "password-reset")).toHaveLength(RESET_LINKS_PER_HOUR);
    context.clock.advance(60 * 60 * 1000);
    await askForReset(user.email);
    expect(await sentTo(context, user.email, "password-reset")).toHaveLength(RESET_LINKS_PER_HOUR + 1);
  });

  it("throttles one address after 10 requests a minute, whatever the e-mail", async () => {
    for (let i = 0; i < 10; i++) expect((await askForReset(`flood.${i}.${Date.now()}@example.com`)).status).toBe(303);
    const response = await askForReset(`flood.last.${Date.now()}@example.com`);
    expect(response.status).toBe(429);
    expect((await readJson<{ lastResult: { error: Record<string, string[]> } }>(response)).lastResult.error[""]).toEqual([
      "Too many requests to reset a password. Wait a minute, then try again.",
    ]);
    context.clock.advance(61_000);
    expect((await askForReset(`flood.after.${Date.now()}@example.com`)).status).toBe(303);
  });
});

describe("/password/reset/{token}", () => {
  it("shows the expired page for an unknown token", async () => {
    expect(await showToken("not-a-real-token")).toEqual({ live: false });
  });

  it("expires the link after 1 hour", async () => {
    const user = await createAccount(context);
    const { token } = await resetLinkFor(user.email);
    context.clock.advance(60 * 60 * 1000 - 1000);
    expect(await showToken(token)).toEqual({ live: true });
    context.clock.advance(1000);
    expect(await showToken(token)).toEqual({ live: false });
    const response = await submitNewPassword(token, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.status).toBe(410);
    expect(await verifyPassword(NEW_PASSWORD, (await userRow(context, user.id)).passwordHash)).toBe(false);
  });

  it("refuses a password that breaks the rule, without echoing it and without using the link", async () => {
    const user = await createAccount(context);
    const { token } = await resetLinkFor(user.email);
    const response = await submitNewPassword(token, { password: "short", confirmPassword: "different" });
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.lastResult?.error?.password).toEqual([copy.validation.password]);
    expect(JSON.stringify(reply)).not.toContain("short");
    expect(await showToken(token)).toEqual({ live: true });
  });

  it("asks for a matching confirmation", async () => {
    const user = await createAccount(context);
    const { token } = await resetLinkFor(user.email);
    const response = await submitNewPassword(token, { password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` });
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).lastResult?.error?.confirmPassword).toEqual(["Passwords do not match."]);
  });

  it("sets the password, verifies the address, ends every session and sends the user to sign in", async () => {
    const user = await createAccount(context, { verified: false });
    const elsewhere = await signIn(context, user.id);
    const here = await signIn(context, user.id);
    const { token } = await resetLinkFor(user.email);

    const response = await submitNewPassword(token, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, here.cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    const flashCookie = setCookie(response, FLASH_COOKIE)!;
    const flash = readFlash(context.config.sessionSecret, getRequest("/login", { cookie: { [FLASH_COOKIE]: flashCookie.value } }));
    expect(flash).toEqual({ kind: "success", text: "Your password has been changed. Sign in with your new password." });
    expect(setCookie(response, "fd_session")?.attributes["max-age"]).toBe("0");

    const row = await userRow(context, user.id);
    expect(await verifyPassword(NEW_PASSWORD, row.passwordHash)).toBe(true);
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(elsewhere.sessionId).not.toBe(here.sessionId);
    const audits = await t.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, user.id), eq(auditEvents.action, "password_reset.completed")));
    expect(audits).toHaveLength(1);
    expect(await sentTo(context, user.email, "password-changed")).toHaveLength(1);
  });

  it("works once: a second submit (double click, or the link again) changes nothing", async () => {
    const user = await createAccount(context);
    const { token } = await resetLinkFor(user.email);
    const [first, second] = await Promise.all([
      submitNewPassword(token, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      submitNewPassword(token, { password: "Another-password-22", confirmPassword: "Another-password-22" }),
    ]);
    expect([first.status, second.status].sort()).toEqual([303, 410]);
    const winner = first.status === 303 ? NEW_PASSWORD : "Another-password-22";
    expect(await verifyPassword(winner, (await userRow(context, user.id)).passwordHash)).toBe(true);
    expect(await showToken(token)).toEqual({ live: false });
    expect((await submitNewPassword(token, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(410);
  });
});
