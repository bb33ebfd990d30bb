/**
 * /account-settings, its details and change-password pages, and /confirm-password (the
 * fresh guard's way back): real Requests, a real database, a clock moved by hand.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, sessions, throttleAttempts } from "~/db/schema";
import { verifyPassword } from "~/domain/auth/password.server";
import { hashSessionId } from "~/domain/sessions/sessions.server";
import { FLASH_COOKIE, readFlash } from "~/web/flash.server";
import { availablePaths } from "~/domain/shell/available-paths";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { callAction, callLoader, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import { createAccount, createPatient, createPractice, sentTo, signIn, TEST_PASSWORD, userRow } from "../../../tests/support/account-fixtures";
import * as settingsRoute from "./account-settings._index";
import * as detailsRoute from "./account-settings.details";
import * as changeRoute from "./account-settings.change-password";
import * as confirmRoute from "./confirm-password";

let context: TestContext;
const t = useTestWorld({ ownAddressPerTest: true, onContext: (made) => (context = made) });

type Reply = { lastResult?: { status?: string; error?: Record<string, string[] | null> } | null };
const MINUTE = 60_000;

const getSettings = (cookie?: string) => callLoader(settingsRoute.loader, { request: getRequest("/account-settings", { cookie }), context });

function flashOf(response: Response) {
  const cookie = setCookie(response, FLASH_COOKIE);
  return cookie ? readFlash(context.config.sessionSecret, getRequest("/", { cookie: { [FLASH_COOKIE]: cookie.value } })) : null;
}

describe("the fresh guard on /account-settings", () => {
  it("lets a user in right after sign-in", async () => {
    const user = await createAccount(context, { mobile: "07700900111" });
    const { cookie } = await signIn(context, user.id);
    const response = await getSettings(cookie);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      firstName: "Ada",
      lastName: "Okoro",
      email: user.email,
      mobile: "07700900111",
      showMfa: false,
    });
  });

  it("sends a user signed in 10 minutes ago to confirm their password, and back after", async () => {
    const user = await createAccount(context);
    const { cookie, sessionId } = await signIn(context, user.id);
    // Stay active (the patient idle logout is also 10 minutes) while the sign-in ages.
    context.clock.advance(6 * MINUTE);
    expect((await getSettings(cookie)).status).toBe(200);
    context.clock.advance(4 * MINUTE);
    const response = await getSettings(cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/confirm-password?redirect=%2Faccount-settings");

    const page = await callLoader(confirmRoute.loader, { request: getRequest(response.headers.get("Location")!, { cookie }), context });
    expect(await readJson(page)).toEqual({ email: user.email, redirect: "/account-settings" });
    const confirmed = await callAction(confirmRoute.action, {
      request: postRequest("/confirm-password", { password: TEST_PASSWORD, redirect: "/account-settings" }, { cookie }),
      context,
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/account-settings");
    const [row] = await t.db.select().from(sessions).where(eq(sessions.idHash, hashSessionId(sessionId)));
    expect(row.authenticatedAt).toEqual(context.clock.now());
    expect((await getSettings(cookie)).status).toBe(200);
  });

  it("sends visitors to sign in and refuses guests", async () => {
    let response = await getSettings();
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Faccount-settings");
    const guest = await createAccount(context, { guest: true });
    response = await getSettings((await signIn(context, guest.id)).cookie);
    expect(response.headers.get("Location")).toBe("/permission-denied");
  });

  it("offers MFA settings only when the user's practice has MFA on (and the page exists)", async () => {
    for (const mfaEnabled of [true, false]) {
      const user = await createAccount(context);
      const practice = await createPractice(context, { mfaEnabled });
      await createPatient(context, practice.id, { userId: user.id });
      const settings = await readJson<{ showMfa: boolean }>(await getSettings((await signIn(context, user.id)).cookie));
      expect(settings.showMfa).toBe(mfaEnabled && availablePaths.has("/mfa/settings"));
    }
  });
});

describe("/confirm-password", () => {
  const confirm = (cookie: string, password: string, redirect = "/account-settings") =>
    callAction(confirmRoute.action, { request: postRequest("/confirm-password", { password, redirect }, { cookie }), context });

  it("is for signed-in users only", async () => {
    const response = await callLoader(confirmRoute.loader, { request: getRequest("/confirm-password?redirect=/account-settings"), context });
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fconfirm-password%3Fredirect%3D%2Faccount-settings");
  });

  it("answers a wrong password with a generic 400, counted like a failed sign-in and audited", async () => {
    const user = await createAccount(context);
    const { cookie, sessionId } = await signIn(context, user.id);
    context.clock.advance(5 * MINUTE);
    const response = await confirm(cookie, "Wrong-password-123");
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.lastResult?.error?.[""]).toEqual(["The password you entered is not correct."]);
    expect(JSON.stringify(reply)).not.toContain("Wrong-password-123");
    const [row] = await t.db.select().from(sessions).where(eq(sessions.idHash, hashSessionId(sessionId)));
    expect(row.authenticatedAt.getTime()).toBeLessThan(context.clock.now().getTime());
    expect(await t.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, user.id), eq(auditEvents.action, "password.confirm.failed")))).toHaveLength(1);
    expect(await t.db.select().from(throttleAttempts)).not.toHaveLength(0);
  });

  it("is throttled like sign-in: 10 failures a minute, then even the right password waits", async () => {
    const user = await createAccount(context);
    const { cookie } = await signIn(context, user.id);
    for (let i = 0; i < 10; i++) expect((await confirm(cookie, `Wrong-password-${i}`)).status).toBe(400);
    const response = await confirm(cookie, TEST_PASSWORD);
    expect(response.status).toBe(429);
    context.clock.advance(61_000);
    expect((await confirm(cookie, TEST_PASSWORD)).status).toBe(303);
  });

  it("only goes back to a path on this site", async () => {
    const user = await createAccount(context);
    const { cookie } = await signIn(context, user.id);
    const response = await confirm(cookie, TEST_PASSWORD, "//evil.example/steal");
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("/account-settings/details", () => {
  const save = (cookie: string, fields: Record<string, string>) =>
    callAction(detailsRoute.action, { request: postRequest("/account-settings/details", fields, { cookie }), context });

  it("updates the name and mobile, and says so", async () => {
    const user = await createAccount(context);
    const { cookie } = await signIn(context, user.id);
    const form = await readJson(await callLoader(detailsRoute.loader, { request: getRequest("/account-settings/details", { cookie }), context }));
    expect(form).toEqual({ firstName: "Ada", lastName: "Okoro", mobile: "" });
    const response = await save(cookie, { firstName: " Adaeze ", lastName: "Okoro-Smith", mobile: "07700 900 222" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/account-settings");
    expect(flashOf(response)).toEqual({ kind: "success", text: "Your details have been updated." });
    expect(await userRow(context, user.id)).toMatchObject({ firstName: "Adaeze", lastName: "Okoro-Smith", mobile: "07700900222" });
    await save(cookie, { firstName: "Adaeze", lastName: "Okoro-Smith", mobile: "" });
    expect((await userRow(context, user.id)).mobile).toBeNull();
  });

  it("refuses a missing name and a number that is not a UK mobile", async () => {
    const user = await createAccount(context);
    const { cookie } = await signIn(context, user.id);
    const response = await save(cookie, { firstName: "", lastName: "Okoro", mobile: "0113 496 0000" });
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.lastResult?.error?.firstName).toEqual(["Enter your first name."]);
    expect(reply.lastResult?.error?.mobile).toEqual(["Please enter a valid UK mobile phone number."]);
  });

  it("checks the fresh guard on the post too", async () => {
    const user = await createAccount(context);
    const { cookie } = await signIn(context, user.id);
    context.clock.advance(6 * MINUTE);
    await getSettings(cookie);
    context.clock.advance(5 * MINUTE);
    const response = await save(cookie, { firstName: "Changed", lastName: "Name" });
    expect(response.headers.get("Location")).toBe("/confirm-password?redirect=%2Faccount-settings%2Fdetails");
    expect((await userRow(context, user.id)).firstName).toBe("Ada");
  });
});

describe("/account-settings/change-password", () => {
  const NEW = "Changed-password-77";
  const change = (cookie: string, fields: Record<string, string>) =>
    callAction(changeRoute.action, { request: postRequest("/account-settings/change-password", fields, { cookie }), context });

  it("needs the right current password", async () => {
    const user = await createAccount(context);
    const { cookie } = await signIn(context, user.id);
    const response = await change(cookie, { currentPassword: "Not-my-password-1", password: NEW, confirmPassword: NEW });
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.lastResult?.error?.currentPassword).toEqual(["The password you entered is not correct."]);
    expect(JSON.stringify(reply)).not.toContain(NEW);
    expect(await verifyPassword(TEST_PASSWORD, (await userRow(context, user.id)).passwordHash)).toBe(true);
  });

  it("applies the password rule to the new one", async () => {
    const user = await createAccount(context);
    const { cookie } = await signIn(context, user.id);
    const response = await change(cookie, { currentPassword: TEST_PASSWORD, password: "alllowercase1", confirmPassword: "alllowercase1" });
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).lastResult?.error?.password?.[0]).toMatch(/^Password is either less than 12 characters long/);
  });

  it("changes it, keeps this session, ends the others, audits and says so", async () => {
    const user = await createAccount(context);
    const here = await signIn(context, user.id);
    const elsewhere = await signIn(context, user.id);
    const response = await change(here.cookie, { currentPassword: TEST_PASSWORD, password: NEW, confirmPassword: NEW });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/account-settings");
    expect(flashOf(response)).toEqual({ kind: "success", text: "Your password has been changed." });
    expect(await verifyPassword(NEW, (await userRow(context, user.id)).passwordHash)).toBe(true);
    const left = await t.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toEqual([{ idHash: hashSessionId(here.sessionId) }]);
    expect(elsewhere.sessionId).not.toBe(here.sessionId);
    expect(await t.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, user.id), eq(auditEvents.action, "password.changed")))).toHaveLength(1);
    expect(await sentTo(context, user.email, "password-changed")).toHaveLength(1);
  });

  it("refuses guests", async () => {
    const guest = await createAccount(context, { guest: true });
    const response = await change((await signIn(context, guest.id)).cookie, { currentPassword: "x", password: NEW, confirmPassword: NEW });
    expect(response.headers.get("Location")).toBe("/permission-denied");
  });
});
