/**
 * Signed-in patients and their requests, written straight into the database the bench app
 * uses (as the Playwright fixtures of the Epic Stack do: a session row, not a sign-in), so
 * the request pages can be weighed and loaded without clicking through the journey.
 *
 * Each patient gets a session cookie, a CSRF secret with its form token (the cookie and
 * the `csrf` field a rendered form would carry), draft requests (stage created) and one
 * submitted request with a message from the practice.
 *
 * The step routes (message, questions, confirmation, submitted) are built on another
 * branch: `requestStepPages` lists them all, and the page-weight table reports the ones that
 * answer 404 as missing until they exist.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../app/db/client.server";
import { answers, entryMessages, patientEntries, patients, practices, questions, users } from "../app/db/schema";
import { systemClock } from "../app/domain/clock";
import { csrfTokenFor, CSRF_COOKIE_SECURE, newCsrfSecret } from "../app/domain/security/csrf.server";
import { createSession, PATIENT_IDLE_SECONDS, SESSION_COOKIE_SECURE } from "../app/domain/sessions/sessions.server";
import type { BenchPage } from "./pages";

/** The admin issue type (4): no emergency screen, page 1 is question 31 (single choice). */
export const BENCH_ISSUE_TYPE_ID = 4;

export type BenchPatient = {
  userId: number;
  patientId: number;
  /** Cookie header: the session and the CSRF secret (production cookie names). */
  cookie: string;
  /** The `csrf` form field that matches the cookie's secret. */
  csrfToken: string;
  /** Drafts (stage created), started now: each load post answers a fresh one. */
  draftIds: number[];
  /** A submitted request with one practice message: the chat page. */
  submittedId: number;
};

/**
 * Creates `count` signed-in patients of the practice, each with `draftsEach` drafts.
 * Rows are inserted in bulk: thousands of drafts take a second or two.
 */
export async function seedBenchPatients(
  db: Db,
  input: { practiceCode: string; count: number; draftsEach: number; sessionSecret: string },
): Promise<BenchPatient[]> {
  const [practice] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, input.practiceCode));
  if (!practice) throw new Error(`bench: no practice ${input.practiceCode} (is the demo data seeded?)`);
  const [staff] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = 'demo.gp@nhs.net'`);
  const run = randomBytes(4).toString("hex");
  const now = systemClock.now();
  const made: BenchPatient[] = [];
  for (let i = 0; i < input.count; i++) {
    const email = `bench.${run}.${i}@example.com`;
    const [user] = await db.insert(users).values({ email, firstName: "Bench", lastName: `Patient ${i}`, emailVerifiedAt: now }).returning({ id: users.id });
    const [patient] = await db
      .insert(patients)
      .values({ practiceId: practice.id, userId: user.id, firstName: "Bench", lastName: `Patient ${run} ${i}`, dateOfBirth: "1980-01-01" })
      .returning({ id: patients.id });
    const base = { practiceId: practice.id, patientId: patient.id, createdByUserId: user.id, issueTypeId: BENCH_ISSUE_TYPE_ID, startedAt: now };
    const [submitted] = await db
      .insert(patientEntries)
      .values({ ...base, stage: "submitted", submittedAt: now })
      .returning({ id: patientEntries.id });
    if (staff) {
      await db.insert(entryMessages).values({ patientEntryId: submitted.id, authorUserId: staff.id, authorRole: "staff", body: "Which dates do you need?", createdAt: now });
    }
    const draftIds: number[] = [];
    for (let start = 0; start < input.draftsEach; start += 500) {
      const size = Math.min(500, input.draftsEach - start);
      const rows = await db
        .insert(patientEntries)
        .values(Array.from({ length: size }, () => ({ ...base })))
        .returning({ id: patientEntries.id });
      draftIds.push(...rows.map((r) => r.id));
    }
    const session = await createSession(db, systemClock, { userId: user.id, practiceId: null, idleSeconds: PATIENT_IDLE_SECONDS, userAgent: "bench" });
    const csrfSecret = newCsrfSecret();
    made.push({
      userId: user.id,
      patientId: patient.id,
      cookie: `${SESSION_COOKIE_SECURE}=${encodeURIComponent(session.id)}; ${CSRF_COOKIE_SECURE}=${csrfSecret}`,
      csrfToken: csrfTokenFor(input.sessionSecret, csrfSecret),
      draftIds: draftIds.sort((a, b) => a - b),
      submittedId: submitted.id,
    });
  }
  return made;
}

/** How many question pages the bench issue type has (1, 2, ...). */
export async function questionPageCount(db: Db): Promise<number> {
  const rows = await db
    .selectDistinct({ page: questions.page })
    .from(questions)
    .where(and(eq(questions.issueTypeId, BENCH_ISSUE_TYPE_ID), eq(questions.active, true)))
    .orderBy(asc(questions.page));
  return rows.length;
}

/**
 * How the questions route addresses its pages: page 1 is
 * /{code}/questions/{id}, page n is /{code}/questions/{id}?page=n.
 */
export function questionPagePath(code: string, entryId: number, page: number): string {
  return page <= 1 ? `/${code}/questions/${entryId}` : `/${code}/questions/${entryId}?page=${page}`;
}

/** Admin-type answers, page by page (drizzle/0002_question_sets.sql: 31 single choice, 32 text, 33 optional). */
const ADMIN_ANSWERS: { questionId: number; answer: string }[][] = [[{ questionId: 31, answer: "fit_note" }], [{ questionId: 32, answer: "Off work since Monday" }], []];

/** Draft n (0-based) gets the answers of pages 1..n, so it stands at page n + 1. */
export async function answerDraftsUpToTheirPage(db: Db, draftIds: number[]): Promise<void> {
  for (const [n, id] of draftIds.entries()) {
    const given = ADMIN_ANSWERS.slice(0, n).flat();
    if (given.length) await db.insert(answers).values(given.map((a) => ({ patientEntryId: id, ...a })));
  }
}

/** Every page of the request journey, for one signed-in patient (404 = not built yet: "missing"). */
export function requestStepPages(code: string, patient: BenchPatient, pages: number): BenchPage[] {
  const last = patient.draftIds[pages - 1] ?? patient.draftIds[0];
  return [
    // /{code}/message sends a patient who cares for nobody straight on to /message/myself.
    { path: `/${code}/message/myself`, optional: true },
    ...Array.from({ length: pages }, (_, i) => ({ path: questionPagePath(code, patient.draftIds[i] ?? patient.draftIds[0], i + 1), optional: true })),
    { path: `/${code}/confirmation/${last}`, optional: true },
    { path: `/${code}/submitted?entry=${patient.submittedId}`, optional: true },
    { path: `/${code}/my-requests-and-messages`, optional: true },
    { path: `/${code}/chat/${patient.submittedId}`, optional: true },
  ];
}
