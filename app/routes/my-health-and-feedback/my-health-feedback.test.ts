/**
 * My health, feedback and the friends and family test against a real database: who may open
 * My health (the practice's switch, a carer's approved dependant), a reading refused with the
 * field's message and one stored, the readings sent as one request (twice: one request), feedback
 * stored as the staff page reads it, and a friends and family test link that works once, expires,
 * and is sent after an appointment.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bloodPressureReadings, carerDependents, entryMessages, fftInvitations, fftResponses, globalSettings, gpSessions, gpSlots, outbox, patientEntries, patientFeedback, practices } from "~/db/schema";
import { MESSAGES } from "~/domain/my-health/blood-pressure";
import { createFftInvitation, inviteAfterAppointments } from "~/domain/feedback/fft.server";
import { practiceFeedback } from "~/domain/reports/feedback.server";
import { createPatient, createUser, sessionCookie } from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { makePractice, useTestWorld } from "../../../tests/support/world";
import * as bloodPressure from "./$practiceCode.my-health.blood-pressure";
import * as feedbackRoute from "./$practiceCode.feedback";
import * as myHealth from "./$practiceCode.my-health._index";
import * as submitted from "./$practiceCode.submittedreading";
import * as fftRoute from "./friends-family-test.$token";

const world = useTestWorld();
let practice: typeof practices.$inferSelect;
let off: typeof practices.$inferSelect;
let patientId: number;
let patientCookie: string;
let carerCookie: string;
let dependentId: number;
let offCookie: string;

beforeAll(async () => {
  const { context } = world;
  context.clock.set("2026-11-27T10:00:00Z");
  practice = await makePractice(context, { name: "Alder Surgery", patientMyHealthEnabled: true });
  off = await makePractice(context, { name: "Birch Surgery" });
  const user = await createUser(context, { firstName: "Nadia" });
  patientId = (await createPatient(context, practice.id, { userId: user.id, firstName: "Nadia" }))!.id;
  patientCookie = await sessionCookie(context, user.id);
  const carer = await createUser(context, { carer: true, firstName: "Cal" });
  dependentId = (await createPatient(context, practice.id, { firstName: "Dora" }))!.id;
  await context.db.insert(carerDependents).values({ carerUserId: carer.id, patientId: dependentId, relationship: "Daughter", status: "approved" } as typeof carerDependents.$inferInsert);
  carerCookie = await sessionCookie(context, carer.id);
  const elsewhere = await createUser(context);
  await createPatient(context, off.id, { userId: elsewhere.id });
  offCookie = await sessionCookie(context, elsewhere.id);
});

const bpPath = (code: string, query = "") => `/${code}/my-health/blood-pressure${query}`;
const reading = (over: Record<string, string> = {}) => ({
  intent: "add",
  patient: "",
  systolic: "152",
  diastolic: "96",
  pulse: "70",
  "date.day": "27",
  "date.month": "11",
  "date.year": "2026",
  time: "08:30",
  ...over,
});

describe("who may open My health", () => {
  it("sends someone not signed in to sign in, with a redirect back", async () => {
    const response = await callLoader(myHealth.loader, { request: getRequest(`/${practice.urlCode}/my-health`), context: world.context, params: { practiceCode: practice.urlCode } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/login?redirect=%2F${practice.urlCode}%2Fmy-health`);
  });

  it("denies a patient whose practice has My health off", async () => {
    const response = await callLoader(myHealth.loader, { request: getRequest(`/${off.urlCode}/my-health`, { cookie: offCookie }), context: world.context, params: { practiceCode: off.urlCode } });
    expect(response.headers.get("Location")).toBe(`/${off.urlCode}/permission-denied`);
  });

  it("shows a carer the person they care for, and nobody else's readings", async () => {
    const response = await callLoader(myHealth.loader, { request: getRequest(`/${practice.urlCode}/my-health`, { cookie: carerCookie }), context: world.context, params: { practiceCode: practice.urlCode } });
    const data = await readJson<{ people: { patientId: number; myself: boolean }[] }>(response);
    expect(data.people).toEqual([expect.objectContaining({ patientId: dependentId, myself: false })]);
    const foreign = await callLoader(bloodPressure.loader, {
      request: getRequest(bpPath(practice.urlCode, `?patient=${patientId}`), { cookie: carerCookie }),
      context: world.context,
      params: { practiceCode: practice.urlCode },
    });
    expect(foreign.status).toBe(404);
  });
});

describe("blood pressure readings", () => {
  it("refuses an implausible reading with the field's message (400) and stores nothing", async () => {
    const response = await callAction(bloodPressure.action, {
      request: postRequest(bpPath(practice.urlCode), reading({ systolic: "400", pulse: "" }), { cookie: patientCookie }),
      context: world.context,
      params: { practiceCode: practice.urlCode },
    });
    expect(response.status).toBe(400);
    const data = await readJson<{ lastResult: { error: Record<string, string[]> } }>(response);
    expect(data.lastResult.error.systolic).toEqual([MESSAGES.systolic.range]);
    expect(data.lastResult.error.pulse).toEqual([MESSAGES.pulse.required]);
    expect(await world.context.db.select().from(bloodPressureReadings).where(eq(bloodPressureReadings.patientId, patientId))).toHaveLength(0);
  });

  it("stores readings, lists them oldest first with the chart, and sends them as one request", async () => {
    const { context } = world;
    for (const [time, systolic, day] of [["08:30", "152", "27"], ["19:30", "150", "26"]]) {
      const response = await callAction(bloodPressure.action, {
        request: postRequest(bpPath(practice.urlCode), reading({ time, systolic, "date.day": day! }), { cookie: patientCookie }),
        context,
        params: { practiceCode: practice.urlCode },
      });
      expect(response.status).toBe(303);
    }
    const page = await readJson<{ readings: { systolic: number; takenAt: string; sent: boolean }[]; unsent: number; geometry: { points: unknown[] }; average: { systolic: number } }>(
      await callLoader(bloodPressure.loader, { request: getRequest(bpPath(practice.urlCode), { cookie: patientCookie }), context, params: { practiceCode: practice.urlCode } }),
    );
    expect(page.readings.map((r) => [r.takenAt, r.systolic])).toEqual([
      ["26/11/2026 19:30", 150],
      ["27/11/2026 08:30", 152],
    ]);
    expect(page.unsent).toBe(2);
    expect(page.geometry.points).toHaveLength(2);
    expect(page.average.systolic).toBe(151);

    const send = () =>
      callAction(bloodPressure.action, { request: postRequest(bpPath(practice.urlCode), { intent: "send", patient: "" }, { cookie: patientCookie }), context, params: { practiceCode: practice.urlCode } });
    const sent = await send();
    expect(sent.status).toBe(303);
    const location = sent.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/${practice.urlCode}/submittedreading\\?entry=\\d+$`));
    const entryId = Number(location.split("=")[1]);
    const [entry] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, entryId));
    expect(entry).toMatchObject({ stage: "submitted", patientId, practiceId: practice.id, requester: "myself" });
    const [message] = await context.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entryId));
    expect(message!.body).toContain("27/11/2026 08:30: 152/96 mmHg, pulse 70");
    expect(message!.body).toContain("Average: 151/96 mmHg");

    // Again (a second click): nothing left to send, and no second request.
    const again = await send();
    expect(again.status).toBe(400);
    expect((await readJson<{ sendError: string }>(again)).sendError).toBe(MESSAGES.send.none);

    const done = await callLoader(submitted.loader, {
      request: getRequest(`/${practice.urlCode}/submittedreading?entry=${entryId}`, { cookie: patientCookie }),
      context,
      params: { practiceCode: practice.urlCode },
    });
    expect((await readJson<{ reference: string }>(done)).reference).toBeTruthy();
    const notHers = await callLoader(submitted.loader, {
      request: getRequest(`/${practice.urlCode}/submittedreading?entry=${entryId}`, { cookie: carerCookie }),
      context,
      params: { practiceCode: practice.urlCode },
    });
    expect(notHers.status).toBe(404);
  });

  it("lets a carer record and send readings for the person they care for", async () => {
    const { context } = world;
    const added = await callAction(bloodPressure.action, {
      request: postRequest(bpPath(practice.urlCode), reading({ patient: String(dependentId) }), { cookie: carerCookie }),
      context,
      params: { practiceCode: practice.urlCode },
    });
    expect(added.headers.get("Location")).toBe(bpPath(practice.urlCode, `?patient=${dependentId}`));
    const sent = await callAction(bloodPressure.action, {
      request: postRequest(bpPath(practice.urlCode), { intent: "send", patient: String(dependentId) }, { cookie: carerCookie }),
      context,
      params: { practiceCode: practice.urlCode },
    });
    const entryId = Number(sent.headers.get("Location")!.split("=")[1]);
    const [entry] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, entryId));
    expect(entry).toMatchObject({ patientId: dependentId, requester: "dependent" });
  });
});

describe("feedback", () => {
  it("asks for what it is about and a rating, then stores it where the staff page reads it", async () => {
    const { context } = world;
    const path = `/${practice.urlCode}/feedback`;
    const empty = await callAction(feedbackRoute.action, { request: postRequest(path, {}, { cookie: patientCookie }), context, params: { practiceCode: practice.urlCode } });
    expect(empty.status).toBe(400);
    const errors = (await readJson<{ lastResult: { error: Record<string, string[]> } }>(empty)).lastResult.error;
    expect(errors).toMatchObject({ feedbackFor: ["Please choose what your feedback is about."], rating: ["Please choose a rating."] });

    const ok = await callAction(feedbackRoute.action, {
      request: postRequest(path, { feedbackFor: "frontdoor", rating: "4", comment: "Easy to use", mayContact: "yes" }, { cookie: patientCookie }),
      context,
      params: { practiceCode: practice.urlCode },
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(path);
    const rows = await practiceFeedback(context.db, { id: practice.id, anonymiseFeedback: false }, { for: "frontdoor", rating: null, page: 1 });
    expect(rows.rows).toEqual([expect.objectContaining({ feedbackFor: "frontdoor", rating: 4, comment: "Easy to use", mayContact: true, author: "Nadia Okoro" })]);
  });

  it("at /feedback uses the viewer's own practice", async () => {
    const { context } = world;
    const response = await callAction(feedbackRoute.action, {
      request: postRequest("/feedback", { feedbackFor: "practice", rating: "5" }, { cookie: carerCookie }),
      context,
      params: {},
    });
    expect(response.status).toBe(303);
    const stored = await context.db.select().from(patientFeedback).where(and(eq(patientFeedback.practiceId, practice.id), eq(patientFeedback.feedbackFor, "practice")));
    expect(stored).toHaveLength(1);
  });
});

describe("the friends and family test link", () => {
  const open = (token: string) => callLoader(fftRoute.loader, { request: getRequest(`/friends-family-test/${token}`), context: world.context, params: { token } });
  const answer = (token: string, fields: Record<string, string>) =>
    callAction(fftRoute.action, { request: postRequest(`/friends-family-test/${token}`, fields), context: world.context, params: { token } });

  it("takes one answer, stored for the practice, then says it was used", async () => {
    const { context } = world;
    const { token } = await createFftInvitation(context.db, { practiceId: practice.id, patientId, appointmentRef: null, now: context.clock.now(), expiryDays: 14 });
    expect(await readJson(await open(token))).toEqual({ state: "open", practiceName: "Alder Surgery" });
    const refused = await answer(token, { reason: "x" });
    expect(refused.status).toBe(400);
    const done = await answer(token, { answer: "good", reason: "Kind staff" });
    expect(await readJson(done)).toMatchObject({ state: "answered" });
    const rows = await context.db.select().from(fftResponses).where(eq(fftResponses.practiceId, practice.id));
    expect(rows).toEqual([expect.objectContaining({ answer: "good", reason: "Kind staff" })]);
    const reused = await answer(token, { answer: "poor" });
    expect(reused.status).toBe(410);
    expect(await readJson(reused)).toMatchObject({ state: "used" });
    expect((await open(token)).status).toBe(410);
  });

  it("expires after fft_link_expiry, and an unknown token is not found", async () => {
    const { context } = world;
    const { token } = await createFftInvitation(context.db, { practiceId: practice.id, patientId, appointmentRef: null, now: context.clock.now(), expiryDays: 2 });
    context.clock.set("2026-11-29T09:59:00Z");
    expect((await open(token)).status).toBe(200);
    context.clock.set("2026-11-29T10:00:00Z");
    const late = await answer(token, { answer: "good" });
    expect(late.status).toBe(410);
    expect(await readJson(late)).toMatchObject({ state: "expired" });
    expect((await open("A".repeat(43))).status).toBe(404);
    expect((await open("short")).status).toBe(404);
    context.clock.set("2026-11-27T10:00:00Z");
  });

  it("is sent once after an appointment ends, by text message, expiring as the global setting says", async () => {
    const { context } = world;
    const person = await createPatient(context, practice.id, { firstName: "Ari" });
    const { patients } = await import("~/db/schema");
    await context.db.update(patients).set({ mobile: "07700900123" }).where(eq(patients.id, person!.id));
    await context.db.insert(globalSettings).values({ id: 1, fftLinkExpiry: 7 }).onConflictDoUpdate({ target: globalSettings.id, set: { fftLinkExpiry: 7 } });
    const [session] = await context.db.insert(gpSessions).values({ practiceId: practice.id, name: "Morning", staffName: "Dr Lee" }).returning();
    await context.db.insert(gpSlots).values([
      { sessionId: session!.id, practiceId: practice.id, startTime: new Date("2026-11-27T09:00:00Z"), endTime: new Date("2026-11-27T09:10:00Z"), slotType: "gp", bookedByPatientId: person!.id },
      // Not over yet: no invitation.
      { sessionId: session!.id, practiceId: practice.id, startTime: new Date("2026-11-27T11:00:00Z"), endTime: new Date("2026-11-27T11:10:00Z"), slotType: "gp", bookedByPatientId: person!.id },
    ]);
    const deps = { db: context.db, notifier: context.notifier, productName: "Frontdoor" };
    expect(await inviteAfterAppointments(deps, "https://frontdoor.example", context.clock.now())).toBe(1);
    expect(await inviteAfterAppointments(deps, "https://frontdoor.example", context.clock.now())).toBe(0);
    const [invitation] = await context.db.select().from(fftInvitations).where(eq(fftInvitations.patientId, person!.id));
    expect(invitation!.expiresAt.toISOString()).toBe("2026-12-04T10:00:00.000Z");
    const [sms] = await context.db.select().from(outbox).where(and(eq(outbox.recipient, "07700900123"), eq(outbox.template, "fft-invitation")));
    const link = /https:\/\/frontdoor\.example\/friends-family-test\/[A-Za-z0-9_-]{43}/.exec(sms!.body)![0];
    const token = link.split("/").pop()!;
    expect(await readJson(await open(token))).toMatchObject({ state: "open" });
  });
});
