/**
 * Steps 1 to 3 of a request (spec 2 §2.2): who it is for, the dependent, what it is about,
 * and starting the draft after the demand controls and the maximum patient age.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalSettings, patientEntries, patients } from "~/db/schema";
import { copy } from "~/copy";
import { londonInstant } from "~/domain/requests/demand";
import { START_MESSAGES } from "~/web/requests/start-step.server";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { createPatient, createUser, sessionCookie } from "../../../tests/support/registration-fixtures";
import { requestPractice, signedInCarer, signedInPatient, signedInStaff } from "../../../tests/support/request-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as step1 from "./$practiceCode.message._index";
import * as step2 from "../dependents/$practiceCode.message.carer._index";
import * as step3Dependent from "../dependents/$practiceCode.message.carer.$dependentId";
import * as step3 from "./$practiceCode.message.myself._index";
import * as step3Admin from "./$practiceCode.message.myself.admin";
import * as cancelled from "./$practiceCode.message.cancelled";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
beforeAll(async () => {
  // Monday 23 November 2026, 10:00 in London.
  context.clock.set(londonInstant("2026-11-23", "10:00"));
});

const get = (mod: { loader: never } | { loader: unknown }, path: string, cookie: string | undefined, params: Record<string, string>) =>
  callLoader((mod as { loader: Parameters<typeof callLoader>[0] }).loader, { request: getRequest(path, { cookie }), params, context });
const post = (mod: { action: unknown }, path: string, fields: Record<string, string>, cookie: string | undefined, params: Record<string, string>) =>
  callAction(mod.action as Parameters<typeof callAction>[0], { request: postRequest(path, fields, { cookie, csrf: context }), params, context });

async function entriesOf(patientId: number) {
  return t.db.select().from(patientEntries).where(eq(patientEntries.patientId, patientId));
}

describe("step 1: who the request is for", () => {
  it("sends a patient (and a guest) straight to step 3 for themself", async () => {
    const practice = await requestPractice(context);
    const patient = await signedInPatient(context, practice.id);
    const code = practice.urlCode;
    const page = await get(step1, `/${code}/message`, patient.cookie, { practiceCode: code });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/${code}/message/myself`);
    const guest = await signedInPatient(context, practice.id, { guest: true });
    const guestPage = await get(step1, `/${code}/message`, guest.cookie, { practiceCode: code });
    expect(guestPage.headers.get("Location")).toBe(`/${code}/message/myself`);
  });

  it("asks a carer who is also a patient, and sends a carer with no record of their own to step 2", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const carer = await signedInCarer(context, practice.id);
    const onlyCarer = await get(step1, `/${code}/message`, carer.cookie, { practiceCode: code });
    expect(onlyCarer.headers.get("Location")).toBe(`/${code}/message/carer`);

    await createPatient(context, practice.id, { userId: carer.userId, firstName: "Carol" });
    const page = await get(step1, `/${code}/message`, carer.cookie, { practiceCode: code });
    expect(page.status).toBe(200);
    const missing = await post(step1, `/${code}/message`, {}, carer.cookie, { practiceCode: code });
    expect(missing.status).toBe(400);
    expect(await readJson(missing)).toEqual({ errors: { who: START_MESSAGES.whoMissing } });
    const chosen = await post(step1, `/${code}/message`, { who: "carer" }, carer.cookie, { practiceCode: code });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("Location")).toBe(`/${code}/message/carer`);
  });

  it("refuses staff, asks visitors to sign in, and tells a user of another practice they must be registered", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const staff = await signedInStaff(context, practice.id);
    const denied = await get(step1, `/${code}/message`, staff.cookie, { practiceCode: code });
    expect(denied.headers.get("Location")).toBe(`/${code}/permission-denied?error_code=logout_required`);
    const deniedPost = await post(step3, `/${code}/message/myself`, { issueTypeId: "1" }, staff.cookie, { practiceCode: code });
    expect(deniedPost.headers.get("Location")).toBe(`/${code}/permission-denied?error_code=logout_required`);
    const anonymous = await get(step1, `/${code}/message`, undefined, { practiceCode: code });
    expect(anonymous.headers.get("Location")).toBe(`/${code}/login?redirect=%2F${code}%2Fmessage`);

    const elsewhere = await requestPractice(context);
    const stranger = await signedInPatient(context, elsewhere.id);
    const refused = await get(step3, `/${code}/message/myself`, stranger.cookie, { practiceCode: code });
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toMatchObject({ stopped: "not_registered", message: copy.validation.registeredPatient("Frontdoor") });
    const refusedPost = await post(step3, `/${code}/message/myself`, { issueTypeId: "1" }, stranger.cookie, { practiceCode: code });
    expect(refusedPost.status).toBe(303);
    expect(await entriesOf(stranger.patientId)).toEqual([]);
    const unknown = await get(step1, "/nosuchpractice/message", stranger.cookie, { practiceCode: "nosuchpractice" });
    expect(unknown.status).toBe(404);
  });
});

describe("step 2 and 3: the dependent and what it is about", () => {
  it("lets a carer choose a dependent and start a request for them; another carer's dependent is not found", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const carer = await signedInCarer(context, practice.id);
    const list = await get(step2, `/${code}/message/carer`, carer.cookie, { practiceCode: code });
    expect(await readJson(list)).toMatchObject({ dependents: [{ id: carer.dependentId, dateOfBirth: "02/06/2015" }] });
    const wrong = await post(step2, `/${code}/message/carer`, { dependentId: "999999" }, carer.cookie, { practiceCode: code });
    expect(wrong.status).toBe(400);
    expect(await readJson(wrong)).toEqual({ errors: { dependentId: START_MESSAGES.dependentMissing } });
    const chosen = await post(step2, `/${code}/message/carer`, { dependentId: String(carer.dependentId) }, carer.cookie, { practiceCode: code });
    expect(chosen.headers.get("Location")).toBe(`/${code}/message/carer/${carer.dependentId}`);

    const params = { practiceCode: code, dependentId: String(carer.dependentId) };
    const page = await get(step3Dependent, `/${code}/message/carer/${carer.dependentId}`, carer.cookie, params);
    expect(await readJson(page)).toMatchObject({ subject: { firstName: "Grace", relation: "dependent" }, preselected: null });
    const started = await post(step3Dependent, `/${code}/message/carer/${carer.dependentId}`, { issueTypeId: "1" }, carer.cookie, params);
    expect(started.status).toBe(303);
    const [entry] = await entriesOf(carer.dependentPatientId);
    expect(entry).toMatchObject({ requester: "dependent", createdByUserId: carer.userId, issueTypeId: 1, stage: "created" });
    expect(entry.startedAt).toEqual(context.clock.now());
    expect(started.headers.get("Location")).toBe(`/${code}/questions/${entry.id}`);

    const other = await signedInCarer(context, practice.id);
    const foreign = await get(step3Dependent, `/${code}/message/carer/${carer.dependentId}`, other.cookie, params);
    expect(foreign.status).toBe(404);
    const foreignPost = await post(step3Dependent, `/${code}/message/carer/${carer.dependentId}`, { issueTypeId: "1" }, other.cookie, params);
    expect(foreignPost.status).toBe(404);
  });

  it("preselects the admin type, refuses an unknown type, and lets a guest start a request", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const guest = await signedInPatient(context, practice.id, { guest: true });
    const page = await get(step3Admin, `/${code}/message/myself/admin`, guest.cookie, { practiceCode: code });
    expect(await readJson(page)).toMatchObject({ preselected: 4, issueTypes: expect.arrayContaining([expect.objectContaining({ id: 4, name: "An admin request" })]) });
    const bad = await post(step3Admin, `/${code}/message/myself/admin`, { issueTypeId: "77" }, guest.cookie, { practiceCode: code });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ errors: { issueTypeId: START_MESSAGES.issueTypeMissing } });
    const started = await post(step3Admin, `/${code}/message/myself/admin`, { issueTypeId: "4" }, guest.cookie, { practiceCode: code });
    expect(started.status).toBe(303);
    expect(await entriesOf(guest.patientId)).toEqual([expect.objectContaining({ issueTypeId: 4, requester: "myself" })]);
    // Guests act only for themselves.
    const list = await get(step2, `/${code}/message/carer`, guest.cookie, { practiceCode: code });
    expect(list.headers.get("Location")).toBe(`/${code}/message/myself`);
  });

  it("refuses a patient older than the maximum patient age", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const patient = await signedInPatient(context, practice.id);
    await t.db.update(patients).set({ dateOfBirth: "1914-11-22" }).where(eq(patients.id, patient.patientId));
    const page = await get(step3, `/${code}/message/myself`, patient.cookie, { practiceCode: code });
    expect(await readJson(page)).toMatchObject({ stopped: "too_old", message: expect.stringContaining("aged 111 or younger") });
    await t.db.insert(globalSettings).values({ id: 1, maximumPatientAge: 112 }).onConflictDoUpdate({ target: globalSettings.id, set: { maximumPatientAge: 112 } });
    try {
      const ok = await get(step3, `/${code}/message/myself`, patient.cookie, { practiceCode: code });
      expect(await readJson(ok)).toMatchObject({ subject: { relation: "myself" } });
    } finally {
      await t.db.update(globalSettings).set({ maximumPatientAge: 111 });
    }
  });
});

describe("demand controls", () => {
  // The caps and switch-off close the form inside core hours only outside England's core-hours
  // rule (decision 0074): these practices are in Wales.
  const outsideCoreHoursRule = { country: "wales", coreHoursCompliance: false } as const;

  it("keeps an English practice open in core hours whatever its cap and switch-off (decision 0074)", async () => {
    const practice = await requestPractice(context, { requestsClosedOn: "2026-11-23", dailyRequestLimit: 1 });
    const patient = await signedInPatient(context, practice.id);
    const page = await get(step1, `/${practice.urlCode}/message`, patient.cookie, { practiceCode: practice.urlCode });
    expect(page.status).toBe(302);
  });

  it("closes requests when the practice switched them off today, with when they reopen", async () => {
    const practice = await requestPractice(context, { requestsClosedOn: "2026-11-23", ...outsideCoreHoursRule });
    const code = practice.urlCode;
    const patient = await signedInPatient(context, practice.id);
    const page = await get(step3, `/${code}/message/myself`, patient.cookie, { practiceCode: code });
    expect(page.status).toBe(200);
    expect(await readJson(page)).toMatchObject({
      stopped: "closed",
      message: "Request Test Surgery is not taking online requests for the rest of today. You can send a request from 00:00 on Tuesday 24 November.",
    });
    const posted = await post(step3, `/${code}/message/myself`, { issueTypeId: "4" }, patient.cookie, { practiceCode: code });
    expect(posted.headers.get("Location")).toBe(`/${code}/message/myself`);
    expect(await entriesOf(patient.patientId)).toEqual([]);
  });

  it("follows opening hours when the practice asks, by moving the clock", async () => {
    const practice = await requestPractice(context, { requestsInOpeningHoursOnly: true });
    const code = practice.urlCode;
    const patient = await signedInPatient(context, practice.id);
    const before = context.clock.now();
    try {
      context.clock.set(londonInstant("2026-11-28", "11:00")); // Saturday
      // Sessions idle out after 10 minutes: sign in again at the new time.
      const closed = await get(step1, `/${code}/message`, await sessionCookie(context, patient.userId), { practiceCode: code });
      expect(await readJson(closed)).toMatchObject({ stopped: "closed", message: expect.stringContaining("08:00 on Monday 30 November") });
      context.clock.set(londonInstant("2026-11-30", "08:00"));
      const open = await get(step1, `/${code}/message`, await sessionCookie(context, patient.userId), { practiceCode: code });
      expect(open.status).toBe(302);
    } finally {
      context.clock.set(before);
    }
  });

  it("counts drafts in progress toward the daily cap", async () => {
    const practice = await requestPractice(context, { dailyRequestLimit: 1, ...outsideCoreHoursRule });
    const code = practice.urlCode;
    const first = await signedInPatient(context, practice.id);
    const second = await signedInPatient(context, practice.id);
    const started = await post(step3, `/${code}/message/myself`, { issueTypeId: "4" }, first.cookie, { practiceCode: code });
    expect(started.status).toBe(303);
    const full = await get(step3, `/${code}/message/myself`, second.cookie, { practiceCode: code });
    expect(await readJson(full)).toMatchObject({ stopped: "closed", message: expect.stringContaining("as many online requests today") });
  });
});

describe("the cancelled page", () => {
  it("says the request was cancelled, with the spec's timeout message naming the practice", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const user = await createUser(context);
    await createPatient(context, practice.id, { userId: user.id });
    const cookie = await sessionCookie(context, user.id);
    const page = await get(cancelled, `/${code}/message/cancelled?reason=timeout`, cookie, { practiceCode: code });
    expect(await readJson(page)).toMatchObject({ reason: "timeout", practice: { name: "Request Test Surgery" } });
    const plain = await get(cancelled, `/${code}/message/cancelled?reason=<script>`, cookie, { practiceCode: code });
    expect(await readJson(plain)).toMatchObject({ reason: "cancelled" });
  });
});
