/**
 * `npm run build` step: makes the migrated PGlite template for the current migrations in
 * .cache/ (app/db/pglite-template.server.ts, decision 0138), unless it is there already.
 * New data folders start from it instead of running initdb and every migration; the first takes
 * the spare copy made here (decision 0166), so each build makes another if it was taken.
 */
import { migrationsFolder } from "../app/db/data-folder.server";
import { dropTemplateDatabases, migratePglite, startPglite } from "../app/db/pglite-open.server";
import { makePgliteSpare, makePgliteTemplate } from "../app/db/pglite-template.server";

const started = performance.now();
const { path, made } = await makePgliteTemplate(migrationsFolder(), async (dataDir) => {
  const client = await startPglite({ dataDir });
  await migratePglite(client, migrationsFolder());
  // The app's database only: a copy of the template is a start's first work (decision 0166).
  await dropTemplateDatabases(client);
  await client.close();
});
// A whole copy beside it, which the next new data folder takes with one rename (decision 0166).
const spare = makePgliteSpare(migrationsFolder());
const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
console.log(`PGlite template: ${path} ${made ? `made` : "up to date"}${spare ? ", its spare copy made" : ""}${made || spare ? ` in ${took}` : ""}`);
