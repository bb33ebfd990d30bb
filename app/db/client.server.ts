/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite in a data folder
 * (or in memory for tests). Migrations from drizzle/ are applied before the handle is
 * returned, so a started app always runs on the current schema.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { restorePgliteTemplate } from "./pglite-template.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The common face of the PGlite and node-postgres drivers: domain code sees only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** A transaction's handle, as `db.transaction` passes it: domain code that may run inside one takes this. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either: code that runs alone or inside a caller's transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number; migrate?: boolean }
  | { kind: "pglite"; dataDir?: string; migrate?: boolean; loadFrom?: Blob };

const here = dirname(fileURLToPath(import.meta.url));
/** drizzle/ sits at the project root; this file is app/db/ in source and build/ when bundled. */
export function migrationsFolder(): string {
  for (const candidate of [resolve(here, "../../drizzle"), resolve(here, "../drizzle"), resolve("drizzle")]) {
    try {
      readFileSync(join(candidate, "meta/_journal.json"));
      return candidate;
    } catch {
      // try the next place
    }
  }
  throw new Error("Cannot find the drizzle/ migrations folder.");
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "postgres" ? openPostgres(options) : openPglite(options);
}

async function openPostgres(options: { url: string; poolSize?: number; migrate?: boolean }): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A connection lost while the database restarts must never crash the process: node-postgres
  // emits "error" on the client, and with no listener (a client checked out for a query or a
  // transaction has none from the pool) Node throws it. The query in flight is rejected anyway,
  // the pool drops the broken client and connects afresh on the next query, so a page answered
  // during the outage is a 503 (app/db/errors.server.ts) and the next one works.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  if (options.migrate !== false) {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // Several app processes may start at once: one migrates, the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(727274)");
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock(727274)").catch(() => {});
      client.release();
    }
  }
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

/**
 * Shared buffers for the embedded database (decision 0164): the WASM build zeroes them at every
 * open, about 5 ms a megabyte on our 2-core machines, so PostgreSQL's 128 MB cost half a second
 * of each start. 16 MB holds the whole demo database (14 MB, catalogues included); a page that
 * does not fit is read from the data folder, which the OS caches.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

async function openPglite(options: { dataDir?: string; migrate?: boolean; loadFrom?: Blob }): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let releaseLock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
  }
  try {
    // A new folder starts as a copy of the migrated template when there is one (decision 0138):
    // no initdb, and the migrations below find nothing left to apply.
    if (options.dataDir && options.migrate !== false && !options.loadFrom) restorePgliteTemplate(options.dataDir, migrationsFolder());
    const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
    const client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadFrom,
      // The request search index (migration 0007) needs it; PostgreSQL has it in contrib.
      extensions: { btree_gin },
      // PostgreSQL's default 128 MB of shared buffers is zeroed at every open (PGLITE_SHARED_BUFFERS).
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    const db = drizzle(client, { schema }) as unknown as Db;
    if (options.migrate !== false) {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    }
    return {
      db,
      kind: "pglite",
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite is single-process: two processes on one data folder corrupt it. A lock file
 * with the owner's pid refuses a second opener; a lock left by a dead process is taken over.
 */
const lockedHere = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, "frontdoor.lock");
  if (lockedHere.has(resolve(lockPath))) {
    throw new Error(`The database folder ${resolve(dataDir)} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const key = resolve(lockPath);
      lockedHere.add(key);
      const release = () => {
        if (released) return;
        released = true;
        lockedHere.delete(key);
        process.off("exit", release);
        rmSync(lockPath, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockPath, "utf8").trim());
      // Our own pid in a lock we did not take is a leftover from an earlier run that got
      // the same pid (containers often start as pid 1): stale, like a dead owner's.
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The database folder ${resolve(dataDir)} is in use by process ${owner}. ` +
            "PGlite allows one process at a time: stop that process, or set DATABASE_URL to use PostgreSQL.",
        );
      }
      rmSync(lockPath, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock the database folder ${resolve(dataDir)}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
