/**
 * Starts Frontdoor: reads the environment, opens the database (PGlite in DATA_DIR, or
 * PostgreSQL at DATABASE_URL), applies migrations, seeds demo data on an empty database
 * outside production, and serves the Remix app. Stops gracefully on SIGTERM and SIGINT.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { readConfig } from "./app/config.server";
import { openDatabase } from "./app/db/client.server";
import { seedDemoIfEmpty } from "./app/db/seed.server";
import { systemClock } from "./app/domain/clock";
import { setBanner } from "./app/domain/shell/maintenance-banner.server";
import { createApp, createLogger } from "./app/server/http.server";

const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = readConfig();
  const logger = createLogger(config);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) logger.info("demo data created");
  }
  if (config.maintenanceBanner) await setBanner(database.db, config.maintenanceBanner);
  const build = (await import(join(here, "build/index.js"))) as ServerBuild;
  const app = createApp({ config, database, clock: systemClock, build, publicDir: join(here, "public"), logger });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, database: database.kind }, `Frontdoor listening on http://localhost:${port}`);
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Stop accepting connections, let in-flight requests finish, then close the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await database.close().catch(() => {});
      process.exit(0);
    });
    server.closeIdleConnections?.();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
