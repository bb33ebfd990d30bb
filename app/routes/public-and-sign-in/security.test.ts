/**
 * Magic links: issueMagicLink, /security/{token} (date-of-birth check, lock, grant) and
 * /register/{token}, with real Requests on a real database and a clock moved by hand.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, authTokens, patients, users } from "~/db/schema";
import { GRANT_SECONDS, issueMagicLink } from "~/domain/auth/magic-links.server";
import { getTokenGrant, TOKEN_GRANT_COOKIE } from "~/web/auth/token-grant.server";
import { verifyPassword } from "~/domain/auth/password.server";
import { EMAIL_SENT_COOKIE } from "~/web/accounts/email-sent.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import { createAccount, createPatient, createPractice, linkSentTo, sentTo } from "../../../tests/support/account-fixtures";
import * as securityRoute from "./security.$token";
import * as registerRoute from "./register.$token";

const t = useTestWorld();
let context: TestContext;

beforeEach(() => {
  context = makeContext(t.db);
});

const DOB = "1979-04-12";
const date = (day: string, month: string, year: string) => ({ "dateOfBirth.day": day, "dateOfBirth.month": month, "dateOfBirth.year": year });
const RIGHT = date("12", "4", "1979");
const WRONG = date("13", "4", "1979");
type Reply = { lastResult?: { error?: Record<string, string[] | null> } | null; locked?: boolean };

async function linkFor(scope: { patientEntryId?: number } = {}, patientOptions: { userId?: number | null; email?: string } = {}) {
  const practice = await createPractice(context);
  const patient = await createPatient(context, practice.id, { dateOfBirth: DOB, ...patientOptions });
  const token = await issueMagicLink(context, { patientId: patient.id, practiceId: practice.id, scope });
  return { practice, patient, token };
}

const show = (token: string, cookie?: string) =>
  callLoader(securityRoute.loader, { request: getRequest(`/security/${token}`, { cookie }), params: { token }, context });
const answer = (token: string, fields: Record<string, string>, cookie?: string) =>
  callAction(securityRoute.action, { request: postRequest(`/security/${token}`, fields, { cookie }), params: { token }, context });

async function confirmed(token: string) {
  const response = await answer(token, RIGHT);
  expect(response.status).toBe(303);
  return { response, cookie: cookieHeaderAfter(response) };
}

describe("issueMagicLink", () => {
  it("issues a 7-day magic_link token for a patient, by record or by their user", async () => {
    const user = await createAccount(context);
    const practice = await createPractice(context);
    const patient = await createPatient(context, practice.id, { userId: user.id });
    const token = await issueMagicLink(context, { userId: user.id, practiceId: practice.id, scope: { patientEntryId: 42 } });
    const [row] = await t.db.select().from(authTokens).where(and(eq(authTokens.purpose, "magic_link"), eq(authTokens.practiceId, practice.id)));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row).toMatchObject({ userId: user.id, scope: { patientId: patient.id, patientEntryId: 42 } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it("refuses a patient of another practice", async () => {
    const practice = await createPractice(context);
    const other = await createPractice(context);
    const patient = await createPatient(context, other.id);
    await expect(issueMagicLink(context, { patientId: patient.id, practiceId: practice.id })).rejects.toThrow();
  });
});

describe("/security/{token}", () => {
  it("asks for the date of birth before granting anything", async () => {
    const { token } = await linkFor();
    expect(await readJson(await show(token))).toEqual({ state: "ask", practiceName: "Account Test Surgery", maximumPatientAge: 111 });
  });

  it("checks the date parts first, with the NHS.UK messages", async () => {
    const { token } = await linkFor();
    const response = await answer(token, date("31", "2", "1980"));
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).lastResult?.error).toEqual({ "dateOfBirth.day": ["Date of birth must be a real date"] });
  });

  it("with the right date, sets a grant for that link only and goes to the request it is about", async () => {
    const { token, practice, patient } = await linkFor({ patientEntryId: 7 });
    const { response, cookie } = await confirmed(token);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/chat/7`);
    const grant = await getTokenGrant(getRequest("/", { cookie }), context);
    expect(grant).toMatchObject({ patientId: patient.id, practiceId: practice.id, practiceCode: practice.urlCode, scope: { patientEntryId: 7 } });
    // Followed again later, a confirmed link goes straight on.
    const again = await show(token, cookie);
    expect(again.headers.get("Location")).toBe(`/${practice.urlCode}/chat/7`);
  });

  it("without a request in scope, says what the link is for", async () => {
    const { token } = await linkFor();
    const { response, cookie } = await confirmed(token);
    expect(response.headers.get("Location")).toBe(`/security/${token}`);
    expect(await readJson(await show(token, cookie))).toMatchObject({
      state: "confirmed",
      practiceName: "Account Test Surgery",
      account: { href: `/register/${token}`, label: "Create an account" },
    });
  });

  it("is not used up: it works again until it expires after 7 days", async () => {
    const { token } = await linkFor();
    await confirmed(token);
    await confirmed(token);
    context.clock.advance(7 * 24 * 60 * 60 * 1000 - 1000);
    expect(await readJson(await show(token))).toMatchObject({ state: "ask" });
    context.clock.advance(1000);
    expect(await readJson(await show(token))).toEqual({ state: "dead" });
    expect((await answer(token, RIGHT)).status).toBe(410);
  });

  it("keeps the grant short: it lapses after 30 minutes", async () => {
    const { token } = await linkFor();
    const { cookie } = await confirmed(token);
    context.clock.advance(GRANT_SECONDS * 1000 - 1000);
    expect(await getTokenGrant(getRequest("/", { cookie }), context)).not.toBeNull();
    context.clock.advance(1000);
    expect(await getTokenGrant(getRequest("/", { cookie }), context)).toBeNull();
  });

  it("does not let a grant for one link stand for another", async () => {
    const first = await linkFor();
    const second = await linkFor();
    const { cookie } = await confirmed(first.token);
    expect(await readJson(await show(second.token, cookie))).toMatchObject({ state: "ask" });
  });

  it("locks the link after three wrong dates of birth, audits it, and ends its grants", async () => {
    const { token, practice } = await linkFor();
    const { cookie } = await confirmed(token);
    let response = await answer(token, WRONG);
    expect(response.status).toBe(400);
    const message = ["The date of birth does not match our records. You can try 2 more times before this link is locked."];
    expect((await readJson<Reply>(response)).lastResult?.error).toEqual({
      "dateOfBirth.day": message,
      "dateOfBirth.month": message,
      "dateOfBirth.year": message,
    });
    response = await answer(token, WRONG);
    expect((await readJson<Reply>(response)).lastResult?.error?.["dateOfBirth.day"]?.[0]).toContain("1 more time before");
    response = await answer(token, WRONG);
    expect(response.status).toBe(403);
    expect(await readJson<Reply>(response)).toMatchObject({ locked: true });

    expect(await readJson(await show(token))).toEqual({ state: "dead" });
    expect((await answer(token, RIGHT)).status).toBe(410);
    expect(await getTokenGrant(getRequest("/", { cookie }), context)).toBeNull();
    const [row] = await t.db.select().from(authTokens).where(and(eq(authTokens.purpose, "magic_link"), eq(authTokens.practiceId, practice.id)));
    expect(row.usedAt).toEqual(context.clock.now());
    const events = await t.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.subjectId, row.id)).orderBy(auditEvents.id);
    expect(events.map((e) => e.action)).toEqual([
      "magic_link.date_of_birth_confirmed",
      "magic_link.date_of_birth_failed",
      "magic_link.date_of_birth_failed",
      "magic_link.date_of_birth_failed",
      "magic_link.locked",
    ]);
  });

  it("ignores a forged grant cookie", async () => {
    const { token } = await linkFor();
    const { cookie } = await confirmed(token);
    const forged = cookie.replace(/(fd_token_grant=[^.;]+\.)[^;]+/, "$1AAAA");
    expect(forged).not.toBe(cookie);
    expect(await getTokenGrant(getRequest("/", { cookie: forged }), context)).toBeNull();
    expect(cookie).toContain(`${TOKEN_GRANT_COOKIE}=`);
  });
});

describe("/register/{token}", () => {
  const PASSWORD = "Patient-password-9";
  const register = (token: string, fields: Record<string, string>, cookie?: string) =>
    callAction(registerRoute.action, { request: postRequest(`/register/${token}`, fields, { cookie }), params: { token }, context });
  const showRegister = (token: string, cookie?: string, query = "") =>
    callLoader(registerRoute.loader, { request: getRequest(`/register/${token}${query}`, { cookie }), params: { token }, context });

  it("sends a holder who has not confirmed the date of birth to /security/{token}", async () => {
    const { token } = await linkFor();
    let response = await showRegister(token);
    expect(response.headers.get("Location")).toBe(`/security/${token}`);
    response = await register(token, { email: "x@example.com", confirmEmail: "x@example.com", password: PASSWORD });
    expect(response.headers.get("Location")).toBe(`/security/${token}`);
  });

  it("creates an account with the record's name, links the record, and sends the e-mail check", async () => {
    const { token, patient, practice } = await linkFor({}, { email: "kemi.on.record@example.com" });
    const { cookie } = await confirmed(token);
    expect(await readJson(await showRegister(token, cookie))).toEqual({
      state: "form",
      practiceName: "Account Test Surgery",
      name: "Kemi Adeyemi",
      email: "kemi.on.record@example.com",
    });
    const email = `kemi.${Date.now()}@example.com`;
    const response = await register(token, { email, confirmEmail: email.toUpperCase(), password: PASSWORD }, cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/email-sent`);
    expect(setCookie(response, EMAIL_SENT_COOKIE)).toBeDefined();
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "Kemi", lastName: "Adeyemi", emailVerifiedAt: null });
    expect(await verifyPassword(PASSWORD, user.passwordHash)).toBe(true);
    const [linked] = await t.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(linked.userId).toBe(user.id);
    expect(await linkSentTo(context, email, "email-validation")).toMatch(/^\/validate\//);
    const audits = await t.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, user.id), eq(auditEvents.action, "account.registered_with_magic_link")));
    expect(audits).toHaveLength(1);
  });

  it("validates the form with the spec's messages, never echoing the password", async () => {
    const { token } = await linkFor();
    const { cookie } = await confirmed(token);
    const response = await register(token, { email: "a@example.com", confirmEmail: "b@example.com", password: "weak" }, cookie);
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.lastResult?.error?.confirmEmail).toEqual(["Emails do not match."]);
    expect(reply.lastResult?.error?.password?.[0]).toMatch(/^Password is either less than 12/);
    expect(JSON.stringify(reply)).not.toContain("weak");
  });

  it("gives an address that already has an account the same answer, and tells its owner by e-mail", async () => {
    const existing = await createAccount(context);
    const { token, practice, patient } = await linkFor();
    const { cookie } = await confirmed(token);
    const response = await register(token, { email: existing.email, confirmEmail: existing.email, password: PASSWORD }, cookie);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/email-sent`);
    expect(await sentTo(context, existing.email, "account-exists")).toHaveLength(1);
    const [record] = await t.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(record.userId).toBeNull();
  });

  it("does not register a record that already has an account", async () => {
    const owner = await createAccount(context);
    const { token, practice } = await linkFor({}, { userId: owner.id });
    const { cookie } = await confirmed(token);
    expect(await readJson(await showRegister(token, cookie))).toEqual({ state: "has_account", loginHref: `/${practice.urlCode}/login` });
    const email = `late.${Date.now()}@example.com`;
    const response = await register(token, { email, confirmEmail: email, password: PASSWORD }, cookie);
    expect(response.headers.get("Location")).toBe(`/register/${token}`);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("may take a record whose account never confirmed its e-mail, as registration may", async () => {
    const unconfirmed = await createAccount(context, { verified: false });
    const { token, practice, patient } = await linkFor({}, { userId: unconfirmed.id });
    const { cookie } = await confirmed(token);
    expect(await readJson(await showRegister(token, cookie))).toMatchObject({ state: "form" });
    const email = `retry.${Date.now()}@example.com`;
    const response = await register(token, { email, confirmEmail: email, password: PASSWORD }, cookie);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/email-sent`);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const [record] = await t.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(record.userId).toBe(user.id);
  });
});
