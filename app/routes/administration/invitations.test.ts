/**
 * Staff and practice-admin invitations: inviteStaff / invitePracticeAdmin, and the three
 * registration routes their links open. Real Requests, a real database.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { copy } from "~/copy";
import { auditEvents, practiceMemberships, practices } from "~/db/schema";
import { invitePracticeAdmin, inviteStaff } from "~/domain/accounts/invitations.server";
import { verifyPassword } from "~/domain/auth/password.server";
import { getViewer } from "~/web/auth/viewer.server";
import { makeContext, testConfig, type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { createPractice, createUser, linkSentTo, messagesTo, sessionCookie, tokenOf, uniqueWord, userByEmail } from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as shortAdminRoute from "./practice-admin-register.$token";
// The same module answers /practice/{code}/register/practice-admin/{token} (app/route-table.mjs).
import * as adminRoute from "./practice-admin-register.$token";
import * as staffRoute from "./practice.$practiceCode.register.staff.$token";

const t = useTestWorld();
let context: TestContext;
let practice: typeof practices.$inferSelect;

beforeEach(async () => {
  context = makeContext(t.db);
  practice = await createPractice(context, "Invitation Test Surgery");
});

const ORIGIN = { origin: "http://localhost" };
const nhsEmail = (prefix = "new.gp") => `${prefix}.${uniqueWord()}@nhs.net`;
const DAY = 24 * 60 * 60 * 1000;

async function invitedStaff(role: "gp" | "receptionist" = "gp", email = nhsEmail()) {
  expect(await inviteStaff(context, { ...ORIGIN, practiceId: practice.id, email, role, invitedByUserId: null })).toMatchObject({ status: "sent" });
  return { email, token: tokenOf(await linkSentTo(context, email, "staff-invitation")) };
}

const staffArgs = (token: string, init: { method?: "GET" | "POST"; fields?: Record<string, string>; cookie?: string; code?: string } = {}) => {
  const code = init.code ?? practice.urlCode;
  const path = `/practice/${code}/register/staff/${token}`;
  return {
    request: init.method === "POST" ? postRequest(path, init.fields ?? {}, { cookie: init.cookie }) : getRequest(path, { cookie: init.cookie }),
    params: { practiceCode: code, token },
    context,
  };
};

const registration = { intent: "register", firstName: "Priya", lastName: "Shah", password: "Staff-password-2026" };

describe("inviteStaff", () => {
  it("e-mails a link to the staff registration page of the practice", async () => {
    const email = nhsEmail();
    await invitedStaff("receptionist", email);
    const [message] = await messagesTo(context, email, "staff-invitation");
    expect(message.subject).toBe(`You have been invited to Invitation Test Surgery on ${context.config.productName}`);
    expect(await linkSentTo(context, email, "staff-invitation")).toMatch(new RegExp(`^/practice/${practice.urlCode}/register/staff/[\\w-]+$`));
    const [event] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "staff.invited"), eq(auditEvents.practiceId, practice.id)));
    expect(event.detail).toEqual({ role: "receptionist" });
  });

  it("refuses an address outside the approved NHS domains; the test domain only outside production", async () => {
    const result = await inviteStaff(context, { ...ORIGIN, practiceId: practice.id, email: "someone@gmail.com", role: "gp", invitedByUserId: null });
    expect(result).toEqual({ status: "invalid_email", message: copy.validation.nhsEmail });
    const testDomain = { practiceId: practice.id, email: `x.${uniqueWord()}@example.com`, role: "gp" as const, invitedByUserId: null };
    expect((await inviteStaff(context, { ...ORIGIN, ...testDomain })).status).toBe("sent");
    const production = makeContext(t.db, { config: { ...testConfig(), isProduction: true, testTools: false } });
    expect((await inviteStaff(production, { ...ORIGIN, ...testDomain })).status).toBe("invalid_email");
    expect((await inviteStaff(context, { ...ORIGIN, ...testDomain, practiceId: 999_999 })).status).toBe("unknown_practice");
  });

  it("a new invitation to the same address replaces the old link", async () => {
    const email = nhsEmail();
    const first = await invitedStaff("gp", email);
    const second = await invitedStaff("gp", email);
    expect((await callLoader(staffRoute.loader, staffArgs(first.token))).status).toBe(410);
    expect((await callLoader(staffRoute.loader, staffArgs(second.token))).status).toBe(200);
  });
});

describe("/practice/{code}/register/staff/{token}", () => {
  it("shows the form with the invited address", async () => {
    const { email, token } = await invitedStaff();
    const page = await callLoader(staffRoute.loader, staffArgs(token));
    expect(await readJson(page)).toMatchObject({ state: "register", email, role: "gp", practiceName: "Invitation Test Surgery" });
  });

  it("creates a confirmed account with the role, signs the person in and opens their inbox", async () => {
    const { email, token } = await invitedStaff("gp");
    const response = await callAction(staffRoute.action, staffArgs(token, { method: "POST", fields: registration }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/inbox`);
    const user = (await userByEmail(context, email))!;
    expect(user.emailVerifiedAt).toEqual(context.clock.now());
    expect(await verifyPassword("Staff-password-2026", user.passwordHash)).toBe(true);
    expect(await t.db.select({ role: practiceMemberships.role }).from(practiceMemberships).where(eq(practiceMemberships.userId, user.id))).toEqual([
      { role: "gp" },
    ]);
    const viewer = await getViewer(getRequest("/", { cookie: cookieHeaderAfter(response) }), context);
    expect(viewer?.userId).toBe(user.id);
    // The link is spent.
    expect((await callLoader(staffRoute.loader, staffArgs(token))).status).toBe(410);
    expect((await callAction(staffRoute.action, staffArgs(token, { method: "POST", fields: registration }))).status).toBe(410);
  });

  it("answers form errors with 400, without using the link", async () => {
    const { token } = await invitedStaff();
    const response = await callAction(staffRoute.action, staffArgs(token, { method: "POST", fields: { ...registration, password: "short" } }));
    expect(response.status).toBe(400);
    const { lastResult } = await readJson<{ lastResult: { error: Record<string, string[]> } }>(response);
    expect(lastResult.error.password).toEqual([copy.validation.password]);
    expect((await callLoader(staffRoute.loader, staffArgs(token))).status).toBe(200);
  });

  it("explains an expired link, or one opened under another practice's code, with 410", async () => {
    const { token } = await invitedStaff();
    const other = await createPractice(context, "Elsewhere");
    expect((await callLoader(staffRoute.loader, staffArgs(token, { code: other.urlCode }))).status).toBe(410);
    expect((await callLoader(staffRoute.loader, staffArgs("made-up"))).status).toBe(410);
    context.clock.advance(8 * DAY);
    const expired = await callLoader(staffRoute.loader, staffArgs(token));
    expect(expired.status).toBe(410);
    expect(await readJson(expired)).toMatchObject({ state: "expired" });
  });

  it("asks the owner of an existing account to sign in, then to accept", async () => {
    const existing = await createUser(context, { email: nhsEmail("existing") });
    const { token } = await invitedStaff("receptionist", existing.email);
    const page = await readJson<{ state: string; signInHref: string }>(await callLoader(staffRoute.loader, staffArgs(token)));
    expect(page.state).toBe("sign_in");
    expect(page.signInHref).toBe(`/${practice.urlCode}/login?redirect=${encodeURIComponent(`/practice/${practice.urlCode}/register/staff/${token}`)}`);
    // Registering over an existing account is not possible.
    expect((await callAction(staffRoute.action, staffArgs(token, { method: "POST", fields: registration }))).status).toBe(409);

    const cookie = await sessionCookie(context, existing.id);
    expect(await readJson(await callLoader(staffRoute.loader, staffArgs(token, { cookie })))).toMatchObject({ state: "accept" });
    const accepted = await callAction(staffRoute.action, staffArgs(token, { method: "POST", fields: { intent: "accept" }, cookie }));
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe(`/${practice.urlCode}/inbox`);
    expect(await t.db.select({ role: practiceMemberships.role }).from(practiceMemberships).where(eq(practiceMemberships.userId, existing.id))).toEqual([
      { role: "receptionist" },
    ]);
  });

  it("does not let another signed-in account take the invitation", async () => {
    const { token } = await invitedStaff();
    const stranger = await createUser(context);
    const cookie = await sessionCookie(context, stranger.id);
    expect(await readJson(await callLoader(staffRoute.loader, staffArgs(token, { cookie })))).toMatchObject({ state: "wrong_account" });
    const response = await callAction(staffRoute.action, staffArgs(token, { method: "POST", fields: { intent: "accept" }, cookie }));
    expect(response.status).toBe(409);
    expect(await t.db.select().from(practiceMemberships).where(eq(practiceMemberships.userId, stranger.id))).toHaveLength(0);
    // The link still works for the person it was sent to.
    expect((await callLoader(staffRoute.loader, staffArgs(token))).status).toBe(200);
  });
});

describe("practice administrator invitations", () => {
  it("invitePracticeAdmin's link creates a practice_admin, who lands on /practices", async () => {
    const email = nhsEmail("manager");
    expect(await invitePracticeAdmin(context, { ...ORIGIN, practiceId: practice.id, email, invitedByUserId: null })).toMatchObject({ status: "sent" });
    const link = await linkSentTo(context, email, "practice-admin-invitation");
    expect(link).toMatch(new RegExp(`^/practice/${practice.urlCode}/register/practice-admin/`));
    const token = tokenOf(link);
    const args = (method: "GET" | "POST") => ({
      request: method === "POST" ? postRequest(link, registration) : getRequest(link),
      params: { practiceCode: practice.urlCode, token },
      context,
    });
    expect(await readJson(await callLoader(adminRoute.loader, args("GET")))).toMatchObject({ state: "register", role: "practice_admin" });
    // A staff token is not a practice-admin token.
    expect((await callLoader(staffRoute.loader, staffArgs(token))).status).toBe(410);
    const response = await callAction(adminRoute.action, args("POST"));
    expect(response.headers.get("Location")).toBe("/practices");
    const user = (await userByEmail(context, email))!;
    expect(await t.db.select({ role: practiceMemberships.role }).from(practiceMemberships).where(eq(practiceMemberships.userId, user.id))).toEqual([
      { role: "practice_admin" },
    ]);
  });

  it("also works at /practice-admin-register/{token}, without the practice code", async () => {
    const email = nhsEmail("manager");
    await invitePracticeAdmin(context, { ...ORIGIN, practiceId: practice.id, email, invitedByUserId: null });
    const token = tokenOf(await linkSentTo(context, email, "practice-admin-invitation"));
    const page = await callLoader(shortAdminRoute.loader, { request: getRequest(`/practice-admin-register/${token}`), params: { token }, context });
    expect(await readJson(page)).toMatchObject({ state: "register", practiceName: "Invitation Test Surgery" });
    const response = await callAction(shortAdminRoute.action, {
      request: postRequest(`/practice-admin-register/${token}`, registration),
      params: { token },
      context,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/practices");
  });
});
