/**
 * Staff write a request on a patient's behalf (spec 3 §2 /{code}/message/staff/{patient_id}):
 * the patient journey's own pages carry it, only the staff member who wrote it reaches the
 * draft, and the patient is told when it is sent.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, patientEntries, patients } from "~/db/schema";
import { inboxCount } from "~/domain/inbox/counters.server";
import { londonInstant } from "~/domain/requests/demand";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { createPatient } from "../../../tests/support/registration-fixtures";
import { requestPractice, signedInPatient, signedInStaff } from "../../../tests/support/request-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as confirmationRoute from "./$practiceCode.confirmation.$entryId";
import * as staffStart from "./$practiceCode.message.staff.$patientId";
import * as questionsRoute from "./$practiceCode.questions.$entryId";
import * as staffSubmitted from "./$practiceCode.submitted_.$id";
import * as submittedRoute from "./$practiceCode.submitted";

describe("a request written by staff for a patient", () => {
  const t = useTestWorld({ onContext: (c) => (context = c) });
  let context: TestContext;
  beforeAll(async () => {
    context.clock.set(londonInstant("2026-11-23", "10:00"));
  });

  it("goes through the same pages, reaches the practice's inbox, and tells the patient", async () => {
    // A practice closed to online requests right now (in Wales, outside the core-hours rule of
    // decision 0074): staff are not held to that.
    const practice = await requestPractice(context, { requestsClosedOn: "2026-11-23", country: "wales", coreHoursCompliance: false });
    const staff = await signedInStaff(context, practice.id);
    const patient = await createPatient(context, practice.id);
    await t.db.update(patients).set({ mobile: "07700900555" }).where(eq(patients.id, patient.id));
    const code = practice.urlCode;
    const startPath = `/${code}/message/staff/${patient.id}`;
    const page = await callLoader(staffStart.loader, { request: getRequest(startPath, { cookie: staff.cookie }), params: { practiceCode: code, patientId: String(patient.id) }, context });
    expect(await readJson(page)).toMatchObject({ subject: { firstName: patient.firstName }, backHref: `/${code}/patients/${patient.id}` });
    const started = await callAction(staffStart.action, { request: postRequest(startPath, { issueTypeId: "4" }, { cookie: staff.cookie }), params: { practiceCode: code, patientId: String(patient.id) }, context });
    expect(started.status).toBe(303);
    const entryId = Number(/\/questions\/(\d+)/.exec(started.headers.get("Location") ?? "")?.[1]);
    const [entry] = await t.db.select().from(patientEntries).where(eq(patientEntries.id, entryId));
    expect(entry).toMatchObject({ requester: "staff", createdByUserId: staff.userId, patientId: patient.id });

    const params = { practiceCode: code, entryId: String(entryId) };
    const post = (route: { action?: unknown }, path: string, fields: Record<string, string>, cookie = staff.cookie) =>
      callAction(route.action as Parameters<typeof callAction>[0], { request: postRequest(path, fields, { cookie }), params, context });
    expect((await post(questionsRoute, `/${code}/questions/${entryId}?page=1`, { q31: "letter" })).status).toBe(303);
    expect((await post(questionsRoute, `/${code}/questions/${entryId}?page=2`, { q32: "Letter for the council, asked for by phone" })).status).toBe(303);
    expect((await post(questionsRoute, `/${code}/questions/${entryId}?page=3`, { q33: "" })).status).toBe(303);
    const sent = await post(confirmationRoute, `/${code}/confirmation/${entryId}`, {});
    // It ends on the staff page (issue "staff integrations"), not the patient's.
    expect(sent.headers.get("Location")).toBe(`/${code}/submitted/${entryId}`);
    const end = await readJson<{ reference: string; patientHref: string }>(
      await callLoader(staffSubmitted.loader, { request: getRequest(`/${code}/submitted/${entryId}`, { cookie: staff.cookie }), params: { practiceCode: code, id: String(entryId) }, context }),
    );
    expect(end.patientHref).toBe(`/${code}/patients/${patient.id}`);
    // The patient's end page sends staff there too; a patient's own request is not found on it.
    const old = await callLoader(submittedRoute.loader, { request: getRequest(`/${code}/submitted?entry=${entryId}`, { cookie: staff.cookie }), params: { practiceCode: code }, context });
    expect(old.headers.get("Location")).toBe(`/${code}/submitted/${entryId}`);
    expect(await inboxCount(t.db, practice.id, "unassigned")).toBe(1);
    const told = await t.db.select().from(outbox).where(eq(outbox.recipient, "07700900555"));
    expect(told.map((m) => m.template)).toEqual(["request-submitted"]);

    // Nobody else reaches the draft's pages: another patient, or staff of another practice.
    const stranger = await signedInPatient(context, practice.id);
    const look = await callLoader(questionsRoute.loader, { request: getRequest(`/${code}/questions/${entryId}`, { cookie: stranger.cookie }), params, context });
    expect(look.status).toBe(404);
    const otherPractice = await requestPractice(context);
    const otherStaff = await signedInStaff(context, otherPractice.id);
    const denied = await callLoader(questionsRoute.loader, { request: getRequest(`/${code}/questions/${entryId}`, { cookie: otherStaff.cookie }), params, context });
    expect(denied.headers.get("Location")).toMatch(/permission-denied\?error_code=logout_required/);
  });

  it("refuses patients, other practices' staff and other practices' patients", async () => {
    const practice = await requestPractice(context);
    const other = await requestPractice(context);
    const staff = await signedInStaff(context, practice.id);
    const patientHere = await createPatient(context, practice.id);
    const patientThere = await createPatient(context, other.id);
    const me = await signedInPatient(context, practice.id);
    const load = (patientId: number, cookie: string) =>
      callLoader(staffStart.loader, { request: getRequest(`/${practice.urlCode}/message/staff/${patientId}`, { cookie }), params: { practiceCode: practice.urlCode, patientId: String(patientId) }, context });
    expect((await load(patientThere.id, staff.cookie)).status).toBe(404);
    expect((await load(patientHere.id, me.cookie)).headers.get("Location")).toMatch(/permission-denied/);
    const otherStaff = await signedInStaff(context, other.id);
    expect((await load(patientHere.id, otherStaff.cookie)).headers.get("Location")).toMatch(/permission-denied/);
    // The staff end page: a request staff did not write (a patient's own) is page-not-found.
    const { makeEntry } = await import("../../../tests/support/request-fixtures");
    const own = await makeEntry(context, { practiceId: practice.id, patientId: me.patientId, userId: me.userId, stage: "submitted" });
    const end = await callLoader(staffSubmitted.loader, { request: getRequest(`/${practice.urlCode}/submitted/${own.id}`, { cookie: staff.cookie }), params: { practiceCode: practice.urlCode, id: String(own.id) }, context });
    expect(end.status).toBe(404);
  });
});
