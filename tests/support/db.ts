/**
 * A fresh, migrated database for a test file:
 *
 *   let t: TestDatabase;
 *   beforeAll(async () => { t = await createTestDatabase(); });
 *   afterAll(() => t?.close());
 *
 * In-memory PGlite by default, loaded from the snapshot the global setup migrated; a new
 * PostgreSQL database copied from the migrated template when TEST_DATABASE_URL is set.
 * Tests in one file share the database, so they should create the rows they rely on.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database, type Db } from "~/db/client.server";
import { databaseUrl, quoteIdent, type TestDatabaseTarget } from "./test-database-target";

export type TestDatabase = {
  db: Db;
  database: Database;
  kind: Database["kind"];
  /** PostgreSQL only: the URL of this file's database, to open a second handle on it. */
  url?: string;
  /** Closes the handle; on PostgreSQL also drops the database. */
  close(): Promise<void>;
};

export function testDatabaseTarget(): TestDatabaseTarget {
  const target = inject("testDatabase");
  if (!target) throw new Error("No test database: run vitest with --config tests/vitest.config.ts");
  return target;
}

/** Which engine this run tests against. */
export function testDatabaseKind(): Database["kind"] {
  return testDatabaseTarget().kind;
}

let snapshot: Promise<Blob> | undefined;

export async function createTestDatabase(): Promise<TestDatabase> {
  const target = testDatabaseTarget();
  if (target.kind === "pglite") {
    snapshot ??= readFile(target.snapshotPath).then((bytes) => new Blob([bytes]));
    const database = await openDatabase({ kind: "pglite", loadFrom: await snapshot, migrate: false });
    return { db: database.db, database, kind: "pglite", close: once(() => database.close()) };
  }

  const name = `${target.prefix}${randomBytes(5).toString("hex")}`;
  await adminQuery(target.adminUrl, `create database ${quoteIdent(name)} template ${quoteIdent(target.template)}`);
  const url = databaseUrl(target.adminUrl, name);
  let database: Database;
  try {
    database = await openDatabase({ kind: "postgres", url, migrate: false, poolSize: 4 });
  } catch (error) {
    await dropDatabase(target.adminUrl, name);
    throw error;
  }
  return {
    db: database.db,
    database,
    kind: "postgres",
    url,
    close: once(async () => {
      try {
        await database.close();
      } finally {
        await dropDatabase(target.adminUrl, name);
      }
    }),
  };
}

/**
 * Empties every table (ids restart at 1), leaving the schema and migrations in place:
 * cheaper than a new database when a test needs a blank slate again.
 */
export async function resetDatabase(db: Db): Promise<void> {
  const result = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const tables = result.rows.map((r) => `"public"."${r.tablename.replaceAll('"', '""')}"`);
  if (tables.length > 0) await db.execute(sql.raw(`truncate table ${tables.join(", ")} restart identity cascade`));
}

/**
 * PostgreSQL only: an empty database with no schema at all, for tests of the migrations
 * themselves. Dropped by the returned function (and at the end of the run regardless).
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const target = testDatabaseTarget();
  if (target.kind !== "postgres") throw new Error("createEmptyPostgresDatabase needs TEST_DATABASE_URL");
  const name = `${target.prefix}${randomBytes(5).toString("hex")}`;
  // template0: the pristine template, so nothing a site added to template1 leaks in.
  await adminQuery(target.adminUrl, `create database ${quoteIdent(name)} template template0`);
  return { url: databaseUrl(target.adminUrl, name), drop: once(() => dropDatabase(target.adminUrl, name)) };
}

async function dropDatabase(adminUrl: string, name: string) {
  await adminQuery(adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
}

async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Two files copying the template at the same instant can collide on its lock: retry.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(sql);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== "55006" || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await client.end();
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
