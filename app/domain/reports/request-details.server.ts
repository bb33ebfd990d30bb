/**
 * The "Request details" section's reads (decision 0119): counts of the period's requests by
 * where they are now, one index range per state (patient_entries_inbox_stage_idx), and a page of
 * them newest first (patient_entries_inbox_all_idx). Requests are the only source here: their
 * state changes after the hour they were sent, so the rollup cannot hold it. Every query is
 * limited to the practice ids of the scope.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { issueTypes, patientEntries, practices } from "~/db/schema";
import { REQUEST_STATES, type RequestDetailsRecord } from "./request-details";

type Range = { start: Date; end: Date };

function inPeriod(ids: number[], range: Range) {
  return and(
    inArray(patientEntries.practiceId, ids),
    isNull(patientEntries.deletedAt),
    isNotNull(patientEntries.submittedAt),
    gte(patientEntries.submittedAt, range.start),
    lt(patientEntries.submittedAt, range.end),
  );
}

/** Per practice, how many of the period's requests are in each state now. */
export async function requestStateCounts(db: Db, ids: number[], range: Range): Promise<{ practiceId: number; k: string; n: number }[]> {
  const parts = await Promise.all(
    REQUEST_STATES.map((s) =>
      db
        .select({ practiceId: patientEntries.practiceId, k: sql<string>`${s.key}`, n: sql<number>`count(*)::int` })
        .from(patientEntries)
        .where(and(inPeriod(ids, range), eq(patientEntries.stage, s.key)))
        .groupBy(patientEntries.practiceId),
    ),
  );
  return parts.flat();
}

/**
 * The period's requests, newest first: `limit` of them from `offset`. `total` is how many there
 * are, known from the state counts (every sent request is in one of the states), so the list
 * never counts them a second time.
 */
export async function requestDetailsRecords(db: Db, ids: number[], range: Range, total: number, limit: number, offset: number): Promise<RequestDetailsRecord[]> {
  if (total === 0 || offset >= total) return [];
  // The page's ids: each practice's newest (offset + limit) by its own index range, then merged,
  // so a report over several practices never sorts all their requests.
  const picked = (await db.execute(sql`
    select x.id from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]) as p(id)
    cross join lateral (
      select pe.id, pe.submitted_at from patient_entries pe
      where pe.practice_id = p.id and pe.deleted_at is null and pe.submitted_at is not null
        and pe.submitted_at >= ${range.start.toISOString()}::timestamptz and pe.submitted_at < ${range.end.toISOString()}::timestamptz
      order by pe.submitted_at desc, pe.id desc limit ${offset + limit}
    ) x
    order by x.submitted_at desc, x.id desc limit ${limit} offset ${offset}`)) as unknown as { rows: { id: number }[] };
  const pageIds = picked.rows.map((r) => Number(r.id));
  if (pageIds.length === 0) return [];
  const rows = await db
    .select({
      id: patientEntries.id,
      practiceName: practices.name,
      practiceCode: practices.urlCode,
      submittedAt: patientEntries.submittedAt,
      typeName: issueTypes.name,
      requester: patientEntries.requester,
      submittedVia: patientEntries.submittedVia,
      stage: patientEntries.stage,
      awaitingPatientReply: patientEntries.awaitingPatientReply,
      urgencyId: patientEntries.urgencyId,
      firstResponseAt: sql<Date | string | null>`least(${patientEntries.closedAt}, (select min(m.created_at) from entry_messages m where m.patient_entry_id = ${patientEntries.id} and m.author_role = 'staff'))`,
    })
    .from(patientEntries)
    .innerJoin(practices, eq(practices.id, patientEntries.practiceId))
    .innerJoin(issueTypes, eq(issueTypes.id, patientEntries.issueTypeId))
    .where(inArray(patientEntries.id, pageIds))
    .orderBy(desc(patientEntries.submittedAt), desc(patientEntries.id));
  return rows.map((r) => ({
    ...r,
    submittedAt: new Date(r.submittedAt!),
    firstResponseAt: r.firstResponseAt === null ? null : new Date(r.firstResponseAt),
  }));
}
