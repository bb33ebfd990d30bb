/**
 * Keeps inbox_counters in step with request writes. Call inside the transaction that changes
 * the request, with its state before and after: the counters then never drift from the rows.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db, Queryable as Tx } from "~/db/client.server";
import { runNamed } from "~/db/named-query.server";
import { inboxCounters, patientEntries } from "~/db/schema";
import { inboxDelta, type InboxState } from "./inboxes";


export async function applyInboxChange(tx: Tx, practiceId: number, before: InboxState | null, after: InboxState | null): Promise<void> {
  for (const change of inboxDelta(before, after)) {
    await tx
      .insert(inboxCounters)
      .values({ practiceId, inbox: change.inbox, userId: change.userId, count: change.delta })
      .onConflictDoUpdate({
        target: [inboxCounters.practiceId, inboxCounters.inbox, inboxCounters.userId],
        set: { count: sql`${inboxCounters.count} + ${change.delta}` },
      });
  }
}

/** A request's id and what its inboxes depend on: `returning(inboxStateColumns)` of a bulk insert. */
export const inboxStateColumns = {
  id: patientEntries.id,
  stage: patientEntries.stage,
  submittedAt: patientEntries.submittedAt,
  awaitingPatientReply: patientEntries.awaitingPatientReply,
  assignedToId: patientEntries.assignedToId,
  issueTypeId: patientEntries.issueTypeId,
  deletedAt: patientEntries.deletedAt,
};

/**
 * applyInboxChange for many new requests of one practice at once (seeds and fixtures that write
 * requests in bulk): the deltas are summed per counter first, then written in one upsert, so
 * the counters end exactly as if each request had been applied on its own.
 */
export async function applyNewRequestsToInboxes(tx: Tx, practiceId: number, requests: readonly InboxState[]): Promise<void> {
  const sums = new Map<string, { inbox: string; userId: number; count: number }>();
  for (const request of requests) {
    for (const change of inboxDelta(null, request)) {
      const k = `${change.inbox}#${change.userId}`;
      const sum = sums.get(k) ?? { inbox: change.inbox, userId: change.userId, count: 0 };
      sum.count += change.delta;
      sums.set(k, sum);
    }
  }
  if (sums.size === 0) return;
  await tx
    .insert(inboxCounters)
    .values([...sums.values()].map((s) => ({ practiceId, ...s })))
    .onConflictDoUpdate({
      target: [inboxCounters.practiceId, inboxCounters.inbox, inboxCounters.userId],
      set: { count: sql`${inboxCounters.count} + excluded.count` },
    });
}

/** Every counter of a practice, as "inbox" or "personal:{userId}" → count. */
export async function inboxCounts(db: Db, practiceId: number): Promise<Map<string, number>> {
  const rows = await runNamed(
    db
      .select({ inbox: inboxCounters.inbox, userId: inboxCounters.userId, count: inboxCounters.count })
      .from(inboxCounters)
      .where(eq(inboxCounters.practiceId, practiceId)),
    "inbox_counters",
  );
  return new Map(rows.map((r) => [r.userId ? `${r.inbox}:${r.userId}` : r.inbox, r.count]));
}

/**
 * The federated inbox's counters: each inbox summed over the practices, "personal:{userId}"
 * for this staff member only (other people's personal counters are not read). One primary-key
 * range per practice.
 */
export async function inboxCountsAcross(db: Db, practiceIds: readonly number[], userId: number): Promise<Map<string, number>> {
  if (practiceIds.length === 0) return new Map();
  const rows = await db
    .select({ inbox: inboxCounters.inbox, userId: inboxCounters.userId, count: sql<number>`sum(${inboxCounters.count})`.mapWith(Number) })
    .from(inboxCounters)
    .where(and(inArray(inboxCounters.practiceId, [...practiceIds]), inArray(inboxCounters.userId, [0, userId])))
    .groupBy(inboxCounters.inbox, inboxCounters.userId);
  return new Map(rows.map((r) => [r.userId ? `${r.inbox}:${r.userId}` : r.inbox, r.count]));
}

/** The bubble's figure from a practice's counters (the same sum bubbleCount reads). */
export function bubbleFromCounts(counts: ReadonlyMap<string, number>, userId: number): number {
  return (counts.get("unassigned") ?? 0) + (counts.get(`personal:${userId}`) ?? 0);
}

export async function inboxCount(db: Db, practiceId: number, inbox: string, userId = 0): Promise<number> {
  const [row] = await db
    .select({ count: inboxCounters.count })
    .from(inboxCounters)
    .where(and(eq(inboxCounters.practiceId, practiceId), eq(inboxCounters.inbox, inbox), eq(inboxCounters.userId, userId)));
  return row?.count ?? 0;
}

/**
 * The inbox bubble (spec 1 §4): requests waiting for this staff member to act, in their own
 * inbox and the unassigned one. Two primary-key reads per practice; several practices (the
 * federated inbox) add up.
 */
export async function bubbleCount(db: Db, practiceId: number | readonly number[], userId: number): Promise<number> {
  const ids = typeof practiceId === "number" ? [practiceId] : [...practiceId];
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ count: inboxCounters.count })
    .from(inboxCounters)
    .where(
      and(
        ids.length === 1 ? eq(inboxCounters.practiceId, ids[0]) : inArray(inboxCounters.practiceId, ids),
        sql`(${inboxCounters.inbox}, ${inboxCounters.userId}) in (('unassigned', 0), ('personal', ${userId}))`,
      ),
    );
  return rows.reduce((sum, r) => sum + r.count, 0);
}
