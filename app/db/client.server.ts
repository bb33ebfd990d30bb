/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite in a data folder
 * (or in memory for tests), in a thread of its own when the app is started (decision 0165).
 * Migrations from drizzle/ are applied before the handle is returned, so a started app always
 * runs on the current schema.
 */
import { mkdirSync } from "node:fs";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { holdEventLoop } from "./event-loop.server";
import type { PGlite } from "@electric-sql/pglite";
import { migratePglite, startPglite } from "./pglite-open.server";
import type { StartingPglite } from "./pglite-remote.server";
import { restorePgliteTemplate } from "./pglite-template.server";
import { lockDataDir, migrationsFolder } from "./data-folder.server";
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
  | { kind: "pglite"; dataDir?: string; migrate?: boolean; loadFrom?: Blob }
  /** The embedded database already starting in its own thread (startPgliteThread, decision 0165). */
  | { kind: "pglite-thread"; started: StartingPglite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") return openPostgres(options);
  return options.kind === "pglite-thread" ? openThreadedPglite(options.started) : openPglite(options);
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

export { PGLITE_SHARED_BUFFERS } from "./pglite-open.server";
export { lockDataDir, migrationsFolder } from "./data-folder.server";

/** A started app's embedded database: PGlite in a thread of its own (decision 0165). */
async function openThreadedPglite(started: StartingPglite): Promise<Database> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = await started.client;
  return {
    // The thread's client answers drizzle's PGlite driver as PGlite does (pglite-remote.server.ts).
    db: drizzle(client as unknown as PGlite, { schema }) as unknown as Db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await client.close();
      started.releaseLock();
    },
  };
}

/** PGlite in this process: tests, the CLI and the template. */
async function openPglite(options: { dataDir?: string; migrate?: boolean; loadFrom?: Blob }): Promise<Database> {
  const { drizzle } = await import("drizzle-orm/pglite");
  let releaseLock = () => {};
  // PGlite's open and migrations are WebAssembly, not I/O: without a timer the loop runs empty
  // and the main thread waits for V8's background compilations (holdEventLoop).
  const releaseLoop = holdEventLoop();
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
  }
  try {
    const migrate = options.migrate !== false;
    // A new folder starts as a copy of the migrated template when there is one (decision 0138):
    // no initdb, and the migrations below find nothing left to apply.
    if (options.dataDir && migrate && !options.loadFrom) restorePgliteTemplate(options.dataDir, migrationsFolder());
    const client = await startPglite({ dataDir: options.dataDir, loadFrom: options.loadFrom });
    if (migrate) await migratePglite(client, migrationsFolder());
    return {
      db: drizzle(client, { schema }) as unknown as Db,
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
  } finally {
    releaseLoop();
  }
}
