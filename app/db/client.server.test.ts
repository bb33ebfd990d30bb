import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { count, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createEmptyPostgresDatabase, testDatabaseKind } from "../../tests/support/db";
import { useTestWorld } from "../../tests/support/world";
import { lockDataDir, migrationsFolder, openDatabase, PGLITE_SHARED_BUFFERS, type Database, type Db } from "./client.server";
import * as schema from "./schema";
import { ccgs } from "./schema";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const LOCK_FILE = "frontdoor.lock";

const schemaTables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();

const journalTags = (
  JSON.parse(readFileSync(join(migrationsFolder(), "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] }
).entries.map((e) => e.tag);

/** Both drivers answer `execute` with `{ rows }`; the common Db type does not say so. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function publicTables(db: Db): Promise<string[]> {
  const result = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return result.map((r) => r.table_name).sort();
}

async function appliedMigrations(db: Db): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(n);
}

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "frontdoor-lock-test-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("the test database", () => {
  const t = useTestWorld();

  it(`is a ${testDatabaseKind()} database with every table of the schema and every migration recorded`, async () => {
    expect(t.database.kind).toBe(testDatabaseKind());
    expect(schemaTables.length).toBeGreaterThan(10);
    expect(await publicTables(t.db)).toEqual(schemaTables);
    expect(await appliedMigrations(t.db)).toBe(journalTags.length);
    await expect(t.database.ping()).resolves.toBeUndefined();
  });

  it("enforces the schema's checks (practice code letters and digits only)", async () => {
    await expect(
      t.db.execute(sql`insert into practices (name, url_code) values ('Bad', 'has space')`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`insert into practices (name, url_code) values ('Good', 'Good1')`),
    ).resolves.toBeDefined();
  });
});

describe.runIf(testDatabaseKind() === "postgres")("migrations on an empty PostgreSQL database", () => {
  let empty: { url: string; drop(): Promise<void> };
  const opened: Database[] = [];
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
  });
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => {});
    await empty?.drop();
  });

  it("creates every table, and several processes starting at once migrate only once", async () => {
    // Two app processes booting together: the advisory lock makes one wait for the other.
    const [a, b] = await Promise.all([
      openDatabase({ kind: "postgres", url: empty.url, poolSize: 2 }),
      openDatabase({ kind: "postgres", url: empty.url, poolSize: 2 }),
    ]);
    opened.push(a, b);
    expect(a.kind).toBe("postgres");
    expect(await publicTables(a.db)).toEqual(schemaTables);
    expect(await appliedMigrations(b.db)).toBe(journalTags.length);
  });

  it("does nothing on a database that is already current, and keeps its data", async () => {
    const [first] = opened;
    await first.db.insert(ccgs).values({ name: "West Yorkshire" });
    const again = await openDatabase({ kind: "postgres", url: empty.url, poolSize: 1 });
    opened.push(again);
    expect(await appliedMigrations(again.db)).toBe(journalTags.length);
    const [{ n }] = await again.db.select({ n: count() }).from(ccgs);
    expect(n).toBe(1);
  });

  it("fails with the connection error when the server cannot be reached", async () => {
    await expect(
      openDatabase({ kind: "postgres", url: "postgres://postgres@127.0.0.1:1/nowhere", poolSize: 1 }),
    ).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});

describe("PGlite in a data folder", () => {
  let dir: string;
  let first: Database | undefined;
  // The production path on first boot: initdb in WASM, then every migration. About five
  // seconds on an idle machine, far more on a busy CI box, hence its own timeout.
  beforeAll(async () => {
    dir = tempDir();
    first = await openDatabase({ kind: "pglite", dataDir: dir });
  }, 180_000);
  afterAll(async () => {
    await first?.close();
  });

  it("applies every migration to a new folder", async () => {
    expect(first!.kind).toBe("pglite");
    expect(await publicTables(first!.db)).toEqual(schemaTables);
    expect(await appliedMigrations(first!.db)).toBe(journalTags.length);
  });

  it("opens with shared buffers sized for an embedded database, not PostgreSQL's 128 MB (zeroed at every open)", async () => {
    const [row] = await rows<{ shared_buffers: string }>(first!.db, sql`show shared_buffers`);
    expect(row?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
  });

  it("holds a lock file naming this process", () => {
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
  });

  it("refuses a second open of the same folder in this process, and the first handle keeps working", async () => {
    await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(
      `The database folder ${resolve(dir)} is already open in this process.`,
    );
    // The refusal must not have released the owner's lock.
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    await expect(first!.ping()).resolves.toBeUndefined();
  });

  it("releases the lock on close; reopening keeps the data and re-applies nothing", async () => {
    await first!.db.insert(ccgs).values({ name: "Humber and North Yorkshire" });
    await first!.close();
    first = undefined;
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    const again = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
      expect(await appliedMigrations(again.db)).toBe(journalTags.length);
      const rows = await again.db.select({ name: ccgs.name }).from(ccgs);
      expect(rows).toEqual([{ name: "Humber and North Yorkshire" }]);
    } finally {
      await again.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  }, 120_000);
});

/** A second Node process that takes the lock with the real lockDataDir and holds it. */
function lockInAnotherProcess(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(join(projectRoot, "app/db/client.server.ts"))});
    lockDataDir(${JSON.stringify(dir)});
    process.stdout.write("locked\\n");
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolvePromise, reject) => {
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.stdout!.on("data", (chunk) => {
      if (String(chunk).includes("locked")) resolvePromise(child);
    });
    child.once("exit", (code) => reject(new Error(`lock holder exited (${code}): ${stderr}`)));
  });
}

function killAndWait(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
    child.once("exit", () => resolvePromise());
    // SIGKILL: no exit handlers run, so the lock file stays behind as after a crash.
    child.kill("SIGKILL");
  });
}

/** The pid of a process that has certainly exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolvePromise) => child.once("exit", resolvePromise));
  return child.pid!;
}

describe("lockDataDir", () => {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) await killAndWait(child);
  });

  it("refuses a folder held by another live process, with a message that says what to do", async () => {
    const dir = tempDir();
    const holder = await lockInAnotherProcess(dir);
    children.push(holder);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(holder.pid));

    const attempt = () => lockDataDir(dir);
    expect(attempt).toThrow(`The database folder ${resolve(dir)} is in use by process ${holder.pid}.`);
    expect(attempt).toThrow(/PGlite allows one process at a time: stop that process, or set DATABASE_URL/);
    // openDatabase refuses before PGlite touches the folder.
    await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(`in use by process ${holder.pid}`);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(holder.pid));
  });

  it("takes over the lock of a process that was killed", async () => {
    const dir = tempDir();
    const holder = await lockInAnotherProcess(dir);
    await killAndWait(holder);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(holder.pid));

    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("takes over a stale lock file naming a dead pid, or holding no pid at all", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), String(await deadPid()));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    release();

    // A process that died between creating the file and writing its pid.
    writeFileSync(join(dir, LOCK_FILE), "");
    const releaseAgain = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    releaseAgain();
  });

  it("refuses a second lock in the same process until released; release is idempotent", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(`The database folder ${resolve(dir)} is already open in this process.`);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    release();
    const releaseAgain = lockDataDir(dir);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    releaseAgain();
  });

  it("removes its lock file when the owning process exits without closing", async () => {
    const dir = tempDir();
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(join(projectRoot, "app/db/client.server.ts"))});
      lockDataDir(${JSON.stringify(dir)});
      const { readFileSync } = await import("node:fs");
      process.stdout.write(readFileSync(${JSON.stringify(join(dir, LOCK_FILE))}, "utf8"));
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout!.on("data", (chunk) => (out += chunk));
    const code = await new Promise((resolvePromise) => child.once("exit", resolvePromise));
    expect(code).toBe(0);
    expect(out).toBe(String(child.pid));
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
