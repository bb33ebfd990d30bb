/**
 * Starts the built app for one Playwright run, on data nobody else has touched:
 *
 * - PGlite (default): DATA_DIR=test-data/e2e-<run id>.
 * - PostgreSQL (DATABASE_URL set, as in CI's second pass): creates database fd_e2e_<run id>
 *   on that server and points DATABASE_URL at it.
 *
 * The database gets the demo data and the e2e-only accounts (e2e-seed-users.ts, run as a
 * process of its own) before the app starts; the app then puts up the run's maintenance
 * banner, which server.ts applies at start from MAINTENANCE_BANNER_TEXT.
 *
 * Environment: E2E_PORT (default 3210), E2E_RUN_ID (set by the config), E2E_KEEP_DATA=true
 * to keep the data folder or database for a look afterwards. The app logs at info level to
 * test-data/e2e-server-<run id>.log (never to the console: Playwright would print every request
 * line), which the global teardown greps for personal data (e2e-log-check.ts).
 *
 * Leftovers of earlier runs (crashed or killed ones) older than E2E_STALE_AFTER_MS are removed
 * first; younger ones may belong to a run going on now, so they stay. server.ts runs as a
 * child process so that this launcher can remove the run's own data once it has stopped:
 * Playwright sends SIGTERM to the whole process group (webServer.gracefulShutdown).
 *
 * Run with: node --import tsx tests/support/e2e-server.ts (from the project root).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, openSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { E2E_MAINTENANCE_BANNER, E2E_PORT, E2E_STALE_AFTER_MS, e2eServerLogPath } from "./e2e-constants";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const runId = process.env.E2E_RUN_ID ?? String(Date.now());
const keepData = process.env.E2E_KEEP_DATA === "true";
const DB_PREFIX = "fd_e2e_";
const DIR_PREFIX = "e2e-";

function isStale(name: string, prefix: string): boolean {
  const stamp = Number(name.slice(prefix.length).split("_")[0]);
  return Number.isFinite(stamp) && stamp > 0 && Date.now() - stamp > E2E_STALE_AFTER_MS;
}

/** The server in `url` with another database name. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function preparePostgres(serverUrl: string): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const database = `${DB_PREFIX}${runId}`;
  await withAdmin(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'fd\\_e2e\\_%'",
    );
    for (const { datname } of rows) {
      if (!isStale(datname, DB_PREFIX)) continue;
      // Names come from pg_database and match the prefix, but quote them all the same.
      await client.query(`drop database if exists "${datname.replace(/"/g, '""')}" with (force)`).catch((error: Error) => {
        console.warn(`e2e: could not drop stale database ${datname}: ${error.message}`);
      });
    }
    await client.query(`create database "${database}"`);
  });
  return {
    url: withDatabase(serverUrl, database),
    cleanup: () =>
      withAdmin(serverUrl, async (client) => {
        await client.query(`drop database if exists "${database}" with (force)`);
      }),
  };
}

function preparePglite(): { dataDir: string; cleanup: () => Promise<void> } {
  const base = join(root, "test-data");
  mkdirSync(base, { recursive: true });
  for (const name of readdirSync(base)) {
    // Run folders (e2e-<stamp>, e2e-files-<stamp>) and server logs (e2e-server-<stamp>.log).
    const stamped = name.replace(/^e2e-(files|server)-/, DIR_PREFIX).replace(/\.log$/, "");
    if (name.startsWith(DIR_PREFIX) && isStale(stamped, DIR_PREFIX)) {
      rmSync(join(base, name), { recursive: true, force: true });
    }
  }
  const dataDir = join(base, `${DIR_PREFIX}${runId}`);
  return {
    dataDir,
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`e2e: ${args.slice(2).join(" ")} failed (${signal ?? code})`)),
    );
  });
}

async function main() {
  if (!existsSync(join(root, "build/index.js"))) {
    throw new Error("e2e: build/ is missing. Run `npm run build` first (npm run test:e2e does).");
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: "127.0.0.1",
    // The production build as users get it (React's production server renderer, no stack
    // traces), over plain http on 127.0.0.1 with the outbox page: LOCAL_TEST_SERVER (config.server.ts).
    NODE_ENV: "production",
    LOCAL_TEST_SERVER: "true",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "info",
    SEED_DEMO: "true",
    E2E_MAINTENANCE_BANNER,
    // server.ts puts the maintenance banner up at start when this is set.
    MAINTENANCE_BANNER_TEXT: E2E_MAINTENANCE_BANNER,
    MAINTENANCE_BANNER_TYPE: "information",
  };

  // Attachments of this run, beside its data and removed with it.
  env.FILES_DIR = `${root}/test-data/e2e-files-${runId}`;
  let cleanup: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const prepared = await preparePostgres(process.env.DATABASE_URL);
    env.DATABASE_URL = prepared.url;
    delete env.DATA_DIR;
    cleanup = prepared.cleanup;
    console.log(`e2e: PostgreSQL database ${DB_PREFIX}${runId}`);
  } else {
    const prepared = preparePglite();
    env.DATA_DIR = prepared.dataDir;
    cleanup = prepared.cleanup;
    console.log(`e2e: PGlite in ${prepared.dataDir}`);
  }

  const cleanupData = cleanup;
  cleanup = async () => {
    rmSync(env.FILES_DIR!, { recursive: true, force: true });
    await cleanupData();
  };

  // The e2e-only accounts (and the demo data they belong to), written before the app opens
  // the database: PGlite allows one process per data folder.
  try {
    // In a process of its own, so PGlite's memory goes with it instead of staying in this one.
    await run(["--import", "tsx", "tests/support/e2e-seed-users.ts", env.DATABASE_URL ?? env.DATA_DIR!], env);
  } catch (error) {
    if (!keepData) await cleanup().catch(() => {});
    throw error;
  }

  mkdirSync(join(root, "test-data"), { recursive: true });
  const log = openSync(e2eServerLogPath(root, runId), "a");
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: root, env, stdio: ["inherit", log, "inherit"] });
  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on("SIGTERM", () => forward("SIGTERM"));
  process.on("SIGINT", () => forward("SIGINT"));

  child.on("exit", (code, signal) => {
    const done = () => process.exit(code ?? (signal ? 0 : 1));
    if (keepData) return done();
    cleanup()
      .catch((error: Error) => console.warn(`e2e: could not remove the run's data: ${error.message}`))
      .finally(done);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
