import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, entryActions, entryMessages, outbox, patientEntries, patients, practices, users } from "~/db/schema";
import { addPatientReply } from "~/domain/requests/conversation.server";
import { inboxCount } from "~/domain/inbox/counters.server";
import { addAction } from "~/domain/inbox/notes.server";
import { HANDLING_MESSAGES } from "~/domain/inbox/transitions";
import { flashOf, refusingNotifier } from "../../../tests/support/refusing-notifier";
import { noticeRefusedMessage } from "~/domain/notify/notice-refused";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { staffPractice, submittedRequest } from "../../../tests/support/inbox-fixtures";
import { makeEntry, signedInPatient } from "../../../tests/support/request-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as ownInbox from "./$practiceCode.inbox";
import * as layout from "./$practiceCode.inboxes";
import * as list from "./$practiceCode.inboxes.$inbox";
import * as details from "./$practiceCode.inboxes.$inbox.request-details.$requestId";
// /{code}/inboxes/issue_type/{type} is the list module under another URL (app/route-table.mjs).
import * as typeList from "./$practiceCode.inboxes.$inbox";
import * as deletion from "../requests/$practiceCode.requests.$requestId.delete";
import * as staffFile from "./$practiceCode.requests.$requestId.files.$fileId";
import * as countRoute from "./$practiceCode.inboxes.count";

describe("staff inboxes", () => {
  const database = useTestWorld({ onContext: (c) => (context = c) });
  let context: TestContext;

  const detailsPath = (code: string, inbox: string, id: number) => `/${code}/inboxes/${inbox}/request-details/${id}`;
  const post = (code: string, inbox: string, id: number, cookie: string, fields: Record<string, string | string[]>) =>
    callAction(details.action, { request: postRequest(detailsPath(code, inbox, id), fields, { cookie }), params: { practiceCode: code, inbox, requestId: String(id) }, context });
  const version = async (id: number) => (await context.db.select({ v: patientEntries.version }).from(patientEntries).where(eq(patientEntries.id, id)))[0].v;

  it("sends staff to their own inbox and refuses a practice admin without a staff role", async () => {
    const { practice, gp, practiceAdmin } = await staffPractice(context);
    const own = await callLoader(ownInbox.loader, { request: getRequest(`/${practice.urlCode}/inbox`, { cookie: gp.cookie }), params: { practiceCode: practice.urlCode }, context });
    expect(own.headers.get("Location")).toBe(`/${practice.urlCode}/inboxes/${gp.id}`);
    const denied = await callLoader(layout.loader, { request: getRequest(`/${practice.urlCode}/inboxes/unassigned`, { cookie: practiceAdmin.cookie }), params: { practiceCode: practice.urlCode }, context });
    expect(denied.headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied?error_code=no_staff_role`);
  });

  it("lists a new request as unassigned with counts, and audits the view", async () => {
    const { practice, receptionist } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    const nav = await readJson<{ counts: Record<string, number>; issueTypes: { id: number; count: number }[] }>(
      await callLoader(layout.loader, { request: getRequest(`/${practice.urlCode}/inboxes/unassigned`, { cookie: receptionist.cookie }), params: { practiceCode: practice.urlCode }, context }),
    );
    expect(nav.counts.unassigned).toBe(1);
    expect(nav.counts.all).toBe(1);
    expect(nav.issueTypes.find((t) => t.id === 4)?.count).toBe(1);
    const page = await readJson<{ rows: { id: number }[] }>(
      await callLoader(list.loader, { request: getRequest(`/${practice.urlCode}/inboxes/unassigned`, { cookie: receptionist.cookie }), params: { practiceCode: practice.urlCode, inbox: "unassigned" }, context }),
    );
    expect(page.rows.map((r) => r.id)).toEqual([entry.id]);
    const byType = await readJson<{ title: string; rows: { id: number }[] }>(
      await callLoader(typeList.loader, { request: getRequest(`/${practice.urlCode}/inboxes/issue_type/4`, { cookie: receptionist.cookie }), params: { practiceCode: practice.urlCode, type: "4" }, context }),
    );
    expect(byType.title).toBe("An admin request");
    expect(byType.rows.map((r) => r.id)).toEqual([entry.id]);
    const shown = await callLoader(details.loader, { request: getRequest(detailsPath(practice.urlCode, "unassigned", entry.id), { cookie: receptionist.cookie }), params: { practiceCode: practice.urlCode, inbox: "unassigned", requestId: String(entry.id) }, context });
    expect(shown.status).toBe(200);
    const body = await readJson<{ details: { answers: { answer: string }[] } }>(shown);
    expect(body.details.answers.map((a) => a.answer)).toEqual(["A fit note (sick note)", "Off work since Monday"]);
    // The text search's tsvector is in the row (the inbox search reads it there), never on the page.
    const [indexed] = await context.db.select({ document: patientEntries.searchDocument }).from(patientEntries).where(eq(patientEntries.id, entry.id));
    expect(indexed.document).toContain("'monday'");
    expect(JSON.stringify(body)).not.toMatch(/searchDocument|'monday'/);
    const audits = await context.db.select().from(auditEvents).where(and(eq(auditEvents.action, "request.view"), eq(auditEvents.subjectId, String(entry.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0].actorUserId).toBe(receptionist.id);
  });

  it("assigns to a GP, who replies; the patient is told; complete and undo restore the inboxes", async () => {
    const { practice, gp, receptionist } = await staffPractice(context);
    const { entry, patient } = await submittedRequest(context, practice.id);
    const [account] = await context.db.select().from(users).where(eq(users.id, patient.userId));
    const code = practice.urlCode;
    let response = await post(code, "unassigned", entry.id, receptionist.cookie, { intent: "assign", version: String(entry.version), assignee: String(gp.id) });
    expect(response.status).toBe(303);
    expect(await inboxCount(context.db, practice.id, "personal", gp.id)).toBe(1);
    expect(await inboxCount(context.db, practice.id, "unassigned")).toBe(0);

    response = await post(code, String(gp.id), entry.id, gp.cookie, { intent: "reply", version: String(await version(entry.id)), body: "Please book a blood test." });
    expect(response.status).toBe(303);
    const messages = await context.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id));
    expect(messages.map((m) => [m.authorRole, m.body])).toEqual([["staff", "Please book a blood test."]]);
    const sent = await context.db.select().from(outbox).where(eq(outbox.template, "request-message"));
    expect(sent.some((m) => m.recipient === account.email && /\/msg\/message\/auth\//.test(m.body))).toBe(true);
    expect(await inboxCount(context.db, practice.id, "awaiting-response")).toBe(1);

    response = await post(code, "awaiting-response", entry.id, gp.cookie, { intent: "complete", version: String(await version(entry.id)), reason: "Blood test booked" });
    expect(response.status).toBe(303);
    expect(await inboxCount(context.db, practice.id, "completed")).toBe(1);
    response = await post(code, "completed", entry.id, gp.cookie, { intent: "undo", version: String(await version(entry.id)) });
    expect(response.status).toBe(303);
    expect(await inboxCount(context.db, practice.id, "completed")).toBe(0);
    expect(await inboxCount(context.db, practice.id, "awaiting-response")).toBe(1);
  });

  it("says so when GOV.UK Notify refuses the patient's mobile for good: the reply is sent, the e-mail goes (decision 0153)", async () => {
    const { practice, gp } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    const outboxNotifier = context.notifier;
    const notifier = refusingNotifier((m) => m.channel === "sms", outboxNotifier);
    context.notifier = notifier;
    try {
      const response = await post(practice.urlCode, "unassigned", entry.id, gp.cookie, { intent: "reply", version: String(entry.version), body: "Please call us." });
      expect(response.status).toBe(303);
      expect(flashOf(context.config.sessionSecret, response)).toEqual({
        kind: "success",
        text: "Your message has been sent to the patient. We could not text the patient: GOV.UK Notify refused their mobile number. Contact them another way.",
      });
      expect(notifier.refused.map((m) => m.to)).toEqual(["07700900123"]);
      const messages = await context.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id));
      expect(messages.map((m) => m.body)).toEqual(["Please call us."]);
    } finally {
      context.notifier = outboxNotifier;
    }
    expect(noticeRefusedMessage([])).toBe("");
    expect(noticeRefusedMessage(["email", "sms"])).toBe(" We could not email or text the patient: GOV.UK Notify refused their email address and mobile number. Contact them another way.");
  });

  it("tells the second of two staff that the request changed, and loses neither update", async () => {
    const { practice, gp, receptionist } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    const seen = String(entry.version);
    const first = await post(practice.urlCode, "unassigned", entry.id, receptionist.cookie, { intent: "assign", version: seen, assignee: String(gp.id) });
    const second = await post(practice.urlCode, "unassigned", entry.id, gp.cookie, { intent: "urgency", version: seen, urgencyId: "3" });
    expect(first.status).toBe(303);
    expect(second.status).toBe(409);
    expect(JSON.stringify(await readJson(second))).toContain(HANDLING_MESSAGES.conflict);
    const [row] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    expect(row.assignedToId).toBe(gp.id);
    expect(row.urgencyId).toBeNull();
  });

  it("answers 400 with the message when a reason or reply is missing", async () => {
    const { practice, gp } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    const rejected = await post(practice.urlCode, "unassigned", entry.id, gp.cookie, { intent: "reject", version: String(entry.version), reason: " " });
    expect(rejected.status).toBe(400);
    expect(JSON.stringify(await readJson(rejected))).toContain("Enter a reason for rejecting this request");
  });

  it("lets no one from another practice see or change a request", async () => {
    const { practice } = await staffPractice(context);
    const other = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    const code = practice.urlCode;
    const look = await callLoader(details.loader, { request: getRequest(detailsPath(code, "unassigned", entry.id), { cookie: other.gp.cookie }), params: { practiceCode: code, inbox: "unassigned", requestId: String(entry.id) }, context });
    expect(look.headers.get("Location")).toMatch(/permission-denied/);
    const act = await post(code, "unassigned", entry.id, other.gp.cookie, { intent: "assign", version: "0", assignee: "unassigned" });
    expect(act.headers.get("Location")).toMatch(/permission-denied/);
    // Through their own practice's URL the id is simply not there.
    const ownCode = other.practice.urlCode;
    const notThere = await callLoader(details.loader, { request: getRequest(detailsPath(ownCode, "all", entry.id), { cookie: other.gp.cookie }), params: { practiceCode: ownCode, inbox: "all", requestId: String(entry.id) }, context });
    expect(notThere.status).toBe(404);
    const notMine = await post(ownCode, "all", entry.id, other.gp.cookie, { intent: "complete", version: "0" });
    expect(notMine.status).toBe(404);
  });

  it("answers 404 and changes nothing when an action of another practice's request is completed", async () => {
    const here = await staffPractice(context);
    const other = await staffPractice(context);
    const { entry } = await submittedRequest(context, here.practice.id);
    const { entry: theirs } = await submittedRequest(context, other.practice.id);
    const added = await addAction(context, { userId: here.gp.id, practiceId: here.practice.id }, { entryId: entry.id, text: "Book a blood test", assignedToId: null });
    expect(added).not.toBeNull();
    // Staff of the other practice post through their own request's URL, naming this action.
    const forged = await post(other.practice.urlCode, "all", theirs.id, other.gp.cookie, { intent: "action-complete", actionId: String(added!.id) });
    expect(forged.status).toBe(404);
    // And through this request's URL at their own practice: the request is not theirs.
    const viaOwnCode = await post(other.practice.urlCode, "all", entry.id, other.gp.cookie, { intent: "action-complete", actionId: String(added!.id) });
    expect(viaOwnCode.status).toBe(404);
    const [row] = await context.db.select().from(entryActions).where(eq(entryActions.id, added!.id));
    expect(row.completedAt).toBeNull();
    // Its own staff complete it.
    const done = await post(here.practice.urlCode, "all", entry.id, here.gp.cookie, { intent: "action-complete", actionId: String(added!.id) });
    expect(done.status).toBe(303);
    const [after] = await context.db.select().from(entryActions).where(eq(entryActions.id, added!.id));
    expect(after.completedByUserId).toBe(here.gp.id);
  });

  it("answers 404 to a comment or an action on a draft the patient is still writing", async () => {
    const { practice, gp } = await staffPractice(context);
    const patient = await signedInPatient(context, practice.id);
    const draft = await makeEntry(context, { practiceId: practice.id, patientId: patient.patientId, userId: patient.userId });
    const comment = await post(practice.urlCode, "all", draft.id, gp.cookie, { intent: "comment", body: "Seen" });
    expect(comment.status).toBe(404);
    const action = await post(practice.urlCode, "all", draft.id, gp.cookie, { intent: "action", text: "Call back" });
    expect(action.status).toBe(404);
    expect(await context.db.select().from(entryActions).where(eq(entryActions.patientEntryId, draft.id))).toHaveLength(0);
  });

  it("answers an id that is not a serial (2^31, signs, exponents) as not found, never a database error", async () => {
    const { practice, gp } = await staffPractice(context);
    for (const id of ["2147483648", "-1", "1e3", "abc"]) {
      const response = await callLoader(details.loader, {
        request: getRequest(`/${practice.urlCode}/inboxes/all/request-details/${id}`, { cookie: gp.cookie }),
        params: { practiceCode: practice.urlCode, inbox: "all", requestId: id },
        context,
      });
      expect(response.status).toBe(404);
    }
  });

  it("deletes softly after confirmation, and refuses a forged file link", async () => {
    const { practice, gp } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    const code = practice.urlCode;
    const confirm = await callLoader(deletion.loader, { request: getRequest(`/${code}/requests/${entry.id}/delete`, { cookie: gp.cookie }), params: { practiceCode: code, requestId: String(entry.id) }, context });
    expect(confirm.status).toBe(200);
    const done = await callAction(deletion.action, { request: postRequest(`/${code}/requests/${entry.id}/delete`, { version: String(entry.version) }, { cookie: gp.cookie }), params: { practiceCode: code, requestId: String(entry.id) }, context });
    expect(done.status).toBe(303);
    expect(await inboxCount(context.db, practice.id, "all")).toBe(0);
    const gone = await callLoader(details.loader, { request: getRequest(detailsPath(code, "all", entry.id), { cookie: gp.cookie }), params: { practiceCode: code, inbox: "all", requestId: String(entry.id) }, context });
    expect(gone.status).toBe(404);
    const forged = await callLoader(staffFile.loader, {
      request: getRequest(`/${code}/requests/${entry.id}/files/00000000-0000-0000-0000-000000000000?sig=forged`, { cookie: gp.cookie }),
      params: { practiceCode: code, requestId: String(entry.id), fileId: "00000000-0000-0000-0000-000000000000" },
      context,
    });
    expect(forged.status).toBe(404);
  });

  it("counts what waits for the staff member for the bubble, and refuses patients", async () => {
    const { practice, gp } = await staffPractice(context);
    const { entry, patient } = await submittedRequest(context, practice.id);
    await submittedRequest(context, practice.id);
    await post(practice.urlCode, "unassigned", entry.id, gp.cookie, { intent: "assign", version: String(entry.version), assignee: String(gp.id) });
    const counted = await callLoader(countRoute.loader, { request: getRequest(`/${practice.urlCode}/inboxes/count`, { cookie: gp.cookie }), params: { practiceCode: practice.urlCode }, context });
    expect(await readJson(counted)).toEqual({ count: 2 });
    expect(counted.headers.get("Cache-Control")).toBe("no-store");
    const refused = await callLoader(countRoute.loader, { request: getRequest(`/${practice.urlCode}/inboxes/count`, { cookie: patient.cookie }), params: { practiceCode: practice.urlCode }, context });
    expect(refused.headers.get("Location")).toMatch(/permission-denied/);
  });

  it("brings a patient's reply back to the assignee, or to unassigned when the practice says so", async () => {
    const { practice, gp } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    await post(practice.urlCode, "unassigned", entry.id, gp.cookie, { intent: "assign", version: String(entry.version), assignee: String(gp.id) });
    await post(practice.urlCode, String(gp.id), entry.id, gp.cookie, { intent: "reply", version: String(await version(entry.id)), body: "Which dates?" });
    expect(await inboxCount(context.db, practice.id, "awaiting-response")).toBe(1);
    const [current] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    await addPatientReply(context, current, { body: "2 to 6 March", uploads: [], sensitive: false, userId: null });
    expect(await inboxCount(context.db, practice.id, "awaiting-response")).toBe(0);
    expect(await inboxCount(context.db, practice.id, "personal", gp.id)).toBe(1);

    await context.db.update(practices).set({ patientReplyToUnassigned: true }).where(eq(practices.id, practice.id));
    await post(practice.urlCode, String(gp.id), entry.id, gp.cookie, { intent: "reply", version: String(await version(entry.id)), body: "And the reason?" });
    const [again] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    await addPatientReply(context, again, { body: "Flu", uploads: [], sensitive: false, userId: null });
    expect(await inboxCount(context.db, practice.id, "personal", gp.id)).toBe(0);
    expect(await inboxCount(context.db, practice.id, "unassigned")).toBe(1);
  });

  it("searches by name or reference, filters by type and sorts by urgency, keeping it all in the page", async () => {
    const { practice, receptionist } = await staffPractice(context);
    const admin = await submittedRequest(context, practice.id);
    const clinical = await submittedRequest(context, practice.id, { issueTypeId: 2, answers: { 11: ["none"], 12: "Asthma", 13: "Worse at night", 14: "yes" } });
    await post(practice.urlCode, "unassigned", clinical.entry.id, receptionist.cookie, { intent: "urgency", version: String(clinical.entry.version), urgencyId: "3" });
    const inAll = async (query: string) =>
      readJson<{ rows: { id: number }[]; search: string; issueTypeId: number | null }>(
        await callLoader(list.loader, { request: getRequest(`/${practice.urlCode}/inboxes/all${query}`, { cookie: receptionist.cookie }), params: { practiceCode: practice.urlCode, inbox: "all" }, context }),
      );
    expect((await inAll("?sort=urgency")).rows.map((r) => r.id)).toEqual([clinical.entry.id, admin.entry.id]);
    expect((await inAll("?type=4")).rows.map((r) => r.id)).toEqual([admin.entry.id]);
    const reference = `FD-${String(admin.entry.id).padStart(6, "0")}`;
    const byReference = await inAll(`?q=${reference}`);
    expect(byReference.rows.map((r) => r.id)).toEqual([admin.entry.id]);
    expect(byReference.search).toBe(reference);
    const [person] = await context.db.select().from(patients).where(eq(patients.id, clinical.entry.patientId));
    expect((await inAll(`?q=${encodeURIComponent(person.lastName)}`)).rows.map((r) => r.id)).toEqual([clinical.entry.id]);
    const audits = await context.db.select().from(auditEvents).where(and(eq(auditEvents.action, "inbox.view"), eq(auditEvents.actorUserId, receptionist.id)));
    // The search is audited as a fact, never with the words typed.
    expect(JSON.stringify(audits.map((a) => a.detail))).not.toContain(person.lastName);
  });
});
