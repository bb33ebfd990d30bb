/**
 * The two servers the benchmark runs in its own process, both on 127.0.0.1 and an
 * ephemeral port: Frontdoor itself (createApp, production config, a fresh seeded PGlite
 * in a temp folder or PostgreSQL at DATABASE_URL), and a bare Express app that serves
 * fixed HTML bytes, as the yardstick for what the framework and middleware cost.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { readConfig } from "../app/config.server";
import { openDatabase, type Database } from "../app/db/client.server";
import { startPgliteThread } from "../app/db/pglite-remote.server";
import { seedDemo } from "../app/db/seed.server";
import { systemClock } from "../app/domain/clock";
import { createApp } from "../app/server/http.server";

export const BENCH_SESSION_SECRET = "bench-secret-bench-secret-bench-secret-123";

export type Running = {
  baseUrl: string;
  close(): Promise<void>;
};

export type RunningFrontdoor = Running & {
  databaseKind: Database["kind"];
  /** The app's own database handle, to seed bench fixtures (request-fixtures.ts). */
  db: Database["db"];
  /** Where the data lives, without credentials. */
  databaseLabel: string;
};

function listen(app: express.Express): Promise<{ server: Server; baseUrl: string }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, "127.0.0.1");
    server.once("error", reject);
    server.once("listening", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, baseUrl: `http://127.0.0.1:${port}` });
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets from the load generator would otherwise hold close() open.
    server.closeAllConnections();
  });
}

/**
 * The build with every route hydrated: its `handle.hydrate = false` left out (decision 0145), so a
 * patient page carries its loader data as `window.__remixContext`. Only for benches that need the
 * data of a page that ships none (request-load.ts gives it to the Remix floor).
 */
export function everyRouteHydrated(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const handle = route.module.handle as Record<string, unknown> | undefined;
    if (handle?.hydrate !== false) {
      routes[id] = route;
      continue;
    }
    const { hydrate: _hydrate, ...rest } = handle;
    routes[id] = { ...route, module: { ...route.module, handle: rest } };
  }
  return { ...build, routes };
}

export async function startFrontdoor(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  options: { build?: (build: ServerBuild) => ServerBuild } = {},
): Promise<RunningFrontdoor> {
  const buildPath = join(root, "build/index.js");
  if (!existsSync(buildPath)) throw new Error(`${buildPath} is missing: run \`npm run build\` first (npm run bench does).`);
  const config = readConfig({
    ...env,
    NODE_ENV: "production",
    SESSION_SECRET: BENCH_SESSION_SECRET,
    LOG_LEVEL: "silent",
  });

  let tempDir: string | undefined;
  let database: Database;
  let databaseLabel: string;
  if (config.databaseUrl) {
    database = await openDatabase({ kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize });
    const url = new URL(config.databaseUrl);
    databaseLabel = `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
  } else {
    tempDir = mkdtempSync(join(tmpdir(), "frontdoor-bench-"));
    try {
      // As `npm start` opens it: PGlite in its own thread (decision 0165).
      database = await openDatabase({ kind: "pglite-thread", started: startPgliteThread(join(tempDir, "pgdata")) });
    } catch (error) {
      rmSync(tempDir, { recursive: true, force: true });
      throw error;
    }
    databaseLabel = `PGlite in a fresh temp folder`;
  }

  const cleanupDatabase = async () => {
    await database.close().catch((error: unknown) => console.error("bench: closing the database failed:", error));
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };

  try {
    await seedDemo(database.db);
    const loaded = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    const build = options.build ? options.build(loaded) : loaded;
    const app = createApp({ config, database, clock: systemClock, build, publicDir: join(root, "public") });
    const { server, baseUrl } = await listen(app);
    return {
      baseUrl,
      databaseKind: database.kind,
      db: database.db,
      databaseLabel,
      close: async () => {
        await closeServer(server);
        await cleanupDatabase();
      },
    };
  } catch (error) {
    await cleanupDatabase();
    throw error;
  }
}

/** A plain Express app: each path answers 200 with the given HTML bytes, nothing else. */
export async function startBare(pages: Map<string, Buffer>): Promise<Running> {
  const app = express();
  for (const [path, html] of pages) {
    app.get(path, (_req, res) => {
      res.type("html").send(html);
    });
  }
  const { server, baseUrl } = await listen(app);
  return { baseUrl, close: () => closeServer(server) };
}
