/**
 * The rest of the patient side against a real database: deleting an unsent blood pressure reading
 * (a confirmation page; a sent or someone else's is not found), My Records (the practice's switch,
 * the record, the GP system away), moving practice (the ask reaches the practice as a request),
 * /research, /practice/{code}/verification, the health hub redirect, and the practice's message
 * link /msg/{type}/auth/{token} (decisions 0103, 0104, 0105, 0108, 0109).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bloodPressureReadings, carerDependents, entryMessages, globalSettings, gpFaults, outbox, patientEntries, practices } from "~/db/schema";
import { seedGpRecord } from "~/db/seed-gp-system.server";
import { issueMagicLink } from "~/domain/auth/magic-links.server";
import { MEDICAL_RECORD_MESSAGES } from "~/domain/my-health/medical-record";
import { TRANSFER_MESSAGES } from "~/domain/patients/patient-transfer";
import { notifyPatientOfMessage } from "~/domain/requests/message-notice.server";
import { createPatient, createUser, sessionCookie } from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson, TEST_ORIGIN } from "../../../tests/support/requests";
import { makePractice, useTestWorld } from "../../../tests/support/world";
import * as transferRoute from "../public-and-sign-in/$practiceCode.patient-transfer";
import * as hubRoute from "../public-and-sign-in/frontdoor-health-hub.redirect";
import * as verificationRoute from "../public-and-sign-in/practice.$practiceCode.verification";
import * as researchRoute from "../public-and-sign-in/research";
import * as securityRoute from "../public-and-sign-in/security.$token";
import * as deleteRoute from "./$practiceCode.my-health.blood-pressure_.$readingId.delete";
import * as recordsRoute from "./$practiceCode.my-medical-records";

const world = useTestWorld();
let practice: typeof practices.$inferSelect;
let off: typeof practices.$inferSelect;
let patientId: number;
let userId: number;
let cookie: string;
let carerCookie: string;
let dependentId: number;
let otherCookie: string;

beforeAll(async () => {
  const { context } = world;
  context.clock.set("2026-11-27T10:00:00Z");
  practice = await makePractice(context, { name: "Alder Surgery", patientMyHealthEnabled: true, patientViewEnabled: true });
  off = await makePractice(context, { name: "Birch Surgery" });
  const user = await createUser(context, { firstName: "Nadia" });
  userId = user.id;
  patientId = (await createPatient(context, practice.id, { userId: user.id, firstName: "Nadia", dateOfBirth: "1980-02-03" }))!.id;
  cookie = await sessionCookie(context, user.id);
  const carer = await createUser(context, { carer: true, firstName: "Cal" });
  dependentId = (await createPatient(context, practice.id, { firstName: "Dora" }))!.id;
  await context.db.insert(carerDependents).values({ carerUserId: carer.id, patientId: dependentId, relationship: "Daughter", status: "approved" } as typeof carerDependents.$inferInsert);
  carerCookie = await sessionCookie(context, carer.id);
  const other = await createUser(context);
  await createPatient(context, practice.id, { userId: other.id });
  otherCookie = await sessionCookie(context, other.id);
});

const p = (code: string) => ({ practiceCode: code });

describe("deleting a blood pressure reading", () => {
  const add = async (patient: number, sent = false) => {
    const [row] = await world.context.db
      .insert(bloodPressureReadings)
      .values({ practiceId: practice.id, patientId: patient, systolic: 148, diastolic: 92, pulse: 70, takenAt: new Date("2026-11-26T08:30:00Z") })
      .returning();
    if (sent) {
      const [entry] = await world.context.db.insert(patientEntries).values({ practiceId: practice.id, patientId: patient, createdByUserId: userId, requester: "myself", startedAt: new Date("2026-09-01T09:00:00Z"), issueTypeId: 2 }).returning();
      await world.context.db.update(bloodPressureReadings).set({ patientEntryId: entry!.id }).where(eq(bloodPressureReadings.id, row!.id));
    }
    return row!.id;
  };
  const path = (id: number) => `/${practice.urlCode}/my-health/blood-pressure/${id}/delete`;
  const params = (id: number | string) => ({ practiceCode: practice.urlCode, readingId: String(id) });
  const exists = async (id: number) => (await world.context.db.select().from(bloodPressureReadings).where(eq(bloodPressureReadings.id, id))).length === 1;

  it("asks first, then deletes an unsent reading and goes back to the list with a message", async () => {
    const id = await add(patientId);
    const page = await callLoader(deleteRoute.loader, { request: getRequest(path(id), { cookie }), context: world.context, params: params(id) });
    expect(page.status).toBe(200);
    expect(await readJson(page)).toMatchObject({ back: `/${practice.urlCode}/my-health/blood-pressure`, reading: { systolic: 148, diastolic: 92, takenAt: "26/11/2026 08:30" } });
    const response = await callAction(deleteRoute.action, { request: postRequest(path(id), {}, { cookie }), context: world.context, params: params(id) });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/my-health/blood-pressure`);
    expect(await exists(id)).toBe(false);
  });

  it("takes a carer back to the dependant's readings", async () => {
    const id = await add(dependentId);
    const response = await callAction(deleteRoute.action, { request: postRequest(path(id), {}, { cookie: carerCookie }), context: world.context, params: params(id) });
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/my-health/blood-pressure?patient=${dependentId}`);
    expect(await exists(id)).toBe(false);
  });

  it("does not find a sent reading, someone else's, or a malformed id, and keeps them", async () => {
    const sent = await add(patientId, true);
    const dependants = await add(dependentId);
    for (const [id, who] of [
      [sent, cookie],
      [dependants, cookie],
      [dependants, otherCookie],
    ] as const) {
      expect((await callLoader(deleteRoute.loader, { request: getRequest(path(id), { cookie: who }), context: world.context, params: params(id) })).status).toBe(404);
      expect((await callAction(deleteRoute.action, { request: postRequest(path(id), {}, { cookie: who }), context: world.context, params: params(id) })).status).toBe(404);
    }
    expect(await exists(sent)).toBe(true);
    expect(await exists(dependants)).toBe(true);
    expect((await callLoader(deleteRoute.loader, { request: getRequest(path(0), { cookie }), context: world.context, params: params("x1") })).status).toBe(404);
  });
});

describe("My Records", () => {
  const open = (code: string, who?: string) =>
    callLoader(recordsRoute.loader, { request: getRequest(`/${code}/my-medical-records`, who ? { cookie: who } : {}), context: world.context, params: p(code) });

  it("sends someone not signed in to sign in, and denies where the practice has it off or the viewer has no record", async () => {
    expect((await open(practice.urlCode)).headers.get("Location")).toBe(`/${practice.urlCode}/login?redirect=%2F${practice.urlCode}%2Fmy-medical-records`);
    const elsewhere = await createUser(world.context);
    await createPatient(world.context, off.id, { userId: elsewhere.id });
    expect((await open(off.urlCode, await sessionCookie(world.context, elsewhere.id))).headers.get("Location")).toBe(`/${off.urlCode}/permission-denied`);
    // A carer has no record of their own here: their dependant's is not theirs to read.
    expect((await open(practice.urlCode, carerCookie)).headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied`);
  });

  it("shows the GP system's summary of the patient's own record", async () => {
    await seedGpRecord(world.context.db, patientId, world.context.clock.now());
    const response = await open(practice.urlCode, cookie);
    expect(response.status).toBe(200);
    const data = await readJson<{ view: { state: string; sections: { id: string; rows: { name: string; detail: string | null }[] }[] } }>(response);
    expect(data.view.state).toBe("shown");
    const section = (id: string) => data.view.sections.find((s) => s.id === id)!.rows.map((r) => r.name);
    expect(section("allergies")).toEqual(["Elastoplast", "Penicillin"]);
    expect(section("problems")).toContain("Essential hypertension");
    expect(section("test-results")).toHaveLength(3);
  });

  it("says the record is not available when the GP system is away (503)", async () => {
    await world.context.db.insert(gpFaults).values({ practiceId: practice.id, operation: "medical_record", kind: "unavailable" });
    const response = await open(practice.urlCode, cookie);
    expect(response.status).toBe(503);
    expect(await readJson(response)).toMatchObject({ view: { state: "unavailable", message: MEDICAL_RECORD_MESSAGES.unavailable } });
    await world.context.db.delete(gpFaults).where(eq(gpFaults.practiceId, practice.id));
  });
});

describe("moving practice", () => {
  const path = () => `/${practice.urlCode}/patient-transfer`;
  const post = (fields: Record<string, string>, who = cookie) =>
    callAction(transferRoute.action, { request: postRequest(path(), fields, { cookie: who }), context: world.context, params: p(practice.urlCode) });
  const valid = { newPractice: "Oak Surgery", newPracticeTown: "Leeds", which: "all", consent: "yes" };

  it("is for a patient with their own record at the practice", async () => {
    expect((await callLoader(transferRoute.loader, { request: getRequest(path(), { cookie: carerCookie }), context: world.context, params: p(practice.urlCode) })).headers.get("Location")).toBe(
      `/${practice.urlCode}/permission-denied`,
    );
    expect((await post(valid, carerCookie)).headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied`);
  });

  it("refuses the ask with the fields' messages, and when there is nothing to send", async () => {
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await readJson(empty))).toContain(TRANSFER_MESSAGES.newPractice);
    const nothing = await post({ ...valid, which: "open" });
    expect(nothing.status).toBe(400);
    expect(JSON.stringify(await readJson(nothing))).toContain(TRANSFER_MESSAGES.nothingToSend);
  });

  it("counts the requests sent, and sends the ask to the practice as a submitted admin request", async () => {
    const { db } = world.context;
    await db.insert(patientEntries).values({ practiceId: practice.id, patientId, createdByUserId: userId, requester: "myself", startedAt: new Date("2026-09-01T09:00:00Z"), issueTypeId: 4, stage: "completed", submittedAt: new Date("2026-10-01T09:00:00Z") });
    await db.insert(patientEntries).values({ practiceId: practice.id, patientId, createdByUserId: userId, requester: "myself", startedAt: new Date("2026-09-01T09:00:00Z"), issueTypeId: 4 });
    const page = await callLoader(transferRoute.loader, { request: getRequest(path(), { cookie }), context: world.context, params: p(practice.urlCode) });
    expect(await readJson(page)).toMatchObject({ counts: { all: 1, open: 0 } });

    const response = await post(valid);
    expect(response.status).toBe(303);
    const entryId = Number(/\/submitted\?entry=(\d+)$/.exec(response.headers.get("Location") ?? "")![1]);
    const [entry] = await db.select().from(patientEntries).where(eq(patientEntries.id, entryId));
    expect(entry).toMatchObject({ practiceId: practice.id, patientId, stage: "submitted", issueTypeId: 4, requester: "myself" });
    const [message] = await db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entryId));
    expect(message!.body).toContain("New practice: Oak Surgery, Leeds.");
    expect(message!.body).toContain("(1 request)");
  });
});

describe("research, verification and the health hub", () => {
  it("shows /research to visitors with the research projects link, and sends the signed-in on", async () => {
    await world.context.db
      .insert(globalSettings)
      .values({ id: 1, researchProjectsUrl: "https://research.example/projects" })
      .onConflictDoUpdate({ target: globalSettings.id, set: { researchProjectsUrl: "https://research.example/projects" } });
    const page = await callLoader(researchRoute.loader, { request: getRequest("/research"), context: world.context, params: {} });
    expect(await readJson(page)).toEqual({ researchProjectsUrl: "https://research.example/projects" });
    const signedIn = await callLoader(researchRoute.loader, { request: getRequest("/research", { cookie }), context: world.context, params: {} });
    expect(signedIn.headers.get("Location")).toBe(`/${practice.urlCode}/my-requests-and-messages`);
  });

  it("explains the practice's checks to visitors; an unknown practice is not found", async () => {
    const page = await callLoader(verificationRoute.loader, { request: getRequest(`/practice/${practice.urlCode}/verification`), context: world.context, params: p(practice.urlCode) });
    expect(await readJson(page)).toMatchObject({ practiceName: "Alder Surgery", code: practice.urlCode });
    expect((await callLoader(verificationRoute.loader, { request: getRequest("/practice/nosuch/verification"), context: world.context, params: p("nosuch") })).status).toBe(404);
  });

  it("sends a patient to the health hub, or to their landing page without one; others sign in", async () => {
    const hub = () => callLoader(hubRoute.loader, { request: getRequest("/frontdoor-health-hub/redirect", { cookie }), context: world.context, params: {} });
    expect((await hub()).headers.get("Location")).toBe(`/${practice.urlCode}/my-requests-and-messages`);
    await world.context.db.update(globalSettings).set({ healthHubUrl: "https://hub.example/home" }).where(eq(globalSettings.id, 1));
    expect((await hub()).headers.get("Location")).toBe("https://hub.example/home");
    const anon = await callLoader(hubRoute.loader, { request: getRequest("/frontdoor-health-hub/redirect"), context: world.context, params: {} });
    expect(anon.headers.get("Location")).toMatch(/^\/login\?redirect=/);
  });
});

describe("the practice's message link /msg/{type}/auth/{token}", () => {
  const msg = (type: string, token: string) => ({ type, token });

  it("is what the practice's notice carries, and opens the request after the date of birth", async () => {
    const { context } = world;
    const [entry] = await context.db
      .insert(patientEntries)
      .values({ practiceId: practice.id, patientId, createdByUserId: userId, requester: "myself", startedAt: new Date("2026-09-01T09:00:00Z"), issueTypeId: 4, stage: "submitted", submittedAt: context.clock.now() })
      .returning();
    await notifyPatientOfMessage(context, entry!, TEST_ORIGIN);
    const [sent] = await context.db.select().from(outbox).where(eq(outbox.template, "request-message")).orderBy(outbox.id);
    const link = /\/msg\/message\/auth\/([\w-]+)/.exec(sent!.body);
    expect(link, sent!.body).not.toBeNull();
    const token = link![1]!;
    const path = `/msg/message/auth/${token}`;
    const ask = await callLoader(securityRoute.loader, { request: getRequest(path), context, params: msg("message", token) });
    expect(await readJson(ask)).toMatchObject({ state: "ask" });
    const confirmed = await callAction(securityRoute.action, {
      request: postRequest(path, { "dateOfBirth.day": "3", "dateOfBirth.month": "2", "dateOfBirth.year": "1980" }),
      context,
      params: msg("message", token),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(`/${practice.urlCode}/chat/${entry!.id}`);
  });

  it("reads a link not sent for a message as dead, and an unknown type as not found", async () => {
    const { context } = world;
    const general = await issueMagicLink(context, { patientId, practiceId: practice.id, scope: {} });
    const dead = await callLoader(securityRoute.loader, { request: getRequest(`/msg/message/auth/${general}`), context, params: msg("message", general) });
    expect(await readJson(dead)).toEqual({ state: "dead" });
    const refused = await callAction(securityRoute.action, {
      request: postRequest(`/msg/message/auth/${general}`, { "dateOfBirth.day": "3", "dateOfBirth.month": "2", "dateOfBirth.year": "1980" }),
      context,
      params: msg("message", general),
    });
    expect(refused.status).toBe(410);
    for (const type of ["questionnaire", "booking", "other"]) {
      expect((await callLoader(securityRoute.loader, { request: getRequest(`/msg/${type}/auth/${general}`), context, params: msg(type, general) })).status).toBe(404);
    }
    // The same link at /security/{token} is the general magic link it always was.
    expect(await readJson(await callLoader(securityRoute.loader, { request: getRequest(`/security/${general}`), context, params: { token: general } }))).toMatchObject({ state: "ask" });
  });
});
