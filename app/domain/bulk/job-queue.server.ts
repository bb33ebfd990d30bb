/**
 * The job queue behind bulk messages, appointment reminders and the periodic jobs (decisions
 * 0121, 0151). One small interface, two runners over the same rows:
 * - PostgreSQL: pg-boss 10. A "bulk-send" job sends batches until nothing is due; a cron every
 *   minute (and `wake`, when staff press Send) starts the next. Workers of several processes may
 *   run at once: claims skip locked rows and the rate limit counts every process's attempts (the
 *   rows), so they share Notify's 3,000 a minute. A job of a killed worker expires and is retried;
 *   its claimed rows are settled after the lease. "appointment-reminders" runs every 5 minutes.
 *   Each periodic job (report rollup, FFT invitations, video signalling sweep, Notify retries) is a queue with a
 *   cron: one run per tick across every process, one running and one waiting at most.
 * - PGlite (one process only): an in-process loop that does the same work on a timer, and the
 *   periodic jobs on timers of their own (runEvery).
 * Either way the recipients' rows are the truth, so a restart picks up what was not sent.
 */
import type { Clock } from "~/domain/clock";
import { runEvery } from "~/domain/time/every";
import { recoverOrphans, sendBatch, type SendDeps } from "./sender.server";

export interface JobQueue {
  /** Ask for sending to run now (a message was just queued or scheduled). */
  wake(): Promise<void>;
  stop(): Promise<void>;
}

/** How often a periodic job runs: a cron on PostgreSQL, an interval on PGlite. */
const SCHEDULES = {
  minute: { cron: "* * * * *", ms: 60_000 },
  "5 minutes": { cron: "*/5 * * * *", ms: 5 * 60_000 },
  hour: { cron: "0 * * * *", ms: 3_600_000 },
} as const;

/**
 * Work done on a schedule that must not be done once per process (decision 0151): on PostgreSQL
 * one run per tick across every process, never two at once.
 */
export type PeriodicJob = {
  /** The pg-boss queue, and the job's name in the logs. */
  name: string;
  every: keyof typeof SCHEDULES;
  /** Also one run when the app starts (one for several processes starting together). */
  atStart?: boolean;
  run: (now: Date) => Promise<unknown>;
};

export type Jobs = {
  send: SendDeps;
  clock: Clock;
  /** The reminders' job: sends what is due; absent when links cannot be made (no PUBLIC_URL). */
  reminders?: (now: Date) => Promise<unknown>;
  periodic?: PeriodicJob[];
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
  // Like the periodic jobs: a slow run makes the next tick a no-op, and stop waits for it.
  const stopReminders = reminders
    ? runEvery(() => reminders(jobs.clock.now()), (error) => jobs.onError(error, "appointment-reminders"), options.reminderMs ?? 5 * 60_000)
    : null;
  poll.unref();
  const stopPeriodic = (jobs.periodic ?? []).map((job) =>
    runEvery(() => job.run(jobs.clock.now()), (error) => jobs.onError(error, job.name), SCHEDULES[job.every].ms, { now: job.atStart }),
  );
  return {
    async wake() {
      await start;
      run();
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      await Promise.all([running, stopReminders?.(), ...stopPeriodic.map((stopJob) => stopJob())]);
    },
  };
}

/**
 * A start-up run is one job per this many seconds, whichever processes send it: several workers
 * starting within it make one run (and a restart within it none; the schedule runs soon anyway).
 */
const START_RUN_WINDOW_SECONDS = 5 * 60;

/** PostgreSQL: pg-boss 10 in its own schema (`pgboss`), sharing the database. */
export async function startPgBossQueue(jobs: Jobs, connectionString: string): Promise<JobQueue> {
  const { default: PgBoss } = await import("pg-boss");
  const boss = new PgBoss({ connectionString, schema: "pgboss", max: 2 });
  boss.on("error", (error) => jobs.onError(error, "pg-boss"));
  await boss.start();
  let stopped = false;
  // pg-boss 10's create_queue, run by two processes at once on a new database, can deadlock (each
  // attaches its queue's partition to the job table while the other holds a queue row). The
  // loser's transaction is rolled back whole, so it tries again and finds the queue made.
  const createQueue = async (name: string, options: Parameters<typeof boss.createQueue>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await boss.createQueue(name, options);
      } catch (error) {
        if ((error as { code?: string }).code !== "40P01" || attempt >= 5) throw error;
        await sleep(20 * attempt);
      }
    }
  };
  await createQueue("bulk-send", { name: "bulk-send", policy: "standard", retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 });
  await createQueue("appointment-reminders", { name: "appointment-reminders", policy: "standard", expireInSeconds: 300 });
  // A failure is logged by the job's name and message (onError), and pg-boss, which keeps what a
  // handler throws in its job table (with every property: a database error's detail can quote
  // the values of a row), records only that the job failed.
  const handler = (name: string, work: () => Promise<unknown>) => async () => {
    try {
      await work();
    } catch (error) {
      jobs.onError(error, name);
      throw new Error(`${name} failed`);
    }
  };
  await boss.work(
    "bulk-send",
    { pollingIntervalSeconds: 2 },
    handler("bulk-send", async () => {
      await recoverOrphans(jobs.send, jobs.clock.now());
      await drain(jobs, () => stopped);
    }),
  );
  await boss.schedule("bulk-send", "* * * * *");
  if (jobs.reminders) {
    const reminders = jobs.reminders;
    await boss.work("appointment-reminders", handler("appointment-reminders", () => reminders(jobs.clock.now())));
    await boss.schedule("appointment-reminders", "*/5 * * * *");
  }
  for (const job of jobs.periodic ?? []) {
    // "stately": one job waiting and one running at most per key, however many processes and
    // ticks. Failures are not retried: the next tick tries again.
    await createQueue(job.name, { name: job.name, policy: "stately", retryLimit: 0 });
    // The cron's jobs and the start-up run share one key, so the policy counts them together.
    const once = { singletonKey: job.name };
    await boss.schedule(job.name, SCHEDULES[job.every].cron, {}, once);
    if (job.atStart) await boss.send(job.name, {}, { ...once, singletonSeconds: START_RUN_WINDOW_SECONDS });
    await boss.work(job.name, { pollingIntervalSeconds: 10 }, handler(job.name, () => job.run(jobs.clock.now())));
  }
  // A schedule this start did not make is one whose job is no longer configured (reminders and
  // FFT invitations need PUBLIC_URL, Notify retries need Notify): left in place, its cron would
  // add a job every tick that no worker takes, for ever.
  const scheduled = new Set(["bulk-send", ...(jobs.reminders ? ["appointment-reminders"] : []), ...(jobs.periodic ?? []).map((job) => job.name)]);
  for (const { name } of await boss.getSchedules()) {
    if (!scheduled.has(name)) await boss.unschedule(name);
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
