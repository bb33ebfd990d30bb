/**
 * The conversation of a request (spec 2 §2.2 /chat/{id}): what the patient sent (answers
 * and files), then the practice's messages and the patient's replies in time order, each
 * with its files. Callers pass an entry they already found through the scoped lookups
 * (findEntryForUser / findEntryForGrant), so nothing here decides who may see it.
 *
 * Writing: `addPatientReply` (the chat's reply form) and `addPracticeMessage` (the staff
 * side calls it; it flags the request as awaiting the patient and tells them, with a magic
 * link scoped to this request).
 */
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db, Tx } from "~/db/client.server";
import { answers, entryEvents, entryFiles, entryMessages, issueTypes, patientEntries, patients, practices, questions, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { applyInboxChange } from "~/domain/inbox/counters.server";
import { replyToPatient } from "~/domain/inbox/reply.server";
import { applyCommand } from "~/domain/inbox/transitions";
import { listEntryFiles, storeEntryFiles, type EntryFile } from "~/domain/files/entry-files.server";
import { FILE_MESSAGES, MAX_FILES_PER_REQUEST } from "~/domain/files/file-types";
import type { AcceptedUpload } from "~/domain/files/file-types";
import { copy } from "~/copy";
import { staffNameForPatients } from "~/domain/staff/patient-facing-name";
import { displayAnswer } from "./answer-rules";
import { formatDate, formatIsoDate, formatTime } from "./display";
import { entryColumns, type PatientEntry } from "./entries.server";
import type { Question } from "./questions.server";
import { requestReference } from "./reference";
import { acceptsReplies, requestStatus, type RequestStatus } from "./request-status";
import { REPLY_MESSAGES } from "./reply-form";

export type ThreadFile = { id: string; fileName: string; sizeBytes: number; contentType: string };

export type ThreadMessage = {
  id: number;
  from: "practice" | "patient";
  /** Who wrote it, as the patient reads it: the staff member's patient-facing name with the practice, or the practice. */
  author: string | null;
  body: string;
  /** DD/MM/YYYY and HH:mm, Europe/London. */
  date: string;
  time: string;
  files: ThreadFile[];
};

export type Conversation = {
  entryId: number;
  reference: string;
  issueTypeName: string;
  practiceName: string;
  status: RequestStatus;
  /** When it reached the practice (DD/MM/YYYY, HH:mm); null for a draft that never did. */
  sent: { date: string; time: string } | null;
  answers: { question: string; answer: string }[];
  files: ThreadFile[];
  messages: ThreadMessage[];
  acceptsReplies: boolean;
};

/** An answer as the patient gave it, in words: option labels, DD/MM/YYYY dates, Yes/No. */
export function answerText(question: Pick<Question, "kind" | "options">, answer: string | string[] | null | undefined): string {
  return displayAnswer(question as Parameters<typeof displayAnswer>[0], answer).join(", ");
}

function threadFile(file: EntryFile): ThreadFile {
  return { id: file.id, fileName: file.fileName, sizeBytes: file.sizeBytes, contentType: file.contentType };
}

export async function loadConversation(context: Pick<AppContext, "db">, entry: PatientEntry): Promise<Conversation> {
  const { db } = context;
  const [[about], given, messages, files] = await Promise.all([
    db
      .select({ issueTypeName: issueTypes.name, practiceName: practices.name })
      .from(issueTypes)
      .innerJoin(practices, eq(practices.id, entry.practiceId))
      .where(eq(issueTypes.id, entry.issueTypeId))
      .limit(1),
    db
      .select({ answer: answers.answer, text: questions.text, kind: questions.kind, options: questions.options })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(eq(answers.patientEntryId, entry.id))
      .orderBy(asc(questions.page), asc(questions.position), asc(questions.id)),
    db
      .select({ id: entryMessages.id, authorRole: entryMessages.authorRole, body: entryMessages.body, createdAt: entryMessages.createdAt, authorPatientFacingName: users.patientFacingName })
      .from(entryMessages)
      .leftJoin(users, eq(users.id, entryMessages.authorUserId))
      .where(eq(entryMessages.patientEntryId, entry.id))
      .orderBy(asc(entryMessages.createdAt), asc(entryMessages.id)),
    listEntryFiles(context, entry.id),
  ]);
  const filesOf = (messageId: number | null) => files.filter((f) => f.messageId === messageId).map(threadFile);
  return {
    entryId: entry.id,
    reference: requestReference(entry.id),
    issueTypeName: about?.issueTypeName ?? "",
    practiceName: about?.practiceName ?? "",
    status: requestStatus(entry) ?? "submitted",
    sent: entry.submittedAt ? { date: formatDate(entry.submittedAt), time: formatTime(entry.submittedAt) } : null,
    answers: given.map((a) => ({ question: a.text, answer: answerText(a, a.answer) })),
    files: filesOf(null),
    messages: messages.map((m) => ({
      id: m.id,
      from: m.authorRole === "staff" ? "practice" : "patient",
      // Never the real name: patients see the patient-facing name, if set (spec 3 §6).
      author: m.authorRole === "staff" ? staffNameForPatients(m.authorPatientFacingName, about?.practiceName ?? "") : null,
      body: m.body,
      date: formatDate(m.createdAt),
      time: formatTime(m.createdAt),
      files: filesOf(m.id),
    })),
    acceptsReplies: acceptsReplies(entry),
  };
}

export type ReplyResult =
  | { status: "sent"; messageId: number }
  | { status: "closed"; message: string }
  | { status: "too_many_files"; message: string };

/**
 * A reply from the patient (or their carer, or a link holder: userId null). The caller has
 * validated the text (reply-form.ts) and refused bad files; this refuses a reply to a
 * closed request, and more files than the request has room for, before storing anything.
 * A reply answers the practice: the request stops awaiting the patient.
 */
/**
 * A reply to a request that was waiting for the patient brings it back to the practice: to
 * its assignee, or to unassigned when the practice says so (spec 3 §4), moving the inbox
 * counters and writing the history in the reply's transaction.
 */
async function bringBackToPractice(tx: Tx, entryId: number, now: Date) {
  const [before] = await tx.select(entryColumns).from(patientEntries).where(eq(patientEntries.id, entryId)).for("update");
  await tx.insert(entryEvents).values({ patientEntryId: entryId, kind: "patient_reply", createdAt: now });
  if (!before.awaitingPatientReply) return;
  const [practice] = await tx.select({ toUnassigned: practices.patientReplyToUnassigned }).from(practices).where(eq(practices.id, before.practiceId));
  const outcome = applyCommand(before, { kind: "patient_reply", toUnassigned: practice?.toUnassigned ?? false }, now);
  if (!outcome.ok) return;
  const [after] = await tx
    .update(patientEntries)
    .set({ ...outcome.patch, version: sql`${patientEntries.version} + 1`, updatedAt: now })
    .where(eq(patientEntries.id, entryId))
    .returning(entryColumns);
  await applyInboxChange(tx, before.practiceId, before, after);
}


export async function addPatientReply(
  context: Pick<AppContext, "db" | "files" | "clock">,
  entry: PatientEntry,
  input: { body: string; uploads: AcceptedUpload[]; sensitive: boolean; userId: number | null },
): Promise<ReplyResult> {
  const now = context.clock.now();
  const result = await context.db.transaction(async (tx): Promise<ReplyResult> => {
    // Locks the request row: a reply racing the practice closing it cannot slip in after.
    const [current] = await tx.select({ stage: patientEntries.stage }).from(patientEntries).where(eq(patientEntries.id, entry.id)).for("update");
    if (!current || !acceptsReplies(current)) return { status: "closed", message: REPLY_MESSAGES.closed };
    if (input.uploads.length > 0) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(entryFiles)
        .where(and(eq(entryFiles.patientEntryId, entry.id), isNull(entryFiles.deletedAt)));
      if (n + input.uploads.length > MAX_FILES_PER_REQUEST) return { status: "too_many_files", message: FILE_MESSAGES.tooMany };
    }
    const [message] = await tx
      .insert(entryMessages)
      .values({ patientEntryId: entry.id, authorUserId: input.userId, authorRole: "patient", body: input.body, createdAt: now })
      .returning({ id: entryMessages.id });
    if (input.uploads.length > 0) {
      const txContext = { ...context, db: tx as unknown as Db };
      await storeEntryFiles(txContext, { entryId: entry.id, uploads: input.uploads, sensitive: input.sensitive, userId: input.userId, messageId: message.id });
    }
    await bringBackToPractice(tx, entry.id, now);
    return { status: "sent", messageId: message.id };
  });
  if (result.status === "sent") {
    await audit(context.db, {
      actorUserId: input.userId,
      practiceId: entry.practiceId,
      action: "request.patient_reply",
      subjectType: "patient_entry",
      subjectId: entry.id,
      detail: { files: input.uploads.length, byLinkHolder: input.userId === null },
      at: now,
    });
  }
  return result;
}

/**
 * A message from the practice in the conversation. The request then awaits the patient,
 * who is told by e-mail and SMS (where the record has them) with a magic link to this
 * request only. `origin` is the public origin links are built on (the staff request's).
 */
export async function addPracticeMessage(
  context: AppContext,
  entry: PatientEntry,
  input: { body: string; staffUserId: number; origin: string },
): Promise<{ messageId: number }> {
  // The staff reply path (inbox/reply.server.ts): one transaction with the inbox move and history.
  const result = await replyToPatient(context, { userId: input.staffUserId, practiceId: entry.practiceId }, { entryId: entry.id, version: null, body: input.body, origin: input.origin });
  if (result.status !== "ok") throw new Error(`Practice message not written: ${result.status}`);
  const [message] = await context.db
    .select({ id: entryMessages.id })
    .from(entryMessages)
    .where(eq(entryMessages.patientEntryId, entry.id))
    .orderBy(sql`${entryMessages.id} desc`)
    .limit(1);
  return { messageId: message.id };
}

/**
 * Who hears of a practice message: the patient's account address (or the one on their
 * record), or for a dependent without either, the carer who wrote the request; and the
 * record's mobile by SMS. Nobody to tell is fine: they see it when they next sign in.
 */
