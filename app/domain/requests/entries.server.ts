/**
 * Patient entries (requests): creating a draft, finding one the viewer may see, and their
 * answers. Every lookup for a patient-side page is scoped (access.server.ts), so a foreign
 * or stale id is "not found" and the route answers page-not-found.
 */
import { and, asc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { answers, patientEntries, patients } from "~/db/schema";
import type { TokenGrant } from "~/domain/auth/magic-links.server";
import { entryScopeOf } from "./access.server";
import { recordKey } from "~/db/idempotency-keys.server";
import { preparedOnce } from "~/db/prepared.server";
import { isId } from "~/validation/ids";

/**
 * Every column of a request but `search_document`: the staff text search reads that column in
 * the database (request-text.server.ts) and no code reads it back, yet a submitted request's
 * tsvector is as long as its free text. Select these (or `.returning(entryColumns)`) wherever
 * a whole request is read, so a page carries only what it shows.
 */
const { searchDocument: _readInTheDatabaseOnly, ...entryColumnsWithoutSearch } = getTableColumns(patientEntries);
export const entryColumns = entryColumnsWithoutSearch;

export type PatientEntry = Omit<typeof patientEntries.$inferSelect, "searchDocument">;
export type Answer = typeof answers.$inferSelect;
export type Requester = "myself" | "dependent" | "staff";

export async function createEntry(
  db: Db,
  input: {
    practiceId: number;
    patientId: number;
    createdByUserId: number;
    requester: Requester;
    issueTypeId: number;
    lang?: string;
    /** Made inside the NHS App ("nhs_app") or this site in a browser ("web", the default). */
    submittedVia?: "web" | "nhs_app";
    now: Date;
  },
): Promise<PatientEntry> {
  const [entry] = await db
    .insert(patientEntries)
    .values({
      practiceId: input.practiceId,
      patientId: input.patientId,
      createdByUserId: input.createdByUserId,
      requester: input.requester,
      issueTypeId: input.issueTypeId,
      lang: input.lang ?? "en",
      submittedVia: input.submittedVia ?? "web",
      startedAt: input.now,
    })
    .returning();
  return entry;
}

/** The entry if it is at this practice and about the user or someone they care for. */
export async function findEntryForUser(db: Db, userId: number, practiceId: number, entryId: number): Promise<PatientEntry | null> {
  if (!isId(entryId)) return null;
  const [entry] = await preparedOnce(db, "entry_for_user", (db) =>
    db
      .select(entryColumns)
      .from(patientEntries)
      .where(and(eq(patientEntries.id, sql.placeholder("entryId")), eq(patientEntries.practiceId, sql.placeholder("practiceId")), entryScopeOf(sql.placeholder("userId"))))
      .limit(1),
  ).execute({ entryId, practiceId, userId });
  return entry ?? null;
}

/** An answer as saved: the question and its value (a string, or a list for multiple choice). */
export type SavedAnswer = { questionId: number; answer: string | string[] };

/**
 * findEntryForUser and the entry's answers (as loadAnswers reads them) in one round trip: every
 * step of a draft reads both, and the answers only once the entry is known to be the viewer's.
 * Same scope, same order, and each answer read as text and parsed once here, as loadAnswers does.
 */
export async function findEntryWithAnswersForUser(
  db: Db,
  userId: number,
  practiceId: number,
  entryId: number,
): Promise<EntryWithAnswers | null> {
  if (!isId(entryId)) return null;
  const [row] = await preparedOnce(db, "entry_with_answers_for_user", (db) =>
    db
      .select({ ...entryColumns, savedAnswers: savedAnswersOfEntry() })
      .from(patientEntries)
      .where(and(eq(patientEntries.id, sql.placeholder("entryId")), eq(patientEntries.practiceId, sql.placeholder("practiceId")), entryScopeOf(sql.placeholder("userId"))))
      .limit(1),
  ).execute({ entryId, practiceId, userId });
  if (!row) return null;
  const { savedAnswers, ...entry } = row;
  return withAnswers(entry, savedAnswers);
}

export type EntryWithAnswers = { entry: PatientEntry; answers: SavedAnswer[] };

/**
 * The answers of the patient_entries row in the enclosing query, as one json column of
 * [question id, answer as text] pairs in question order (the viewer's load reads them too:
 * app/domain/auth/viewer.server.ts). Written with an alias: drizzle leaves columns unqualified
 * in a one-table select, and a bare "id" in the subquery would be the answer's.
 */
export function savedAnswersOfEntry() {
  return sql<[number, string][] | string>`coalesce((
          select json_agg(json_build_array(a.question_id, a.answer::text) order by a.question_id)
          from ${answers} a where a.patient_entry_id = ${patientEntries}.id), '[]'::json)`;
}

/** The entry with its answers from savedAnswersOfEntry's column, each parsed once, as loadAnswers does. */
export function withAnswers(entry: PatientEntry, savedAnswers: [number, string][] | string): EntryWithAnswers {
  // Both drivers parse json; a driver set up not to would hand over the text.
  const pairs = (typeof savedAnswers === "string" ? JSON.parse(savedAnswers) : savedAnswers) as [number, string][];
  return { entry, answers: pairs.map(([questionId, text]) => ({ questionId, answer: JSON.parse(text) as string | string[] })) };
}

/** The entry a magic-link holder may see: exactly the one request the link is scoped to. */
export async function findEntryForGrant(db: Db, grant: TokenGrant, entryId: number): Promise<PatientEntry | null> {
  if (grant.scope.patientEntryId !== entryId) return null;
  const [entry] = await db
    .select(entryColumns)
    .from(patientEntries)
    .where(
      and(
        eq(patientEntries.id, entryId),
        eq(patientEntries.practiceId, grant.practiceId),
        eq(patientEntries.patientId, grant.patientId),
        isNull(patientEntries.deletedAt),
      ),
    )
    .limit(1);
  return entry ?? null;
}

export async function loadAnswers(db: Db, entryId: number): Promise<Answer[]> {
  const rows = await preparedOnce(db, "answers_of_entry", (db) =>
    db
      .select({ ...getTableColumns(answers), answerText: sql<string>`${answers.answer}::text` })
      .from(answers)
      .where(eq(answers.patientEntryId, sql.placeholder("entryId")))
      .orderBy(asc(answers.questionId)),
  ).execute({ entryId });
  // Read as text and parsed once here: the drivers parse jsonb and drizzle parses a string
  // again, which would turn an answer typed as "42", "true" or "null" into 42, true or null.
  return rows.map(({ answerText, ...row }) => ({ ...row, answer: JSON.parse(answerText) as string | string[] }));
}

/** An answer left empty (nothing typed, nothing chosen): saving it removes the stored one. */
function isClearedAnswer(answer: string | string[] | null): answer is null | "" | [] {
  return answer === null || (Array.isArray(answer) ? answer.length === 0 : answer === "");
}

/**
 * A post's idempotency record (server/idempotency.server.ts): the redirect the post answers
 * with, stored against its key so a repeat of the post gets the same answer.
 */
export type PostRecord = { keyHash: string; status: number; location: string };

/**
 * Saves the answers of one page (insert or replace), with the language they were given in.
 * An empty optional answer removes an earlier one, so "check your answers" shows what is true.
 * `record`: the post's idempotency record, when these answers are the post's last write and its
 * redirect is already decided; a single answer's upsert then writes it in the same statement
 * (decision 0158: one round trip fewer, and the answer and its record commit together). True
 * when the record was written with the answers.
 */
export async function saveAnswers(
  db: Db,
  entryId: number,
  given: { questionId: number; answer: string | string[] | null }[],
  lang: string,
  now: Date,
  record?: PostRecord | null,
): Promise<boolean> {
  const write = async (handle: Queryable, { questionId, answer }: (typeof given)[number]) => {
    if (isClearedAnswer(answer)) {
      await handle.delete(answers).where(and(eq(answers.patientEntryId, entryId), eq(answers.questionId, questionId)));
      return;
    }
    await handle
      .insert(answers)
      .values({ patientEntryId: entryId, questionId, answer, lang, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [answers.patientEntryId, answers.questionId], set: { answer, lang, updatedAt: now } });
  };
  // One answer is one statement, atomic on its own: no BEGIN and COMMIT round trips (and, on
  // PostgreSQL, no client held for them). Most pages ask one question.
  if (given.length === 1) {
    const [one] = given;
    if (isClearedAnswer(one.answer)) {
      await write(db, one);
      return false;
    }
    if (record) {
      await upsertOneAnswerRecording(db, entryId, one.questionId, one.answer, lang, now, record);
      return true;
    }
    await upsertOneAnswer(db, entryId, one.questionId, one.answer, lang, now);
    return false;
  }
  await db.transaction(async (tx) => {
    for (const one of given) await write(tx, one);
  });
  return false;
}

/**
 * The single answer's upsert, built and prepared once (issue "speed"): the answer POST's
 * one write, which drizzle otherwise built and PostgreSQL parsed afresh on every post.
 */
async function upsertOneAnswer(db: Db, entryId: number, questionId: number, answer: string | string[], lang: string, now: Date): Promise<void> {
  await preparedOnce(db, "answer_upsert", oneAnswerUpsert).execute(oneAnswerValues(entryId, questionId, answer, lang, now));
}

/**
 * The upsert as a data-modifying WITH, and the post's record as the statement's UPDATE of its
 * key (claimed before the action ran). PostgreSQL runs a data-modifying WITH to completion
 * whether or not the rest reads it; both commit or neither does. The record is recordKey, the
 * write runOnce makes when no action carried it (db/idempotency-keys.server.ts); a carried
 * record stores no flash, as runOnce only leaves it here for a bare redirect.
 */
async function upsertOneAnswerRecording(
  db: Db,
  entryId: number,
  questionId: number,
  answer: string | string[],
  lang: string,
  now: Date,
  record: PostRecord,
): Promise<void> {
  await preparedOnce(db, "answer_upsert_recorded", (db) => recordKey(db.with(db.$with("saved").as(oneAnswerUpsert(db).returning({ id: answers.id }))))).execute({
    ...oneAnswerValues(entryId, questionId, answer, lang, now),
    keyHash: record.keyHash,
    status: record.status,
    location: record.location,
    flash: null,
  });
}

/** The values go in as drizzle's own columns would send them: JSON text for jsonb, an ISO string for timestamptz. */
function oneAnswerValues(entryId: number, questionId: number, answer: string | string[], lang: string, now: Date) {
  return { entryId, questionId, answer: JSON.stringify(answer), lang, now: now.toISOString() };
}

function oneAnswerUpsert(db: Db) {
  return db
    .insert(answers)
    .values({
      patientEntryId: sql.placeholder("entryId"),
      questionId: sql.placeholder("questionId"),
      answer: sql`${sql.placeholder("answer")}::jsonb`,
      lang: sql.placeholder("lang"),
      createdAt: sql`${sql.placeholder("now")}::timestamptz`,
      updatedAt: sql`${sql.placeholder("now")}::timestamptz`,
    })
    .onConflictDoUpdate({
      target: [answers.patientEntryId, answers.questionId],
      set: { answer: sql`excluded.answer`, lang: sql`excluded.lang`, updatedAt: sql`excluded.updated_at` },
    });
}

/** A request a staff member is writing (or wrote) for a patient at their practice. */
export async function findStaffDraft(db: Db, staffUserId: number, practiceId: number, entryId: number): Promise<PatientEntry | null> {
  if (!Number.isSafeInteger(entryId) || entryId <= 0 || entryId > 2_147_483_647) return null;
  const [entry] = await db
    .select(entryColumns)
    .from(patientEntries)
    .where(
      and(
        eq(patientEntries.id, entryId),
        eq(patientEntries.practiceId, practiceId),
        eq(patientEntries.requester, "staff"),
        eq(patientEntries.createdByUserId, staffUserId),
        isNull(patientEntries.deletedAt),
      ),
    )
    .limit(1);
  return entry ?? null;
}

/** The name of the patient a request is about, as check your answers shows it. */
export async function entryPatientName(db: Db, entry: Pick<PatientEntry, "patientId">): Promise<string> {
  const [patient] = await db.select({ firstName: patients.firstName, lastName: patients.lastName }).from(patients).where(eq(patients.id, entry.patientId));
  return patient ? `${patient.firstName} ${patient.lastName}` : "";
}
