/**
 * `npm run bench:inbox-scale`: the staff inboxes at national scale, on PostgreSQL.
 *
 * 1. Creates a fresh database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/),
 *    migrates it with the app's own openDatabase, and seeds with set-based SQL: 1,000
 *    practices (practice 1 is a large one: 3% of everything, 20 staff; the others 5 staff),
 *    patients (a tenth of the requests), and the requests with a realistic spread: 70%
 *    completed, 10% rejected, 3% cancelled, 10% open (a quarter awaiting the patient's
 *    reply, a third assigned), 7% drafts; submitted over the last two years; issue types
 *    1–4; some urgency; 0.5% deleted. inbox_counters are then filled by one GROUP BY.
 * 2. Times the real queries (listInbox, inboxCounts, listPatients) for the large practice:
 *    first page and a deep keyset page (after ~10,000 rows) of each inbox; p50/p95/p99.
 * 3. Starts the built app on that database (`npm run build` first; WEB_CONCURRENCY=--processes)
 *    and loads one page from 20 staff sessions at once, two ways:
 *    - staff at work (bench/staff-load.ts): each of the 20 opens the page, reads it for 1–3 s,
 *      opens it again: the goal's "20 concurrent staff";
 *    - flat out (autocannon): 20 connections asking again the moment they have an answer, which
 *      measures capacity (pages/s) and the queue 20 robots build, not what staff wait.
 *    Prints the latency percentiles of both.
 *
 * Flags: --requests=10000000 --practices=1000 --samples=300 --duration=20 --connections=20
 *        --url=/{code}/inboxes/unassigned --processes=2 --staff-duration=60
 *        --keep (keep the database)  --database=frontdoor_bench_… (measure a kept one again)
 *        --skip-http
 * Not a test: it prints figures (bench/README.md records them) and exits 0 unless it crashes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase, type Database } from "../app/db/client.server";
import { systemClock } from "../app/domain/clock";
import { inboxCounts } from "../app/domain/inbox/counters.server";
import { listInbox, type InboxSelector, type InboxSort } from "../app/domain/inbox/inbox-queries.server";
import { listPatients } from "../app/domain/patients/patient-directory.server";
import { parsePatientSearch, type PatientCursor } from "../app/domain/patients/patient-search";
import { createSession, SESSION_COOKIE_SECURE } from "../app/domain/sessions/sessions.server";
import { fixed, table } from "./format";
import { staffLoad } from "./staff-load";

const root = fileURLToPath(new URL("..", import.meta.url));

function flag(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  const value = Number(arg.slice(name.length + 3).replace(/_/g, ""));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number, got "${arg}"`);
  return value;
}
const has = (name: string) => process.argv.includes(`--${name}`);
const stringFlag = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const REQUESTS = flag("requests", 10_000_000);
const PRACTICES = Math.max(2, flag("practices", 1000));
const SAMPLES = flag("samples", 300);
const DURATION = flag("duration", 20);
const CONNECTIONS = flag("connections", 20);
const URL_TEMPLATE = stringFlag("url", "/{code}/inboxes/unassigned");
/** App processes (WEB_CONCURRENCY): one per core of the machine the bench runs on. */
const PROCESSES = flag("processes", 2);
/** Seconds of the staff-at-work run: 20 staff at a page every 2 s on average is ~10 pages/s. */
const STAFF_DURATION = flag("staff-duration", 60);
const PATIENTS = Math.max(100, Math.round(REQUESTS / 10));
/** --database=name: measure a database kept by an earlier run (--keep) instead of seeding one. */
const REUSE_DATABASE = (() => {
  const value = process.argv.find((a) => a.startsWith("--database="))?.slice("--database=".length);
  if (value !== undefined && !/^frontdoor_bench_[a-z0-9]+$/.test(value)) throw new Error(`--database must name a frontdoor_bench_… database, got "${value}"`);
  return value;
})();
const LARGE_SHARE = 0.03;
const LARGE_STAFF = 20;
const STAFF_PER_PRACTICE = 5;
const SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/";
const SESSION_SECRET = "bench-inbox-scale-secret-0123456789abcdef";

function dbUrl(name: string) {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: dbUrl("postgres") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// ---- seeding --------------------------------------------------------------------------

const FIRST_NAMES = ["Oliver", "Amelia", "George", "Isla", "Harry", "Ava", "Noah", "Mia", "Jack", "Ivy", "Leo", "Grace", "Arthur", "Lily", "Muhammad", "Freya", "Oscar", "Florence", "Charlie", "Sophia", "Jacob", "Emily", "Thomas", "Poppy", "Alfie", "Ella", "Henry", "Evie", "William", "Sarah", "Priya", "Tom", "Aisha", "Daniel", "Chloe", "Samuel", "Zara", "Joseph", "Ruby", "David"];
const LAST_NAMES = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Thomas", "Clarke", "Jackson", "Wood", "Harris", "Edwards", "Turner", "Martin", "Cooper", "Hill", "Ward", "Hughes", "Moore", "Clark", "King", "Harrison", "Lewis", "Baker", "Lee", "Allen", "Morris", "Khan", "Scott", "Watson", "Davis", "Parker", "James", "Bennett", "Young", "Phillips", "Richardson", "Mitchell", "Bailey", "Carter", "Cook", "Singh", "Shaw", "Bell", "Collins", "Morgan", "Kelly", "Begum", "Miller", "Cox", "Marshall", "Simpson", "Anderson", "Ellis", "Adams", "Wilkinson", "Ali", "Mason"];

/** What patients wrote (one phrase per request, by id): the inbox search's "text of the request". */
const REQUEST_TEXTS = [
  "I have had a cough for two weeks and it is worse at night",
  "Pain in my lower back when I bend or lift",
  "An itchy rash on my arm that is spreading",
  "I need a fit note for work please",
  "Repeat prescription for my blue inhaler",
  "Headaches most mornings for a month",
  "Sore throat and a temperature since Friday",
  "A question about my blood test results",
  "My knee is swollen after a fall on the stairs",
  "Feeling anxious and not sleeping well",
  "Earache in my left ear for three days",
  "Could I have a letter for my employer",
  "My child has a high temperature and a cough",
  "Dizzy spells when I stand up quickly",
  "I would like to discuss my blood pressure medication",
  "Burning when I pass urine",
  "A mole on my back has changed shape",
  "Chest feels tight when I walk uphill",
  "I need a review of my asthma",
  "My eczema has flared up again",
  "Stomach pain after eating",
  "I have lost weight without trying",
  "Can I book a smear test",
  "My ankle is painful after running",
  "A lump in my neck that has not gone away",
  "Tiredness all the time for six weeks",
  "I ran out of my diabetes tablets",
  "Request for a copy of my vaccination record",
  "Bleeding gums when I brush my teeth",
  "Pins and needles in my hands at night",
];

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(",")}]`;

type Seeded = { largePracticeId: number; largeCode: string; staffIds: number[]; seedSeconds: number };

async function seed(client: pg.Client): Promise<Seeded> {
  const started = performance.now();
  const q = async (label: string, text: string) => {
    const t0 = performance.now();
    const result = await client.query(text);
    console.log(`  ${label}: ${seconds(t0)}`);
    return result;
  };
  await client.query("select setseed(0.42)");
  // Built consistent by construction; FK triggers off for the load (superuser only).
  await client.query("set session_replication_role = replica");
  await client.query("set maintenance_work_mem = '512MB'");
  await client.query("set synchronous_commit = off");

  await q("practices", `insert into practices (name, url_code) select 'Bench Surgery ' || g, 'bench' || g from generate_series(1, ${PRACTICES}) g`);
  const { rows: pr } = await client.query<{ min: number }>("select min(id)::int as min from practices");
  const p0 = pr[0].min;
  // Staff: the large practice first (LARGE_STAFF), then STAFF_PER_PRACTICE each.
  const staffTotal = LARGE_STAFF + (PRACTICES - 1) * STAFF_PER_PRACTICE;
  await q(
    "staff",
    `insert into users (email, first_name, last_name, email_verified_at)
     select 'staff' || g || '@bench.nhs.net', (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}], (${sqlArray(LAST_NAMES)})[1 + g % ${LAST_NAMES.length}], now()
     from generate_series(1, ${staffTotal}) g`,
  );
  const { rows: ur } = await client.query<{ min: number }>("select min(id)::int as min from users");
  const u0 = ur[0].min;
  // Who wrote the requests: one patient-side account, never a staff member (the viewer counts
  // the requests a signed-in user wrote, on every page).
  const { rows: cr } = await client.query<{ id: number }>(
    "insert into users (email, first_name, last_name) values ('bench.patients@example.com', 'Bench', 'Patients') returning id",
  );
  const creator = cr[0].id;
  // Staff number s (0-based) belongs to practice index: 0 for s < LARGE_STAFF, else 1 + (s - LARGE_STAFF) / 5.
  await q(
    "memberships",
    `insert into practice_memberships (user_id, practice_id, role)
     select ${u0} + s, ${p0} + case when s < ${LARGE_STAFF} then 0 else 1 + (s - ${LARGE_STAFF}) / ${STAFF_PER_PRACTICE} end,
            (case when s % 3 = 0 then 'gp' else 'receptionist' end)::practice_role
     from generate_series(0, ${staffTotal - 1}) s`,
  );

  // Patients numbered g = 0..P-1: the first LARGE_SHARE at the large practice, the rest in
  // contiguous blocks per practice, so a request can pick its patient by arithmetic.
  const largePatients = Math.round(PATIENTS * LARGE_SHARE);
  const otherPatients = PATIENTS - largePatients;
  const practiceOfPatient = (g: string) =>
    `(case when ${g} < ${largePatients} then 0 else 1 + ((${g} - ${largePatients})::bigint * ${PRACTICES - 1} / ${otherPatients})::int end)`;
  await q(
    `patients (${PATIENTS.toLocaleString("en-GB")})`,
    `insert into patients (practice_id, first_name, last_name, date_of_birth, nhs_number, non_digital, user_id, email, mobile, postcode)
     select ${p0} + ${practiceOfPatient("g")},
            (${sqlArray(FIRST_NAMES)})[1 + (g * 7919) % ${FIRST_NAMES.length}],
            (${sqlArray(LAST_NAMES)})[1 + (g * 104729) % ${LAST_NAMES.length}],
            date '1925-01-01' + ((g * 2654435761::bigint) % 36000)::int,
            '9' || lpad(g::text, 9, '0'),
            g % 20 = 0, null, null, '07700900' || lpad((g % 1000)::text, 3, '0'), 'LS1 4AP'
     from generate_series(0::bigint, ${PATIENTS - 1}::bigint) g`,
  );
  const { rows: patr } = await client.query<{ min: number }>("select min(id)::int as min from patients");
  const pat0 = patr[0].min;

  // Drop the request indexes for the load and build them once after (much faster).
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    "select indexname, indexdef from pg_indexes where tablename = 'patient_entries' and indexname <> 'patient_entries_pkey'",
  );
  for (const ix of indexes) await client.query(`drop index ${ix.indexname}`);

  const largeRequests = Math.round(REQUESTS * LARGE_SHARE);
  const chunk = 1_000_000;
  for (let from = 0; from < REQUESTS; from += chunk) {
    const to = Math.min(REQUESTS, from + chunk) - 1;
    // r: stage; a: awaiting; s: assigned; u: urgency; t: age in days. Patient by arithmetic.
    await q(
      `requests ${(from + 1).toLocaleString("en-GB")}–${(to + 1).toLocaleString("en-GB")}`,
      `insert into patient_entries (practice_id, patient_id, created_by_user_id, requester, issue_type_id, stage,
                                    awaiting_patient_reply, started_at, submitted_at, closed_at, urgency_id, assigned_to_id, deleted_at, confirmed,
                                    search_document)
       select ${p0} + pi, ${pat0} + pg, ${creator}, 'myself', 1 + (k % 4), stage,
              stage = 'submitted' and a < 0.25,
              coalesce(sub, now() - interval '1 day' * t) - interval '6 minutes',
              sub,
              case when stage in ('completed', 'rejected', 'cancelled') then sub + interval '1 day' * (floor(t)::int % 3) else null end,
              case when u < 0.25 then 1 + (k % 3) else null end,
              case when stage = 'created' or stage = 'cancelled' then null
                   when stage = 'submitted' and s >= 1.0 / 3 then null
                   when stage in ('completed', 'rejected') and s >= 0.6 then null
                   else ${u0} + case when pi = 0 then (k % ${LARGE_STAFF})::int else ${LARGE_STAFF} + (pi - 1) * ${STAFF_PER_PRACTICE} + (k % ${STAFF_PER_PRACTICE})::int end
              end,
              case when d < 0.005 then now() else null end,
              stage <> 'created',
              case when sub is null then null else to_tsvector('english', (${sqlArray(REQUEST_TEXTS)})[1 + (k % ${REQUEST_TEXTS.length})]) end
       from (
         select k, pg, ${practiceOfPatient("pg")} as pi, stage, a, s, u, d, t,
                case when stage = 'created' then null else now() - interval '1 second' * floor(t * 86400) end as sub
         from (
           select k,
                  case when k < ${largeRequests} then floor(random() * ${largePatients})::int
                       else ${largePatients} + floor(random() * ${otherPatients})::int end as pg,
                  (case when r < 0.70 then 'completed' when r < 0.80 then 'rejected' when r < 0.83 then 'cancelled'
                        when r < 0.93 then 'submitted' else 'created' end)::entry_stage as stage,
                  random() as a, random() as s, random() as u, random() as d,
                  -- Open requests are recent (days); closed ones spread over two years.
                  case when r >= 0.83 then random() * 30 else random() * 730 end as t
           from (select k, random() as r from generate_series(${from}::bigint, ${to}::bigint) k) x
         ) y
       ) z`,
    );
  }
  await client.query("set session_replication_role = origin");
  const t0 = performance.now();
  for (const ix of indexes) await client.query(ix.indexdef);
  console.log(`  request indexes (${indexes.length}): ${seconds(t0)}`);

  await q(
    "inbox_counters (one GROUP BY)",
    `insert into inbox_counters (practice_id, inbox, user_id, count)
     select e.practice_id, k.inbox, k.user_id, count(*)
     from patient_entries e
     cross join lateral (values
       ('all', 0, true),
       ('awaiting-response', 0, e.stage = 'submitted' and e.awaiting_patient_reply),
       ('unassigned', 0, e.stage = 'submitted' and not e.awaiting_patient_reply and e.assigned_to_id is null),
       ('personal', coalesce(e.assigned_to_id, 0), e.stage = 'submitted' and not e.awaiting_patient_reply and e.assigned_to_id is not null),
       ('issue_type:' || e.issue_type_id, 0, e.stage = 'submitted'),
       ('completed', 0, e.stage = 'completed'),
       ('rejected', 0, e.stage = 'rejected')
     ) as k(inbox, user_id, included)
     where e.deleted_at is null and e.submitted_at is not null and k.included
     group by 1, 2, 3`,
  );
  await q("analyze", "analyze");
  const { rows: code } = await client.query<{ url_code: string }>(`select url_code from practices where id = ${p0}`);
  const staffIds = Array.from({ length: LARGE_STAFF }, (_, i) => u0 + i);
  return { largePracticeId: p0, largeCode: code[0].url_code, staffIds, seedSeconds: (performance.now() - started) / 1000 };
}

/** A database seeded by an earlier run (--keep): the large practice and its staff are the first rows. */
async function seededBefore(client: pg.Client): Promise<Seeded> {
  const { rows: pr } = await client.query<{ id: number; url_code: string }>("select id, url_code from practices order by id limit 1");
  const { rows: ur } = await client.query<{ min: number }>("select min(id)::int as min from users");
  if (!pr[0] || ur[0]?.min == null) throw new Error("--database names a database this bench did not seed");
  return { largePracticeId: pr[0].id, largeCode: pr[0].url_code, staffIds: Array.from({ length: LARGE_STAFF }, (_, i) => ur[0].min + i), seedSeconds: 0 };
}

// ---- query timings --------------------------------------------------------------------

type Timing = { name: string; rows: number; p50: number; p95: number; p99: number; goal: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function time(name: string, goal: number, fn: () => Promise<number>): Promise<Timing> {
  let rows = 0;
  for (let i = 0; i < 50; i++) rows = await fn();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { name, rows, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), goal };
}

/**
 * A cursor about `depth` rows into an inbox (or as deep as it goes while leaving a full page
 * after it), found by paging with the real query.
 */
async function deepCursor(db: Database["db"], practiceId: number, inbox: InboxSelector, sort: InboxSort, depth: number) {
  const cursors: { after: string; seen: number }[] = [];
  let after: string | null = null;
  let seen = 0;
  while (seen < depth) {
    const page = await listInbox(db, { practiceId, inbox, sort, after, limit: 100 });
    seen += page.rows.length;
    if (!page.next) break;
    after = page.next;
    cursors.push({ after, seen });
  }
  // The deepest cursor with at least 20 rows after it.
  const total = seen;
  const usable = cursors.filter((c) => total - c.seen >= 20 || total >= depth);
  return usable[usable.length - 1] ?? { after: null, seen: 0 };
}

async function measureQueries(database: Database, seeded: Seeded): Promise<Timing[]> {
  const db = database.db;
  const practiceId = seeded.largePracticeId;
  const me = seeded.staffIds[0];
  const counts = await inboxCounts(db, practiceId);
  console.log(
    `\nLarge practice ${seeded.largeCode}: ` +
      ["all", "unassigned", "awaiting-response", "completed", "rejected", "issue_type:1", `personal:${me}`]
        .map((k) => `${k} ${(counts.get(k) ?? 0).toLocaleString("en-GB")}`)
        .join(", "),
  );
  const cases: { label: string; inbox: InboxSelector; sort: InboxSort; search?: string }[] = [
    { label: "unassigned", inbox: "unassigned", sort: "newest" },
    { label: "unassigned (oldest)", inbox: "unassigned", sort: "oldest" },
    { label: "unassigned (urgency)", inbox: "unassigned", sort: "urgency" },
    { label: "awaiting-response", inbox: "awaiting-response", sort: "newest" },
    { label: "completed", inbox: "completed", sort: "newest" },
    { label: "rejected", inbox: "rejected", sort: "newest" },
    { label: "all", inbox: "all", sort: "newest" },
    { label: "issue type 1", inbox: { issueTypeId: 1 }, sort: "newest" },
    { label: "personal", inbox: { staffUserId: me }, sort: "newest" },
    { label: "personal (urgency)", inbox: { staffUserId: me }, sort: "urgency" },
  ];
  const timings: Timing[] = [];
  for (const c of cases) {
    timings.push(await time(`${c.label}: first page`, 5, async () => (await listInbox(db, { practiceId, inbox: c.inbox, sort: c.sort, limit: 20 })).rows.length));
    const deep = await deepCursor(db, practiceId, c.inbox, c.sort, 10_000);
    timings.push(
      await time(`${c.label}: after ${deep.seen.toLocaleString("en-GB")} rows`, 5, async () =>
        (await listInbox(db, { practiceId, inbox: c.inbox, sort: c.sort, after: deep.after, limit: 20 })).rows.length,
      ),
    );
  }
  // Names, a reference, then words of the request: "cough" is in 2 phrases of 30 (~18,000 of the
  // large practice's requests), "swollen knee" and "vaccination record" in one each (~9,000).
  for (const search of ["tho", "sarah smi", "FD-000123", "cough", "swollen knee", "vaccination record"]) {
    timings.push(await time(`all, search "${search}"`, 5, async () => (await listInbox(db, { practiceId, inbox: "all", sort: "newest", search, limit: 20 })).rows.length));
  }
  timings.push(await time("inbox counts (inboxCounts)", 2, async () => (await inboxCounts(db, practiceId)).size));
  const patientsFirst = await listPatients(db, { practiceId, search: parsePatientSearch(""), nonDigitalOnly: false, cursor: null });
  timings.push(
    await time("patients: first page", 5, async () => (await listPatients(db, { practiceId, search: parsePatientSearch(""), nonDigitalOnly: false, cursor: null })).rows.length),
  );
  const cursor: PatientCursor | null = patientsFirst.next ? { direction: "after", key: patientsFirst.next } : null;
  timings.push(await time("patients: next page", 5, async () => (await listPatients(db, { practiceId, search: parsePatientSearch(""), nonDigitalOnly: false, cursor })).rows.length));
  timings.push(await time('patients: search "tho"', 5, async () => (await listPatients(db, { practiceId, search: parsePatientSearch("tho"), nonDigitalOnly: false, cursor: null })).rows.length));
  timings.push(await time("patients: non-digital only", 5, async () => (await listPatients(db, { practiceId, search: parsePatientSearch(""), nonDigitalOnly: true, cursor: null })).rows.length));
  return timings;
}

// ---- end to end -----------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the app did not answer /healthz within 120 s");
}

async function endToEnd(database: Database, url: string, seeded: Seeded) {
  if (!existsSync(`${root}/build/index.js`)) throw new Error("build/index.js is missing: run `npm run build` first.");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Started as `npm start` starts it (package.json): a 32 MB young generation, so a page's
  // garbage is collected in fewer pauses (decision 0063).
  const child = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "server.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production", SESSION_SECRET, SEED_DEMO: "false", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent", WEB_CONCURRENCY: String(PROCESSES) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForHealth(baseUrl, child);
    const cookies: string[] = [];
    for (const userId of seeded.staffIds.slice(0, CONNECTIONS)) {
      const { id } = await createSession(database.db, systemClock, { userId, practiceId: seeded.largePracticeId, idleSeconds: null, userAgent: "bench" });
      cookies.push(`${SESSION_COOKIE_SECURE}=${encodeURIComponent(id)}`);
    }
    const path = URL_TEMPLATE.replace("{code}", seeded.largeCode);
    const check = await fetch(`${baseUrl}${path}`, { headers: { cookie: cookies[0] }, redirect: "manual" });
    console.log(`\nEnd to end: GET ${path} as ${cookies.length} staff sessions, ${PROCESSES} app processes → first answer ${check.status}`);
    if (check.status !== 200) console.log("  (not 200: the figures below measure that answer, not the page)");
    let next = 0;
    const load = async (label: string) => {
      const result = await autocannon({
        url: `${baseUrl}${path}`,
        connections: CONNECTIONS,
        duration: DURATION,
        warmup: { connections: CONNECTIONS, duration: 3 },
        requests: [
          {
            method: "GET",
            setupRequest: (request: autocannon.RawRequest) => ({
              ...request,
              headers: { ...request.headers, cookie: cookies[next++ % cookies.length], "accept-encoding": "gzip" },
            }),
          },
        ],
      });
      return {
        label,
        reqPerSec: result.requests.average,
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
        requests: result.requests.total ?? 0,
        non2xx: result.non2xx,
        errors: result.errors,
      };
    };
    // Staff at work first (the goal), then saturation: every connection asks again as soon as
    // it has its answer.
    const staff = await staffLoad({ baseUrl, path, cookies, durationSeconds: STAFF_DURATION, warmupSeconds: 5, minThinkMs: 1000, maxThinkMs: 3000 });
    const runs = [
      { label: `${staff.staff} staff, 1–3 s reading each page`, ...staff, isGoal: true },
      { ...(await load(`${CONNECTIONS} connections, flat out`)), isGoal: false },
    ];
    return { path, runs };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

// ---- main -----------------------------------------------------------------------------

async function main() {
  const reuse = REUSE_DATABASE;
  const name = reuse ?? `frontdoor_bench_${Date.now().toString(36)}`;
  const url = dbUrl(name);
  const load = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} on ${cpus().length} cores`;
  if (reuse) console.log(`Inbox scale bench on the kept database ${name} (no seeding)`);
  else {
    console.log(`Inbox scale bench: ${REQUESTS.toLocaleString("en-GB")} requests, ${PRACTICES} practices, ${PATIENTS.toLocaleString("en-GB")} patients → database ${name}`);
    await admin((c) => c.query(`create database ${name}`));
  }
  let database: Database | undefined;
  try {
    database = await openDatabase({ kind: "postgres", url, poolSize: 4 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let seeded: Seeded;
    try {
      seeded = reuse ? await seededBefore(client) : await seed(client);
    } finally {
      await client.end();
    }
    if (!reuse) console.log(`Seeded in ${fixed(seeded.seedSeconds)} s`);

    const timings = await measureQueries(database, seeded);
    console.log(`\nQueries (${SAMPLES} samples each, one client, after 50 warm-up runs; ms; ${load()})\n`);
    console.log(
      table(
        ["query", "rows", "p50", "p95", "p99", "goal p95", ""],
        timings.map((t) => [t.name, String(t.rows), fixed(t.p50, 2), fixed(t.p95, 2), fixed(t.p99, 2), `≤ ${t.goal}`, t.p95 <= t.goal ? "ok" : "OVER"]),
      ),
    );

    if (!has("skip-http")) {
      const e2e = await endToEnd(database, url, seeded);
      console.log(`(${load()})`);
      console.log(
        `\n${table(
          ["GET " + e2e.path, "req/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "requests", "non-2xx", "errors", "goal p99"],
          e2e.runs.map((r) => [
            r.label,
            fixed(r.reqPerSec),
            fixed(r.p50),
            fixed(r.p90),
            fixed(r.p99),
            fixed(r.max),
            String(r.requests),
            String(r.non2xx),
            String(r.errors),
            r.requests === 0 ? "no answers" : !r.isGoal ? "(capacity)" : r.p99 <= 50 ? "≤ 50 ok" : "≤ 50 OVER",
          ]),
        )}`,
      );
    }
  } finally {
    await database?.close();
    if (reuse) console.log(`\nLeft the database as it was: ${url}`);
    else if (has("keep")) console.log(`\nKept the database: ${url} (run again on it with --database=${name})`);
    else {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      console.log(`\nDropped ${name}.`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
