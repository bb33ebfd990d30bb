/**
 * How the embedded database is started and migrated: one place for the in-process open
 * (tests, the CLI, the template) and for the database thread that a started app uses
 * (pglite-thread.server.ts, decision 0165), so both run the same PostgreSQL settings.
 */
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

/** Applies drizzle/'s migrations not yet applied (none, on a data folder made from the template). */
export async function migratePglite(client: PGlite, migrationsFolder: string): Promise<void> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(drizzle(client), { migrationsFolder });
}
