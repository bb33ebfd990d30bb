/**
 * The conversation of a request: the thread in order (answers and their files, then
 * messages with theirs), practice messages that notify with a scoped link, and replies.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, entryFiles, patientEntries, patients, users } from "~/db/schema";
import { findMagicLink } from "~/domain/auth/magic-links.server";
import { storeEntryFiles } from "~/domain/files/entry-files.server";
import type { AcceptedUpload } from "~/domain/files/file-types";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { makeEntry, requestPractice, signedInCarer, signedInPatient } from "../../../tests/support/request-fixtures";
import { createUser, messagesTo } from "../../../tests/support/registration-fixtures";
import { addPatientReply, addPracticeMessage, answerText, loadConversation } from "./conversation.server";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

const png = (name: string): AcceptedUpload => ({
  field: "files",
  fileName: name,
  contentType: "image/png",
  bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
});

async function submittedRequest(answers: Record<number, string | string[]> = { 31: "fit_note", 32: "From 1 to 14 March, flu" }) {
  const practice = await requestPractice(context);
  const me = await signedInPatient(context, practice.id);
  const entry = await makeEntry(context, { practiceId: practice.id, patientId: me.patientId, userId: me.userId, stage: "submitted", answers });
  const staff = await createUser(context, { email: `gp.${entry.id}.${Date.now()}@nhs.net` });
  return { practice, me, entry, staff };
}

const reload = async (id: number) => (await t.db.select().from(patientEntries).where(eq(patientEntries.id, id)))[0];

describe("answerText", () => {
  const choice = { kind: "single_choice" as const, options: [{ value: "fit_note", label: "A fit note (sick note)" }] };
  it("shows answers in words", () => {
    expect(answerText(choice, "fit_note")).toBe("A fit note (sick note)");
    expect(answerText({ ...choice, kind: "multiple_choice" }, ["fit_note", "unknown"])).toBe("A fit note (sick note), unknown");
    expect(answerText({ kind: "date", options: null }, "2026-03-15")).toBe("15/03/2026");
    expect(answerText({ kind: "yes_no", options: null }, "no")).toBe("No");
    expect(answerText({ kind: "free_text", options: null }, "<b>as typed</b>")).toBe("<b>as typed</b>");
    expect(answerText({ kind: "free_text", options: null }, "")).toBe("No information provided");
    expect(answerText({ kind: "multiple_choice", options: null }, [])).toBe("No information provided");
  });
});

describe("loadConversation", () => {
  it("gives the answers in question order, the request's files, then messages oldest first with their files", async () => {
    const { entry, me, staff } = await submittedRequest({ 32: "Flu, from 1 March", 31: "fit_note" });
    await storeEntryFiles(context, { entryId: entry.id, uploads: [png("employer-letter.png")], sensitive: false, userId: me.userId });
    context.clock.set(new Date("2026-03-02T09:05:00Z"));
    await addPracticeMessage(context, entry, { body: "Which dates?", staffUserId: staff.id, origin: "http://localhost" });
    context.clock.set(new Date("2026-07-02T23:30:00Z"));
    const reply = await addPatientReply(context, entry, { body: "1 to 14 March", uploads: [png("note.png")], sensitive: true, userId: me.userId });
    expect(reply.status).toBe("sent");

    const c = await loadConversation(context, await reload(entry.id));
    expect(c.reference).toBe(`FD-${String(entry.id).padStart(6, "0")}`);
    expect(c.issueTypeName).toBe("An admin request");
    expect(c.practiceName).toBe("Request Test Surgery");
    expect(c.answers).toEqual([
      { question: "What do you need?", answer: "A fit note (sick note)" },
      { question: "Tell us more", answer: "Flu, from 1 March" },
    ]);
    expect(c.files.map((f) => f.fileName)).toEqual(["employer-letter.png"]);
    expect(c.messages.map((m) => [m.from, m.body, m.date, m.time, m.files.map((f) => f.fileName)])).toEqual([
      ["practice", "Which dates?", "02/03/2026", "09:05", []],
      ["patient", "1 to 14 March", "03/07/2026", "00:30", ["note.png"]],
    ]);
    expect(c.status).toBe("submitted");
    expect(c.acceptsReplies).toBe(true);
  });
});

describe("addPracticeMessage", () => {
  it("flags the request as awaiting the patient and sends e-mail and SMS with a link to this request only", async () => {
    const { entry, me, staff, practice } = await submittedRequest();
    await t.db.update(patients).set({ mobile: "07700900123" }).where(eq(patients.id, me.patientId));
    await addPracticeMessage(context, entry, { body: "Please send a photo", staffUserId: staff.id, origin: "https://frontdoor.example" });
    const after = await reload(entry.id);
    expect(after.awaitingPatientReply).toBe(true);
    expect(after.version).toBe(entry.version + 1);

    const [user] = await t.db.select().from(patients).where(eq(patients.id, me.patientId));
    const sms = await messagesTo(context, "07700900123", "request-message");
    expect(sms).toHaveLength(1);
    const link = /https:\/\/frontdoor\.example\/msg\/message\/auth\/(\S+)/.exec(sms[0].body);
    expect(link).not.toBeNull();
    expect(sms[0].body).toContain(`${practice.name} has sent you a message`);
    const magic = await findMagicLink(context, link![1]);
    expect(magic).toMatchObject({ patientId: user.id, practice: { id: practice.id }, scope: { patientEntryId: entry.id } });
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, String(entry.id)));
    expect(audits.map((a) => a.action)).toContain("request.reply");
  });

  it("answers a request sent from the NHS App by an NHS App message too, where the notifier can send one", async () => {
    const { entry, me, staff } = await submittedRequest();
    await t.db.update(patients).set({ nhsNumber: "9990905002" }).where(eq(patients.id, me.patientId));
    await t.db.update(patientEntries).set({ submittedVia: "nhs_app" }).where(eq(patientEntries.id, entry.id));
    await addPracticeMessage(context, await reload(entry.id), { body: "Your fit note is ready", staffUserId: staff.id, origin: "https://frontdoor.example" });
    const app = await messagesTo(context, "9990905002", "request-message");
    expect(app).toHaveLength(1);
    expect(app[0]).toMatchObject({ channel: "nhs_app_notif" });
    expect(app[0].body).toMatch(/https:\/\/frontdoor\.example\/msg\/message\/auth\/\S+/);

    // A notifier without the app channel (GOV.UK Notify) sends the others only.
    const sent: string[] = [];
    const emailOnly = { sends: (channel: string) => channel !== "nhs_app_notif", send: async (m: { channel: string }) => void sent.push(m.channel) };
    await addPracticeMessage({ ...context, notifier: emailOnly }, await reload(entry.id), { body: "And a letter", staffUserId: staff.id, origin: "https://frontdoor.example" });
    expect(sent).toEqual(["email"]);
  });

  it("tells the carer who wrote a dependent's request when the dependent has no address", async () => {
    const practice = await requestPractice(context);
    const carer = await signedInCarer(context, practice.id);
    const entry = await makeEntry(context, { practiceId: practice.id, patientId: carer.dependentPatientId, userId: carer.userId, stage: "submitted" });
    await t.db.update(patientEntries).set({ requester: "dependent" }).where(eq(patientEntries.id, entry.id));
    const staff = await createUser(context);
    await addPracticeMessage(context, await reload(entry.id), { body: "Hello", staffUserId: staff.id, origin: "http://localhost" });
    const [carerUser] = await t.db.select().from(users).where(eq(users.id, carer.userId));
    expect(await messagesTo(context, carerUser.email, "request-message")).toHaveLength(1);
  });
});

describe("addPatientReply", () => {
  it("stores the reply as typed, with its files, and stops the request awaiting the patient", async () => {
    const { entry, me, staff } = await submittedRequest();
    await addPracticeMessage(context, entry, { body: "Send a photo", staffUserId: staff.id, origin: "http://localhost" });
    const body = "<script>alert('x')</script> & thanks\r\nSecond line";
    const result = await addPatientReply(context, entry, { body, uploads: [png("a.png")], sensitive: true, userId: me.userId });
    if (result.status !== "sent") throw new Error(result.status);
    expect((await reload(entry.id)).awaitingPatientReply).toBe(false);
    const files = await t.db.select().from(entryFiles).where(eq(entryFiles.messageId, result.messageId));
    expect(files).toMatchObject([{ fileName: "a.png", sensitive: true, uploadedByUserId: me.userId, patientEntryId: entry.id }]);
    const c = await loadConversation(context, await reload(entry.id));
    expect(c.messages[1].body).toBe(body);
  });

  it("refuses a reply to a closed request", async () => {
    for (const stage of ["completed", "rejected", "cancelled"] as const) {
      const practice = await requestPractice(context);
      const me = await signedInPatient(context, practice.id);
      const entry = await makeEntry(context, { practiceId: practice.id, patientId: me.patientId, userId: me.userId, stage });
      expect(await addPatientReply(context, entry, { body: "hello", uploads: [], sensitive: false, userId: me.userId })).toEqual({
        status: "closed",
        message: "This request is closed. To ask something new, make a new request.",
      });
      expect((await loadConversation(context, entry)).messages).toEqual([]);
    }
  });

  it("refuses more files than the request has room for, storing nothing", async () => {
    const { entry, me } = await submittedRequest();
    await storeEntryFiles(context, { entryId: entry.id, uploads: [png("1.png"), png("2.png"), png("3.png"), png("4.png")], sensitive: false, userId: me.userId });
    const result = await addPatientReply(context, entry, { body: "two more", uploads: [png("5.png"), png("6.png")], sensitive: false, userId: me.userId });
    expect(result).toEqual({ status: "too_many_files", message: "You can add up to 5 files" });
    const c = await loadConversation(context, entry);
    expect(c.messages).toEqual([]);
    expect(c.files).toHaveLength(4);
  });
});
