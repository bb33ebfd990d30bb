/**
 * The job queue behind bulk messages and appointment reminders (decision 0121). One small
 * interface, two runners over the same rows:
 * - PostgreSQL: pg-boss 10. Queue "bulk-send" is `stately` (at most one job running and one
 *   waiting across every process), so one worker sends at a time whatever WEB_CONCURRENCY is;
 *   a job sends batches until nothing is due, then a minute's cron (and `wake`) starts the next.
 *   "appointment-reminders" runs from a cron every 5 minutes.
 * - PGlite (one process only): an in-process loop that does the same work on a timer.
 * Either way the recipients' rows are the truth, so a restart picks up what was not sent.
 */
import type { Clock } from "~/domain/clock";
import { recoverOrphans, sendBatch, type SendDeps } from "./sender.server";

export interface JobQueue {
  /** Ask for sending to run now (a message was just queued or scheduled). */
  wake(): Promise<void>;
  stop(): Promise<void>;
}

export type Jobs = {
  send: SendDeps;
  clock: Clock;
  /** The reminders' job: sends what is due; absent when links cannot be made (no PUBLIC_URL). */
  reminders?: (now: Date) => Promise<unknown>;
  onError: (error: unknown, job: string) => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends batches, one a second, until a batch is not full; pacing keeps the rate even. */
export async function drain(jobs: Jobs, shouldStop: () => boolean, maxMs = 55_000): Promise<number> {
  const started = Date.now();
  let sent = 0;
  while (!shouldStop() && Date.now() - started < maxMs) {
    const batchStarted = Date.now();
    const result = await sendBatch(jobs.send, jobs.clock.now());
    sent += result.sent;
    if (!result.more && result.allowance > 0) break;
    await sleep(Math.max(0, 1000 - (Date.now() - batchStarted)));
  }
  return sent;
}

/** PGlite: one process, a loop on a timer. Rows orphaned by the last run are settled at start. */
export function startInProcessQueue(jobs: Jobs, options: { pollMs?: number; reminderMs?: number } = {}): JobQueue {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let again = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain(jobs, () => stopped)
      .catch((error) => jobs.onError(error, "bulk-send"))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  };
  const start = recoverOrphans(jobs.send, jobs.clock.now(), 0)
    .catch((error) => jobs.onError(error, "bulk-recover"))
    .then(run);
  const poll = setInterval(run, options.pollMs ?? 5_000);
  const reminders = jobs.reminders;
  const reminderTimer = reminders
    ? setInterval(() => void reminders(jobs.clock.now()).catch((error) => jobs.onError(error, "appointment-reminders")), options.reminderMs ?? 5 * 60_000)
    : null;
  poll.unref();
  reminderTimer?.unref();
  return {
    async wake() {
      await start;
      run();
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (reminderTimer) clearInterval(reminderTimer);
      await running;
    },
  };
}

/** PostgreSQL: pg-boss 10 in its own schema (`pgboss`), sharing the database. */
export async function startPgBossQueue(jobs: Jobs, connectionString: string): Promise<JobQueue> {
  const { default: PgBoss } = await import("pg-boss");
  const boss = new PgBoss({ connectionString, schema: "pgboss", max: 2, monitorStateIntervalSeconds: undefined });
  boss.on("error", (error) => jobs.onError(error, "pg-boss"));
  await boss.start();
  let stopped = false;
  await boss.createQueue("bulk-send", { name: "bulk-send", policy: "stately", retryLimit: 3, retryDelay: 5, retryBackoff: true });
  await boss.createQueue("appointment-reminders", { name: "appointment-reminders", policy: "stately" });
  await boss.work("bulk-send", { pollingIntervalSeconds: 2 }, async () => {
    await recoverOrphans(jobs.send, jobs.clock.now());
    await drain(jobs, () => stopped);
  });
  await boss.schedule("bulk-send", "* * * * *");
  if (jobs.reminders) {
    const reminders = jobs.reminders;
    await boss.work("appointment-reminders", async () => {
      await reminders(jobs.clock.now());
    });
    await boss.schedule("appointment-reminders", "*/5 * * * *");
  }
  await boss.send("bulk-send", {});
  return {
    async wake() {
      await boss.send("bulk-send", {});
    },
    async stop() {
      stopped = true;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
