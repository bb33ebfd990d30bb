/**
 * Internal comments (optionally SNOMED-coded) and actions on a request. They do not move the
 * request between inboxes, so they do not take part in its version check; each is recorded in
 * the request's history and the audit trail.
 */
import { and, asc, eq, inArray, isNull, like, ne, or, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { entryActions, entryComments, entryEvents, patientEntries, snomedCodes } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";

type Actor = { userId: number; practiceId: number };

/** Common SNOMED CT concepts whose term contains the text (or whose code starts with it). */
export async function searchSnomed(db: Db, text: string, limit = 20) {
  const q = text.trim().toLowerCase().replace(/[%_\\]/g, "");
  if (q.length < 2) return [];
  return db
    .select()
    .from(snomedCodes)
    .where(or(like(sql`lower(${snomedCodes.term})`, `%${q}%`), like(snomedCodes.code, `${q}%`)))
    .orderBy(asc(snomedCodes.term))
    .limit(limit);
}

/** A request that reached this practice: not deleted, and not a draft the patient is still writing. */
async function entryAtPractice(db: Db, practiceId: number, entryId: number) {
  const [row] = await db
    .select({ id: patientEntries.id })
    .from(patientEntries)
    .where(
      and(
        eq(patientEntries.id, entryId),
        eq(patientEntries.practiceId, practiceId),
        isNull(patientEntries.deletedAt),
        ne(patientEntries.stage, "created"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function record(context: Pick<AppContext, "db" | "clock">, actor: Actor, entryId: number, kind: string, detail: Record<string, unknown>) {
  const now = context.clock.now();
  await context.db.insert(entryEvents).values({ patientEntryId: entryId, actorUserId: actor.userId, kind, detail, createdAt: now });
  await audit(context.db, { actorUserId: actor.userId, practiceId: actor.practiceId, action: `request.${kind}`, subjectType: "patient_entry", subjectId: entryId, at: now });
}

export async function addComment(context: Pick<AppContext, "db" | "clock">, actor: Actor, input: { entryId: number; body: string; snomedCodes: string[] }) {
  if (!(await entryAtPractice(context.db, actor.practiceId, input.entryId))) return null;
  const codes = input.snomedCodes.length ? await context.db.select().from(snomedCodes).where(inArray(snomedCodes.code, input.snomedCodes)) : [];
  const [comment] = await context.db
    .insert(entryComments)
    .values({ patientEntryId: input.entryId, authorUserId: actor.userId, body: input.body, snomedCodes: codes, createdAt: context.clock.now() })
    .returning();
  await record(context, actor, input.entryId, "comment", { commentId: comment.id });
  return comment;
}

export async function addAction(context: Pick<AppContext, "db" | "clock">, actor: Actor, input: { entryId: number; text: string; assignedToId: number | null }) {
  if (!(await entryAtPractice(context.db, actor.practiceId, input.entryId))) return null;
  const [action] = await context.db
    .insert(entryActions)
    .values({ patientEntryId: input.entryId, text: input.text, assignedToId: input.assignedToId, createdByUserId: actor.userId, createdAt: context.clock.now() })
    .returning();
  await record(context, actor, input.entryId, "action_added", { actionId: action.id });
  return action;
}

/** Completes an open action of this request (once: a second completion is a no-op). */
export async function completeAction(
  context: Pick<AppContext, "db" | "clock">,
  actor: Actor,
  input: { entryId: number; actionId: number },
): Promise<"ok" | "not_found"> {
  if (!(await entryAtPractice(context.db, actor.practiceId, input.entryId))) return "not_found";
  const done = await context.db
    .update(entryActions)
    .set({ completedAt: context.clock.now(), completedByUserId: actor.userId })
    .where(and(eq(entryActions.id, input.actionId), eq(entryActions.patientEntryId, input.entryId), isNull(entryActions.completedAt)))
    .returning({ id: entryActions.id });
  if (done.length) {
    await record(context, actor, input.entryId, "action_completed", { actionId: input.actionId });
    return "ok";
  }
  // Completed already (by someone else, or a second click) is done; an action of another request is not found.
  const [existing] = await context.db
    .select({ id: entryActions.id })
    .from(entryActions)
    .where(and(eq(entryActions.id, input.actionId), eq(entryActions.patientEntryId, input.entryId)))
    .limit(1);
  return existing ? "ok" : "not_found";
}
