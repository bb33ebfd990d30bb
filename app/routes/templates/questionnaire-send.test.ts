/**
 * A questionnaire sent from request details and answered by the patient through the link's
 * token: the link is in the conversation, the answers come back as the patient's message, the
 * request goes to the chosen inbox, a second answer and a wrong token are refused.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { entryMessages, patientEntries, patients, questionnaires, questionnaireSends } from "~/db/schema";
import { SEND_MESSAGES } from "~/domain/templates/questionnaire-sends.server";
import { NATIONAL_QUESTIONNAIRES } from "~/db/seed-templates.server";
import { staffPractice, submittedRequest } from "../../../tests/support/inbox-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { messagesTo } from "../../../tests/support/registration-fixtures";
import { useTestWorld } from "../../../tests/support/world";
import * as details from "../inboxes/$practiceCode.inboxes.$inbox.request-details.$requestId";
import * as answer from "./$practiceCode.questionnaire.$questionnaireId";

const world = useTestWorld();

describe("sending a questionnaire from a request", () => {
  it("sends the link, takes the answers once, and puts them in the chosen inbox", async () => {
    const { context } = world;
    const staff = await staffPractice(context);
    const code = staff.practice.urlCode;
    const [q] = await context.db.insert(questionnaires).values({ ...NATIONAL_QUESTIONNAIRES[2], practiceId: null }).returning();
    const { entry } = await submittedRequest(context, staff.practice.id);
    const sent = await callAction(details.action, {
      request: postRequest(`/${code}/inboxes/all/request-details/${entry.id}`, { intent: "questionnaire", version: String(entry.version), questionnaireId: String(q.id), answersInbox: String(staff.gp.id) }, { cookie: staff.receptionist.cookie }),
      params: { practiceCode: code, inbox: "all", requestId: String(entry.id) },
      context,
    });
    expect(sent.status).toBe(303);
    const [message] = await context.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id));
    const link = new URL(/https?:\/\/\S+/.exec(message.body)![0]);
    expect(link.pathname).toMatch(new RegExp(`^/${code}/questionnaire/\\d+$`));
    const sendId = link.pathname.split("/").pop()!;
    const params = { practiceCode: code, questionnaireId: sendId };

    expect((await callLoader(answer.loader, { request: getRequest(`${link.pathname}?token=wrong`), params, context })).status).toBe(404);
    const page = await readJson<{ state: string; questions: { text: string }[] }>(await callLoader(answer.loader, { request: getRequest(`${link.pathname}${link.search}`), params, context }));
    expect(page.state).toBe("open");
    expect(page.questions[0].text).toBe("Do you smoke?");

    const empty = await callAction(answer.action, { request: postRequest(`${link.pathname}${link.search}`, {}), params, context });
    expect(empty.status).toBe(400);
    expect((await readJson<{ lastResult: { error: Record<string, string[]> } }>(empty)).lastResult.error.q1).toEqual(["This question is required."]);
    const done = await callAction(answer.action, { request: postRequest(`${link.pathname}${link.search}`, { q1: "current", q2: "10", q3: "yes" }), params, context });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/${code}/submittedquestionnaire`);
    const messages = await context.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id));
    expect(messages.at(-1)).toMatchObject({ authorRole: "patient", body: 'Answers to "Smoking status":\nDo you smoke?: I smoke\nIf you smoke, how many cigarettes a day?: 10 a day\nWould you like help to stop smoking?: Yes' });
    const [after] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    expect(after).toMatchObject({ assignedToId: staff.gp.id, awaitingPatientReply: false });
    const again = await callAction(answer.action, { request: postRequest(`${link.pathname}${link.search}`, { q1: "never" }), params, context });
    expect(again.status).toBe(302);
    expect((await context.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id))).length).toBe(messages.length);
    const answered = await readJson<{ state: string }>(await callLoader(answer.loader, { request: getRequest(`${link.pathname}${link.search}`), params, context }));
    expect(answered.state).toBe("answered");
  });

  it("sends the text message to the override mobile only when asked, and checks the mobile (spec 3 §5, §7)", async () => {
    const { context } = world;
    const staff = await staffPractice(context);
    const code = staff.practice.urlCode;
    const [q] = await context.db.insert(questionnaires).values({ ...NATIONAL_QUESTIONNAIRES[2], practiceId: null }).returning();
    const { entry } = await submittedRequest(context, staff.practice.id);
    const send = (fields: Record<string, string>, version = entry.version) =>
      callAction(details.action, {
        request: postRequest(`/${code}/inboxes/all/request-details/${entry.id}`, { intent: "questionnaire", version: String(version), questionnaireId: String(q.id), answersInbox: "unassigned", ...fields }, { cookie: staff.gp.cookie }),
        params: { practiceCode: code, inbox: "all", requestId: String(entry.id) },
        context,
      });
    const bad = await send({ sendSms: "on", overrideMobile: "0123" });
    expect(bad.status).toBe(400);
    expect((await readJson<{ lastResult: { error: Record<string, string[]> } }>(bad)).lastResult.error.overrideMobile).toEqual(["Mobile number is invalid."]);

    expect((await send({ sendSms: "on", overrideMobile: "07700 900 555" })).status).toBe(303);
    const [row] = await context.db.select().from(questionnaireSends).where(eq(questionnaireSends.patientEntryId, entry.id));
    expect(row).toMatchObject({ sendSms: true, overrideMobile: "07700900555", inboxUserId: null });
    expect(await messagesTo(context, "07700900555", "request-message")).toHaveLength(1);
    expect(await messagesTo(context, "07700900123", "request-message")).toHaveLength(0);

    // Unticked: e-mail only. Ticked with no mobile anywhere: refused with a reason.
    const [now] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    expect((await send({}, now.version)).status).toBe(303);
    expect(await messagesTo(context, "07700900123", "request-message")).toHaveLength(0);
    await context.db.update(patients).set({ mobile: null }).where(eq(patients.id, entry.patientId));
    const [later] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    const none = await send({ sendSms: "on" }, later.version);
    expect(none.status).toBe(400);
    expect((await readJson<{ lastResult: { error: Record<string, string[]> } }>(none)).lastResult.error.overrideMobile).toEqual([SEND_MESSAGES.noMobile]);
  });
});
