/**
 * Toolbar single sign-on against a real database: setting up the credential, signing on with
 * a token the test toolbar signs (once only, not expired, the right key), the session it makes
 * (a row with idle and absolute expiry, audited), the practice choice, the patient load, and
 * the tab setting.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, patients, sessions, ssoCredentials, toolbarTabSettings } from "~/db/schema";
import { hashSessionId } from "~/domain/sessions/sessions.server";
import { SSO_MESSAGES } from "~/domain/integrations/sso-token";
import { sessionCookieName } from "~/web/auth/viewer.server";
import { useTestWorld, makePractice } from "../../../tests/support/world";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import { toolbarPatientUrl, toolbarToken, type ToolbarCredential } from "../../../tests/support/toolbar-client";
import * as authRoute from "./sso.auth";
import * as setupRoute from "./sso.$practiceCode.setup";
import * as toolbarRoute from "./toolbar.$practiceCode.patients";
import * as toolbarLoginRoute from "./toolbar-login";

const world = useTestWorld();
const NHS = "9434765919";

let practice: Awaited<ReturnType<typeof makePractice>>;
let other: Awaited<ReturnType<typeof makePractice>>;
let gp: Awaited<ReturnType<typeof makeUser>>;
let gpCookie: string;
let credential: ToolbarCredential;
let patientId: number;

beforeAll(async () => {
  const context = world.context;
  practice = await makePractice(context, { ssoSetting: true, tabsSetting: true, idleTimeout: 30 });
  other = await makePractice(context);
  gp = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "gp" }] });
  gpCookie = (await signInAs(context, gp.id)).cookie;
  const [row] = await context.db.insert(patients).values({ practiceId: practice.id, firstName: "Ada", lastName: "Toolbar", dateOfBirth: "1970-01-01", nhsNumber: NHS }).returning();
  patientId = row.id;
  const response = await callAction(setupRoute.action, {
    request: postRequest(`/sso/${practice.urlCode}/setup`, { intent: "setup" }, { cookie: gpCookie }),
    params: { practiceCode: practice.urlCode },
    context,
  });
  expect(response.status).toBe(200);
  const body = await readJson<{ toast: string; credential: ToolbarCredential }>(response);
  expect(body.toast).toBe("Success!");
  credential = body.credential;
});

/** Posts the sign-on form as the page does (no cookie: signed out). */
function signOn(fields: Record<string, string>, cookie?: string) {
  return callAction(authRoute.action, { request: postRequest("/sso/auth", fields, cookie ? { cookie } : {}), context: world.context });
}

describe("setting up single sign-on", () => {
  it("stores the API key hashed and the signing key sealed, never as given", async () => {
    const [row] = await world.db.select().from(ssoCredentials).where(eq(ssoCredentials.userId, gp.id));
    expect(row.apiKeyHash).not.toContain(credential.apiKey);
    expect(row.signingKeySealed).not.toContain(credential.signingKey);
    expect(credential.apiKey).toMatch(/^fdsso_/);
  });

  it("says Failed! at a practice without sso_setting", async () => {
    const plain = await makePractice(world.context);
    const staff = await makeUser(world.context, { memberships: [{ practiceId: plain.id, role: "receptionist" }] });
    const { cookie } = await signInAs(world.context, staff.id);
    const response = await callAction(setupRoute.action, { request: postRequest(`/sso/${plain.urlCode}/setup`, { intent: "setup" }, { cookie }), params: { practiceCode: plain.urlCode }, context: world.context });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({ toast: "Failed!", message: SSO_MESSAGES.setup });
  });

  it("saves the tab setting with the spec's message", async () => {
    const response = await callAction(setupRoute.action, {
      request: postRequest(`/sso/${practice.urlCode}/setup`, { intent: "tabs", enabled: "true" }, { cookie: gpCookie }),
      params: { practiceCode: practice.urlCode },
      context: world.context,
    });
    expect(response.status).toBe(303);
    const [row] = await world.db.select().from(toolbarTabSettings).where(and(eq(toolbarTabSettings.userId, gp.id), eq(toolbarTabSettings.practiceId, practice.id)));
    expect(row.enabled).toBe(true);
    const page = await readJson<{ tabs: { enabled: string } }>(await callLoader(setupRoute.loader, { request: getRequest(`/sso/${practice.urlCode}/setup`, { cookie: gpCookie }), params: { practiceCode: practice.urlCode }, context: world.context }));
    expect(page.tabs.enabled).toBe("true");
  });
});

describe("signing on from the toolbar", () => {
  it("signs in once with a token, to the patient with the number in the hash; the same token again is refused", async () => {
    const token = toolbarToken(credential, gp.email, { now: world.context.clock.now() });
    const fields = { apiKey: credential.apiKey, token, type: "patient", action: "open", nhs_number: NHS, from_hash: "1" };
    const first = await signOn(fields);
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe(`/toolbar/${practice.urlCode}/patients?action=open#${NHS}`);
    const sessionId = decodeURIComponent(setCookie(first, sessionCookieName(world.context))!.value);
    const [row] = await world.db.select().from(sessions).where(eq(sessions.idHash, hashSessionId(sessionId)));
    expect(row.userId).toBe(gp.id);
    expect(row.practiceId).toBe(practice.id);
    expect(row.absoluteExpiresAt.getTime() - row.createdAt.getTime()).toBe(12 * 3600 * 1000);
    expect(row.idleExpiresAt).not.toBeNull();
    const audited = await world.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, gp.id), eq(auditEvents.action, "sign_in.sso")));
    expect(audited).toHaveLength(1);

    const again = await signOn(fields);
    expect(again.status).toBe(400);
    expect(await readJson(again)).toEqual({ message: SSO_MESSAGES.used });
  });

  it("without JS the number goes on in the query", async () => {
    const token = toolbarToken(credential, gp.email, { now: world.context.clock.now() });
    const response = await signOn({ apiKey: credential.apiKey, token, type: "patient", nhs_number: NHS });
    expect(response.headers.get("Location")).toBe(`/toolbar/${practice.urlCode}/patients?nhs_number=${NHS}`);
  });

  it("refuses an expired token, another key's token, a token for someone else and an unknown key", async () => {
    const old = toolbarToken(credential, gp.email, { now: new Date(world.context.clock.now().getTime() - 10 * 60_000) });
    expect(await readJson(await signOn({ apiKey: credential.apiKey, token: old }))).toEqual({ message: SSO_MESSAGES.expired });
    const forged = toolbarToken({ ...credential, signingKey: "guessed" }, gp.email, { now: world.context.clock.now() });
    expect(await readJson(await signOn({ apiKey: credential.apiKey, token: forged }))).toEqual({ message: SSO_MESSAGES.problem });
    const someoneElse = toolbarToken(credential, "someone.else@example.com", { now: world.context.clock.now() });
    expect(await readJson(await signOn({ apiKey: credential.apiKey, token: someoneElse }))).toEqual({ message: SSO_MESSAGES.problem });
    const unknown = await signOn({ apiKey: `fdsso_${"a".repeat(43)}`, token: toolbarToken(credential, gp.email) });
    expect(unknown.status).toBe(400);
    expect(setCookie(unknown, sessionCookieName(world.context))).toBeUndefined();
    expect(await readJson(await signOn({}))).toEqual({ message: SSO_MESSAGES.problem });
  });

  it("shows the query's error or the spec's sentence when the key or token is missing", async () => {
    const plain = await readJson<{ state: string; message: string }>(await callLoader(authRoute.loader, { request: getRequest("/sso/auth"), context: world.context }));
    expect(plain).toMatchObject({ state: "error", message: SSO_MESSAGES.problem });
    const given = await readJson<{ message: string }>(await callLoader(authRoute.loader, { request: getRequest("/sso/auth?error=Toolbar%20not%20linked"), context: world.context }));
    expect(given.message).toBe("Toolbar not linked");
    const url = toolbarPatientUrl(credential, gp.email, { nhsNumber: NHS });
    const form = await readJson<{ state: string }>(await callLoader(authRoute.loader, { request: getRequest(url.split("#")[0]), context: world.context }));
    expect(form.state).toBe("sign-on");
  });

  it("skips the sign-on when already signed in, and asks which practice when there are several", async () => {
    const url = toolbarPatientUrl(credential, gp.email, { nhsNumber: NHS, numberInQuery: true }).split("#")[0];
    const skipped = await callLoader(authRoute.loader, { request: getRequest(url, { cookie: gpCookie }), context: world.context });
    expect(skipped.headers.get("Location")).toBe(`/toolbar/${practice.urlCode}/patients?nhs_number=${NHS}`);
    const posted = await signOn({ apiKey: credential.apiKey, token: "anything" }, gpCookie);
    expect(posted.status).toBe(303);

    const both = await makeUser(world.context, { memberships: [{ practiceId: practice.id, role: "gp" }, { practiceId: other.id, role: "receptionist" }] });
    const { cookie } = await signInAs(world.context, both.id);
    const choose = await readJson<{ state: string; practices: { code: string }[] }>(await callLoader(authRoute.loader, { request: getRequest("/sso/auth", { cookie }), context: world.context }));
    expect(choose.state).toBe("choose");
    expect(choose.practices.map((p) => p.code).sort()).toEqual([practice.urlCode, other.urlCode].sort());
    const chosen = await callLoader(authRoute.loader, { request: getRequest(`/sso/auth?practice=${other.urlCode}`, { cookie }), context: world.context });
    expect(chosen.headers.get("Location")).toBe(`/${other.urlCode}/inboxes/${both.id}`);
  });

  it("refuses a signed-in patient (no staff practice)", async () => {
    const patient = await makeUser(world.context, { patientAt: practice.id });
    const { cookie } = await signInAs(world.context, patient.id);
    const response = await callLoader(authRoute.loader, { request: getRequest("/sso/auth", { cookie }), context: world.context });
    expect(response.headers.get("Location")).toBe("/permission-denied");
  });

  it("a reset credential signs nobody in", async () => {
    const staff = await makeUser(world.context, { memberships: [{ practiceId: practice.id, role: "receptionist" }] });
    const { cookie } = await signInAs(world.context, staff.id);
    const made = await readJson<{ credential: ToolbarCredential }>(
      await callAction(setupRoute.action, { request: postRequest(`/sso/${practice.urlCode}/setup`, { intent: "setup" }, { cookie }), params: { practiceCode: practice.urlCode }, context: world.context }),
    );
    await callAction(setupRoute.action, { request: postRequest(`/sso/${practice.urlCode}/setup`, { intent: "reset" }, { cookie }), params: { practiceCode: practice.urlCode }, context: world.context });
    const refused = await signOn({ apiKey: made.credential.apiKey, token: toolbarToken(made.credential, staff.email, { now: world.context.clock.now() }) });
    expect(await readJson(refused)).toEqual({ message: SSO_MESSAGES.problem });
  });
});

describe("the toolbar's patient load", () => {
  const load = (query: string, code = practice.urlCode, cookie = gpCookie) =>
    callLoader(toolbarRoute.loader, { request: getRequest(`/toolbar/${code}/patients${query}`, { cookie }), params: { practiceCode: code }, context: world.context });

  it("goes to the patient with the action, audited", async () => {
    const response = await load(`?action=open&nhs_number=${NHS}`);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/patients/${patientId}?action=open`);
    const rows = await world.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, gp.id), eq(auditEvents.action, "toolbar.patient_loaded")));
    expect(rows.at(-1)?.subjectId).toBe(String(patientId));
  });

  it("a number not at this practice: the message, and back to the search after 2.5 s", async () => {
    const response = await load("?nhs_number=4010232137");
    expect(response.status).toBe(200);
    expect(response.headers.get("Refresh")).toBe(`2.5; url=/${practice.urlCode}/patients`);
    expect(await readJson(response)).toMatchObject({ failed: { number: "401 023 2137" } });
  });

  it("without a number: the page that reads the hash", async () => {
    expect(await readJson(await load(""))).toMatchObject({ failed: null, code: practice.urlCode });
  });

  it("only the practice's GPs and receptionists", async () => {
    const response = await load(`?nhs_number=${NHS}`, other.urlCode);
    expect(response.headers.get("Location")).toBe(`/${other.urlCode}/permission-denied`);
    const anonymous = await callLoader(toolbarRoute.loader, { request: getRequest(`/toolbar/${practice.urlCode}/patients`), params: { practiceCode: practice.urlCode }, context: world.context });
    expect(anonymous.headers.get("Location")).toMatch(/\/login\?redirect=/);
  });

  it("toolbar login lists the staff member's practices", async () => {
    const page = await readJson<{ practices: { code: string }[] }>(await callLoader(toolbarLoginRoute.loader, { request: getRequest("/toolbar-login", { cookie: gpCookie }), context: world.context }));
    expect(page.practices.map((p) => p.code)).toEqual([practice.urlCode]);
  });
});
