/**
 * Questionnaires (question sets): the national ones (practice_id null) and a practice's own,
 * listed with the viewer's favourites first; read in the scope of the address (a practice reads
 * its own and the national ones, the system admin the national ones). Favourites per person.
 */
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { questionnaireFavourites, questionnaires } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import type { Clock } from "~/domain/clock";
import { readQuestions, type QuestionDefinition, type QuestionnaireInput } from "./questions";
import { likeEscape, type Actor, type TemplateFilter, type TemplateScope } from "./templates.server";

function readable(scope: TemplateScope): SQL {
  return scope.practiceId === null ? isNull(questionnaires.practiceId) : or(eq(questionnaires.practiceId, scope.practiceId), isNull(questionnaires.practiceId))!;
}

/** Which rows a scope may change: its own only (a practice never changes a national one). */
function writable(scope: TemplateScope): SQL {
  return scope.practiceId === null ? isNull(questionnaires.practiceId) : eq(questionnaires.practiceId, scope.practiceId);
}

const favouriteOf = (userId: number) =>
  sql<boolean>`exists (select 1 from ${questionnaireFavourites} f where f.questionnaire_id = ${questionnaires.id} and f.user_id = ${userId})`;

export type QuestionnaireSummary = { id: number; practiceId: number | null; title: string; tags: string[]; favourite: boolean; questionCount: number };

/** The scope's questionnaires, favourites first; the templates page's search, tag and favourites filter apply. */
export async function listQuestionnaires(db: Queryable, scope: TemplateScope, userId: number, filter: TemplateFilter = {}): Promise<QuestionnaireSummary[]> {
  const favourite = favouriteOf(userId);
  const conditions: SQL[] = [readable(scope)];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${likeEscape(search)}%`;
    conditions.push(
      or(ilike(questionnaires.title, pattern), ilike(questionnaires.description, pattern), sql`exists (select 1 from unnest(${questionnaires.tags}) t where t ilike ${pattern})`)!,
    );
  }
  if (filter.tag) conditions.push(sql`${filter.tag} = any(${questionnaires.tags})`);
  if (filter.favouritesOnly) conditions.push(favourite);
  const rows = await db
    .select({ id: questionnaires.id, practiceId: questionnaires.practiceId, title: questionnaires.title, tags: questionnaires.tags, favourite, questions: questionnaires.questions })
    .from(questionnaires)
    .where(and(...conditions))
    .orderBy(desc(favourite), asc(questionnaires.title), asc(questionnaires.id))
    .limit(500);
  return rows.map(({ questions, ...r }) => ({ ...r, questionCount: readQuestions(questions).length }));
}

export type QuestionnaireDetails = { id: number; practiceId: number | null; title: string; description: string; tags: string[]; favourite: boolean; questions: QuestionDefinition[] };

export async function findQuestionnaire(db: Queryable, scope: TemplateScope, userId: number, id: number): Promise<QuestionnaireDetails | null> {
  const [row] = await db
    .select({
      id: questionnaires.id,
      practiceId: questionnaires.practiceId,
      title: questionnaires.title,
      description: questionnaires.description,
      tags: questionnaires.tags,
      favourite: favouriteOf(userId),
      questions: questionnaires.questions,
    })
    .from(questionnaires)
    .where(and(eq(questionnaires.id, id), readable(scope)))
    .limit(1);
  return row ? { ...row, questions: readQuestions(row.questions) } : null;
}

/** Marks or unmarks a questionnaire the scope may read; false when it may not. */
export async function setQuestionnaireFavourite(db: Db, scope: TemplateScope, userId: number, id: number, favourite: boolean): Promise<boolean> {
  if (!(await findQuestionnaire(db, scope, userId, id))) return false;
  if (favourite) await db.insert(questionnaireFavourites).values({ userId, questionnaireId: id }).onConflictDoNothing();
  else await db.delete(questionnaireFavourites).where(and(eq(questionnaireFavourites.userId, userId), eq(questionnaireFavourites.questionnaireId, id)));
  return true;
}

export async function createQuestionnaire(db: Db, clock: Clock, scope: TemplateScope, actor: Actor, input: QuestionnaireInput): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questionnaires)
      .values({ practiceId: scope.practiceId, ...input, createdByUserId: actor.userId, createdAt: now, updatedAt: now })
      .returning({ id: questionnaires.id });
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId: scope.practiceId,
      action: "questionnaire.created",
      subjectType: "questionnaire",
      subjectId: row.id,
      detail: { national: scope.practiceId === null, questions: input.questions.length },
      at: now,
    });
    return row.id;
  });
}

/** Changes a questionnaire the scope owns; false when there is none. Questions already sent keep their copy. */
export async function updateQuestionnaire(db: Db, clock: Clock, scope: TemplateScope, actor: Actor, id: number, input: QuestionnaireInput): Promise<boolean> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(questionnaires)
      .set({ ...input, updatedAt: now })
      .where(and(eq(questionnaires.id, id), writable(scope)))
      .returning({ id: questionnaires.id });
    if (rows.length === 0) return false;
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId: scope.practiceId,
      action: "questionnaire.updated",
      subjectType: "questionnaire",
      subjectId: id,
      detail: { questions: input.questions.length },
      at: now,
    });
    return true;
  });
}

/** Every tag the scope's questionnaires use (the templates page's one tag filter lists both). */
export async function questionnaireTags(db: Queryable, scope: TemplateScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: sql<string>`unnest(${questionnaires.tags})`.as("tag") })
    .from(questionnaires)
    .where(readable(scope));
  return rows.map((r) => r.tag);
}
