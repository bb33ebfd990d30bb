/**
 * The embedded database's own thread (decision 0165): a worker thread that restores the
 * template, starts PGlite, applies the migrations, seeds the demo data on an empty database
 * (decision 0166) and then answers the app's statements, sent by pglite-remote.server.ts. A
 * start does this while the main thread loads the app's modules and the Remix build: on two
 * cores the two halves of a start overlap instead of queueing.
 *
 * One PGlite, as in process: its own lock orders the statements and holds the others back while
 * a transaction is open, exactly as before. Functions cannot cross threads, so a statement's
 * parsers arrive as the type ids to be left as text (all drizzle asks for).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { Db } from "./client.server";
import { holdEventLoop } from "./event-loop.server";
import { restorePgliteTemplate } from "./pglite-template.server";
import { migratePglite, startPglite } from "./pglite-open.server";
import type { ThreadReady, ThreadReply, ThreadRequest, ThreadStart } from "./pglite-remote.server";

const port = parentPort!;
const start = workerData as ThreadStart;

/** A PGlite error as plain fields: the driver's own error carries functions (the query's options). */
function serialise(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") fields[key] = value;
  }
  return fields;
}

const textParsers = new Map<string, Record<number, (value: string) => string>>();
/** Parsers that keep these types as the text PostgreSQL sent (drizzle's dates and intervals). */
function parsersFor(types: number[]) {
  const key = types.join(",");
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, (value: string) => value]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

async function serve(client: PGlite) {
  const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();
  let nextTransaction = 1;
  const target = (tx: number | undefined) => {
    if (tx === undefined) return client;
    const open = transactions.get(tx);
    if (!open) throw new Error("The transaction has ended.");
    return open.tx;
  };
  const answer = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case "query": {
        const { rowMode, textTypes } = request.options;
        return target(request.tx).query(request.sql, request.params, { rowMode, parsers: parsersFor(textTypes) });
      }
      case "exec":
        return target(request.tx).exec(request.sql);
      case "begin": {
        const id = nextTransaction++;
        return new Promise<number>((begun, failed) => {
          let end!: (commit: boolean) => void;
          const ending = new Promise<boolean>((resolve) => (end = resolve));
          const done = client
            .transaction(async (tx) => {
              transactions.set(id, { tx, end, done });
              begun(id);
              // PGlite commits when this returns and rolls back when it throws.
              if (!(await ending)) throw new RolledBack();
            })
            .finally(() => transactions.delete(id));
          done.catch((error: unknown) => {
            // Failed before it began (BEGIN itself): the caller is still waiting for the id.
            if (!transactions.has(id)) failed(error);
          });
        });
      }
      case "end": {
        const open = transactions.get(request.tx);
        if (!open) throw new Error("The transaction has ended.");
        open.end(request.commit);
        try {
          await open.done;
        } catch (error) {
          if (!(error instanceof RolledBack)) throw error;
        }
        return null;
      }
      case "close":
        await client.close();
        return null;
    }
  };
  port.on("message", (request: ThreadRequest) => {
    answer(request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ThreadReply),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serialise(error) } satisfies ThreadReply),
    );
  });
}

class RolledBack extends Error {}

/** What the demo seed needs: drizzle, the schema and the seed (~0.2 s to load, decision 0166). */
const seedModules = () => Promise.all([import("drizzle-orm/pglite"), import("./schema"), import("./seed.server")]);

/**
 * The demo seed, run here on an empty database while the main thread loads the app (decision
 * 0166): it was ~1.1 s of a first start, after everything else. A database with data, most
 * starts, is known by one statement, without loading drizzle or the seed's modules.
 */
async function seedDemoIfEmpty(client: PGlite, modules: ReturnType<typeof seedModules> | undefined): Promise<boolean> {
  const { rows } = await client.query<{ empty: boolean }>("select not exists (select from practices) as empty");
  if (!rows[0]?.empty) return false;
  const [{ drizzle }, schema, seed] = await (modules ?? seedModules());
  return seed.seedDemoIfEmpty(drizzle(client, { schema }) as unknown as Db);
}

// Until the thread listens for statements, its start awaits WebAssembly only (holdEventLoop).
const releaseLoop = holdEventLoop();
try {
  // A new database is empty: the seed's modules load while PGlite starts, whose WebAssembly
  // compiles on V8's threads, not this one.
  const fresh = start.dataDir ? !existsSync(join(start.dataDir, "PG_VERSION")) : !start.loadFrom;
  const seeding = start.seedDemo && fresh ? seedModules() : undefined;
  // Settled here: a start that fails before the seed leaves no unhandled rejection.
  seeding?.catch(() => {});
  // A new folder starts as a copy of the migrated template (decision 0138).
  if (start.dataDir && start.migrate && !start.loadFrom) restorePgliteTemplate(start.dataDir, start.migrationsFolder);
  const client = await startPglite({ dataDir: start.dataDir, loadFrom: start.loadFrom });
  if (start.migrate) await migratePglite(client, start.migrationsFolder);
  const seededDemo = start.seedDemo ? await seedDemoIfEmpty(client, seeding) : false;
  await serve(client);
  port.postMessage({ id: 0, ok: true, value: { seededDemo } satisfies ThreadReady } satisfies ThreadReply);
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: serialise(error) } satisfies ThreadReply);
} finally {
  releaseLoop();
}
