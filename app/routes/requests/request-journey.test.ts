/**
 * The question pages, the emergency screen, signposting, attachments, check your answers,
 * sending, cancelling and the 30-minute limit: real Requests against the route modules and
 * a real database, the clock moved by hand.
 */
import { inboxCount } from "~/domain/inbox/counters.server";
import { listInbox } from "~/domain/inbox/inbox-queries.server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, auditEvents, notifyRetries, outbox, patientEntries, practiceDailySubmissions, signpostEvents, users } from "~/db/schema";
import { NotifyNotifier } from "~/domain/notify/notify.server";
import { templateNames, type TemplateName } from "~/domain/notify/templates";
import { listEntryFiles } from "~/domain/files/entry-files.server";
import { ANSWER_MESSAGES } from "~/domain/requests/answer-rules";
import { londonInstant } from "~/domain/requests/demand";
import { requestTimeoutMessage } from "~/domain/requests/request-timer";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { sessionCookie } from "../../../tests/support/registration-fixtures";
import { makeEntry, requestPractice, signedInCarer, signedInPatient, signedInStaff } from "../../../tests/support/request-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson, type FormFields } from "../../../tests/support/requests";
import * as cancelRoute from "./$practiceCode.questions.$entryId_.cancel";
import * as confirmationRoute from "./$practiceCode.confirmation.$entryId";
import * as emergencyRoute from "./$practiceCode.emergency.$entryId";
import * as questionsRoute from "./$practiceCode.questions.$entryId";
import * as signpostedRoute from "./$practiceCode.signposted";
import * as signpostedServiceRoute from "./$practiceCode.signposted_.service";
import * as submittedRoute from "./$practiceCode.submitted";

const testNotifyTemplateIds = Object.fromEntries(templateNames.map((name) => [name, `template-${name}`])) as Record<TemplateName, string>;
const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
beforeAll(async () => {
  context.clock.set(londonInstant("2026-11-23", "10:00"));
});

type Route = { loader?: unknown; action?: unknown };
type Setup = { code: string; cookie: string; entryId: number; practiceId: number; userId: number; patientId: number };

function params(s: Setup) {
  return { practiceCode: s.code, entryId: String(s.entryId) };
}
const load = (route: Route, path: string, s: Setup, cookie = s.cookie) =>
  callLoader(route.loader as Parameters<typeof callLoader>[0], { request: getRequest(path, { cookie }), params: params(s), context });
const act = (route: Route, path: string, s: Setup, fields: FormFields = {}, cookie = s.cookie) =>
  callAction(route.action as Parameters<typeof callAction>[0], { request: postRequest(path, fields, { cookie, csrf: context }), params: params(s), context });

async function draft(issueTypeId: number, answersGiven?: Record<number, string | string[]>): Promise<Setup> {
  const practice = await requestPractice(context);
  const patient = await signedInPatient(context, practice.id);
  const entry = await makeEntry(context, { practiceId: practice.id, patientId: patient.patientId, userId: patient.userId, issueTypeId, answers: answersGiven });
  return { code: practice.urlCode, cookie: patient.cookie, entryId: entry.id, practiceId: practice.id, userId: patient.userId, patientId: patient.patientId };
}
const q = (s: Setup, page?: number, change = false) =>
  `/${s.code}/questions/${s.entryId}${page === undefined ? "" : `?page=${page}${change ? "&change=1" : ""}`}`;
async function entryRow(id: number) {
  const [row] = await t.db.select().from(patientEntries).where(eq(patientEntries.id, id));
  return row;
}
async function savedAnswers(id: number) {
  const rows = await t.db.select().from(answers).where(eq(answers.patientEntryId, id));
  return Object.fromEntries(rows.map((r) => [r.questionId, r.answer]));
}
type Reply = { lastResult: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };

const ADMIN_DONE = { 31: "fit_note", 32: "Off work since Monday" };
const CLINICAL_DONE = { 1: ["none"], 2: "A rash on my arm", 3: "2026-11-01", 4: "no", 5: "3", 6: "none" };
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe("question pages", () => {
  it("shows the first page that is not complete and refuses jumps ahead", async () => {
    const s = await draft(1);
    const first = await readJson<{ page: number; questions: { id: number }[]; title: string }>(await load(questionsRoute, q(s), s));
    expect(first).toMatchObject({ page: 0, title: "Do you have any of these symptoms now?" });
    const ahead = await load(questionsRoute, q(s, 2), s);
    expect(ahead.status).toBe(302);
    expect(ahead.headers.get("Location")).toBe(q(s, 0));
    const nonsense = await load(questionsRoute, `/${s.code}/questions/${s.entryId}?page=abc`, s);
    expect(nonsense.headers.get("Location")).toBe(q(s, 0));
  });

  it("saves a page's answers with their language and goes to the next page", async () => {
    const s = await draft(1);
    const none = await act(questionsRoute, q(s, 0), s, { q1: "none" });
    expect(none.status).toBe(303);
    expect(none.headers.get("Location")).toBe(q(s, 1));
    const text = await act(questionsRoute, q(s, 1), s, { q2: "<b>Itchy</b> rash & 'quotes'" });
    expect(text.headers.get("Location")).toBe(q(s, 2));
    const rows = await t.db.select().from(answers).where(eq(answers.patientEntryId, s.entryId));
    expect(rows.map((r) => [r.questionId, r.answer, r.lang])).toEqual(
      expect.arrayContaining([[1, ["none"], "en"], [2, "<b>Itchy</b> rash & 'quotes'", "en"]]),
    );
    const page2 = await readJson<{ page: number; defaults: Record<string, unknown> }>(await load(questionsRoute, q(s), s));
    expect(page2.page).toBe(2);
    const back = await readJson<{ defaults: Record<string, unknown> }>(await load(questionsRoute, q(s, 1), s));
    expect(back.defaults).toEqual({ q2: "<b>Itchy</b> rash & 'quotes'" });
  });

  it("answers bad input with 400, the spec's messages, and keeps what was typed", async () => {
    const s = await draft(1, { 1: ["none"], 2: "Rash" });
    const bad = await act(questionsRoute, q(s, 2), s, { "q3.day": "31", "q3.month": "2", "q3.year": "2026", q4: "maybe", q5: "lots" });
    expect(bad.status).toBe(400);
    const { lastResult } = await readJson<Reply>(bad);
    expect(lastResult.error).toMatchObject({ "q3.day": [ANSWER_MESSAGES.dateReal], q4: [ANSWER_MESSAGES.notAnOption], q5: [ANSWER_MESSAGES.numeric] });
    expect(lastResult.initialValue).toMatchObject({ q3: { day: "31", month: "2", year: "2026" }, q5: "lots" });
    const empty = await act(questionsRoute, q(s, 2), s, {});
    expect((await readJson<Reply>(empty)).lastResult.error).toMatchObject({ q4: [ANSWER_MESSAGES.required], q5: [ANSWER_MESSAGES.required] });
    const long = await act(questionsRoute, q(s, 1), s, { q2: "x".repeat(1001) });
    expect((await readJson<Reply>(long)).lastResult.error).toMatchObject({ q2: ["The answer field may not be greater than 1000 characters."] });
    expect(await savedAnswers(s.entryId)).toMatchObject({ 2: "Rash" });
  });

  it("gives page-not-found for a foreign or unknown entry, also to the practice's staff, lets a carer and a guest in", async () => {
    const s = await draft(4);
    const stranger = await signedInPatient(context, s.practiceId);
    expect((await load(questionsRoute, q(s), s, stranger.cookie)).status).toBe(404);
    expect((await act(questionsRoute, q(s, 1), s, { q31: "letter" }, stranger.cookie)).status).toBe(404);
    expect((await load(questionsRoute, `/${s.code}/questions/999999`, { ...s, entryId: 999999 })).status).toBe(404);
    expect((await load(confirmationRoute, `/${s.code}/confirmation/${s.entryId}`, s, stranger.cookie)).status).toBe(404);
    expect((await load(cancelRoute, `/${s.code}/questions/${s.entryId}/cancel`, s, stranger.cookie)).status).toBe(404);
    const staff = await signedInStaff(context, s.practiceId);
    // Staff of the practice reach only the drafts they write for patients themselves.
    expect((await load(questionsRoute, q(s), s, staff.cookie)).status).toBe(404);

    const carer = await signedInCarer(context, s.practiceId);
    const forDependent = await makeEntry(context, { practiceId: s.practiceId, patientId: carer.dependentPatientId, userId: carer.userId });
    const carerSetup = { ...s, entryId: forDependent.id, cookie: carer.cookie };
    expect((await load(questionsRoute, q(carerSetup), carerSetup)).status).toBe(200);
    const guest = await signedInPatient(context, s.practiceId, { guest: true });
    const guestEntry = await makeEntry(context, { practiceId: s.practiceId, patientId: guest.patientId, userId: guest.userId });
    const guestSetup = { ...s, entryId: guestEntry.id, cookie: guest.cookie };
    expect((await act(questionsRoute, q(guestSetup, 1), guestSetup, { q31: "letter" })).status).toBe(303);
  });
});

describe("the emergency screen", () => {
  it("stops the request on a red-flag symptom, records the confirmation, and never sends it", async () => {
    const s = await draft(1);
    const exclusive = await act(questionsRoute, q(s, 0), s, { q1: ["none", "chest_pain"] });
    expect((await readJson<Reply>(exclusive)).lastResult.error).toMatchObject({ q1: [ANSWER_MESSAGES.noneExclusive] });
    const posted = await act(questionsRoute, q(s, 0), s, { q1: ["chest_pain"] });
    expect(posted.headers.get("Location")).toBe(`/${s.code}/emergency/${s.entryId}`);
    const page = await load(emergencyRoute, `/${s.code}/emergency/${s.entryId}`, s);
    expect(await readJson(page)).toMatchObject({ confirmed: false });
    // The journey cannot go past the emergency page.
    expect((await load(questionsRoute, q(s, 1), s)).headers.get("Location")).toBe(q(s, 0));
    const confirmed = await act(emergencyRoute, `/${s.code}/emergency/${s.entryId}`, s);
    expect(confirmed.status).toBe(303);
    const row = await entryRow(s.entryId);
    expect(row).toMatchObject({ stage: "cancelled", closedReason: "emergency" });
    expect(row.emergencyConfirmedAt).toEqual(context.clock.now());
    expect((await load(questionsRoute, q(s), s)).headers.get("Location")).toBe(`/${s.code}/emergency/${s.entryId}`);
    expect((await act(confirmationRoute, `/${s.code}/confirmation/${s.entryId}`, s)).headers.get("Location")).toBe(`/${s.code}/emergency/${s.entryId}`);
  });

  it("is not shown without an emergency answer", async () => {
    const s = await draft(1, { 1: ["none"] });
    expect((await load(emergencyRoute, `/${s.code}/emergency/${s.entryId}`, s)).headers.get("Location")).toBe(q(s));
  });
});

describe("signposting", () => {
  it("shows the advice for a matching answer; continuing goes on, using the service closes the draft", async () => {
    const s = await draft(1, { 1: ["none"], 2: "Sore throat", 3: "2026-11-20", 4: "no", 5: "2" });
    const posted = await act(questionsRoute, q(s, 3), s, { q6: "sore_throat" });
    expect(posted.headers.get("Location")).toBe(`/${s.code}/signposted?entry=${s.entryId}`);
    const sp = `/${s.code}/signposted?entry=${s.entryId}`;
    expect(await readJson(await load(signpostedRoute, sp, s))).toMatchObject({ rule: { title: "A pharmacist can help with a sore throat" } });
    // Not past it yet: the next page is refused.
    expect((await load(questionsRoute, q(s, 4), s)).headers.get("Location")).toBe(q(s, 3));
    const on = await act(signpostedRoute, sp, s, { intent: "continue" });
    expect(on.headers.get("Location")).toBe(q(s, 4));
    expect((await entryRow(s.entryId)).signpostContinuedAt).toEqual(context.clock.now());
    expect((await readJson<{ page: number }>(await load(questionsRoute, q(s, 4), s))).page).toBe(4);
    // Nothing to signpost any more: straight to where the patient is (page 4 is optional, so
    // every page is complete: check your answers).
    expect((await load(signpostedRoute, sp, s)).headers.get("Location")).toBe(`/${s.code}/confirmation/${s.entryId}`);

    const other = await draft(1, { 1: ["none"], 2: "Earache", 3: "2026-11-20", 4: "no", 5: "2", 6: "earache" });
    const closed = await act(signpostedRoute, `/${other.code}/signposted?entry=${other.entryId}`, other, { intent: "use_service" });
    expect(closed.headers.get("Location")).toBe(`/${other.code}/message/cancelled?reason=signposted`);
    expect(await entryRow(other.entryId)).toMatchObject({ stage: "cancelled", closedReason: "signposted" });
  });

  it("counts the Pharmacy First link once when shown and each click, which goes on to the rule's service (issue \"reports\")", async () => {
    const s = await draft(1, { 1: ["none"], 2: "Sore throat", 3: "2026-11-20", 4: "no", 5: "2" });
    await act(questionsRoute, q(s, 3), s, { q6: "sore_throat" });
    await act(questionsRoute, q(s, 3), s, { q6: "sore_throat" });
    const page = await readJson<{ rule: { serviceUrl: string } }>(await load(signpostedRoute, `/${s.code}/signposted?entry=${s.entryId}`, s));
    const service = `/${s.code}/signposted/service?entry=${s.entryId}`;
    for (let i = 0; i < 2; i++) {
      const go = await load(signpostedServiceRoute, service, s);
      expect(go.status).toBe(302);
      expect(go.headers.get("Location")).toBe(page.rule.serviceUrl);
    }
    const events = await context.db.select({ kind: signpostEvents.kind }).from(signpostEvents).where(eq(signpostEvents.patientEntryId, s.entryId));
    expect(events.map((e) => e.kind).sort()).toEqual(["clicked", "clicked", "shown"]);
    // Another patient's draft is not found, and nothing is counted.
    const other = await draft(1, { 1: ["none"] });
    expect((await load(signpostedServiceRoute, service, other)).status).toBe(404);
    // A draft without signposting goes back to its place in the journey.
    expect((await load(signpostedServiceRoute, `/${other.code}/signposted/service?entry=${other.entryId}`, other)).headers.get("Location")).toBe(q(other, 1));
    expect(await context.db.select().from(signpostEvents).where(eq(signpostEvents.patientEntryId, other.entryId))).toEqual([]);
  });
});

describe("attachments", () => {
  it("stores files sent with the page as a plain multipart form, marked sensitive when asked", async () => {
    const s = await draft(4, ADMIN_DONE);
    const form = new FormData();
    form.set("q33", "Letter attached");
    form.set("sensitive", "yes");
    form.append("files", new File([png], "letter.png", { type: "image/png" }));
    const posted = await act(questionsRoute, q(s, 3), s, form);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(`/${s.code}/confirmation/${s.entryId}`);
    const files = await listEntryFiles(context, s.entryId);
    expect(files).toEqual([expect.objectContaining({ fileName: "letter.png", contentType: "image/png", sensitive: true, uploadedByUserId: s.userId })]);
    expect(await context.files.get(files[0].fileKey)).toEqual(png);
    // Remove keeps the page and what was typed.
    const remove = new FormData();
    remove.set("q33", "Changed my mind");
    remove.set("intent", `remove:${files[0].id}`);
    const removed = await act(questionsRoute, q(s, 3), s, remove);
    expect(removed.headers.get("Location")).toBe(q(s, 3));
    expect(await listEntryFiles(context, s.entryId)).toEqual([]);
    expect(await savedAnswers(s.entryId)).toMatchObject({ 33: "Changed my mind" });
  });

  it("refuses a file that is not a JPG, PNG or PDF by its content, keeping the text and the good files", async () => {
    const s = await draft(4, ADMIN_DONE);
    const form = new FormData();
    form.set("q33", "Here is my photo");
    form.append("files", new File(["MZ pretending"], "photo.jpg", { type: "image/jpeg" }));
    form.append("files", new File([png], "good.png", { type: "image/png" }));
    const posted = await act(questionsRoute, q(s, 3), s, form);
    expect(posted.status).toBe(400);
    const { lastResult } = await readJson<Reply>(posted);
    expect(lastResult.error).toMatchObject({ files: ["photo.jpg must be a JPG, PNG or PDF"] });
    expect(lastResult.initialValue).toMatchObject({ q33: "Here is my photo" });
    expect((await listEntryFiles(context, s.entryId)).map((f) => f.fileName)).toEqual(["good.png"]);
  });
});

describe("check your answers and send", () => {
  it("lists every answer by label with Change links that come back, and refuses an incomplete draft", async () => {
    const incomplete = await draft(4, { 31: "letter" });
    const early = await load(confirmationRoute, `/${incomplete.code}/confirmation/${incomplete.entryId}`, incomplete);
    expect(early.headers.get("Location")).toBe(q(incomplete, 2));

    const s = await draft(1, CLINICAL_DONE);
    const page = await readJson<{ rows: { id: number; answer: string[]; changeHref: string }[]; filesChangeHref: string }>(
      await load(confirmationRoute, `/${s.code}/confirmation/${s.entryId}`, s),
    );
    const row = (id: number) => page.rows.find((r) => r.id === id)!;
    expect(row(1).answer).toEqual(["None of these"]);
    expect(row(3).answer).toEqual(["01/11/2026"]);
    expect(row(4).answer).toEqual(["No"]);
    expect(row(7).answer).toEqual(["No information provided"]);
    expect(row(3).changeHref).toBe(q(s, 2, true));
    expect(page.filesChangeHref).toBe(q(s, 4, true));
    const changed = await act(questionsRoute, q(s, 2, true), s, { "q3.day": "2", "q3.month": "11", "q3.year": "2026", q4: "yes", q5: "4" });
    expect(changed.headers.get("Location")).toBe(`/${s.code}/confirmation/${s.entryId}`);
  });

  it("sends once however often it is posted: one request, one count, one notification", async () => {
    const s = await draft(4, ADMIN_DONE);
    await t.db.update(users).set({ mobile: "07700900123" }).where(eq(users.id, s.userId));
    const path = `/${s.code}/confirmation/${s.entryId}`;
    const [a, b] = await Promise.all([act(confirmationRoute, path, s), act(confirmationRoute, path, s)]);
    const again = await act(confirmationRoute, path, s);
    for (const response of [a, b, again]) {
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/${s.code}/submitted?entry=${s.entryId}`);
    }
    const row = await entryRow(s.entryId);
    expect(row).toMatchObject({ stage: "submitted" });
    expect(row.submittedAt).toEqual(context.clock.now());
    const [count] = await t.db.select().from(practiceDailySubmissions).where(eq(practiceDailySubmissions.practiceId, s.practiceId));
    expect(count).toMatchObject({ day: "2026-11-23", submitted: 1 });
    const reference = `FD-${String(s.entryId).padStart(6, "0")}`;
    const sent = await t.db.select().from(outbox).where(eq(outbox.template, "request-submitted"));
    const mine = sent.filter((m) => (m.personalisation as { reference: string }).reference === reference);
    expect(mine.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(mine[0].body).toContain("They will reply by 18:30 on Tuesday 24 November.");
    expect(mine[0].body).toContain(`/${s.code}/chat/${s.entryId}`);
    const audited = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "request.submitted"), eq(auditEvents.subjectId, String(s.entryId))));
    expect(audited).toHaveLength(1);
    // Counted once in the practice's inboxes, and found there by what the patient wrote.
    expect(await inboxCount(t.db, s.practiceId, "unassigned")).toBe(1);
    expect(await inboxCount(t.db, s.practiceId, "all")).toBe(1);
    const found = await listInbox(t.db, { practiceId: s.practiceId, inbox: "all", sort: "newest", search: "worked since monday" });
    expect(found.rows.map((r) => r.id)).toEqual([s.entryId]);

    const submitted = await load(submittedRoute, `/${s.code}/submitted?entry=${s.entryId}`, s);
    expect(await readJson(submitted)).toMatchObject({ reference, responseBy: "18:30 on Tuesday 24 November" });
    // A sent request is not a draft any more.
    expect((await load(questionsRoute, q(s), s)).headers.get("Location")).toBe(`/${s.code}/submitted?entry=${s.entryId}`);
    const stranger = await signedInPatient(context, s.practiceId);
    expect((await load(submittedRoute, `/${s.code}/submitted?entry=${s.entryId}`, s, stranger.cookie)).status).toBe(404);
  });

  it("is sent, and says so, when GOV.UK Notify is down (the notice waits) or refuses the address (decision 0153)", async () => {
    const outboxNotifier = context.notifier;
    const answering = (status: number) => {
      const fail = () => Promise.reject({ response: { status, data: { errors: [{ error: "Error" }] } } });
      return new NotifyNotifier({ sendEmail: fail, sendSms: fail }, testNotifyTemplateIds, {
        retries: { db: t.db, secret: context.config.sessionSecret, now: () => context.clock.now() },
      });
    };
    try {
      for (const [status, kept] of [[503, 1], [400, 0]] as const) {
        await t.db.delete(notifyRetries);
        context.notifier = answering(status);
        const s = await draft(4, ADMIN_DONE);
        const response = await act(confirmationRoute, `/${s.code}/confirmation/${s.entryId}`, s);
        expect(response.status).toBe(303);
        expect(response.headers.get("Location")).toBe(`/${s.code}/submitted?entry=${s.entryId}`);
        expect(await entryRow(s.entryId)).toMatchObject({ stage: "submitted" });
        // Down: the notice is kept for the notify-retries job. Refused: there is nothing to retry.
        expect(await t.db.select({ template: notifyRetries.template }).from(notifyRetries)).toEqual(kept ? [{ template: "request-submitted" }] : []);
      }
    } finally {
      context.notifier = outboxNotifier;
    }
  });
});

describe("cancel and the 30-minute limit", () => {
  it("cancels on confirmation and goes to message/cancelled", async () => {
    const s = await draft(4);
    const path = `/${s.code}/questions/${s.entryId}/cancel`;
    expect((await load(cancelRoute, path, s)).status).toBe(200);
    const done = await act(cancelRoute, path, s);
    expect(done.headers.get("Location")).toBe(`/${s.code}/message/cancelled`);
    expect(await entryRow(s.entryId)).toMatchObject({ stage: "cancelled", closedReason: "cancelled" });
    expect((await load(questionsRoute, q(s), s)).headers.get("Location")).toBe(`/${s.code}/message/cancelled`);
  });

  it("cancels a draft past 30 minutes on the next step, with the spec's message", async () => {
    const s = await draft(4, ADMIN_DONE);
    const start = context.clock.now();
    try {
      context.clock.advance(29 * 60_000);
      const cookie = await sessionCookie(context, s.userId);
      expect((await load(confirmationRoute, `/${s.code}/confirmation/${s.entryId}`, s, cookie)).status).toBe(200);
      context.clock.advance(60_000);
      const late = await act(confirmationRoute, `/${s.code}/confirmation/${s.entryId}`, s, {}, cookie);
      expect(late.status).toBe(303);
      expect(late.headers.get("Location")).toBe(`/${s.code}/message/cancelled?reason=timeout`);
      expect(await entryRow(s.entryId)).toMatchObject({ stage: "cancelled", closedReason: "timeout" });
      expect(requestTimeoutMessage("Request Test Surgery")).toContain("has not been sent to Request Test Surgery.");
      const sent = await t.db.select().from(patientEntries).where(and(eq(patientEntries.id, s.entryId), eq(patientEntries.stage, "submitted")));
      expect(sent).toEqual([]);
    } finally {
      context.clock.set(start);
    }
  });

  it("the cancel form after the limit says timeout", async () => {
    const s = await draft(4);
    const start = context.clock.now();
    try {
      context.clock.advance(31 * 60_000);
      const cookie = await sessionCookie(context, s.userId);
      const done = await act(cancelRoute, `/${s.code}/questions/${s.entryId}/cancel`, s, {}, cookie);
      expect(done.headers.get("Location")).toBe(`/${s.code}/message/cancelled?reason=timeout`);
      expect(await entryRow(s.entryId)).toMatchObject({ closedReason: "timeout" });
    } finally {
      context.clock.set(start);
    }
  });
});

describe("attachments limit", () => {
  it("keeps at most five files for a request and says so once", async () => {
    const s = await draft(4, ADMIN_DONE);
    const form = new FormData();
    for (let i = 1; i <= 7; i++) form.append("files", new File([png], `scan${i}.png`, { type: "image/png" }));
    const posted = await act(questionsRoute, q(s, 3), s, form);
    expect(posted.status).toBe(400);
    expect((await readJson<Reply>(posted)).lastResult.error).toMatchObject({ files: ["You can add up to 5 files"] });
    expect(await listEntryFiles(context, s.entryId)).toHaveLength(5);
    const more = new FormData();
    more.append("files", new File([png], "scan8.png", { type: "image/png" }));
    const again = await act(questionsRoute, q(s, 3), s, more);
    expect((await readJson<Reply>(again)).lastResult.error).toMatchObject({ files: ["You can add up to 5 files"] });
    expect(await listEntryFiles(context, s.entryId)).toHaveLength(5);
  });
});
