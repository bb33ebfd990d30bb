/**
 * Message templates: a practice's own and the national ones (practice_id null), listed with the
 * viewer's favourites first, searched by title, text or tag; created and changed by the practice's
 * staff (their own) or the system admin (national), audited. Every query names its scope in SQL:
 * a practice reads its own and the national templates and changes only its own.
 */
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Clock } from "~/domain/clock";
import type { Db, Queryable } from "~/db/client.server";
import { messageTemplateFavourites, messageTemplates } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import type { TemplateInput } from "./placeholders";

/** Whose templates: a practice's (with the national ones to read), or the national ones (admin). */
export type TemplateScope = { practiceId: number } | { practiceId: null };

export type TemplateRow = {
  id: number;
  practiceId: number | null;
  title: string;
  body: string;
  tags: string[];
  favourite: boolean;
  updatedAt: Date;
};

export type TemplateFilter = { search?: string; tag?: string; favouritesOnly?: boolean };

/** A LIKE pattern's own characters escaped (the questionnaires' search uses it too). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Which rows a scope may read: its own, and for a practice the national ones too. */
function readable(scope: TemplateScope): SQL {
  return scope.practiceId === null
    ? isNull(messageTemplates.practiceId)
    : or(eq(messageTemplates.practiceId, scope.practiceId), isNull(messageTemplates.practiceId))!;
}

/** Which rows a scope may change: its own only. */
function writable(scope: TemplateScope): SQL {
  return scope.practiceId === null ? isNull(messageTemplates.practiceId) : eq(messageTemplates.practiceId, scope.practiceId);
}

const favouriteOf = (userId: number) =>
  sql<boolean>`exists (select 1 from ${messageTemplateFavourites} f where f.template_id = ${messageTemplates.id} and f.user_id = ${userId})`;

export async function listTemplates(db: Queryable, scope: TemplateScope, userId: number, filter: TemplateFilter = {}): Promise<TemplateRow[]> {
  const conditions: SQL[] = [readable(scope)];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${likeEscape(search)}%`;
    conditions.push(
      or(ilike(messageTemplates.title, pattern), ilike(messageTemplates.body, pattern), sql`exists (select 1 from unnest(${messageTemplates.tags}) t where t ilike ${pattern})`)!,
    );
  }
  if (filter.tag) conditions.push(sql`${filter.tag} = any(${messageTemplates.tags})`);
  const favourite = favouriteOf(userId);
  if (filter.favouritesOnly) conditions.push(favourite);
  return db
    .select({
      id: messageTemplates.id,
      practiceId: messageTemplates.practiceId,
      title: messageTemplates.title,
      body: messageTemplates.body,
      tags: messageTemplates.tags,
      favourite,
      updatedAt: messageTemplates.updatedAt,
    })
    .from(messageTemplates)
    .where(and(...conditions))
    .orderBy(desc(favourite), asc(messageTemplates.title), asc(messageTemplates.id))
    .limit(500);
}

/** Every tag the scope's templates use, for the filter. */
export async function templateTags(db: Queryable, scope: TemplateScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: sql<string>`unnest(${messageTemplates.tags})`.as("tag") })
    .from(messageTemplates)
    .where(readable(scope));
  return rows.map((r) => r.tag).sort((a, b) => a.localeCompare(b));
}

/** One template the scope may read (own or national), or null. */
export async function findTemplate(db: Queryable, scope: TemplateScope, id: number): Promise<Omit<TemplateRow, "favourite"> | null> {
  const [row] = await db
    .select({
      id: messageTemplates.id,
      practiceId: messageTemplates.practiceId,
      title: messageTemplates.title,
      body: messageTemplates.body,
      tags: messageTemplates.tags,
      updatedAt: messageTemplates.updatedAt,
    })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, id), readable(scope)))
    .limit(1);
  return row ?? null;
}

export type Actor = { userId: number };

export async function createTemplate(db: Db, clock: Clock, scope: TemplateScope, actor: Actor, input: TemplateInput): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messageTemplates)
      .values({ practiceId: scope.practiceId, title: input.title, body: input.body, tags: input.tags, createdByUserId: actor.userId, createdAt: now, updatedAt: now })
      .returning({ id: messageTemplates.id });
    await audit(tx, {
      actorUserId: actor.userId,
      practiceId: scope.practiceId,
      action: "message_template.created",
      subjectType: "message_template",
      subjectId: row.id,
      detail: { national: scope.practiceId === null },
      at: now,
    });
    return row.id;
  });
}

/** Changes a template the scope owns; false when there is none (another practice's, or national for a practice). */
export async function updateTemplate(db: Db, clock: Clock, scope: TemplateScope, actor: Actor, id: number, input: TemplateInput): Promise<boolean> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(messageTemplates)
      .set({ title: input.title, body: input.body, tags: input.tags, updatedAt: now })
      .where(and(eq(messageTemplates.id, id), writable(scope)))
      .returning({ id: messageTemplates.id });
    if (rows.length === 0) return false;
    await audit(tx, { actorUserId: actor.userId, practiceId: scope.practiceId, action: "message_template.updated", subjectType: "message_template", subjectId: id, at: now });
    return true;
  });
}

export async function deleteTemplate(db: Db, clock: Clock, scope: TemplateScope, actor: Actor, id: number): Promise<boolean> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const rows = await tx.delete(messageTemplates).where(and(eq(messageTemplates.id, id), writable(scope))).returning({ id: messageTemplates.id });
    if (rows.length === 0) return false;
    await audit(tx, { actorUserId: actor.userId, practiceId: scope.practiceId, action: "message_template.deleted", subjectType: "message_template", subjectId: id, at: now });
    return true;
  });
}

/** Marks or unmarks a template the scope may read as the viewer's favourite; false when not readable. */
export async function setTemplateFavourite(db: Db, scope: TemplateScope, userId: number, id: number, favourite: boolean): Promise<boolean> {
  if (!(await findTemplate(db, scope, id))) return false;
  if (favourite) {
    await db.insert(messageTemplateFavourites).values({ userId, templateId: id }).onConflictDoNothing();
  } else {
    await db.delete(messageTemplateFavourites).where(and(eq(messageTemplateFavourites.userId, userId), eq(messageTemplateFavourites.templateId, id)));
  }
  return true;
}
