/**
 * The job queue behind bulk messages and appointment reminders (decision 0121). One small
 * interface, two runners over the same rows:
 * - PostgreSQL: pg-boss 10. A "bulk-send" job sends batches until nothing is due; a cron every
 *   minute (and `wake`, when staff press Send) starts the next. Workers of several processes may
 *   run at once: claims skip locked rows and the rate limit counts every process's attempts (the
 *   rows), so they share Notify's 3,000 a minute. A job of a killed worker expires and is retried;
 *   its claimed rows are settled after the lease. "appointment-reminders" runs every 5 minutes.
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
  const boss = new PgBoss({ connectionString, schema: "pgboss", max: 2 });
  boss.on("error", (error) => jobs.onError(error, "pg-boss"));
  await boss.start();
  let stopped = false;
  await boss.createQueue("bulk-send", { name: "bulk-send", policy: "standard", retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 });
  await boss.createQueue("appointment-reminders", { name: "appointment-reminders", policy: "standard", expireInSeconds: 300 });
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
  // One waiting job is enough: a burst of presses of Send makes one.
  const wake = () => boss.send("bulk-send", {}, { singletonKey: "bulk-send", singletonSeconds: 2 });
  await wake();
  return {
    async wake() {
      await wake();
    },
    async stop() {
      stopped = true;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
