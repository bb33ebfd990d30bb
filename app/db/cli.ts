/**
 * npm run db:seed  - creates the demo data if it is missing (idempotent).
 * npm run db:reset - wipes the database (PGlite folder or PostgreSQL schema) and reseeds.
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { readConfig } from "../config.server";
import { openDatabase } from "./client.server";
import { seedDemo } from "./seed.server";

async function main(command: string | undefined) {
  const config = readConfig();
  if (command !== "seed" && command !== "reset") {
    throw new Error("Usage: node --import tsx app/db/cli.ts seed|reset");
  }
  if (config.isProduction && process.env.SEED_DEMO !== "true") {
    throw new Error("Refusing to touch demo data in production. Set SEED_DEMO=true if you really mean it.");
  }
  if (command === "reset" && !config.databaseUrl) {
    rmSync(resolve(config.dataDir), { recursive: true, force: true });
  }
  if (command === "reset" && config.databaseUrl) {
    const database = await openDatabase({ kind: "postgres", url: config.databaseUrl, migrate: false });
    try {
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
    } finally {
      await database.close();
    }
  }
  const migrated = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    const created = await seedDemo(migrated.db);
    console.log(created ? "Demo data created." : "Demo data already present; nothing to do.");
  } finally {
    await migrated.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
