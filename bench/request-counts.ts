/**
 * `node --import tsx bench/request-counts.ts`: deterministic per-request figures for the request
 * page (issue "speed"), which do not depend on how busy the machine is. The built app in this
 * process on a fresh seeded PGlite (bench/servers.ts), one signed-in patient, then
 * BENCH_COUNT_PAIRS (20) GETs of a draft's questions page and POSTs of its answer, and prints per
 * request: database queries (and transactions) and the time in Remix's route matching
 * (`@remix-run/router`'s `matchRoutes`, timed by wrapping nothing: the share is read from the
 * CPU profile: BENCH_COUNT_PROFILE=file.cpuprofile profiles the measured requests only, not the
 * start and seed; read it with bench/profile-summary.ts).
 *
 * Not a test: prints a table. Run it before and after a change on the same build folder.
 */
import "./production-env";
import { PGlite } from "@electric-sql/pglite";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { fileURLToPath } from "node:url";
import { BENCH_SESSION_SECRET, startFrontdoor } from "./servers";
import { questionPagePath, seedBenchPatients } from "./request-fixtures";
import { IDEMPOTENCY_FIELD } from "../app/server/idempotency.server";

const root = fileURLToPath(new URL("..", import.meta.url));
/** As bench/request-load.ts posts (question 31 of the admin issue type, page 1). */
const ANSWER_FIELDS = { q31: "fit_note" };
const pairs = Number(process.env.BENCH_COUNT_PAIRS ?? 20);

let queries = 0;
let transactions = 0;
type Query = (this: unknown, ...args: unknown[]) => Promise<unknown>;
const proto = PGlite.prototype as unknown as { query: Query; exec: Query; transaction: (this: unknown, fn: (tx: { query: Query; exec: Query }) => Promise<unknown>) => Promise<unknown> };
const query = proto.query;
const exec = proto.exec;
const transaction = proto.transaction;
/** BENCH_COUNT_SQL=1 prints each query's first words (no parameters), to see what repeats. */
const showSql = process.env.BENCH_COUNT_SQL === "1";
const note = (args: unknown[]) => {
  queries++;
  if (showSql) console.log(`  sql: ${String(args[0]).replace(/\s+/g, " ").slice(0, 150)}`);
};
proto.query = function (...args) {
  note(args);
  return query.apply(this, args);
};
proto.exec = function (...args) {
  note(args);
  return exec.apply(this, args);
};
proto.transaction = function (fn) {
  transactions++;
  return transaction.call(this, (tx) => {
    const txQuery = tx.query.bind(tx);
    const txExec = tx.exec.bind(tx);
    tx.query = (...args) => (note(args), txQuery(...args));
    tx.exec = (...args) => (note(args), txExec(...args));
    return fn(tx);
  });
};

// BENCH_COUNT_DATABASE_URL (an empty PostgreSQL database of your own): the app on PostgreSQL, so
// that the process's CPU time is the app's and not PGlite's (PGlite's WASM is ~90% of it in
// process). Queries are then counted at pg's Client.
const postgresUrl = process.env.BENCH_COUNT_DATABASE_URL ?? "";
if (postgresUrl) {
  const { default: pg } = await import("pg");
  const clientQuery = pg.Client.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (...args) {
    const [arg] = args;
    const text = String(typeof arg === "object" && arg ? (arg as { text?: string }).text : arg);
    // BEGIN and COMMIT are round trips too: counted as queries, and a BEGIN as a transaction
    // (drizzle sends them as query objects, which String() alone did not read).
    if (/^\s*begin\b/i.test(text)) transactions++;
    note([text]);
    return clientQuery.apply(this, args);
  };
}
const frontdoor = await startFrontdoor(root, { ...process.env, DATABASE_URL: postgresUrl });
try {
  const [patient] = await seedBenchPatients(frontdoor.db, { practiceCode: "demo", count: 1, draftsEach: pairs + 1, sessionSecret: BENCH_SESSION_SECRET });
  const headers = { cookie: patient.cookie, accept: "text/html" };
  const profileFile = process.env.BENCH_COUNT_PROFILE;
  const session = new Session();
  const rows: { what: string; status: number; queries: number; transactions: number; ms: number; cpuMs: number }[] = [];
  for (let i = 0; i < pairs + 1; i++) {
    const path = questionPagePath("demo", patient.draftIds[i], 1);
    for (const method of ["GET", "POST"] as const) {
      const before = { queries, transactions, at: performance.now(), cpu: process.cpuUsage() };
      // As the page's form posts: the CSRF token and a fresh page key (runOnce's claim and record).
      const form = method === "POST" ? new URLSearchParams({ csrf: patient.csrfToken, [IDEMPOTENCY_FIELD]: randomUUID(), ...ANSWER_FIELDS }).toString() : undefined;
      if (showSql && i > 0) console.log(`${method} ${path}`);
      const response = await fetch(new URL(path, frontdoor.baseUrl), {
        method,
        redirect: "manual",
        headers: method === "POST" ? { ...headers, "content-type": "application/x-www-form-urlencoded" } : headers,
        body: form,
      });
      const body = Buffer.from(await response.arrayBuffer());
      // BENCH_COUNT_HTML=file keeps a page's HTML (the input of bench/remix-cpu.ts).
      if (method === "GET" && i === pairs && process.env.BENCH_COUNT_HTML) writeFileSync(process.env.BENCH_COUNT_HTML, body);
      if (i === 1 && method === "GET" && profileFile) {
        session.connect();
        await session.post("Profiler.enable");
        await session.post("Profiler.start");
      }
      // The first pair warms the modules and caches up: not counted.
      // CPU time of this process (app, PGlite and the fetch client together: the client's share is
      // the same before and after an app change), which a busy machine inflates far less than wall time.
      const used = process.cpuUsage(before.cpu);
      if (i > 0) rows.push({ what: method, status: response.status, queries: queries - before.queries, transactions: transactions - before.transactions, ms: performance.now() - before.at, cpuMs: (used.user + used.system) / 1000 });
    }
  }
  if (profileFile) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(profileFile, JSON.stringify(profile));
    session.disconnect();
  }
  for (const method of ["GET", "POST"]) {
    const mine = rows.filter((r) => r.what === method);
    const statuses = [...new Set(mine.map((r) => r.status))].join(",");
    const avg = (f: (r: (typeof rows)[number]) => number) => mine.reduce((a, r) => a + f(r), 0) / mine.length;
    console.log(
      `${method} /demo/questions/{id}: status ${statuses}; queries ${avg((r) => r.queries).toFixed(1)} per request (${Math.min(...mine.map((r) => r.queries))}–${Math.max(...mine.map((r) => r.queries))}), transactions ${avg((r) => r.transactions).toFixed(1)}, CPU ${avg((r) => r.cpuMs).toFixed(2)} ms, wall ${avg((r) => r.ms).toFixed(1)} ms average over ${mine.length}`,
    );
  }
} finally {
  await frontdoor.close();
}
