/**
 * Starts Frontdoor, once server.ts has read the environment and, on PGlite, started the database
 * thread: loads the Remix build, opens the database (PostgreSQL at DATABASE_URL, or the embedded
 * one), applies migrations, seeds demo data on an empty database outside production, and serves
 * the app: in this process, or in WEB_CONCURRENCY worker processes on PostgreSQL. Stops
 * gracefully on SIGTERM and SIGINT.
 */
import cluster from "node:cluster";
import { join } from "node:path";
import type { ServerBuild } from "@remix-run/node";
import type { readConfig } from "../config.server";
import { openDatabase } from "../db/client.server";
import type { StartingPglite } from "../db/pglite-remote.server";
import { systemClock } from "../domain/clock";
import { setBanner } from "../domain/shell/maintenance-banner.server";
import { refreshReportRollup } from "../domain/reports/rollup.server";
import { inviteAfterAppointments } from "../domain/feedback/fft.server";
import { sweepSignals } from "../domain/video/call.server";
import { createNotifier } from "../domain/notify/create-notifier.server";
import { createApp, createLogger } from "./http.server";
import { holdEventLoop } from "../db/event-loop.server";
import { startInProcessQueue, startPgBossQueue, type JobQueue, type Jobs, type PeriodicJob } from "../domain/bulk/job-queue.server";
import { OutboxNotifier } from "../domain/notify/notifier.server";
import { NotifyNotifier } from "../domain/notify/notify.server";
import { retryNotifySends } from "../domain/notify/retry-queue.server";
import { sendDueReminders } from "../domain/bulk/reminders.server";

/** A point of the start: ms since the process started, and CPU ms used by then (decision 0138). */
export const startMark = () => {
  const cpu = process.cpuUsage();
  return { at: performance.now(), cpu: (cpu.user + cpu.system) / 1000 };
};
type Config = ReturnType<typeof readConfig>;
type Logger = ReturnType<typeof createLogger>;

function open(config: Config, started?: StartingPglite) {
  if (config.databaseUrl) return openDatabase({ kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize });
  return openDatabase(started ? { kind: "pglite-thread", started } : { kind: "pglite", dataDir: config.dataDir });
}

/** What happens once per start, not once per process: demo data and the banner. */
async function prepare(database: Awaited<ReturnType<typeof openDatabase>>, config: Config, logger: Logger, started?: StartingPglite) {
  if (config.seedDemo) {
    // On PGlite the database thread seeded an empty database while the app loaded (decision 0166),
    // and a start that finds data need not load the seed's modules here (decision 0167).
    const seeded = started?.seedsDemo ? (await started.client).seededDemo : await (await import("../db/seed.server")).seedDemoIfEmpty(database.db);
    if (seeded) logger.info("demo data created");
  }
  if (config.maintenanceBanner) await setBanner(database.db, config.maintenanceBanner);
}

/** What server.ts hands over: where the project is, the database thread it started, its clock. */
export type Start = { root: string; started?: StartingPglite; modulesLoaded: ReturnType<typeof startMark> };

export async function main(config: Config, { root, started, modulesLoaded }: Start) {
  const logger = createLogger(config);
  if (config.webConcurrency > 1 && cluster.isPrimary) return runPrimary(config, logger);
  // Until the server listens, nothing may be left for libuv to wait on while the start awaits
  // (PGlite's thread and PostgreSQL's sockets count; PGlite in process would not): a held loop
  // keeps Node from waiting there on V8's background work (decision 0165).
  const releaseLoop = holdEventLoop();
  // The Remix build loads first: on PGlite the database thread is still starting (decision 0165).
  const build = (await import(join(root, "build/index.js"))) as ServerBuild;
  const buildLoaded = startMark();
  const database = await open(config, started);
  const databaseOpen = startMark();
  if (!cluster.isWorker) await prepare(database, config, logger, started);
  const prepared = startMark();
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
  const queue: JobQueue = config.databaseUrl ? await startPgBossQueue(jobs, config.databaseUrl) : startInProcessQueue(jobs);
  const app = createApp({ config, database, clock: systemClock, build, publicDir: join(root, "public"), logger, notifier, jobs: queue });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, database: database.kind }, `Frontdoor listening on http://localhost:${port}`);
    // Where the start went (decision 0138), in ms since the process started: bench/startup.ts
    // reads this line; in production it shows a slow start's cause in the logs.
    const listening = startMark();
    releaseLoop();
    // "database" is what the start still waited for the database after the build had loaded.
    const phases = { modules: modulesLoaded, build: buildLoaded, database: databaseOpen, prepare: prepared, listen: listening };
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

