/**
 * Keeps the reports' hourly rollup (report_hourly) up to date (docs/decisions/0090-report-rollup.md).
 * refreshReportRollup(db, until) adds every complete hour from where the last refresh stopped up
 * to the hour `until` falls in (not included), in one transaction: the hours are deleted and
 * re-inserted, so a refresh that runs twice, or two at once, leaves the same rows. The job queue runs
 * it at start and every 5 minutes (server.ts, decision 0151); tests call it with the FakeClock's time.
 *
 * Requests are counted in the hour they were sent, first responses in the hour they were given
 * (the first staff message, or the request's closing, whichever came first), so an hour's rows
 * never change once the hour is over. Age bands, core hours, weekdays and hours of day are all
 * Europe/London, computed in SQL with the time-zone database.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { reportRollupState } from "~/db/schema";
import { hourFloor, OVER, RESPONSE_BUCKETS } from "./rollup";

const STATE = "hourly";
/** A first refresh on an empty state starts this far back at most. */
const FIRST_REFRESH_DAYS = 800;

export type RefreshResult = { from: Date; until: Date; hours: number };

/** The instant the rollup is complete to (every hour before it is counted), or null before the first refresh. */
export async function rollupCompleteTo(db: Db): Promise<Date | null> {
  const [row] = await db.select({ until: reportRollupState.refreshedUntil }).from(reportRollupState).where(sql`${reportRollupState.name} = ${STATE}`);
  return row?.until ?? null;
}

export async function refreshReportRollup(db: Db, until: Date): Promise<RefreshResult> {
  const end = hourFloor(until);
  return db.transaction(async (tx) => {
    // One refresher at a time: the state row is locked for the transaction (made if missing).
    await tx.execute(sql`insert into report_rollup_state (name, refreshed_until, refreshed_at)
      values (${STATE}, to_timestamp(0), now()) on conflict (name) do nothing`);
    const locked = (await tx.execute(sql`select refreshed_until from report_rollup_state where name = ${STATE} for update`)) as unknown as {
      rows: { refreshed_until: string | Date }[];
    };
    let from = new Date(locked.rows[0]!.refreshed_until);
    if (from.getTime() <= 0) {
      const first = (await tx.execute(sql`select min(submitted_at) as first from patient_entries where submitted_at is not null`)) as unknown as {
        rows: { first: string | Date | null }[];
      };
      const earliest = first.rows[0]?.first ? hourFloor(new Date(first.rows[0].first)) : end;
      const floor = new Date(end.getTime() - FIRST_REFRESH_DAYS * 86_400_000);
      from = earliest < floor ? floor : earliest;
    }
    if (from >= end) return { from, until: from, hours: 0 };
    const f = from.toISOString();
    const u = end.toISOString();
    // The day and month sums lose the hours about to be counted again (none, unless a refresh
    // is redone over hours it already counted) and gain them back once they are (decision 0119).
    await adjustSums(tx, f, u, -1);
    await tx.execute(sql`delete from report_hourly where hour_start >= ${f}::timestamptz and hour_start < ${u}::timestamptz`);
    // Requests sent in the window, one row per measure.
    await tx.execute(sql`
      with e as (
        select pe.practice_id,
               date_trunc('hour', pe.submitted_at at time zone 'UTC') at time zone 'UTC' as hour_start,
               pe.submitted_at at time zone 'Europe/London' as local_at,
               pe.requester, pe.submitted_via, it.code as type_code, p.date_of_birth
        from patient_entries pe
        join issue_types it on it.id = pe.issue_type_id
        join patients p on p.id = pe.patient_id
        where pe.submitted_at >= ${f}::timestamptz and pe.submitted_at < ${u}::timestamptz and pe.deleted_at is null
      ), facts as (
        select practice_id, hour_start, 'submitted' as measure, '' as key from e
        union all select practice_id, hour_start, 'type', type_code from e
        union all select practice_id, hour_start, 'age',
          case when a < 16 then '0-15' when a < 25 then '16-24' when a < 45 then '25-44' when a < 65 then '45-64' when a < 75 then '65-74' else '75+' end
          from (select *, extract(year from age(local_at::date, date_of_birth))::int as a from e) aged
        union all select practice_id, hour_start, 'submitted_by',
          case when submitted_via = 'nhs_app' then 'nhs_app' when requester = 'staff' then 'staff' when requester = 'dependent' then 'carer' else 'patient' end from e
        union all select practice_id, hour_start, 'core_hours',
          case when extract(isodow from local_at) between 1 and 5 and local_at::time >= time '08:00' and local_at::time < time '18:30' then 'inside' else 'outside' end from e
      )
      insert into report_hourly (practice_id, measure, london_date, hour_start, london_hour, london_weekday, key, count)
      select practice_id, measure, (hour_start at time zone 'Europe/London')::date, hour_start,
             extract(hour from hour_start at time zone 'Europe/London')::int, extract(isodow from hour_start at time zone 'Europe/London')::int,
             key, count(*)::int
      from facts group by practice_id, measure, hour_start, key`);
    // First responses given in the window: the first staff message or the closing, whichever came first.
    const bounds = sql.raw(`array[${RESPONSE_BUCKETS.join(",")}]`);
    await tx.execute(sql`
      with candidates as (
        select m.patient_entry_id as id from entry_messages m
          where m.author_role = 'staff' and m.created_at >= ${f}::timestamptz and m.created_at < ${u}::timestamptz
        union
        select pe.id from patient_entries pe
          where pe.closed_at >= ${f}::timestamptz and pe.closed_at < ${u}::timestamptz and pe.submitted_at is not null
      ), firsts as (
        select pe.practice_id, pe.submitted_at,
               least(pe.closed_at, (select min(m.created_at) from entry_messages m where m.patient_entry_id = pe.id and m.author_role = 'staff')) as first_at
        from candidates c join patient_entries pe on pe.id = c.id
        where pe.submitted_at is not null and pe.deleted_at is null
      ), bucketed as (
        select practice_id, date_trunc('hour', first_at at time zone 'UTC') at time zone 'UTC' as hour_start,
               coalesce((select min(b) from unnest(${bounds}) b where b * 60 >= extract(epoch from first_at - submitted_at)), ${OVER})::text as key,
               -- The whole minutes it took, for the exact median and 90th percentile (decision 0093).
               floor(greatest(extract(epoch from first_at - submitted_at), 0) / 60)::bigint as whole_minutes
        from firsts where first_at >= ${f}::timestamptz and first_at < ${u}::timestamptz
      ), facts as (
        select practice_id, hour_start, 'first_response' as measure, key from bucketed
        -- Kept as minutesKey (rollup.ts) computes it: exact to 8 hours, quarter-hours to 7 days, hours beyond.
        union all select practice_id, hour_start, 'response_minutes',
          (case when whole_minutes <= 480 then whole_minutes
                when whole_minutes <= 10080 then whole_minutes - whole_minutes % 15
                else whole_minutes - whole_minutes % 60 end)::text from bucketed
      )
      insert into report_hourly (practice_id, measure, london_date, hour_start, london_hour, london_weekday, key, count)
      select practice_id, measure, (hour_start at time zone 'Europe/London')::date, hour_start,
             extract(hour from hour_start at time zone 'Europe/London')::int, extract(isodow from hour_start at time zone 'Europe/London')::int,
             key, count(*)::int
      from facts group by practice_id, measure, hour_start, key`);
    // Staff decisions made in the window (decision 0092): urgency set, completed, rejected,
    // cancelled ("triage"), and who completed or rejected it ("by_user"), in the hour decided.
    await tx.execute(sql`
      with ev as (
        select pe.practice_id, date_trunc('hour', ev.created_at at time zone 'UTC') at time zone 'UTC' as hour_start,
               ev.kind, ev.actor_user_id, ev.detail
        from entry_events ev join patient_entries pe on pe.id = ev.patient_entry_id
        where ev.created_at >= ${f}::timestamptz and ev.created_at < ${u}::timestamptz
          and ev.kind in ('urgency', 'complete', 'reject', 'cancel') and pe.deleted_at is null
      ), facts as (
        select practice_id, hour_start, 'triage' as measure,
               case when kind = 'urgency' then 'urgency:' || coalesce(detail->>'urgencyId', '') else kind end as key
          from ev
        union all select practice_id, hour_start, 'by_user', actor_user_id::text from ev
          where kind in ('complete', 'reject') and actor_user_id is not null
      )
      insert into report_hourly (practice_id, measure, london_date, hour_start, london_hour, london_weekday, key, count)
      select practice_id, measure, (hour_start at time zone 'Europe/London')::date, hour_start,
             extract(hour from hour_start at time zone 'Europe/London')::int, extract(isodow from hour_start at time zone 'Europe/London')::int,
             key, count(*)::int
      from facts group by practice_id, measure, hour_start, key`);
    await adjustSums(tx, f, u, 1);
    await tx.execute(sql`update report_rollup_state set refreshed_until = ${u}::timestamptz, refreshed_at = now() where name = ${STATE}`);
    return { from, until: end, hours: Math.round((end.getTime() - from.getTime()) / 3_600_000) };
  });
}

/**
 * Adds (sign 1) or takes away (sign -1) the hourly rows of [f, u) to or from report_daily and
 * report_monthly, so each stays the sum of report_hourly; a sum that reaches 0 is deleted.
 */
async function adjustSums(tx: Tx, f: string, u: string, sign: 1 | -1): Promise<void> {
  const window = sql`hour_start >= ${f}::timestamptz and hour_start < ${u}::timestamptz`;
  if (sign === -1) {
    // The usual refresh counts hours never counted before: nothing to take away, and no scan of the sums.
    const any = (await tx.execute(sql`select exists (select 1 from report_hourly where ${window}) as any`)) as unknown as { rows: { any: boolean }[] };
    if (!any.rows[0]?.any) return;
  }
  await tx.execute(sql`
    insert into report_daily (practice_id, measure, london_date, key, count)
    select practice_id, measure, london_date, key, ${sign}::int * sum(count)::int from report_hourly where ${window}
    group by practice_id, measure, london_date, key
    on conflict (practice_id, measure, london_date, key) do update set count = report_daily.count + excluded.count`);
  await tx.execute(sql`
    insert into report_monthly (practice_id, measure, london_month, key, count)
    select practice_id, measure, date_trunc('month', london_date)::date, key, ${sign}::int * sum(count)::int from report_hourly where ${window}
    group by practice_id, measure, date_trunc('month', london_date)::date, key
    on conflict (practice_id, measure, london_month, key) do update set count = report_monthly.count + excluded.count`);
  if (sign === -1) {
    await tx.execute(sql`delete from report_daily where count <= 0`);
    await tx.execute(sql`delete from report_monthly where count <= 0`);
  }
}
