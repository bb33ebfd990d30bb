/** The inbox counters of a practice read once per page (app/domain/inbox/counters.server.ts keeps them). */
import type { AppContext } from "~/context.server";
import { inboxCounts } from "~/domain/inbox/counters.server";
import { memoized } from "~/server/request-memo.server";

/** inboxCounts once per page: the inbox navigation and the header's bubble share the read. */
export function practiceInboxCounts(request: Request, context: Pick<AppContext, "db" | "memo">, practiceId: number): Promise<Map<string, number>> {
  return memoized(context, request, `inbox-counts:${practiceId}`, () => inboxCounts(context.db, practiceId));
}

