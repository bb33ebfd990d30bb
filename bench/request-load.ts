/**
 * `npm run bench:requests`: signed-in patients answering their requests, under load, on
 * PostgreSQL, beside a bare Express app serving the same mix in the same run.
 *
 * 1. Creates a fresh database on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/),
 *    starts the built app on it in a process of its own (production mode, demo data), and
 *    drops the database afterwards.
 * 2. Seeds one signed-in patient per connection (a session row and a CSRF secret, no sign-in),
 *    each with BENCH_DRAFTS_PER_CONNECTION draft requests and one submitted request.
 * 3. autocannon, BENCH_CONNECTIONS (50) connections: each alternately GETs a page of its own
 *    request and POSTs an answer; BENCH_WARMUP_PAIRS (3) pairs each to warm up, then as many
 *    pairs as fill about BENCH_DURATION (20) s at the warm-up's pace, every answer awaited.
 *    Then the same against the bare app (GET: the captured HTML; POST: 303).
 * 4. Checks that the saved answers equal the successful (3xx) posts; see `verify` below.
 *
 * The target (BENCH_REQUEST_TARGET):
 * - `questions` (default): GET and POST /{code}/questions/{id}, answering question 31 (admin
 *   type, page 1) with ANSWER_FIELDS. The questions route is built on another branch: while it
 *   answers 404, the bench says so and measures `chat` instead.
 * - `chat`: GET /{code}/chat/{id} of the submitted request and POST a reply to it.
 *
 * Not a test: no number fails it. Prints a table and writes bench/results/requests-<time>.json.
 */
// Must stay the first import: it sets NODE_ENV before React and Express are loaded.
import "./production-env";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { and, countDistinct, count, eq, inArray, isNotNull } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database } from "../app/db/client.server";
import { answers, entryMessages, idempotencyKeys } from "../app/db/schema";
import { IDEMPOTENCY_FIELD } from "../app/server/idempotency.server";
import { fixed, kb, table } from "./format";
import { get } from "./http";
import { intFromEnv } from "./load";
import { BROWSER_HEADERS } from "./pages";
import { cpuPerRequest, readCpu } from "./process-cpu";
import { questionPagePath, seedBenchPatients, type BenchPatient } from "./request-fixtures";
import { BENCH_SESSION_SECRET, everyRouteHydrated, startFrontdoor } from "./servers";

const root = fileURLToPath(new URL("..", import.meta.url));
const PRACTICE = "demo";

/**
 * The form fields the questions page posts to answer question 31
 * ("What do you need?", single choice, admin issue type page 1), besides `csrf`.
 */
export const ANSWER_FIELDS: Record<string, string> = { q31: "fit_note" };
/** The question those fields answer: saved answers are counted on it. */
const ANSWERED_QUESTION_ID = 31;

type Target = "questions" | "chat";

type Counters = { get: Record<string, number>; post: Record<string, number>; exhausted: number };

type RunResult = {
  label: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Wall time of the run. */
  seconds: number;
  bytesPerResponse: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** The machine's 1-minute load average when the run ended (2 cores shared: read figures with it). */
  load: number;
  /** CPU ms per request of the server (its process tree) and of PostgreSQL, over the measured run (Linux). */
  cpuMs: { server: number | undefined; postgres: number | undefined };
};

const settings = {
  connections: intFromEnv("BENCH_CONNECTIONS", 50, 1, 1000),
  duration: intFromEnv("BENCH_DURATION", 20, 1, 600),
  /** GET+POST pairs per connection before the measured run. */
  warmupPairs: intFromEnv("BENCH_WARMUP_PAIRS", 3, 1, 100),
  /**
   * Seconds of load after those pairs, before the measured run. 5, not 2: V8 was still
   * optimising the app's code (TurboFan on the second core) a few seconds into its run,
   * which a server in steady state does not pay (V8's code log, issue "speed").
   */
  warmupSeconds: intFromEnv("BENCH_WARMUP_SECONDS", 5, 1, 120),
  draftsEach: intFromEnv("BENCH_DRAFTS_PER_CONNECTION", 400, 10, 100_000),
};
const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const wanted = (process.env.BENCH_REQUEST_TARGET ?? "questions") as Target;
if (wanted !== "questions" && wanted !== "chat") throw new Error('BENCH_REQUEST_TARGET must be "questions" or "chat"');

/**
 * JS a page ships, gzip: the module scripts it preloads (Remix lists every module of the page's
 * routes, the entry and the manifest as `modulepreload`), read from that checkout's public/.
 */
function jsShipped(html: string, checkout: string): { files: number; raw: number; gz: number } {
  const hrefs = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)].map((m) => m[1] ?? m[2]);
  let raw = 0;
  let gz = 0;
  for (const href of new Set(hrefs)) {
    const bytes = readFileSync(join(checkout, "public", href.split("?")[0]));
    raw += bytes.length;
    gz += gzipSync(bytes).length;
  }
  return { files: new Set(hrefs).size, raw, gz };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The V8 flag `npm start` runs the server with (package.json): every process of the bench gets
 * it, so the app is measured as it runs in production and the floor and bare Express alike.
 */
const SERVER_NODE_ARGS = ["--max-semi-space-size=32"];

/**
 * Starts a Node process and waits until `ready` answers 200: a built `.js` file as it is (the
 * app's `build/server.js`, as `npm start` runs it), a `.ts` one through tsx.
 */
async function startProcess(script: string, env: NodeJS.ProcessEnv, ready: string, cwd = root, nodeArgs: string[] = []): Promise<ChildProcess> {
  const loader = script.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, ...loader, script], { cwd, env, stdio: ["ignore", process.env.BENCH_APP_STDOUT ? "inherit" : "ignore", "inherit"] });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench: ${script} exited (${child.exitCode}) before it was ready`);
    try {
      if ((await get(ready, {})).status === 200) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`bench: ${script} was not ready within 120 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * The request mix of one connection. Connections take patients in turn (slot = n-th
 * connection of the run, modulo the patients), and a patient's position in its drafts
 * (cursor) lives across runs, so the warm-up and the measured run never answer the same
 * draft twice.
 */
function requestMix(target: Target, patients: BenchPatient[], counters: Counters) {
  let nextSlot = 0;
  const cursors = patients.map(() => 0);
  const sequence = patients.map(() => 0);
  const slotOf = (context: Record<string, unknown>) => {
    if (typeof context.slot !== "number") context.slot = nextSlot++ % patients.length;
    return context.slot as number;
  };
  const baseHeaders = (p: BenchPatient) => ({ ...BROWSER_HEADERS, cookie: p.cookie });
  const bump = (bucket: Record<string, number>, status: number) => {
    bucket[status] = (bucket[status] ?? 0) + 1;
  };
  return {
    resetSlots() {
      nextSlot = 0;
    },
    requests: [
      {
        method: "GET",
        setupRequest(request: autocannon.RawRequest, context: Record<string, unknown>) {
          const slot = slotOf(context);
          const p = patients[slot];
          const draft = p.draftIds[Math.min(cursors[slot], p.draftIds.length - 1)];
          request.path = target === "questions" ? questionPagePath(PRACTICE, draft, 1) : `/${PRACTICE}/chat/${p.submittedId}`;
          request.headers = baseHeaders(p);
          return request;
        },
        onResponse(status: number) {
          bump(counters.get, status);
        },
      },
      {
        method: "POST",
        setupRequest(request: autocannon.RawRequest, context: Record<string, unknown>) {
          const slot = slotOf(context);
          const p = patients[slot];
          // As a browser posts the page's form: the CSRF token and a fresh idempotency key (each
          // page render brings a new one), so every post pays for runOnce's claim and record.
          const fields = new URLSearchParams({ csrf: p.csrfToken, [IDEMPOTENCY_FIELD]: randomUUID() });
          if (target === "questions") {
            // A fresh draft for every post: answers are upserted per question, so only one answer
            // per draft makes "saved answers = successful posts" a count, not a guess.
            if (cursors[slot] >= p.draftIds.length) counters.exhausted++;
            const draft = p.draftIds[Math.min(cursors[slot]++, p.draftIds.length - 1)];
            for (const [name, value] of Object.entries(ANSWER_FIELDS)) fields.set(name, value);
            request.path = questionPagePath(PRACTICE, draft, 1);
          } else {
            // Every reply is a new row: its text is unique (patient and sequence number).
            fields.set("body", `Bench reply ${slot}-${++sequence[slot]}`);
            request.path = `/${PRACTICE}/chat/${p.submittedId}`;
          }
          request.headers = { ...baseHeaders(p), "content-type": "application/x-www-form-urlencoded" };
          request.body = fields.toString();
          return request;
        },
        onResponse(status: number) {
          bump(counters.post, status);
        },
      },
    ] satisfies autocannon.RequestSpec[],
  };
}

/**
 * Runs until every connection has made `perConnection` requests and had every answer
 * (not for a set time: a timed stop drops the answers in flight, whose posts the app
 * may still have saved, and the saved/successful check would lose its meaning).
 */
async function runLoad(label: string, baseUrl: string, mix: ReturnType<typeof requestMix>, perConnection: number, serverPid?: number): Promise<RunResult> {
  mix.resetSlots();
  const cpuBefore = readCpu(serverPid);
  const started = performance.now();
  // The run's time ends at its last answer: autocannon notices that every connection is done
  // only on its next one-second tick, which added up to a second to a 10-second run (and made
  // req/s come in steps: 3,000 requests in 9, 10 or 11 s).
  let lastAnswer = started;
  const requests = mix.requests.map((spec) => ({
    ...spec,
    onResponse(...args: Parameters<NonNullable<typeof spec.onResponse>>) {
      lastAnswer = performance.now();
      return spec.onResponse?.(...args);
    },
  }));
  const result = await autocannon({
    url: baseUrl,
    connections: settings.connections,
    maxConnectionRequests: perConnection,
    // Only a bound: the run ends when every connection is done.
    duration: 10 * settings.duration + 120,
    timeout: 60,
    requests,
  });
  const seconds = (lastAnswer - started) / 1000;
  const cpuAfter = readCpu(serverPid);
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count;
  const completed = result.requests.total ?? 0;
  return {
    label,
    reqPerSec: completed / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: completed,
    seconds,
    bytesPerResponse: completed > 0 ? Math.round((result.throughput.total ?? 0) / completed) : 0,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    load: loadavg()[0],
    cpuMs: cpuPerRequest(cpuBefore, cpuAfter, completed),
  };
}

/**
 * Warms up with a few GET+POST pairs per connection, then sizes the measured run from the
 * warm-up's pace to last about BENCH_DURATION seconds (whole pairs, within the drafts).
 */
async function measure(label: string, baseUrl: string, mix: ReturnType<typeof requestMix>, pairsLeft: () => number, server?: ChildProcess): Promise<RunResult> {
  const pairsFor = (reqPerSec: number, seconds: number) =>
    Math.max(1, Math.min(pairsLeft(), Math.round((reqPerSec * seconds) / settings.connections / 2)));
  // A cold start is slow: a second warm-up at the first one's pace gives the pace.
  const cold = await runLoad("warm-up", baseUrl, mix, 2 * settings.warmupPairs);
  const warm = await runLoad("warm-up", baseUrl, mix, 2 * pairsFor(cold.reqPerSec, settings.warmupSeconds));
  return runLoad(label, baseUrl, mix, 2 * pairsFor(warm.reqPerSec, settings.duration), server?.pid);
}

const sum = (bucket: Record<string, number>, test: (status: number) => boolean) =>
  Object.entries(bucket).reduce((total, [status, n]) => (test(Number(status)) ? total + n : total), 0);

/**
 * What the database holds after the run, to compare with the posts that got a 3xx:
 * - questions: drafts (of the bench patients) with an answer to question 31. Each post
 *   answered a draft no other post touched, so each successful post is exactly one such draft.
 * - chat: patient messages on the bench patients' submitted requests, one row per reply.
 * Both count warm-up posts too, as the counters do.
 */
async function savedCount(database: Database, target: Target, patients: BenchPatient[]): Promise<number> {
  if (target === "questions") {
    const drafts = patients.flatMap((p) => p.draftIds);
    let total = 0;
    for (let i = 0; i < drafts.length; i += 5000) {
      const [{ n }] = await database.db
        .select({ n: countDistinct(answers.patientEntryId) })
        .from(answers)
        .where(and(eq(answers.questionId, ANSWERED_QUESTION_ID), inArray(answers.patientEntryId, drafts.slice(i, i + 5000))));
      total += n;
    }
    return total;
  }
  const [{ n }] = await database.db
    .select({ n: count() })
    .from(entryMessages)
    .where(and(eq(entryMessages.authorRole, "patient"), inArray(entryMessages.patientEntryId, patients.map((p) => p.submittedId))));
  return n;
}

async function main() {
  const startedAt = new Date();
  const limitMs = (600 + 25 * settings.duration) * 1000;
  setTimeout(() => {
    console.error(`bench: gave up after ${limitMs / 1000} s.`);
    process.exit(1);
  }, limitMs).unref();
  console.log(`Frontdoor request load bench — ${startedAt.toISOString()} — Node ${process.version}, ${cpus().length} CPU(s)`);

  // BENCH_DATABASE: the database's name (created, then dropped), e.g. an engineer's own.
  const dbName = process.env.BENCH_DATABASE ?? `fd_bench_${Date.now()}`;
  // BENCH_BASELINE_DIR: another built checkout (e.g. main), measured first on the same database
  // and seeded patients, so before and after share one run and one machine load.
  const baselineDir = process.env.BENCH_BASELINE_DIR;
  const databaseUrl = withDatabase(adminUrl, dbName);
  const filesDir = mkdtempSync(join(tmpdir(), "frontdoor-bench-files-"));
  const htmlDir = mkdtempSync(join(tmpdir(), "frontdoor-bench-html-"));
  let app: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  let baseline: ChildProcess | undefined;
  let database: Database | undefined;
  let report: Record<string, unknown> = {};
  await admin(`create database "${dbName}"`);
  try {
    const appPort = await freePort();
    const appUrl = `http://127.0.0.1:${appPort}`;
    console.error(`bench: starting Frontdoor on PostgreSQL database ${dbName}…`);
    const appEnv = {
        ...process.env,
        NODE_ENV: "production" as const,
        DATABASE_URL: databaseUrl,
        PORT: String(appPort),
        HOST: "127.0.0.1",
        SESSION_SECRET: BENCH_SESSION_SECRET,
        LOG_LEVEL: "silent",
        SEED_DEMO: "true",
        FILES_DIR: filesDir,
    };
    // BENCH_APP_NODE_ARGS: e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the app
    // (BENCH_FLOOR_NODE_ARGS the same for the floor: compare the two profiles per request).
    app = await startProcess("build/server.js", appEnv, `${appUrl}/healthz`, root, (process.env.BENCH_APP_NODE_ARGS ?? "").split(" ").filter(Boolean));
    database = await openDatabase({ kind: "postgres", url: databaseUrl, migrate: false, poolSize: 2 });
    console.error(`bench: seeding ${settings.connections} signed-in patients with ${settings.draftsEach} drafts each…`);
    const patients = await seedBenchPatients(database.db, {
      practiceCode: PRACTICE,
      count: settings.connections,
      draftsEach: settings.draftsEach,
      sessionSecret: BENCH_SESSION_SECRET,
    });

    // Which target: the questions page if this build has it, else the chat (with a note).
    let target: Target = wanted;
    let note: string | undefined;
    const probe = await get(`${appUrl}${questionPagePath(PRACTICE, patients[0].draftIds[0], 1)}`, { ...BROWSER_HEADERS, cookie: patients[0].cookie, "accept-encoding": "identity" });
    if (target === "questions" && probe.status === 404) {
      target = "chat";
      note = "/{code}/questions/{id} answered 404 (built on another branch): measured the chat page and its reply form instead.";
    }
    const pagePath = target === "questions" ? questionPagePath(PRACTICE, patients[0].draftIds[0], 1) : `/${PRACTICE}/chat/${patients[0].submittedId}`;
    const page = await get(`${appUrl}${pagePath}`, { ...BROWSER_HEADERS, cookie: patients[0].cookie, "accept-encoding": "identity" });
    if (page.status !== 200) throw new Error(`bench: ${pagePath} answered ${page.status}`);
    const htmlFile = join(htmlDir, "page.html");
    writeFileSync(htmlFile, page.body);
    // The floor serves the page's loader data as fixed data, read from window.__remixContext.
    // Patient pages ship no scripts and so no context, in the NHS App neither (decisions 0145,
    // 0155): the same build with every route hydrated, run in this process on the same database
    // for this one page, gives the data (the answer is the measured app's, plus the scripts).
    const capture = await startFrontdoor(root, appEnv, { build: everyRouteHydrated });
    let hydrated: Awaited<ReturnType<typeof get>>;
    try {
      hydrated = await get(`${capture.baseUrl}${pagePath}`, { ...BROWSER_HEADERS, cookie: patients[0].cookie, "accept-encoding": "identity" });
    } finally {
      await capture.close();
    }
    if (hydrated.status !== 200 || !hydrated.body.includes("window.__remixContext")) throw new Error(`bench: ${pagePath} with every route hydrated answered ${hydrated.status}, without loader data`);
    const dataFile = join(htmlDir, "page-data.html");
    writeFileSync(dataFile, hydrated.body);
    // Kept for bench/remix-cpu.ts, whose input it is (FLOOR_HTML_FILE).
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/request-page-data.html"), hydrated.body);

    const floorPort = await freePort();
    floor = await startProcess("bench/floor-server.ts", { ...process.env, FLOOR_HTML_FILE: dataFile, PORT: String(floorPort), LOG_LEVEL: "silent" }, `http://127.0.0.1:${floorPort}/healthz`, root, (process.env.BENCH_FLOOR_NODE_ARGS ?? "").split(" ").filter(Boolean));
    const barePort = await freePort();
    bare = await startProcess("bench/bare-server.ts", { ...process.env, BARE_HTML_FILE: htmlFile, PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);

    const counters: Counters = { get: {}, post: {}, exhausted: 0 };
    const mix = requestMix(target, patients, counters);
    // Questions: one draft per post, so no more pairs than the drafts left (chat: no limit).
    const pairsLeft = () => (target === "questions" ? settings.draftsEach - Math.ceil(sum(counters.post, () => true) / settings.connections) : 1_000_000);
    let before: RunResult | undefined;
    let baselineJs: ReturnType<typeof jsShipped> | undefined;
    const js = jsShipped(page.body.toString("utf8"), root);
    if (baselineDir) {
      // The other checkout, alone on the machine while it runs (this app idles meanwhile).
      const basePort = await freePort();
      baseline = await startProcess(existsSync(join(baselineDir, "build/server.js")) ? "build/server.js" : "server.ts", { ...appEnv, PORT: String(basePort) }, `http://127.0.0.1:${basePort}/healthz`, baselineDir);
      console.error(`bench: warming up, then loading the baseline ${baselineDir} (about ${settings.duration} s)…`);
      const basePage = await get(`http://127.0.0.1:${basePort}${pagePath}`, { ...BROWSER_HEADERS, cookie: patients[0].cookie, "accept-encoding": "identity" });
      baselineJs = jsShipped(basePage.body.toString("utf8"), baselineDir);
      before = await measure(`Baseline (${baselineDir})`, `http://127.0.0.1:${basePort}`, mix, pairsLeft, baseline);
      await stopProcess(baseline);
    }
    console.error(`bench: warming up, then loading Frontdoor (about ${settings.duration} s)…`);
    const frontdoor = await measure(`Frontdoor ${target === "questions" ? "questions page + answer" : "chat page + reply"}`, appUrl, mix, pairsLeft, app);
    const frontdoorCounters = structuredClone(counters);
    const floorMix = requestMix(target, patients.map((p) => ({ ...p, draftIds: [...p.draftIds] })), { get: {}, post: {}, exhausted: 0 });
    console.error(`bench: warming up, then loading the Remix floor (about ${settings.duration} s)…`);
    const floorResult = await measure("Remix floor (same build and layout, fixed data, no database)", `http://127.0.0.1:${floorPort}`, floorMix, () => 1_000_000, floor);
    const saved = await savedCount(database, target, patients);
    // Each successful post's redirect kept under its key: the posts went through runOnce.
    const [{ recorded }] = await database.db.select({ recorded: count() }).from(idempotencyKeys).where(isNotNull(idempotencyKeys.status));

    const bareCounters: Counters = { get: {}, post: {}, exhausted: 0 };
    const bareMix = requestMix(target, patients.map((p) => ({ ...p, draftIds: [...p.draftIds] })), bareCounters);
    console.error(`bench: warming up, then loading the bare app (about ${settings.duration} s)…`);
    const bareResult = await measure("Bare express, same HTML + 303", `http://127.0.0.1:${barePort}`, bareMix, () => 1_000_000, bare);
    const ratio = bareResult.reqPerSec > 0 ? frontdoor.reqPerSec / bareResult.reqPerSec : Number.NaN;
    const ofFloor = floorResult.reqPerSec > 0 ? frontdoor.reqPerSec / floorResult.reqPerSec : Number.NaN;
    const floorOfBare = bareResult.reqPerSec > 0 ? floorResult.reqPerSec / bareResult.reqPerSec : Number.NaN;
    const loadAverage = loadavg().map((n) => n.toFixed(1)).join(" ");

    const postsOk = sum(frontdoorCounters.post, (s) => s >= 300 && s < 400);
    const postsOther = sum(frontdoorCounters.post, (s) => s < 300 || s >= 400);
    const getsOk = sum(frontdoorCounters.get, (s) => s === 200);

    console.log(
      `\nRequest load — autocannon, ${settings.connections} connections (one signed-in patient each), ${settings.duration} s` +
        ` (measured: ${fixed(frontdoor.seconds, 1)} s and ${fixed(bareResult.seconds, 1)} s, whole GET+POST pairs, every answer awaited) after a warm-up of ${settings.warmupPairs} pairs per connection and about ${settings.warmupSeconds} s more; each connection alternates GET ${target === "questions" ? "/{code}/questions/{id}" : "/{code}/chat/{id}"} and a form POST (CSRF token and a fresh idempotency key, as the page's form);` +
        "\n    PostgreSQL (fresh database); Frontdoor and the bare Express app each in a process of their own, autocannon in the bench process\n",
    );
    const rows = [...(before ? [before] : []), frontdoor, floorResult, bareResult].map((r) => [
      r.label,
      fixed(r.reqPerSec, 0),
      `${fixed(r.p50Ms, 0)} ms`,
      `${fixed(r.p99Ms, 0)} ms`,
      String(r.requests),
      kb(r.bytesPerResponse),
      JSON.stringify(r.statusCodes),
      r.errors + r.timeouts === 0 ? "0" : `${r.errors} errors, ${r.timeouts} timeouts`,
      r === bareResult ? "" : fixed(r.reqPerSec / bareResult.reqPerSec, 3),
      r === floorResult || r === bareResult ? "" : fixed(r.reqPerSec / floorResult.reqPerSec, 2),
      r.cpuMs.server === undefined ? "–" : fixed(r.cpuMs.server, 2),
      r.cpuMs.postgres === undefined || r === floorResult || r === bareResult ? "–" : fixed(r.cpuMs.postgres, 2),
      fixed(r.load, 1),
    ]);
    console.log(table(["Target", "req/s", "p50", "p99", "Requests", "Resp size", "Status codes", "Errors", "÷ bare", "÷ floor", "CPU ms/req", "PG ms/req", "Load avg"], rows));
    const jsLine = (j: ReturnType<typeof jsShipped>) => `${j.files} files, ${kb(j.raw)} raw, ${kb(j.gz)} gz`;
    console.log(`JS shipped by the page (modulepreload): ${jsLine(js)}${baselineJs ? `; baseline ${jsLine(baselineJs)}` : ""} (goal ≤ 90 KB gz)`);
    console.log(`Frontdoor ÷ floor ${fixed(ofFloor, 2)}, floor ÷ bare ${fixed(floorOfBare, 3)}, Frontdoor ÷ bare ${fixed(ratio, 3)}; load average at the end: ${loadAverage}`);
    if (note) console.log(`Note: ${note}`);
    console.log(
      `\nSaved ${target === "questions" ? "answers (drafts answered)" : "replies"}: ${saved}; successful (3xx) posts: ${postsOk}` +
        ` (warm-up included); ${saved === postsOk ? "EQUAL" : "NOT EQUAL"}.` +
        ` Other post answers: ${postsOther}; GETs answered 200: ${getsOk} of ${sum(frontdoorCounters.get, () => true)}.` +
        ` Posts recorded under their idempotency key: ${recorded}${baselineDir ? " (baseline's included)" : ""}.`,
    );
    if (saved !== postsOk && frontdoor.timeouts > 0) console.log("A post that timed out may still have been saved: timeouts explain saved > successful.");
    if (counters.exhausted > 0) console.log(`Warning: ${counters.exhausted} posts found their patient's drafts used up: raise BENCH_DRAFTS_PER_CONNECTION.`);

    report = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      database: "postgres",
      settings,
      target,
      note,
      answerFields: target === "questions" ? ANSWER_FIELDS : undefined,
      frontdoor,
      bare: bareResult,
      floor: floorResult,
      js,
      baselineJs,
      baseline: before,
      ratio,
      ofFloor,
      floorOfBare,
      loadAverage,
      check: { saved, successfulPosts: postsOk, recordedByIdempotencyKey: recorded, otherPosts: postsOther, equal: saved === postsOk, postStatuses: frontdoorCounters.post, getStatuses: frontdoorCounters.get },
    };
  } finally {
    await stopProcess(bare);
    await stopProcess(floor);
    await stopProcess(baseline);
    await stopProcess(app);
    await database?.close().catch(() => {});
    // BENCH_KEEP_DATABASE=1 keeps it, to EXPLAIN the app's statements on the bench's data.
    if (process.env.BENCH_KEEP_DATABASE !== "1") await admin(`drop database if exists "${dbName}" with (force)`).catch((error: Error) => console.error(`bench: could not drop ${dbName}: ${error.message}`));
    rmSync(filesDir, { recursive: true, force: true });
    rmSync(htmlDir, { recursive: true, force: true });
  }
  const resultsDir = join(root, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `requests-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${relative(root, file)}`);
}

main().then(
  () => setTimeout(() => process.exit(0), 1_000).unref(),
  (error: unknown) => {
    console.error("bench crashed:", error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 5_000).unref();
  },
);
