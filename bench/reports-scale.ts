/**
 * Reports at scale (issue "reports"): seeds BENCH_REQUESTS requests (default 200,000) over 12
 * months across BENCH_PRACTICES practices (default 100; the first gets a quarter of them, "the
 * largest practice") with first responses, refreshes the rollup from scratch, then measures
 * (p50/p95 over BENCH_RUNS runs, default 20): each section of the largest practice for 12 months,
 * the regional comparison of 10 practices, and one hour's incremental refresh.
 *
 * PGlite in a temporary folder by default; BENCH_DATABASE_URL=postgres://… for PostgreSQL (a
 * database of its own, which it fills). Run: node --import tsx bench/reports-scale.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server";
import { reportSections, type ReportScope } from "../app/domain/reports/report.server";
import { refreshReportRollup } from "../app/domain/reports/rollup.server";
import { REPORT_ROLES, SECTIONS } from "../app/domain/reports/sections";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200_000);
const PRACTICES = Number(process.env.BENCH_PRACTICES ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const NOW = new Date("2026-11-25T12:30:00Z");

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function main() {
  const dir = process.env.BENCH_DATABASE_URL ? null : mkdtempSync(join(tmpdir(), "fd-bench-reports-"));
  const database = await openDatabase(dir ? { kind: "pglite", dataDir: dir } : { kind: "postgres", url: process.env.BENCH_DATABASE_URL! });
  const db = database.db;
  try {
    const t0 = performance.now();
    await db.execute(sql`insert into users (email, first_name, last_name) values ('bench.staff@nhs.net', 'Bench', 'Staff') on conflict do nothing`);
    await db.execute(sql`insert into practices (name, url_code) select 'Bench practice ' || lpad(g::text, 3, '0'), 'bench' || g from generate_series(1, ${PRACTICES}) g`);
    await db.execute(sql`insert into patients (practice_id, first_name, last_name, date_of_birth)
      select p.id, 'Pat', 'Bench' || g, date '1940-01-01' + (g * 97 % 25000) from practices p, generate_series(1, 50) g where p.url_code like 'bench%'`);
    // A quarter of the requests at the first practice, the rest spread over all.
    await db.execute(sql`
      with ps as (select id, row_number() over (order by id) as n from practices where url_code like 'bench%'),
      staff as (select id from users where email = 'bench.staff@nhs.net')
      insert into patient_entries (practice_id, patient_id, created_by_user_id, requester, submitted_via, issue_type_id, stage, started_at, submitted_at, closed_at)
      select ps.id, (select min(id) from patients where practice_id = ps.id) + (g % 50), (select id from staff),
             (array['myself','myself','dependent','staff'])[1 + g % 4], case when g % 5 = 0 then 'nhs_app' else 'web' end,
             1 + g % 4, 'completed', t, t, t + ((g % 97) * interval '37 minutes')
      from generate_series(1, ${REQUESTS}) g
      cross join lateral (select ${NOW.toISOString()}::timestamptz - (g % 365) * interval '1 day' - (g % 24) * interval '1 hour' - interval '2 hours' as t) at
      join ps on ps.n = case when g % 4 = 0 then 1 else 1 + g % ${PRACTICES} end`);
    // Each request completed by the staff member when it was closed (the triage and by-user measures).
    await db.execute(sql`insert into entry_events (patient_entry_id, actor_user_id, kind, created_at)
      select id, created_by_user_id, 'complete', closed_at from patient_entries where practice_id in (select id from practices where url_code like 'bench%')`);
    const seedMs = performance.now() - t0;
    const t1 = performance.now();
    await refreshReportRollup(db, new Date(NOW.getTime() - 3_600_000));
    const fullRefreshMs = performance.now() - t1;
    // As autovacuum would on a live database after a load this size: fresh planner statistics.
    await db.execute(sql`analyze`);
    // One hour of new requests (a busy practice's hour, 200 requests), then the incremental refresh.
    await db.execute(sql`insert into patient_entries (practice_id, patient_id, created_by_user_id, issue_type_id, stage, started_at, submitted_at)
      select p.id, (select min(id) from patients where practice_id = p.id), (select id from users where email = 'bench.staff@nhs.net'), 1, 'submitted', t, t
      from (select id from practices where url_code = 'bench1') p, generate_series(1, 200) g,
      lateral (select ${NOW.toISOString()}::timestamptz - interval '1 hour' + g * interval '15 seconds' as t) at`);
    const t2 = performance.now();
    await refreshReportRollup(db, NOW);
    const hourRefreshMs = performance.now() - t2;

    const practices = (await db.execute(sql`select id, name, url_code as "urlCode" from practices where url_code like 'bench%' order by id`)) as unknown as {
      rows: { id: number; name: string; urlCode: string }[];
    };
    const largest: ReportScope = { practices: [practices.rows[0]!], compare: false, drillDown: false };
    const group: ReportScope = { practices: practices.rows.slice(0, 10), compare: true, drillDown: false };
    const period = { kind: "12-months" as const, from: "2025-11-26", to: "2026-11-25" };
    console.log(`requests ${REQUESTS}, practices ${PRACTICES}; seed ${seedMs.toFixed(0)} ms; first full refresh ${fullRefreshMs.toFixed(0)} ms; one hour's refresh ${hourRefreshMs.toFixed(1)} ms`);
    console.log("section | largest practice p50 / p95 ms | 10 practices compared p50 / p95 ms");
    for (const s of SECTIONS) {
      const a = await time(() => reportSections(db, largest, period, REPORT_ROLES, s.id));
      const b = await time(() => reportSections(db, group, period, REPORT_ROLES, s.id));
      console.log(`${s.id} | ${pct(a, 0.5).toFixed(1)} / ${pct(a, 0.95).toFixed(1)} | ${pct(b, 0.5).toFixed(1)} / ${pct(b, 0.95).toFixed(1)}`);
    }
    const all = await time(() => reportSections(db, largest, period, REPORT_ROLES));
    const allGroup = await time(() => reportSections(db, { ...group, practices: practices.rows }, period, REPORT_ROLES));
    console.log(`whole report, largest practice: p50 ${pct(all, 0.5).toFixed(1)} ms, p95 ${pct(all, 0.95).toFixed(1)} ms`);
    console.log(`whole report, all ${PRACTICES} practices side by side: p50 ${pct(allGroup, 0.5).toFixed(1)} ms, p95 ${pct(allGroup, 0.95).toFixed(1)} ms`);
  } finally {
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
