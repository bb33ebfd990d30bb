/**
 * How the embedded database is started and migrated: one place for the in-process open
 * (tests, the CLI, the template) and for the database thread that a started app uses
 * (pglite-thread.server.ts, decision 0165), so both run the same PostgreSQL settings.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Shared buffers for the embedded database (decision 0164): the WASM build zeroes them at every
 * open, about 5 ms a megabyte on our 2-core machines, so PostgreSQL's 128 MB cost half a second
 * of each start. 16 MB holds the whole demo database (14 MB, catalogues included); a page that
 * does not fit is read from the data folder, which the OS caches.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

export async function startPglite(options: { dataDir?: string; loadFrom?: Blob }): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
  return PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadFrom,
    // The request search index (migration 0007) needs it; PostgreSQL has it in contrib.
    extensions: { btree_gin },
    // PostgreSQL's default 128 MB of shared buffers is zeroed at every open (PGLITE_SHARED_BUFFERS).
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

/**
 * Whether every migration in drizzle/ is applied: drizzle's migrator applies those newer than the
 * newest it recorded, so this is that comparison, made without loading drizzle. Most starts find
 * nothing to apply, and drizzle's modules took ~170 ms of the database thread's start (decision
 * 0166). A database without drizzle's table (a new one) is not migrated.
 */
export async function migrationsApplied(client: Pick<PGlite, "query">, migrationsFolder: string): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries?: { when: number }[] };
  const newest = Math.max(0, ...(journal.entries ?? []).map((entry) => entry.when));
  const { rows } = await client
    .query<{ applied: string | null }>(
      // to_regclass: null, not an error, when the table is not there.
      `select case when to_regclass('drizzle.__drizzle_migrations') is null then null
         else (select max(created_at)::text from drizzle.__drizzle_migrations) end as applied`,
    )
    .catch(() => ({ rows: [] as { applied: string | null }[] }));
  const applied = rows[0]?.applied;
  return applied != null && Number(applied) >= newest;
}

/** Applies drizzle/'s migrations not yet applied (none, on a data folder made from the template). */
export async function migratePglite(client: PGlite, migrationsFolder: string): Promise<void> {
  if (await migrationsApplied(client, migrationsFolder)) return;
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(drizzle(client), { migrationsFolder });
}

/**
 * Drops template0 and template1. PostgreSQL keeps them for CREATE DATABASE, which the app never
 * runs (it uses the database "postgres"); in a new data folder they were 600 of its 1,491 files
 * and 14.5 of its 44 MB, and each file is a create when the template is copied (decision 0166).
 * template1 must stop being a template before it can be dropped; DROP DATABASE runs alone, not
 * in a transaction, so one statement at a time.
 */
export async function dropTemplateDatabases(client: Pick<PGlite, "exec">): Promise<void> {
  await client.exec("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
  await client.exec("drop database if exists template1");
  await client.exec("drop database if exists template0");
}
