/**
 * The job queue's periodic jobs (decision 0151). In-process (PGlite's runner, tested on either
 * engine): each job runs at start when asked and on its interval, never twice at once, a failure
 * goes to onError with the job's name, and stop clears every timer once a run under way has ended;
 * appointment reminders likewise.
 * pg-boss (PostgreSQL only): two queues on one database, as two web processes, make one start-up
 * run of each job in all, one schedule row each, and stop cleanly; a job no longer configured
 * loses its schedule at the next start.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testDatabaseKind } from "../../../tests/support/db";
import { useTestWorld } from "../../../tests/support/world";
import { startInProcessQueue, startPgBossQueue, type JobQueue, type Jobs, type PeriodicJob } from "./job-queue.server";

const world = useTestWorld();

/** What the jobs reported to onError: the job's name and the message. */
let errors: [string, string][] = [];

function jobsWith(periodic: PeriodicJob[]): Jobs {
  const { context } = world;
  return {
    send: { db: context.db, notifier: context.notifier, secret: "test-secret", simulateReceipts: true },
    clock: context.clock,
    periodic,
    onError: (error, job) => errors.push([job, error instanceof Error ? error.message : String(error)]),
  };
}

/** Stop is pending while a run is under way, and resolves once `release` ends that run. */
async function expectStopWaitsForTheRun(queue: JobQueue, release: () => void) {
  let stopped = false;
  const stopping = queue.stop().then(() => (stopped = true));
  await Promise.resolve();
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(stopped).toBe(true);
}

afterEach(() => {
  vi.useRealTimers();
  errors = [];
});

describe("the in-process runner", () => {
  it("runs each job at start when asked and on its interval, with the clock's time; a failure goes to onError with the job's name; stop clears the timers", async () => {
    // Only the intervals are fake: the database's own timers stay real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const runs = { rollup: 0, sweep: 0, failing: 0 };
    const times: Date[] = [];
    const queue = startInProcessQueue(
      jobsWith([
        { name: "rollup", every: "5 minutes", atStart: true, run: async (now) => void (runs.rollup++, times.push(now)) },
        { name: "sweep", every: "hour", atStart: true, run: async () => void runs.sweep++ },
        {
          name: "failing",
          every: "5 minutes",
          run: async () => {
            runs.failing++;
            throw new Error("database away");
          },
        },
      ]),
      { pollMs: 24 * 3_600_000 },
    );
    expect(runs).toEqual({ rollup: 1, sweep: 1, failing: 0 });
    expect(times).toEqual([world.context.clock.now()]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(runs).toEqual({ rollup: 2, sweep: 1, failing: 1 });
    expect(errors).toEqual([["failing", "database away"]]);
    await vi.advanceTimersByTimeAsync(55 * 60_000);
    expect(runs).toEqual({ rollup: 13, sweep: 2, failing: 12 });

    await queue.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2 * 3_600_000);
    expect(runs).toEqual({ rollup: 13, sweep: 2, failing: 12 });
  });

  it("never runs a job twice at once, and stop waits for the run under way", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let runs = 0;
    let release = () => {};
    const queue = startInProcessQueue(
      jobsWith([{ name: "slow", every: "5 minutes", atStart: true, run: () => new Promise<void>((resolve) => ((runs += 1), (release = resolve))) }]),
      { pollMs: 24 * 3_600_000 },
    );
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(runs).toBe(1);
    await expectStopWaitsForTheRun(queue, release);
    expect(runs).toBe(1);
  });

  it("runs appointment reminders on their interval, never twice at once, and stop waits for the run under way", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let runs = 0;
    let release = () => {};
    const queue = startInProcessQueue(
      { ...jobsWith([]), reminders: () => new Promise<void>((resolve) => ((runs += 1), (release = resolve))) },
      { pollMs: 24 * 3_600_000, reminderMs: 5 * 60_000 },
    );
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(runs).toBe(1);
    // A run longer than the interval: the next ticks start nothing.
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(runs).toBe(1);
    await expectStopWaitsForTheRun(queue, release);
    expect(vi.getTimerCount()).toBe(0);
    expect(runs).toBe(1);
  });
});

describe.runIf(testDatabaseKind() === "postgres")("pg-boss, two processes on one database", () => {
  type Row = Record<string, unknown>;
  const rows = async <T extends Row>(query: ReturnType<typeof sql>) => ((await world.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** Jobs of each test queue that were fetched to run (a run per job); the cron may have added some. */
  const jobsRun = async () =>
    Object.fromEntries(
      (
        await rows<{ name: string; n: number }>(
          sql`select name, count(*)::int as n from pgboss.job where name like 'test-%' and state in ('active', 'completed', 'failed') group by name`,
        )
      ).map((r) => [r.name, r.n]),
    );

  it("makes one start-up run of each job in all, keeps one schedule per job, and stops cleanly", async () => {
    const runs: Record<string, number> = {};
    const counted = (name: string, fail = false) => async () => {
      runs[name] = (runs[name] ?? 0) + 1;
      if (fail) throw new Error("database away");
    };
    const periodic: PeriodicJob[] = [
      { name: "test-rollup", every: "5 minutes", atStart: true, run: counted("test-rollup") },
      { name: "test-sweep", every: "hour", atStart: true, run: counted("test-sweep") },
      { name: "test-invitations", every: "5 minutes", run: counted("test-invitations") },
      { name: "test-failing", every: "hour", atStart: true, run: counted("test-failing", true) },
    ];
    // This file's own database: pg-boss makes its schema there, so no other file sees it.
    const url = world.url!;
    const queues: JobQueue[] = await Promise.all([startPgBossQueue(jobsWith(periodic), url), startPgBossQueue(jobsWith(periodic), url)]);
    try {
      // Both processes have sent their start-up jobs by now: one was made for each job. (A cron
      // tick during the test adds jobs without singleton_on: they are counted as runs below.)
      const startJobs = await rows<{ name: string; n: number }>(
        sql`select name, count(*)::int as n from pgboss.job where name like 'test-%' and singleton_on is not null group by name order by name`,
      );
      expect(startJobs).toEqual([
        { name: "test-failing", n: 1 },
        { name: "test-rollup", n: 1 },
        { name: "test-sweep", n: 1 },
      ]);
      // Each start-up job has run, in one of the two processes.
      await vi.waitFor(
        async () => {
          expect(runs["test-rollup"]).toBeGreaterThanOrEqual(1);
          expect(runs["test-sweep"]).toBeGreaterThanOrEqual(1);
          expect(runs["test-failing"]).toBeGreaterThanOrEqual(1);
          const waiting = await rows(sql`select 1 from pgboss.job where name like 'test-%' and singleton_on is not null and state in ('created', 'retry', 'active')`);
          expect(waiting).toEqual([]);
        },
        { timeout: 15_000, interval: 50 },
      );

      const schedules = await rows<{ name: string; cron: string; key: string | null }>(
        sql`select name, cron, options->>'singletonKey' as key from pgboss.schedule order by name`,
      );
      expect(schedules).toEqual([
        { name: "bulk-send", cron: "* * * * *", key: null },
        { name: "test-failing", cron: "0 * * * *", key: "test-failing" },
        { name: "test-invitations", cron: "*/5 * * * *", key: "test-invitations" },
        { name: "test-rollup", cron: "*/5 * * * *", key: "test-rollup" },
        { name: "test-sweep", cron: "0 * * * *", key: "test-sweep" },
      ]);
      const policies = await rows<{ policy: string }>(sql`select distinct policy from pgboss.queue where name like 'test-%'`);
      expect(policies).toEqual([{ policy: "stately" }]);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
    // Stopped: pg-boss's connections are closed; a run per job (so one start-up run in all), and
    // a failure reported once per failed run with the job's name, nothing else.
    await vi.waitFor(async () => {
      const open = await rows(sql`select 1 from pg_stat_activity where datname = current_database() and application_name = 'pgboss'`);
      expect(open).toEqual([]);
    });
    expect(runs).toEqual(await jobsRun());
    expect(errors).toEqual(Array.from({ length: runs["test-failing"]! }, () => ["test-failing", "database away"]));
    // pg-boss keeps a failed job's error in its table: only that it failed, not what the error said.
    const outputs = await rows<{ message: string; text: string }>(
      sql`select output->>'message' as message, output::text as text from pgboss.job where name = 'test-failing' and state = 'failed'`,
    );
    expect(outputs.length).toBe(runs["test-failing"]);
    for (const output of outputs) {
      expect(output.message).toBe("test-failing failed");
      expect(output.text).not.toContain("database away");
    }
  });

  it("drops the schedule of a job no longer configured when the app starts again", async () => {
    const idle = async () => {};
    const url = world.url!;
    const first = await startPgBossQueue(jobsWith([
      { name: "test-kept", every: "hour", run: idle },
      { name: "test-dropped", every: "5 minutes", run: idle },
    ]), url);
    await first.stop();
    // Restarted without the second job (as without PUBLIC_URL, or without Notify).
    const second = await startPgBossQueue(jobsWith([{ name: "test-kept", every: "hour", run: idle }]), url);
    try {
      const schedules = await rows<{ name: string }>(sql`select name from pgboss.schedule order by name`);
      expect(schedules.map((s) => s.name)).toEqual(["bulk-send", "test-kept"]);
    } finally {
      await second.stop();
    }
  });
});
