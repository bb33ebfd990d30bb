/**
 * Starts Frontdoor (`npm start` runs its bundle, build/server.js): reads the environment, starts
 * the embedded database's thread when there is no DATABASE_URL, then loads the app's modules and
 * runs app/server/main.server.ts, which opens the database and serves the app.
 *
 * The order is the point (decision 0165): the modules load on this thread while PGlite restores,
 * opens and migrates on its own, so a start on two cores overlaps the two instead of queueing
 * them. Only what that needs is imported here; everything else is the dynamic import below.
 */
import cluster from "node:cluster";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { readConfig } from "./app/config.server";
import { startPgliteThread } from "./app/db/pglite-remote.server";

const here = dirname(fileURLToPath(import.meta.url));
/** The project root: server.ts sits in it, and its compiled bundle (`npm start`) in build/. */
const root = basename(here) === "build" ? dirname(here) : here;

async function start() {
  const config = readConfig();
  // PGlite allows one process (config refuses WEB_CONCURRENCY without DATABASE_URL).
  const started = config.databaseUrl || cluster.isWorker ? undefined : startPgliteThread(config.dataDir, { seedDemo: config.seedDemo });
  const { main, startMark } = await import("./app/server/main.server");
  // Every module is loaded by now: the first figure of the start-up log line.
  await main(config, { root, started, modulesLoaded: startMark() });
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
