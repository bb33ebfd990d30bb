/**
 * Standard questions (spec 3 §7 POST /patient_entries/{id}/standard_questions): staff send a
 * questionnaire from a request; the patient gets a message in the request's conversation with a
 * link holding a token (only its SHA-256 is kept) and is told as for any practice message. The
 * patient answers once (signed in as someone who may act for them, or with the token); the
 * answers come back into the conversation and the request goes to the chosen inbox.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { bulkMessages, entryEvents, entryMessages, issueTypes, patientEntries, patients, practiceMemberships, questionnaireSends } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { applyInboxChange } from "~/domain/inbox/counters.server";
import { changeRequest, insertPracticeMessage, type Actor, type ChangeResult } from "~/domain/inbox/request-handling.server";
import { entryColumns } from "~/domain/requests/entries.server";
import { notifyPatientOfMessage, type NoticeRefused } from "~/domain/requests/message-notice.server";
import { smsRecipient } from "~/domain/video/schedule";
import { findQuestionnaire } from "./questionnaires.server";
import { answersMessage, readQuestions, type QuestionDefinition } from "./questions";

const LINK_DAYS = 14;
const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

export const SEND_MESSAGES = {
  noMobile: "The patient has no mobile number: enter one to send a text message, or untick it.",
} as const;

export type SendResult = (ChangeResult & { noticeRefused?: NoticeRefused }) | "not_found" | { status: "invalid"; field: "overrideMobile"; message: string };

export async function sendQuestionnaire(
  context: Pick<AppContext, "db" | "clock" | "config" | "notifier">,
  actor: Actor,
  input: {
    entryId: number;
    version: number | null;
    questionnaireId: number;
    inboxUserId: number | null;
    /** Spec 3 §7 send_sms and override_mobile: a text message to the override, else the record's mobile. */
    sendSms: boolean;
    overrideMobile?: string;
    practiceCode: string;
    origin: string;
  },
): Promise<SendResult> {
  const questionnaire = await findQuestionnaire(context.db, { practiceId: actor.practiceId }, actor.userId, input.questionnaireId);
  if (!questionnaire) return "not_found";
  if (input.inboxUserId !== null) {
    const [member] = await context.db
      .select({ userId: practiceMemberships.userId })
      .from(practiceMemberships)
      .where(and(eq(practiceMemberships.practiceId, actor.practiceId), eq(practiceMemberships.userId, input.inboxUserId)))
      .limit(1);
    if (!member) return "not_found";
  }
  const [patient] = await context.db
    .select({ mobile: patients.mobile })
    .from(patientEntries)
    .innerJoin(patients, eq(patients.id, patientEntries.patientId))
    .where(and(eq(patientEntries.id, input.entryId), eq(patientEntries.practiceId, actor.practiceId)))
    .limit(1);
  if (!patient) return "not_found";
  const sms = smsRecipient(input, patient.mobile);
  if (input.sendSms && !sms) return { status: "invalid", field: "overrideMobile", message: SEND_MESSAGES.noMobile };
  const now = context.clock.now();
  const token = randomBytes(24).toString("base64url");
  const result = await changeRequest(context, actor, { entryId: input.entryId, version: input.version, command: { kind: "reply" } }, async (tx, entry) => {
    const [send] = await tx
      .insert(questionnaireSends)
      .values({
        practiceId: actor.practiceId,
        questionnaireId: questionnaire.id,
        patientEntryId: entry.id,
        patientId: entry.patientId,
        tokenHash: hash(token),
        inboxUserId: input.inboxUserId,
        sendSms: input.sendSms,
        overrideMobile: input.overrideMobile ?? null,
        questions: questionnaire.questions,
        title: questionnaire.title,
        sentByUserId: actor.userId,
        sentAt: now,
        expiresAt: new Date(now.getTime() + LINK_DAYS * 86_400_000),
      })
      .returning({ id: questionnaireSends.id });
    const link = new URL(`/${input.practiceCode}/questionnaire/${send.id}?token=${token}`, input.origin).toString();
    await insertPracticeMessage(tx, entry.id, actor.userId, `Please answer the questionnaire "${questionnaire.title}": ${link}`, now);
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: "questionnaire.sent",
      subjectType: "questionnaire_send",
      subjectId: send.id,
      detail: { sendSms: input.sendSms, inboxUserId: input.inboxUserId },
      at: now,
    });
  });
  // E-mail as for any practice message; a text message only when asked, to the chosen mobile.
  if (result.status === "ok") return { ...result, noticeRefused: await notifyPatientOfMessage(context as AppContext, result.entry, input.origin, { smsTo: sms }) };
  return result;
}

/** `patientEntryId` is null for a bulk message's questionnaire not yet answered (decision 0131). */
export type OpenSend = { id: number; practiceId: number; patientId: number; patientEntryId: number | null; title: string; questions: QuestionDefinition[]; answered: boolean; expired: boolean };

/**
 * A sent questionnaire at a practice, if the caller may answer it: the token's hash matches, or
 * the signed-in person may act for the patient (`patientIds`). Anything else is null (not found).
 */
export async function openSend(db: Db, now: Date, input: { practiceId: number; sendId: number; token: string | null; patientIds: readonly number[] }): Promise<OpenSend | null> {
  const [row] = await db
    .select()
    .from(questionnaireSends)
    .where(and(eq(questionnaireSends.id, input.sendId), eq(questionnaireSends.practiceId, input.practiceId)))
    .limit(1);
  if (!row) return null;
  const byToken = input.token !== null && input.token.length <= 100 && hash(input.token) === row.tokenHash;
  if (!byToken && !input.patientIds.includes(row.patientId)) return null;
  return {
    id: row.id,
    practiceId: row.practiceId,
    patientId: row.patientId,
    patientEntryId: row.patientEntryId,
    title: row.title,
    questions: readQuestions(row.questions),
    answered: row.answeredAt !== null,
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

/**
 * Records the answers once (a second post finds it answered: false), writes them into the
 * request's conversation as the patient's message, and puts the request in the chosen inbox.
 */
export async function recordAnswers(db: Db, now: Date, send: OpenSend, answers: Record<string, string | string[] | null>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(questionnaireSends)
      .set({ answeredAt: now, answers: Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== null)) as Record<string, string | string[]> })
      .where(and(eq(questionnaireSends.id, send.id), isNull(questionnaireSends.answeredAt)))
      .returning({ inboxUserId: questionnaireSends.inboxUserId });
    if (!done) return false;
    const body = answersMessage(send.title, send.questions, answers);
    // A bulk message's questionnaire has no request yet: the answers make one (decision 0131).
    if (send.patientEntryId === null) {
      const entryId = await requestFromBulkAnswers(tx as unknown as Db, now, send, done.inboxUserId, body);
      await audit(tx as unknown as Db, { practiceId: send.practiceId, action: "questionnaire.answered", subjectType: "questionnaire_send", subjectId: send.id, detail: { patientEntryId: entryId }, at: now });
      return true;
    }
    await tx.insert(entryMessages).values({ patientEntryId: send.patientEntryId, authorRole: "patient", body, createdAt: now });
    await tx.insert(entryEvents).values({ patientEntryId: send.patientEntryId, kind: "patient_reply", createdAt: now });
    const [before] = await tx
      .select(entryColumns)
      .from(patientEntries)
      .where(and(eq(patientEntries.id, send.patientEntryId), eq(patientEntries.practiceId, send.practiceId)))
      .for("update");
    if (before && before.stage === "submitted" && !before.deletedAt) {
      // Back to the practice, in the inbox staff chose when sending (counters moved with it).
      const [after] = await tx
        .update(patientEntries)
        .set({ awaitingPatientReply: false, assignedToId: done.inboxUserId, version: sql`${patientEntries.version} + 1`, updatedAt: now })
        .where(eq(patientEntries.id, before.id))
        .returning(entryColumns);
      await applyInboxChange(tx, before.practiceId, before, after);
    }
    await audit(tx as unknown as Db, { practiceId: send.practiceId, action: "questionnaire.answered", subjectType: "questionnaire_send", subjectId: send.id, at: now });
    return true;
  });
}

/** The issue type of a request made by a bulk questionnaire's answers: an admin request. */
const BULK_ANSWERS_ISSUE_CODE = "administrative";

/**
 * The request a bulk message's questionnaire answers make: written for the patient by whoever
 * sent the bulk message (requester "staff", as a request staff write on a patient's behalf),
 * submitted at once into the chosen inbox (Unassigned), with the practice's invitation and the
 * patient's answers as its conversation. Not counted against the practice's online demand limit:
 * the practice asked for it.
 */
async function requestFromBulkAnswers(tx: Db, now: Date, send: OpenSend, inboxUserId: number | null, body: string): Promise<number> {
  const [row] = await tx
    .select({ sentBy: questionnaireSends.sentByUserId, patientUser: patients.userId, bulkTitle: bulkMessages.title })
    .from(questionnaireSends)
    .innerJoin(patients, eq(patients.id, questionnaireSends.patientId))
    .leftJoin(bulkMessages, eq(bulkMessages.id, questionnaireSends.bulkMessageId))
    .where(eq(questionnaireSends.id, send.id));
  // The writer must be a person: the sender, else (they were removed) a member of the practice.
  let writer = row?.sentBy ?? null;
  if (writer === null) {
    const [member] = await tx.select({ userId: practiceMemberships.userId }).from(practiceMemberships).where(eq(practiceMemberships.practiceId, send.practiceId)).limit(1);
    writer = member?.userId ?? row?.patientUser ?? null;
  }
  if (writer === null) throw new Error("No one to record the request as written by");
  const [type] = await tx.select({ id: issueTypes.id }).from(issueTypes).where(eq(issueTypes.code, BULK_ANSWERS_ISSUE_CODE));
  const [entry] = await tx
    .insert(patientEntries)
    .values({
      practiceId: send.practiceId,
      patientId: send.patientId,
      createdByUserId: writer,
      requester: "staff",
      issueTypeId: type!.id,
      stage: "submitted",
      confirmed: true,
      startedAt: now,
      submittedAt: now,
      assignedToId: inboxUserId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await applyInboxChange(tx, send.practiceId, null, entry!);
  await tx.insert(entryEvents).values({ patientEntryId: entry!.id, actorUserId: writer, kind: "submitted", createdAt: now });
  const invitation = row?.bulkTitle ? `Sent with the bulk message "${row.bulkTitle}": please answer the questionnaire "${send.title}".` : `Please answer the questionnaire "${send.title}".`;
  await tx.insert(entryMessages).values({ patientEntryId: entry!.id, authorUserId: writer, authorRole: "staff", body: invitation, createdAt: now });
  await tx.insert(entryMessages).values({ patientEntryId: entry!.id, authorRole: "patient", body, createdAt: new Date(now.getTime() + 1) });
  await tx.update(questionnaireSends).set({ patientEntryId: entry!.id }).where(eq(questionnaireSends.id, send.id));
  return entry!.id;
}
