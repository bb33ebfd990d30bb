/**
 * `node --import tsx bench/statement-cpu.ts`: the app's own CPU per execution of the request
 * page's hot statements on PostgreSQL, with pg's kept statement descriptions (decision 0154)
 * and without them (`FRONTDOOR_PG_DESCRIBE_EVERY_TIME=1`: pg as published), each in a process
 * of its own, alternated BENCH_STATEMENT_ROUNDS (3) times. CPU of this process only (not
 * PostgreSQL's): user + system from `process.cpuUsage`, which does not move with how long the
 * database took to answer, so it is steadier than req/s on a shared machine. Beside it, the CPU
 * of the connection's PostgreSQL server process (from /proc: Linux, same machine only).
 *
 * Statements, as the questions page runs them (one pool connection, so each is a named
 * statement on a connection that has run it before; decisions 0157 and 0158):
 * - `viewer_practice_and_entry`: the session, its user, their roles, the practice and the draft
 *   with its answers (about 120 columns), the GET's one statement;
 * - `claim_and_viewer`: the same read with the post's idempotency claim inserted (a new key each
 *   time), the POST's first statement;
 * - `answer_upsert_recorded`: the answer with the post's record (no rows back), the POST's second;
 * - `answer_upsert`: the answer alone (a page of several answers, or a post without a key).
 *
 * A fresh database `fd_stmt_<time>` on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres,
 * used to create and drop it), migrated and seeded with the demo data and one bench patient.
 * Not a test: prints a table and writes bench/results/statement-cpu-<time>.json.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { fixed, median, table } from "./format";

const root = fileURLToPath(new URL("..", import.meta.url));
const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const rounds = Number(process.env.BENCH_STATEMENT_ROUNDS ?? 3);
const executions = Number(process.env.BENCH_STATEMENT_EXECUTIONS ?? 3000);
const STATEMENTS = ["viewer_practice_and_entry", "claim_and_viewer", "answer_upsert_recorded", "answer_upsert"] as const;
type Figures = Record<(typeof STATEMENTS)[number], { cpuUs: number; pgCpuUs: number; wallUs: number; describes: number }>;

/** CPU time (user + system) of a process so far, in µs, from /proc (Linux; clock ticks of 10 ms). */
function processCpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

/** The child: one mode, every statement, printed as one JSON line. */
async function measure(url: string): Promise<void> {
  const { openDatabase } = await import("../app/db/client.server");
  const { claimAndLoadViewer, loadViewerPracticeAndEntry } = await import("../app/domain/auth/viewer.server");
  const { saveAnswers } = await import("../app/domain/requests/entries.server");
  const { idempotencyKeys } = await import("../app/db/schema");
  const { systemClock } = await import("../app/domain/clock");
  const { seedBenchPatients } = await import("./request-fixtures");
  const { sql } = await import("drizzle-orm");
  const database = await openDatabase({ kind: "postgres", url, poolSize: 1, migrate: false });
  const { db } = database;
  const [patient] = await seedBenchPatients(db, { practiceCode: "demo", count: 1, draftsEach: 400, sessionSecret: "bench-secret-bench-secret-bench-secret-123" });
  const sessionId = decodeURIComponent(/=([^;]+)/.exec(patient.cookie)![1]);
  const context = { db, clock: systemClock };
  const draftId = patient.draftIds[0];
  // The key the recorded upsert updates, claimed once (as runOnce claims before the action).
  await db.insert(idempotencyKeys).values({ keyHash: "statement-cpu", routeId: "routes/questions" }).onConflictDoNothing();
  // Each child (one per mode and round, on one database) claims keys of its own.
  const claimPrefix = `statement-cpu-${process.pid}-${Date.now()}`;
  const record = { keyHash: "statement-cpu", status: 303, location: `/demo/questions/${draftId}?page=2` };
  let claims = 0;
  // The pool's one connection: its server process is the one whose CPU is read.
  const { rows: backend } = await (database as unknown as { db: { execute(q: unknown): Promise<{ rows: { pid: number }[] }> } }).db.execute(sql`select pg_backend_pid() as pid`);
  const backendPid = Number(backend[0].pid);
  let describes = 0;
  const proto = (pg as unknown as { Connection: { prototype: { describe(...args: unknown[]): void } } }).Connection.prototype;
  const describe = proto.describe;
  proto.describe = function (this: unknown, ...args: unknown[]) {
    describes++;
    return describe.apply(this, args);
  };
  const runs: Record<(typeof STATEMENTS)[number], () => Promise<unknown>> = {
    viewer_practice_and_entry: () => loadViewerPracticeAndEntry(context, sessionId, "demo", draftId),
    claim_and_viewer: () =>
      claimAndLoadViewer(context, sessionId, { practiceCode: "demo", entryId: draftId }, { keyHash: `${claimPrefix}-${++claims}`, routeId: "routes/questions" }),
    answer_upsert_recorded: () => saveAnswers(db, draftId, [{ questionId: 31, answer: "fit_note" }], "en", systemClock.now(), record),
    answer_upsert: () => saveAnswers(db, draftId, [{ questionId: 31, answer: "fit_note" }], "en", systemClock.now()),
  };
  const out = {} as Figures;
  for (const name of STATEMENTS) {
    for (let i = 0; i < 500; i++) await runs[name]();
    describes = 0;
    const cpu = process.cpuUsage();
    const pgCpu = processCpuUs(backendPid);
    const started = performance.now();
    for (let i = 0; i < executions; i++) await runs[name]();
    const used = process.cpuUsage(cpu);
    out[name] = {
      cpuUs: (used.user + used.system) / executions,
      pgCpuUs: (processCpuUs(backendPid) - pgCpu) / executions,
      wallUs: ((performance.now() - started) * 1000) / executions,
      describes: describes / executions,
    };
  }
  await database.close();
  console.log(JSON.stringify(out));
}

function child(url: string, everyTime: boolean): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, BENCH_STATEMENT_CHILD: url, FRONTDOOR_PG_DESCRIBE_EVERY_TIME: everyTime ? "1" : "" };
    const proc = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    proc.stdout.on("data", (chunk: Buffer) => (text += chunk));
    proc.on("exit", (code) => (code === 0 ? resolve(JSON.parse(text.trim().split("\n").pop()!) as Figures) : reject(new Error(`statement-cpu child exited ${code}`))));
  });
}

async function main(): Promise<void> {
  const name = `fd_stmt_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const { openDatabase } = await import("../app/db/client.server");
    const { seedDemo } = await import("../app/db/seed.server");
    const database = await openDatabase({ kind: "postgres", url: url.toString() });
    await seedDemo(database.db);
    await database.close();
    const results: { kept: Figures[]; everyTime: Figures[] } = { kept: [], everyTime: [] };
    // Alternated, and which goes first swaps each round: the database's state moves on between
    // children (the upsert's row gets a new version each time), which favours the first.
    for (let round = 0; round < rounds; round++) {
      for (const everyTime of round % 2 === 0 ? [true, false] : [false, true]) {
        (everyTime ? results.everyTime : results.kept).push(await child(url.toString(), everyTime));
      }
    }
    const rows = STATEMENTS.map((statement) => {
      const before = median(results.everyTime.map((r) => r[statement].cpuUs));
      const after = median(results.kept.map((r) => r[statement].cpuUs));
      return [
        statement,
        fixed(before, 1),
        fixed(after, 1),
        `${fixed((100 * (after - before)) / before, 0)} %`,
        fixed(median(results.everyTime.map((r) => r[statement].pgCpuUs)), 0),
        fixed(median(results.kept.map((r) => r[statement].pgCpuUs)), 0),
        fixed(median(results.everyTime.map((r) => r[statement].wallUs)), 0),
        fixed(median(results.kept.map((r) => r[statement].wallUs)), 0),
        `${fixed(median(results.everyTime.map((r) => r[statement].describes)), 2)} / ${fixed(median(results.kept.map((r) => r[statement].describes)), 2)}`,
      ];
    });
    console.log(`CPU per execution on PostgreSQL (${executions} executions, median of ${rounds} rounds, each way once a round, first in turn; µs)\n`);
    console.log(table(["Statement", "App CPU, Describe each time", "App CPU, kept", "Change", "PostgreSQL CPU, each time", "PostgreSQL CPU, kept", "Wall, each time", "Wall, kept", "Describes per execution"], rows));
    mkdirSync(`${root}bench/results`, { recursive: true });
    const file = `${root}bench/results/statement-cpu-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
    writeFileSync(file, JSON.stringify({ executions, rounds, ...results }, null, 2));
    console.log(`\nWrote ${file}`);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.env.BENCH_STATEMENT_CHILD) await measure(process.env.BENCH_STATEMENT_CHILD);
else await main();
