/**
 * The app's side of the database thread (pglite-thread.server.ts, decision 0165): a client with
 * the part of PGlite's face that drizzle's PGlite driver uses (`query`, `exec`, `transaction`),
 * each call a message to the thread and its answer a message back.
 *
 * Why a thread: starting PGlite (WebAssembly compiled and run, the data folder read) and checking
 * the migrations took 0.8–1.0 s of a start with data, and loading the app's modules and the Remix
 * build another 0.8 s, one after the other on the main thread. In a thread of its own the
 * database starts while the modules load. Served requests gain too: PostgreSQL's work runs beside
 * the page's rendering instead of between two of them.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Results } from "@electric-sql/pglite";
import { lockDataDir, migrationsFolder } from "./data-folder.server";

/** What the thread is given to start: seedDemo seeds an empty database once migrated (decision 0166). */
export type ThreadStart = { dataDir?: string; loadFrom?: Blob; migrate: boolean; migrationsFolder: string; seedDemo?: boolean };
/** What the thread says when it serves. */
export type ThreadReady = { seededDemo: boolean };

type QueryOptions = { rowMode?: "array" | "object"; textTypes: number[] };
/** A call of the client, as sent to the thread (with an id for its answer). */
type ThreadCall = { tx?: number } & (
  | { op: "query"; sql: string; params: unknown[]; options: QueryOptions }
  | { op: "exec"; sql: string }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "close" }
);
export type ThreadRequest = ThreadCall & { id: number };
export type ThreadReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: Record<string, unknown> });

/** The message that the database-error mapping reads as "unavailable" (errors.server.ts). */
const CLOSED = "The database thread has stopped: the client is not queryable.";

type DriverQueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string) => unknown> };

/** Rebuilt on this side with the fields the app reads (code, constraint, detail…). */
function rebuild(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? "database error"));
  Object.assign(error, fields);
  return error;
}

/**
 * The thread's code: the bundle's build/pglite-thread.js beside build/server.js, or, from the
 * TypeScript source (tests, `--import tsx server.ts` in the journeys), a few lines that register
 * tsx in the new thread first: a thread does not inherit the main thread's module hooks.
 */
function threadEntry(): { code: string; eval: boolean } {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const file of [join(here, "pglite-thread.js"), join(here, "../pglite-thread.js")]) {
    if (existsSync(file)) return { code: file, eval: false };
  }
  // tsx's ES module API, found from here (its CommonJS entry is what `require` resolves).
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href;
  const source = pathToFileURL(join(here, "pglite-thread.server.ts")).href;
  return { code: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, eval: true };
}

export type RemotePglite = {
  query<T>(sql: string, params?: unknown[], options?: DriverQueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
  transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Whether the thread's first start seeded the demo data (ThreadStart's seedDemo). */
  seededDemo: boolean;
  /** For tests: the worker that runs the database now (terminating it is a crash). */
  [RUNNING_WORKER](): Worker;
};
type RemoteTransaction = Pick<RemotePglite, "query" | "exec">;

export const RUNNING_WORKER = Symbol("the database thread's worker");

/** One run of the thread: its worker and the calls waiting for its answers. */
type Thread = { worker: Worker; started: Promise<ThreadReady>; call<T>(request: ThreadCall): Promise<T> };

function runThread(start: ThreadStart, onStop: () => void): Thread {
  const entry = threadEntry();
  const worker = new Worker(entry.code, { eval: entry.eval, workerData: start });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;
  let ready!: { resolve: (value: unknown) => void; reject: (error: Error) => void };
  const started = new Promise<ThreadReady>((resolve, reject) => (ready = { resolve: resolve as (value: unknown) => void, reject }));
  const stop = (error: Error) => {
    if (stopped) return;
    stopped = error;
    ready.reject(error);
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
    onStop();
  };
  worker.on("message", (reply: ThreadReply) => {
    const call = reply.id === 0 ? ready : waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (reply.ok) call.resolve(reply.value);
    else call.reject(rebuild(reply.error));
  });
  // A thread that dies (out of memory, a WebAssembly abort) fails what was asked of it, and every
  // later call fails at once: the app answers 503 (errors.server.ts) instead of waiting forever.
  worker.on("error", (error) => stop(Object.assign(new Error(`${CLOSED} ${error.message}`), { cause: error })));
  worker.on("exit", () => stop(new Error(CLOSED)));
  return {
    worker,
    started,
    call<T>(request: ThreadCall): Promise<T> {
      if (stopped) return Promise.reject(new Error(CLOSED));
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ ...request, id });
      });
    },
  };
}

/** After a thread on a data folder dies, the next starts this long after (doubled after each failed start, to a minute). */
export const RESTART_AFTER_MS = 1_000;

export async function openPgliteThread(start: ThreadStart, restartAfterMs = RESTART_AFTER_MS): Promise<RemotePglite> {
  let closing = false;
  let delay = restartAfterMs;
  // A lost database is a 503 and the app recovers alone: a thread on a data folder that dies is
  // started again on the same folder, where PostgreSQL's recovery replays its log; until it
  // answers, calls fail at once (503). An in-memory database would come back empty: not restarted.
  const onStop = () => {
    if (closing || !start.dataDir) return;
    setTimeout(restart, delay).unref();
  };
  let thread = runThread(start, onStop);
  const restart = async () => {
    if (closing) return;
    // Its folder has the data: nothing to load, nothing to seed.
    const next = runThread({ ...start, loadFrom: undefined, seedDemo: false }, onStop);
    try {
      await next.started;
      if (closing) {
        await next.worker.terminate();
        return;
      }
      thread = next;
      delay = restartAfterMs;
    } catch {
      delay = Math.min(delay * 2, 60_000);
      // Its exit schedules the next try.
      await next.worker.terminate();
    }
  };
  let ready: ThreadReady;
  try {
    ready = await thread.started;
  } catch (error) {
    closing = true;
    await thread.worker.terminate();
    throw error;
  }

  const face = (on: () => Thread, tx?: number): RemoteTransaction => ({
    query: (sql, params = [], options = {}) =>
      on().call({ op: "query", tx, sql, params, options: { rowMode: options.rowMode, textTypes: Object.keys(options.parsers ?? {}).map(Number) } }),
    exec: (sql) => on().call({ op: "exec", tx, sql }),
  });
  return {
    ...face(() => thread),
    async transaction(callback) {
      // A transaction stays with the thread it began on: a thread started since knows nothing of it.
      const on = thread;
      const tx = await on.call<number>({ op: "begin" });
      let result;
      try {
        result = await callback(face(() => on, tx));
      } catch (error) {
        await on.call({ op: "end", tx, commit: false }).catch(() => {});
        throw error;
      }
      await on.call({ op: "end", tx, commit: true });
      return result;
    },
    async close() {
      closing = true;
      await thread.call({ op: "close" }).catch(() => {});
      await thread.worker.terminate();
    },
    seededDemo: ready.seededDemo,
    [RUNNING_WORKER]: () => thread.worker,
  };
}

/**
 * An embedded database starting in its thread, its data folder locked for this process;
 * seedsDemo: the thread was asked to seed an empty database (and so checked whether it was).
 */
export type StartingPglite = { client: Promise<RemotePglite>; releaseLock: () => void; seedsDemo: boolean };

/**
 * Locks the data folder and starts the database thread (restore, open, migrations, and the demo
 * seed on an empty database if asked), returning at once: server.ts calls this before it loads
 * the app's modules, and openDatabase awaits it.
 */
export function startPgliteThread(dataDir: string, options: { seedDemo?: boolean } = {}): StartingPglite {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = lockDataDir(dataDir);
  const client = openPgliteThread({ dataDir, migrate: true, migrationsFolder: migrationsFolder(), seedDemo: options.seedDemo });
  // A start that fails frees the folder; the caller sees the failure where it awaits the client.
  client.catch(() => releaseLock());
  return { client, releaseLock, seedsDemo: Boolean(options.seedDemo) };
}
