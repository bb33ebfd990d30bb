/**
 * Keeps inbox_counters in step with request writes. Call inside the transaction that changes
 * the request, with its state before and after: the counters then never drift from the rows.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { inboxCounters } from "~/db/schema";
import { inboxDelta, type InboxState } from "./inboxes";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

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

/** Every counter of a practice, as "inbox" or "personal:{userId}" → count. */
export async function inboxCounts(db: Db, practiceId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ inbox: inboxCounters.inbox, userId: inboxCounters.userId, count: inboxCounters.count })
    .from(inboxCounters)
    .where(eq(inboxCounters.practiceId, practiceId));
  return new Map(rows.map((r) => [r.userId ? `${r.inbox}:${r.userId}` : r.inbox, r.count]));
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
 * inbox and the unassigned one. Two primary-key reads.
 */
export async function bubbleCount(db: Db, practiceId: number, userId: number): Promise<number> {
  const rows = await db
    .select({ count: inboxCounters.count })
    .from(inboxCounters)
    .where(
      and(
        eq(inboxCounters.practiceId, practiceId),
        sql`(${inboxCounters.inbox}, ${inboxCounters.userId}) in (('unassigned', 0), ('personal', ${userId}))`,
      ),
    );
  return rows.reduce((sum, r) => sum + r.count, 0);
}
