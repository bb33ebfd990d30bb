/**
 * Keeps inbox_counters in step with request writes. Call inside the transaction that changes
 * the request, with its state before and after: the counters then never drift from the rows.
 */
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { inboxCounters } from "~/db/schema";
import { memoized } from "~/server/request-memo.server";
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

/** inboxCounts once per page: the inbox navigation and the header's bubble share the read. */
export function practiceInboxCounts(request: Request, context: Pick<AppContext, "db" | "memo">, practiceId: number): Promise<Map<string, number>> {
  return memoized(context, request, `inbox-counts:${practiceId}`, () => inboxCounts(context.db, practiceId));
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
