/**
 * A bulk message with a questionnaire (decision 0131), against the database: composed with a
 * questionnaire (an unknown one is not found), sent with one tokened link per patient, answered
 * by the token without signing in; the answers become a request in the Unassigned inbox, the
 * progress page counts them, and a second answer is refused (the page says it was answered).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { entryMessages, outbox, patientEntries, practices, questionnaires, questionnaireSends } from "~/db/schema";
import { NATIONAL_QUESTIONNAIRES } from "~/db/seed-templates.server";
import { sendBatch } from "~/domain/bulk/sender.server";
import { inboxCount } from "~/domain/inbox/counters.server";
import { OutboxNotifier } from "~/domain/notify/notifier.server";
import { makeGpPractice, type GpPractice, type GpTestPatient } from "../../../tests/support/online-services-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { bulkGpPractice } from "../../../tests/support/bulk-fixtures";
import { useTestWorld } from "../../../tests/support/world";
import * as builder from "./$practiceCode.bulk-message.$bulkMessageId";
import * as list from "./$practiceCode.bulk-messages";
import * as answer from "./$practiceCode.questionnaire.$questionnaireId";
import * as reply from "./patient_bulk_messages.$bulkMessageId.request";
import { BULK_MESSAGES } from "~/domain/bulk/rules";

const world = useTestWorld();
let practice: GpPractice;
let reception: string;
let first: GpTestPatient;
let second: GpTestPatient;
let questionnaireId = 0;
let otherPracticeQuestionnaire = 0;

beforeAll(async () => {
  const { context } = world;
  ({ practice, reception, linked: first, unlinked: second } = await bulkGpPractice(context, {
    linked: { mobile: "07700900311", email: "first@example.com" },
    unlinked: { mobile: "07700900322" },
  }));
  const [q] = await context.db.insert(questionnaires).values({ ...NATIONAL_QUESTIONNAIRES[2], practiceId: null }).returning();
  questionnaireId = q!.id;
  const other = await makeGpPractice(context);
  const [foreign] = await context.db.insert(questionnaires).values({ ...NATIONAL_QUESTIONNAIRES[2], practiceId: other.id }).returning();
  otherPracticeQuestionnaire = foreign!.id;
});

const code = () => practice.urlCode;
const post = (id: number, fields: Record<string, string | string[]>) =>
  callAction(builder.action, { request: postRequest(`/${code()}/bulk-message/${id}`, fields, { cookie: reception, csrf: world.context }), params: { practiceCode: code(), bulkMessageId: String(id) }, context: world.context });
const load = (id: number, query = "") =>
  callLoader(builder.loader, { request: getRequest(`/${code()}/bulk-message/${id}${query}`, { cookie: reception }), params: { practiceCode: code(), bulkMessageId: String(id) }, context: world.context });
const linkIn = (body: string) => new URL(/https?:\/\/\S+\/questionnaire\/\S+/.exec(body)![0]);

let messageId = 0;

describe("a bulk message with a questionnaire", () => {
  it("offers the practice's and national questionnaires, refuses another practice's, and saves the choice", async () => {
    const created = await callAction(list.action, { request: postRequest(`/${code()}/bulk-messages`, {}, { cookie: reception, csrf: world.context }), params: { practiceCode: code() }, context: world.context });
    messageId = Number(/bulk-message\/(\d+)/.exec(created.headers.get("Location")!)![1]);
    await post(messageId, { intent: "recipients" });
    const step = await readJson<{ questionnaires: { id: number; title: string }[] }>(await load(messageId, "?step=message"));
    expect(step.questionnaires).toContainEqual({ id: questionnaireId, title: "Smoking status (national)" });
    expect(step.questionnaires.map((q) => q.id)).not.toContain(otherPracticeQuestionnaire);
    const foreign = await post(messageId, { intent: "message", title: "Smoking review", body: "Dear {patient_name}", questionnaireId: String(otherPracticeQuestionnaire) });
    expect(foreign.status).toBe(404);
    expect((await post(messageId, { intent: "message", title: "Smoking review", body: "Dear {patient_name}", questionnaireId: "abc" })).status).toBe(404);
    // The placeholder with no questionnaire is refused with a reason, not sent as typed.
    const alone = await post(messageId, { intent: "message", title: "Smoking review", body: "Answer: {questionnaire_link}", questionnaireId: "" });
    expect(alone.status).toBe(400);
    expect((await readJson<{ lastResult: { error: Record<string, string[]> } }>(alone)).lastResult.error.body).toEqual([BULK_MESSAGES.questionnaireLinkAlone]);
    const saved = await post(messageId, { intent: "message", title: "Smoking review", body: "Dear {patient_name}, please tell us: {questionnaire_link}", questionnaireId: String(questionnaireId) });
    expect(saved.status).toBe(303);
    expect((await post(messageId, { intent: "channels", channels: ["sms", "email"] })).headers.get("Location")).toContain("step=check");
    const check = await readJson<{ questionnaireTitle: string; preview: string }>(await load(messageId, "?step=check"));
    expect(check.questionnaireTitle).toBe("Smoking status");
    expect(check.preview).toContain(`/${code()}/questionnaire/`);
  });

  it("sends each patient their own link (the same on every channel), answered once by its token into a new request", async () => {
    const { context } = world;
    expect((await post(messageId, { intent: "send" })).status).toBe(303);
    await sendBatch({ db: world.db, notifier: new OutboxNotifier(world.db), secret: context.config.sessionSecret, simulateReceipts: true }, context.clock.now());
    const [sms] = await world.db.select().from(outbox).where(eq(outbox.recipient, "07700900311"));
    const [email] = await world.db.select().from(outbox).where(eq(outbox.recipient, "first@example.com"));
    const [otherSms] = await world.db.select().from(outbox).where(eq(outbox.recipient, "07700900322"));
    const link = linkIn(sms!.body);
    expect(sms!.body).not.toContain("{questionnaire_link}");
    expect(linkIn(email!.body).href).toBe(link.href);
    expect(linkIn(otherSms!.body).href).not.toBe(link.href);
    const sends = await world.db.select().from(questionnaireSends).where(eq(questionnaireSends.bulkMessageId, messageId));
    expect(sends).toHaveLength(2);
    expect(sends.every((s) => s.patientEntryId === null)).toBe(true);

    const params = { practiceCode: code(), questionnaireId: link.pathname.split("/").pop()! };
    expect((await callLoader(answer.loader, { request: getRequest(`${link.pathname}?token=wrong`), params, context })).status).toBe(404);
    const page = await readJson<{ state: string }>(await callLoader(answer.loader, { request: getRequest(`${link.pathname}${link.search}`), params, context }));
    expect(page.state).toBe("open");
    const unassignedBefore = await inboxCount(world.db, practice.id, "unassigned");
    const done = await callAction(answer.action, { request: postRequest(`${link.pathname}${link.search}`, { q1: "current", q2: "10", q3: "yes" }, { csrf: context }), params, context });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/${code()}/submittedquestionnaire`);

    const [row] = await world.db.select().from(questionnaireSends).where(eq(questionnaireSends.id, Number(params.questionnaireId)));
    expect(row!.patientEntryId).not.toBeNull();
    const [entry] = await world.db.select().from(patientEntries).where(eq(patientEntries.id, row!.patientEntryId!));
    expect(entry).toMatchObject({ patientId: first.patientId, practiceId: practice.id, stage: "submitted", requester: "staff", assignedToId: null, awaitingPatientReply: false });
    expect(await inboxCount(world.db, practice.id, "unassigned")).toBe(unassignedBefore + 1);
    const messages = await world.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry!.id));
    expect(messages.map((m) => m.authorRole)).toEqual(["staff", "patient"]);
    expect(messages[1]!.body).toContain('Answers to "Smoking status"');

    // A second answer is refused: nothing more is written and the page says it was answered.
    const again = await callAction(answer.action, { request: postRequest(`${link.pathname}${link.search}`, { q1: "never" }, { csrf: context }), params, context });
    expect(again.status).toBe(302);
    expect(await world.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry!.id))).toHaveLength(2);
    expect((await world.db.select().from(patientEntries).where(eq(patientEntries.patientId, first.patientId))).length).toBe(1);
    const answered = await readJson<{ state: string }>(await callLoader(answer.loader, { request: getRequest(`${link.pathname}${link.search}`), params, context }));
    expect(answered.state).toBe("answered");

    const progress = await readJson<{ questionnaire: { title: string; sent: number; answered: number } }>(await load(messageId));
    expect(progress.questionnaire).toEqual({ title: "Smoking status", sent: 2, answered: 1 });
  });

  it("another patient's link without its token is not found, even signed in", async () => {
    const { context } = world;
    const [mine] = await world.db.select().from(questionnaireSends).where(eq(questionnaireSends.patientId, second.patientId));
    const params = { practiceCode: code(), questionnaireId: String(mine!.id) };
    expect((await callLoader(answer.loader, { request: getRequest(`/${code()}/questionnaire/${mine!.id}`, { cookie: first.cookie }), params, context })).status).toBe(404);
  });

  it("the signed-in patient's page of the message links to their questionnaire and says once it is answered", async () => {
    const { context } = world;
    const page = await readJson<{ questionnaire: { href: string; title: string; answered: boolean } }>(
      await callLoader(reply.loader, { request: getRequest(`/patient_bulk_messages/${messageId}/request`, { cookie: first.cookie }), params: { bulkMessageId: String(messageId) }, context }),
    );
    expect(page.questionnaire).toMatchObject({ title: "Smoking status", answered: true });
    expect(page.questionnaire.href).toMatch(new RegExp(`^/${code()}/questionnaire/\\d+$`));
    // Signed in as that patient, the link without the token opens it (answered already: it says so).
    const params = { practiceCode: code(), questionnaireId: page.questionnaire.href.split("/").pop()! };
    const opened = await readJson<{ state: string }>(await callLoader(answer.loader, { request: getRequest(page.questionnaire.href, { cookie: first.cookie }), params, context }));
    expect(opened.state).toBe("answered");
  });
});
