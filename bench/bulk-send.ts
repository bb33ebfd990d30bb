/**
 * Bulk send at scale (issue "templates", decision 0121): a bulk message to 10,000 patients on
 * PostgreSQL, sent by the pg-boss worker in a process of its own, which is killed (SIGKILL)
 * halfway and started again. Reports the time to queue, sends a minute against Notify's 3,000,
 * the worker's memory, and checks that every patient got exactly one message.
 *
 *   node --import tsx bench/bulk-send.ts [--patients=10000] [--url=postgres://postgres@127.0.0.1:5432/fd_bulk]
 *
 * The database (fd_bulk by default) is dropped and created afresh. Messages go to the outbox
 * notifier (the embedded default), one row per idempotency key.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "~/db/client.server";
import { patients, practiceConsents, practices, users } from "~/db/schema";
import { createDraft, queueBulkMessage, saveDraft } from "~/domain/bulk/bulk-messages.server";
import { startPgBossQueue } from "~/domain/bulk/job-queue.server";
import { NO_FILTERS } from "~/domain/bulk/rules";
import { systemClock } from "~/domain/clock";
import { OutboxNotifier } from "~/domain/notify/notifier.server";
import { CONSENT_TERMS } from "~/domain/practices/consents";
import { nhsCheckDigit } from "~/domain/patients/nhs-number";

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=").slice(1).join("=") ?? fallback;
const URL_ = arg("url", "postgres://postgres@127.0.0.1:5432/fd_bulk");
const PATIENTS = Number(arg("patients", "10000"));

async function worker() {
  const database = await openDatabase({ kind: "postgres", url: URL_, poolSize: 4, migrate: false });
  const queue = await startPgBossQueue(
    { send: { db: database.db, notifier: new OutboxNotifier(database.db), secret: "bench-secret", simulateReceipts: true }, clock: systemClock, onError: (e, job) => console.error(job, e) },
    URL_,
  );
  await queue.wake();
  setInterval(() => process.send?.({ rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed }), 2000);
}

function nhs(n: number): string {
  for (let j = 0; j < 10; j++) {
    const nine = `99${String(n).padStart(6, "0")}${j}`.slice(0, 9);
    const check = nhsCheckDigit(nine);
    if (check !== null) return `${nine}${check}`;
  }
  throw new Error("no NHS number");
}

async function main() {
  const admin = new pg.Client({ connectionString: URL_.replace(/\/[^/]+$/, "/postgres") });
  await admin.connect();
  const name = new URL(URL_).pathname.slice(1);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ kind: "postgres", url: URL_, poolSize: 4 });
  const { db } = database;
  const [practice] = await db.insert(practices).values({ name: "Bench Surgery", urlCode: "bench", bulkMessagingEnabled: true }).returning();
  await db.insert(practiceConsents).values({ practiceId: practice!.id, feature: "bulk_messaging", termsVersion: CONSENT_TERMS.bulk_messaging.version, agreedAt: new Date() });
  const [user] = await db.insert(users).values({ email: "bench.reception@example.com", firstName: "Bench", lastName: "Reception" }).returning();
  const used = new Set<string>();
  for (let i = 0; i < PATIENTS; i += 1000) {
    const rows = [];
    for (let j = i; j < Math.min(PATIENTS, i + 1000); j++) {
      let number = nhs(j);
      for (let k = 1; used.has(number); k++) number = nhs(j + PATIENTS * k);
      used.add(number);
      rows.push({ practiceId: practice!.id, firstName: `P${j}`, lastName: "Bench", dateOfBirth: "1950-01-01", nhsNumber: number, mobile: `07700${String(j).padStart(6, "0")}` });
    }
    await db.insert(patients).values(rows);
  }
  const id = await createDraft(db, new Date(), practice!.id, { userId: user!.id });
  await saveDraft(db, new Date(), practice!.id, id, { title: "Flu clinic", body: "Dear {patient_name}, book your flu vaccine at {practice_name}.", channels: ["sms"], filters: NO_FILTERS });
  const queueStarted = performance.now();
  const queued = await queueBulkMessage(db, new Date(), practice!.id, id, { userId: user!.id }, { scheduledFor: null, linkOrigin: "https://frontdoor.example" });
  const queueMs = performance.now() - queueStarted;
  console.log(`queued ${JSON.stringify(queued)} in ${queueMs.toFixed(0)} ms`);

  const count = async () => {
    const r = await db.execute(sql`select count(*) filter (where state in ('sent','delivered'))::int as sent, count(*) filter (where state = 'sending')::int as sending from bulk_message_recipients`);
    return (r as unknown as { rows: { sent: number; sending: number }[] }).rows[0]!;
  };
  let peakRss = 0;
  const start = (): ChildProcess => {
    const child = fork(fileURLToPath(import.meta.url), ["--worker", `--url=${URL_}`], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.on("message", (m: { rss: number }) => (peakRss = Math.max(peakRss, m.rss)));
    return child;
  };
  const sendStarted = Date.now();
  let child = start();
  let killedAt: number | null = null;
  let sentAtKill = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000));
    const c = await count();
    process.stdout.write(`\r${((Date.now() - sendStarted) / 1000).toFixed(0)} s: ${c.sent} sent, ${c.sending} in flight   `);
    // Halfway, wait for a moment with rows claimed but not yet marked (the worst time to die).
    if (killedAt === null && c.sent >= PATIENTS / 2) {
      for (let tries = 0; tries < 200 && (await count()).sending === 0; tries++) await new Promise((r) => setTimeout(r, 50));
      c.sending = (await count()).sending;
      child.kill("SIGKILL");
      killedAt = Date.now();
      sentAtKill = c.sent;
      console.log(`\nkill -9 of the worker at ${c.sent} sent (${c.sending} claimed, in flight)`);
      child = start();
    }
    if (c.sent + (await failedCount()) >= PATIENTS) break;
    if (Date.now() - sendStarted > 20 * 60_000) break;
  }
  async function failedCount() {
    const r = await db.execute(sql`select count(*)::int as n from bulk_message_recipients where state = 'failed'`);
    return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
  const totalMs = Date.now() - sendStarted;
  child.kill("SIGTERM");
  const perMinute = await db.execute(sql`
    select max(n)::int as peak from (
      select count(*) over (order by attempted_at range between interval '60 seconds' preceding and current row) as n
        from bulk_message_recipients where attempted_at is not null) w`);
  const check = await db.execute(sql`
    select (select count(*)::int from outbox where reference like ${`bm${id}-%`}) as messages,
           (select count(distinct reference)::int from outbox where reference like ${`bm${id}-%`}) as distinct_refs,
           (select count(*)::int from bulk_message_recipients where state in ('sent','delivered')) as delivered,
           (select count(*)::int from bulk_message_recipients where state = 'failed') as failed,
           (select count(*)::int from bulk_message_recipients where attempts > 1) as attempted_twice`);
  const result: Record<string, unknown> = {
    patients: PATIENTS,
    queueMs: Math.round(queueMs),
    sendSeconds: Math.round(totalMs / 1000),
    averagePerMinute: Math.round((PATIENTS / totalMs) * 60_000),
    peakInAnyMinute: (perMinute as unknown as { rows: { peak: number }[] }).rows[0]!.peak,
    limitPerMinute: 3000,
    workerPeakRssMb: Math.round(peakRss / 1024 / 1024),
    killedAfterSeconds: killedAt ? Math.round((killedAt - sendStarted) / 1000) : null,
    sentAtKill,
    ...(check as unknown as { rows: Record<string, number>[] }).rows[0],
  };
  console.log("\n", result);
  console.log(result.messages === PATIENTS && result.distinct_refs === PATIENTS ? "every patient got exactly one message" : "MISMATCH: not exactly one message each");
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(`bench/results/bulk-send-${Date.now()}.json`, JSON.stringify(result, null, 2));
  await database.close();
  process.exit(0);
}

if (process.argv.includes("--worker")) void worker();
else
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
