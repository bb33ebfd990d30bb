/**
 * `npm run build` step: makes the migrated PGlite template for the current migrations in
 * .cache/ (app/db/pglite-template.server.ts, decision 0138), unless it is there already.
 * New data folders start from it instead of running initdb and every migration.
 */
import { migrationsFolder, openDatabase } from "../app/db/client.server";
import { makePgliteTemplate } from "../app/db/pglite-template.server";

const started = performance.now();
const { path, made } = await makePgliteTemplate(migrationsFolder(), async (dataDir) => {
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.close();
});
console.log(`PGlite template: ${path} ${made ? `made in ${((performance.now() - started) / 1000).toFixed(1)} s` : "up to date"}`);
