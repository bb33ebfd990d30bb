/**
 * The embedded database in its own thread (decision 0165), as a started app opens it: the folder
 * locked, PGlite restored or migrated in the thread, drizzle's statements and transactions sent
 * to it. What the app relies on must be the same as PGlite in process: rows and their types,
 * transactions, savepoints, the SQLSTATE of a refused value, and a stopped database read as
 * unavailable (503), never as a hang.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Db } from "./client.server";
import { isBadValue, isDatabaseUnavailable } from "./errors.server";
import { RUNNING_WORKER, startPgliteThread, type RemotePglite } from "./pglite-remote.server";
import { ccgs, patients, practices, users } from "./schema";

const LOCK_FILE = "frontdoor.lock";

/** A practice with two patients: dates, timestamps, booleans, nulls and an enum to compare. */
async function fill(db: Db) {
  const [group] = await db.insert(ccgs).values({ name: "Humber and North Yorkshire" }).returning();
  const [practice] = await db
    .insert(practices)
    .values({ name: "Thread Surgery", urlCode: "thread1", odsCode: "Y99991", ccgId: group.id, allowVideo: true })
    .returning({ id: practices.id });
  await db.insert(patients).values([
    { practiceId: practice.id, firstName: "Ada", lastName: "Lovelace", dateOfBirth: "1815-12-10", gender: "female", nonDigital: true },
    { practiceId: practice.id, firstName: "Alan", lastName: "Turing", dateOfBirth: "1912-06-23", gender: "male", mobile: null },
  ]);
  return practice.id;
}

/** What the app's queries read back: typed columns through drizzle, and a raw `execute`. */
async function readBack(db: Db, practiceId: number) {
  const people = await db
    .select({ firstName: patients.firstName, dateOfBirth: patients.dateOfBirth, gender: patients.gender, nonDigital: patients.nonDigital, mobile: patients.mobile, createdAt: patients.createdAt })
    .from(patients)
    .where(eq(patients.practiceId, practiceId))
    .orderBy(asc(patients.firstName));
  const raw = (await db.execute(sql`select count(*)::int as n, min(${patients.dateOfBirth}) as oldest, bool_or(${patients.nonDigital}) as any_non_digital from ${patients} where ${patients.practiceId} = ${practiceId}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const [practice] = await db
    .select({ name: practices.name, allowVideo: practices.allowVideo, ccg: ccgs.name })
    .from(practices)
    .innerJoin(ccgs, eq(ccgs.id, practices.ccgId))
    .where(eq(practices.id, practiceId));
  return { people, raw: raw.rows, practice };
}

describe("PGlite in its own thread", () => {
  let dir: string;
  let database: Database | undefined;
  let practiceId = 0;
  let seen: Awaited<ReturnType<typeof readBack>>;

  // On a clean checkout (no template made by the build yet) this runs initdb and every
  // migration in the thread: seconds, more on a busy machine.
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "frontdoor-thread-test-"));
    const started = startPgliteThread(dir);
    // Not asked to seed: the app checks for itself when it seeds (main.server.ts).
    expect(started.seedsDemo).toBe(false);
    database = await openDatabase({ kind: "pglite-thread", started });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("holds the folder's lock for this process while it starts and runs", () => {
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    expect(() => startPgliteThread(dir)).toThrow(`The database folder ${resolve(dir)} is already open in this process.`);
  });

  it("answers drizzle's statements with PGlite's types: dates as text, timestamps as dates", async () => {
    practiceId = await fill(database!.db);
    seen = await readBack(database!.db, practiceId);
    expect(seen.people.map((p) => [p.firstName, p.dateOfBirth, p.gender, p.nonDigital, p.mobile])).toEqual([
      ["Ada", "1815-12-10", "female", true, null],
      ["Alan", "1912-06-23", "male", false, null],
    ]);
    expect(seen.people[0].createdAt).toBeInstanceOf(Date);
    expect(Math.abs(seen.people[0].createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(seen.raw).toEqual([{ n: 2, oldest: "1815-12-10", any_non_digital: true }]);
    expect(seen.practice).toEqual({ name: "Thread Surgery", allowVideo: true, ccg: "Humber and North Yorkshire" });
  });

  it("commits a transaction, rolls back one that fails, and a savepoint's rollback keeps the rest", async () => {
    const db = database!.db;
    await db.transaction(async (tx) => {
      await tx.insert(ccgs).values({ name: "kept" });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(ccgs).values({ name: "undone" });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await db.transaction(async (tx) => {
      await tx.insert(ccgs).values({ name: "outer" });
      await tx
        .transaction(async (inner) => {
          await inner.insert(ccgs).values({ name: "inner" });
          inner.rollback();
        })
        .catch(() => {});
    });
    const names = (await db.select({ name: ccgs.name }).from(ccgs)).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["kept", "outer"]));
    expect(names).not.toContain("undone");
    expect(names).not.toContain("inner");
  });

  it("runs a statement sent while a transaction is open after that transaction, as PGlite in process does", async () => {
    const db = database!.db;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const transaction = db.transaction(async (tx) => {
      await tx.insert(ccgs).values({ name: "while open" });
      await held;
    });
    // Sent while the transaction holds PGlite: it waits, then sees the committed row.
    const outside = db.select({ name: ccgs.name }).from(ccgs).where(eq(ccgs.name, "while open"));
    await new Promise((r) => setTimeout(r, 50));
    release();
    await transaction;
    expect(await outside).toEqual([{ name: "while open" }]);
  });

  it("keeps a refused value's SQLSTATE, so the page is a 400 and not a 500", async () => {
    const error = await database!.db
      .insert(patients)
      .values({ practiceId: 2 ** 40, firstName: "Too", lastName: "Big", dateOfBirth: "2000-01-01" })
      .then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isBadValue(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("starts again on its folder when the thread dies: calls fail at once meanwhile (503), then the data is all there", async () => {
    const client = (database!.db as unknown as { $client: RemotePglite }).$client;
    const dead = client[RUNNING_WORKER]();
    await dead.terminate();
    const during = await database!.ping().then(() => null, (e: unknown) => e);
    expect(isDatabaseUnavailable(during)).toBe(true);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await database!.ping().then(() => true, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error("the database thread did not come back");
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(client[RUNNING_WORKER]()).not.toBe(dead);
    expect((await readBack(database!.db, practiceId)).raw).toEqual(seen.raw);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
  }, 180_000);

  it("gives the rows that PGlite in this process gives, from the same folder, once closed and unlocked", async () => {
    await database!.close();
    const stopped = database!;
    database = undefined;
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    // Closed: every later statement fails at once, read as the database being unavailable (503).
    const late = await stopped.db.select().from(ccgs).then(() => null, (e: unknown) => e);
    expect(isDatabaseUnavailable(late)).toBe(true);

    const inProcess = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      const again = await readBack(inProcess.db, practiceId);
      expect(again.people.map(({ createdAt, ...rest }) => ({ ...rest, createdAt: createdAt.toISOString() }))).toEqual(
        seen.people.map(({ createdAt, ...rest }) => ({ ...rest, createdAt: createdAt.toISOString() })),
      );
      expect(again.raw).toEqual(seen.raw);
      expect(again.practice).toEqual(seen.practice);
    } finally {
      await inProcess.close();
    }
  }, 120_000);
});

describe("a database thread that cannot start", () => {
  it("fails the open with PGlite's reason and frees the folder for the next try", async () => {
    const dir = mkdtempSync(join(tmpdir(), "frontdoor-thread-test-"));
    try {
      // A folder that claims a database of another PostgreSQL version.
      writeFileSync(join(dir, "PG_VERSION"), "9\n");
      const started = startPgliteThread(dir);
      await expect(openDatabase({ kind: "pglite-thread", started })).rejects.toThrow();
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the demo seed in the database thread (decision 0166)", () => {
  it("seeds a new folder while the thread starts and says so; the data it left is never seeded again", async () => {
    const dir = mkdtempSync(join(tmpdir(), "frontdoor-thread-seed-"));
    const rows = async (db: Db) => ({
      practices: (await db.select({ urlCode: practices.urlCode }).from(practices).orderBy(asc(practices.urlCode))).map((p) => p.urlCode),
      users: (await db.execute(sql`select count(*)::int as n from ${users}`)) as unknown as { rows: { n: number }[] },
    });
    try {
      const first = startPgliteThread(dir, { seedDemo: true });
      // Asked to seed, the thread checks: main.server takes its answer and loads no seed itself.
      expect(first.seedsDemo).toBe(true);
      const seeding = await openDatabase({ kind: "pglite-thread", started: first });
      expect((await first.client).seededDemo).toBe(true);
      const seeded = await rows(seeding.db);
      expect(seeded.practices).toEqual(expect.arrayContaining(["demo", "demotpp"]));
      expect(seeded.users.rows[0].n).toBeGreaterThan(5);
      await seeding.close();

      const second = startPgliteThread(dir, { seedDemo: true });
      const again = await openDatabase({ kind: "pglite-thread", started: second });
      expect((await second.client).seededDemo).toBe(false);
      expect(await rows(again.db)).toEqual(seeded);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
