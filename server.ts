/**
 * Starts Frontdoor: reads the environment, opens the database (PGlite in DATA_DIR, or
 * PostgreSQL at DATABASE_URL), applies migrations, seeds demo data on an empty database
 * outside production, and serves the Remix app: in this process, or in WEB_CONCURRENCY worker
 * processes on PostgreSQL. Stops gracefully on SIGTERM and SIGINT.
 */
import cluster from "node:cluster";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { readConfig } from "./app/config.server";
import { openDatabase } from "./app/db/client.server";
import { seedDemoIfEmpty } from "./app/db/seed.server";
import { systemClock } from "./app/domain/clock";
import { setBanner } from "./app/domain/shell/maintenance-banner.server";
import { refreshReportRollup } from "./app/domain/reports/rollup.server";
import { inviteAfterAppointments } from "./app/domain/feedback/fft.server";
import { sweepSignals } from "./app/domain/video/call.server";
import { createNotifier } from "./app/domain/notify/create-notifier.server";
import { createApp, createLogger } from "./app/server/http.server";
import { startInProcessQueue, startPgBossQueue, type JobQueue, type Jobs, type PeriodicJob } from "./app/domain/bulk/job-queue.server";
import { OutboxNotifier } from "./app/domain/notify/notifier.server";
import { NotifyNotifier } from "./app/domain/notify/notify.server";
import { retryNotifySends } from "./app/domain/notify/retry-queue.server";
import { sendDueReminders } from "./app/domain/bulk/reminders.server";

/** A point of the start: ms since the process started, and CPU ms used by then (decision 0138). */
const startMark = () => {
  const cpu = process.cpuUsage();
  return { at: performance.now(), cpu: (cpu.user + cpu.system) / 1000 };
};
/** Every import above is loaded by now: the first figure of the start-up log line. */
const modulesLoaded = startMark();

const here = dirname(fileURLToPath(import.meta.url));
/** The project root: server.ts sits in it, and its compiled bundle (`npm start`) in build/. */
const root = basename(here) === "build" ? dirname(here) : here;

type Config = ReturnType<typeof readConfig>;
type Logger = ReturnType<typeof createLogger>;

function open(config: Config) {
  return openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: "pglite", dataDir: config.dataDir },
  );
}

/** What happens once per start, not once per process: demo data and the banner. */
async function prepare(database: Awaited<ReturnType<typeof openDatabase>>, config: Config, logger: Logger) {
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) logger.info("demo data created");
  }
  if (config.maintenanceBanner) await setBanner(database.db, config.maintenanceBanner);
}

async function main() {
  const config = readConfig();
  const logger = createLogger(config);
  if (config.webConcurrency > 1 && cluster.isPrimary) return runPrimary(config, logger);
  const database = await open(config);
  const databaseOpen = startMark();
  if (!cluster.isWorker) await prepare(database, config, logger);
  const prepared = startMark();
  const build = (await import(join(root, "build/index.js"))) as ServerBuild;
  // Bulk messages and appointment reminders (issue "templates", decision 0121), and the periodic
  // jobs (decision 0151): pg-boss on PostgreSQL, so that each runs once per tick however many
  // processes there are; in-process timers over the same rows on PGlite (one process only).
  const notifier = createNotifier(config, database.db);
  const logJobError = (error: unknown, job: string) => logger.error({ job, error: error instanceof Error ? error.message : String(error) }, "job failed");
  const periodic: PeriodicJob[] = [
    // The reports' hourly rollup (issue "reports", decision 0090).
    { name: "report-rollup", every: "5 minutes", atStart: true, run: (now) => refreshReportRollup(database.db, now) },
    // Video calls' signalling rows older than a day (decision 0124).
    { name: "video-signal-sweep", every: "hour", atStart: true, run: (now) => sweepSignals(database.db, now) },
  ];
  // Friends and family test links after appointments (decision 0107), where links can be made.
  if (config.publicUrl) {
    const origin = config.publicUrl;
    periodic.push({ name: "fft-invitations", every: "5 minutes", run: (now) => inviteAfterAppointments({ db: database.db, notifier, productName: config.productName }, origin, now) });
  }
  // GOV.UK Notify sends that failed for a while, tried again (decision 0153). Given up is logged
  // by template and failure only: the recipient and the values never reach the log.
  if (notifier instanceof NotifyNotifier) {
    periodic.push({
      name: "notify-retries",
      every: "minute",
      atStart: true,
      run: async (now) => {
        const run = await retryNotifySends({ db: database.db, secret: config.sessionSecret }, notifier, now);
        if (run.givenUp.length > 0) logger.warn({ job: "notify-retries", givenUp: run.givenUp }, "Notify messages given up");
      },
    });
  }
  const jobs: Jobs = {
    send: { db: database.db, notifier, secret: config.sessionSecret, simulateReceipts: notifier instanceof OutboxNotifier },
    clock: systemClock,
    reminders: config.publicUrl
      ? (now) => sendDueReminders({ db: database.db, notifier, secret: config.sessionSecret }, config.publicUrl!, now)
      : undefined,
    periodic,
    onError: logJobError,
  };
  const buildLoaded = startMark();
  const queue: JobQueue = config.databaseUrl ? await startPgBossQueue(jobs, config.databaseUrl) : startInProcessQueue(jobs);
  const app = createApp({ config, database, clock: systemClock, build, publicDir: join(root, "public"), logger, notifier, jobs: queue });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, database: database.kind }, `Frontdoor listening on http://localhost:${port}`);
    // Where the start went (decision 0138), in ms since the process started: bench/startup.ts
    // reads this line; in production it shows a slow start's cause in the logs.
    const listening = startMark();
    const phases = { modules: modulesLoaded, database: databaseOpen, prepare: prepared, build: buildLoaded, listen: listening };
    const spans = (key: "at" | "cpu") => {
      let last = 0;
      return Object.fromEntries(
        Object.entries(phases).map(([name, mark]) => {
          const span = Math.round(mark[key] - last);
          last = mark[key];
          return [name, span];
        }),
      );
    };
    logger.info({ startup: { ...spans("at"), total: Math.round(listening.at) }, startupCpu: { ...spans("cpu"), total: Math.round(listening.cpu) } }, `started in ${Math.round(listening.at)} ms`);
  });
  server.keepAliveTimeout = 65_000;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Stop accepting connections, let in-flight requests finish, then stop the jobs (bulk
    // sending and the periodic jobs: a run under way ends first) and close the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await queue.stop().catch(() => {});
      await database.close().catch(() => {});
      process.exit(0);
    });
    server.closeIdleConnections?.();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only): this process migrates, seeds, then forks that many
 * workers that share the port (node:cluster hands connections round-robin). A worker that
 * dies is replaced; SIGTERM and SIGINT stop every worker gracefully, then this process.
 */
async function runPrimary(config: Config, logger: Logger) {
  const database = await open(config);
  try {
    await prepare(database, config, logger);
  } finally {
    await database.close();
  }
  let stopping = false;
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "worker exited; starting another");
    setTimeout(() => cluster.fork(), 1000);
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: config.webConcurrency }, "shutting down");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
