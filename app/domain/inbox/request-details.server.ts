/**
 * Everything a GP or receptionist sees about one request: the patient, every answer, the
 * attachments, the conversation, comments, actions and history, and who else has it open.
 * Loading it records the view (audit row and viewer heartbeat).
 */
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { runNamed } from "~/db/named-query.server";
import {
  answers,
  carerDependents,
  entryActions,
  entryComments,
  entryEvents,
  entryFiles,
  entryMessages,
  entryViewers,
  issueTypes,
  patientEntries,
  patients,
  practiceMemberships,
  questions,
  users,
} from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { answerText } from "~/domain/requests/conversation.server";
import { entryColumns } from "~/domain/requests/entries.server";

/** Someone who looked at the request within this window "has it open". */
const VIEWER_WINDOW_MS = 2 * 60_000;

export async function loadRequestDetails(db: Db, practiceId: number, entryId: number) {
  if (!Number.isSafeInteger(entryId) || entryId <= 0 || entryId > 2_147_483_647) return null;
  const [row] = await db
    .select({ entry: entryColumns, patient: patients, issueTypeName: issueTypes.name })
    .from(patientEntries)
    .innerJoin(patients, eq(patients.id, patientEntries.patientId))
    .innerJoin(issueTypes, eq(issueTypes.id, patientEntries.issueTypeId))
    .where(
      and(
        eq(patientEntries.id, entryId),
        eq(patientEntries.practiceId, practiceId),
        isNull(patientEntries.deletedAt),
        ne(patientEntries.stage, "created"),
      ),
    )
    .limit(1);
  if (!row) return null;
  const [answerRows, files, messages, comments, actions, events, staff] = await Promise.all([
    db
      .select({ questionId: answers.questionId, answer: answers.answer, text: questions.text, kind: questions.kind, options: questions.options, page: questions.page, position: questions.position })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(eq(answers.patientEntryId, entryId))
      .orderBy(asc(questions.page), asc(questions.position)),
    db.select().from(entryFiles).where(and(eq(entryFiles.patientEntryId, entryId), isNull(entryFiles.deletedAt))).orderBy(asc(entryFiles.createdAt)),
    db
      .select({ id: entryMessages.id, body: entryMessages.body, authorRole: entryMessages.authorRole, createdAt: entryMessages.createdAt, authorFirstName: users.firstName, authorLastName: users.lastName })
      .from(entryMessages)
      .leftJoin(users, eq(users.id, entryMessages.authorUserId))
      .where(eq(entryMessages.patientEntryId, entryId))
      .orderBy(asc(entryMessages.createdAt), asc(entryMessages.id)),
    db
      .select({ id: entryComments.id, body: entryComments.body, snomedCodes: entryComments.snomedCodes, createdAt: entryComments.createdAt, authorFirstName: users.firstName, authorLastName: users.lastName })
      .from(entryComments)
      .leftJoin(users, eq(users.id, entryComments.authorUserId))
      .where(and(eq(entryComments.patientEntryId, entryId), isNull(entryComments.deletedAt)))
      .orderBy(asc(entryComments.createdAt)),
    db
      .select({ id: entryActions.id, text: entryActions.text, assignedToId: entryActions.assignedToId, createdAt: entryActions.createdAt, completedAt: entryActions.completedAt })
      .from(entryActions)
      .where(eq(entryActions.patientEntryId, entryId))
      .orderBy(asc(entryActions.createdAt)),
    db
      .select({ id: entryEvents.id, kind: entryEvents.kind, detail: entryEvents.detail, createdAt: entryEvents.createdAt, actorFirstName: users.firstName, actorLastName: users.lastName })
      .from(entryEvents)
      .leftJoin(users, eq(users.id, entryEvents.actorUserId))
      .where(eq(entryEvents.patientEntryId, entryId))
      .orderBy(desc(entryEvents.createdAt), desc(entryEvents.id))
      .limit(100),
    practiceStaff(db, practiceId),
  ]);
  const carer = await sentByCarer(db, row.entry.createdByUserId, row.patient.id, row.patient.userId);
  return {
    entry: row.entry,
    patient: row.patient,
    issueTypeName: row.issueTypeName,
    answers: answerRows.map((a) => ({ questionId: a.questionId, question: a.text, answer: answerText(a, a.answer) })),
    files,
    messages,
    comments,
    actions,
    events,
    staff,
    /** A carer who sent it on the patient's behalf (issue "patient side"), else null. */
    sentByCarer: carer,
  };
}

/** The carer who wrote a request for the patient they care for: their name, or null. */
async function sentByCarer(db: Db, createdByUserId: number, patientId: number, patientUserId: number | null): Promise<string | null> {
  if (createdByUserId === patientUserId) return null;
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(carerDependents, and(eq(carerDependents.carerUserId, users.id), eq(carerDependents.patientId, patientId)))
    .where(eq(users.id, createdByUserId))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}` : null;
}

export type RequestDetails = NonNullable<Awaited<ReturnType<typeof loadRequestDetails>>>;

/** GPs and receptionists of the practice: who a request or an action can be assigned to. */
export async function practiceStaff(db: Db, practiceId: number) {
  return runNamed(
    db
      .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(practiceMemberships)
      .innerJoin(users, eq(users.id, practiceMemberships.userId))
      .where(and(eq(practiceMemberships.practiceId, practiceId), inArray(practiceMemberships.role, ["gp", "receptionist"]), isNull(users.disabledAt)))
      .orderBy(users.lastName, users.firstName, users.id),
    "practice_staff",
  );
}

/** Records the view (audit) and returns the other staff who have the request open now. */
export async function recordView(context: Pick<AppContext, "db" | "clock">, actor: { userId: number; practiceId: number }, entryId: number) {
  const now = context.clock.now();
  await Promise.all([
    context.db
      .insert(entryViewers)
      .values({ patientEntryId: entryId, userId: actor.userId, lastSeenAt: now })
      .onConflictDoUpdate({ target: [entryViewers.patientEntryId, entryViewers.userId], set: { lastSeenAt: now } }),
    audit(context.db, { actorUserId: actor.userId, practiceId: actor.practiceId, action: "request.view", subjectType: "patient_entry", subjectId: entryId, at: now }),
  ]);
  return context.db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(entryViewers)
    .innerJoin(users, eq(users.id, entryViewers.userId))
    .where(
      and(
        eq(entryViewers.patientEntryId, entryId),
        ne(entryViewers.userId, actor.userId),
        gt(entryViewers.lastSeenAt, sql`${new Date(now.getTime() - VIEWER_WINDOW_MS)}`),
      ),
    );
}
