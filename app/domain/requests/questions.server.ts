/**
 * Issue types and their triage questions, read from the database (drizzle/0002_question_sets.sql
 * seeds them). They change only with a migration, so each process keeps them for a minute
 * rather than reading them on every step.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { issueTypes, questions, signpostingRules } from "~/db/schema";

export type IssueType = typeof issueTypes.$inferSelect;
export type Question = typeof questions.$inferSelect;
export type SignpostingRule = typeof signpostingRules.$inferSelect;

/** One page of questions (the emergency screen is page 0 of a clinical type). */
export type QuestionPage = { page: number; questions: Question[] };
export type QuestionSet = { issueType: IssueType; pages: QuestionPage[]; rules: SignpostingRule[] };

const TTL_MS = 60_000;
type Cached = { at: number; issueTypes: IssueType[]; sets: Map<number, QuestionSet> };
const cache = new WeakMap<Db, Cached>();

async function load(db: Db): Promise<Cached> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit;
  const [types, allQuestions, rules] = await Promise.all([
    db.select().from(issueTypes).where(eq(issueTypes.active, true)).orderBy(asc(issueTypes.position)),
    db
      .select()
      .from(questions)
      .where(and(eq(questions.active, true), eq(questions.lang, "en")))
      .orderBy(asc(questions.issueTypeId), asc(questions.page), asc(questions.position)),
    db.select().from(signpostingRules),
  ]);
  const sets = new Map<number, QuestionSet>();
  for (const issueType of types) {
    const own = allQuestions.filter((q) => q.issueTypeId === issueType.id);
    const pageNumbers = [...new Set(own.map((q) => q.page))].sort((a, b) => a - b);
    const ids = new Set(own.map((q) => q.id));
    sets.set(issueType.id, {
      issueType,
      pages: pageNumbers.map((page) => ({ page, questions: own.filter((q) => q.page === page) })),
      rules: rules.filter((r) => ids.has(r.questionId)),
    });
  }
  const fresh = { at: Date.now(), issueTypes: types, sets };
  cache.set(db, fresh);
  return fresh;
}

export async function listIssueTypes(db: Db): Promise<IssueType[]> {
  return (await load(db)).issueTypes;
}

export async function questionSet(db: Db, issueTypeId: number): Promise<QuestionSet | null> {
  return (await load(db)).sets.get(issueTypeId) ?? null;
}

/** The administrative issue type (spec 2 §2.2: /message/myself/admin preselects type 4). */
export const ADMIN_ISSUE_TYPE_ID = 4;
