/**
 * Runs once per `vitest run`, in the main process: migrates one database so that each test
 * file can start from a copy instead of running the migrations itself.
 *
 * - PGlite (default): an in-memory database is migrated and its data directory dumped to a
 *   tar in os.tmpdir(). The dump is keyed by a hash of drizzle/ and the PGlite version, so
 *   later runs reuse it until a migration changes. A test file loads it in about half a second.
 * - PostgreSQL (TEST_DATABASE_URL): a template database is created and migrated; each test
 *   file gets `CREATE DATABASE ... TEMPLATE` of it. Everything is dropped at teardown, and
 *   databases left behind by a run that was killed are swept at the next start.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "../../app/db/client.server";
import { isAlive } from "../../app/db/data-folder.server";
import { databaseUrl, quoteIdent, TEST_DATABASE_PREFIX, type TestDatabaseTarget } from "./test-database-target";

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { target, teardown } = await preparePostgres(adminUrl);
    project.provide("testDatabase", target);
    return teardown;
  }
  project.provide("testDatabase", await preparePglite());
  return undefined;
}

const SNAPSHOT_PREFIX = "frontdoor-test-pglite-";

async function preparePglite(): Promise<TestDatabaseTarget> {
  const key = migrationsKey();
  const snapshotPath = join(tmpdir(), `${SNAPSHOT_PREFIX}${key}.tar`);
  if (isUsableFile(snapshotPath)) {
    // Marks it as in use, so a run on other migrations does not sweep it away meanwhile.
    const now = new Date();
    utimesSync(snapshotPath, now, now);
    return { kind: "pglite", snapshotPath };
  }

  const database = await openDatabase({ kind: "pglite" });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    // Write then rename, so a parallel run never loads half a file.
    const partial = `${snapshotPath}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, snapshotPath);
  } finally {
    await database.close();
  }
  removeOtherSnapshots(snapshotPath);
  return { kind: "pglite", snapshotPath };
}

/** The migrations and the PGlite version decide what the snapshot contains. */
function migrationsKey(): string {
  const hash = createHash("sha256");
  const folder = migrationsFolder();
  const files = listFiles(folder).sort();
  for (const file of files) {
    hash.update(relative(folder, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  const pgliteVersion = (
    JSON.parse(readFileSync(new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url), "utf8")) as {
      version: string;
    }
  ).version;
  hash.update(`pglite ${pgliteVersion}`);
  return hash.digest("hex").slice(0, 16);
}

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

function isUsableFile(path: string): boolean {
  try {
    return statSync(path).size > 0;
  } catch {
    return false;
  }
}

/**
 * Snapshots of other migrations are 40 MB each: remove those nobody has used for an hour
 * (a run still going on another branch's migrations keeps its own).
 */
function removeOtherSnapshots(current: string) {
  const staleBefore = Date.now() - 60 * 60 * 1000;
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(SNAPSHOT_PREFIX) || path === current) continue;
    try {
      if (statSync(path).mtimeMs < staleBefore) rmSync(path, { force: true });
    } catch {
      // removed by someone else meanwhile
    }
  }
}

async function preparePostgres(adminUrl: string) {
  const prefix = `${TEST_DATABASE_PREFIX}${process.pid}_${randomBytes(3).toString("hex")}_`;
  const template = `${prefix}template`;
  await withAdmin(adminUrl, async (admin) => {
    await dropLeftovers(admin);
    await admin.query(`create database ${quoteIdent(template)}`);
  });
  try {
    const database = await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, template), poolSize: 1 });
    await database.close();
  } catch (error) {
    await dropDatabases(adminUrl, prefix);
    throw error;
  }
  const target: TestDatabaseTarget = { kind: "postgres", adminUrl, template, prefix };
  return { target, teardown: () => dropDatabases(adminUrl, prefix) };
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function dropDatabases(adminUrl: string, prefix: string) {
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
    }
  });
}

/** Databases of earlier runs whose vitest process is gone (killed, crashed). */
async function dropLeftovers(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where starts_with(datname, $1)",
    [TEST_DATABASE_PREFIX],
  );
  for (const { datname } of rows) {
    const pid = Number(/^fd_test_(\d+)_/.exec(datname)?.[1]);
    if (pid && !isAlive(pid)) {
      await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
    }
  }
}
