/**
 * A migrated, empty PGlite data folder kept as a template (decision 0138): a new data folder
 * starts as a copy of it instead of running PostgreSQL's initdb and every migration, which
 * were most of a first start (about 10 s of CPU for initdb and 4 s for the migrations against
 * a copy of ~29 MB in ~900 files, 0.1–1 s by the disk: on ours each file made costs up to 1 ms).
 *
 * The template is made by `npm run build` (`makePgliteTemplate`, in a process of its own) in
 * .cache/ at the project root, named by a hash of drizzle/ and the PGlite version: a changed
 * migration or another PGlite makes a new one, and an old one is never used for them. No
 * template (not built, or a read-only checkout) means the usual initdb and migrations.
 * It holds the database "postgres" only (template0 and template1 are dropped: decision 0166), with
 * the schema and the migrations' reference rows, never demo data: the demo seed still runs at
 * start, so its dates stay relative to the day it runs.
 *
 * The build also leaves a spare: a whole copy of the template beside it (decision 0166). A new
 * data folder takes the spare with one rename instead of making its ~900 files, and the next
 * build (`npm start` builds first) makes another. Without a spare, a start copies as before.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { isAlive } from "./data-folder.server";

/** PGlite opens a folder with this file as an existing database (and runs initdb on one without). */
const PG_VERSION = "PG_VERSION";
const PREFIX = "pglite-template-";
/** How scripts/pglite-template.ts makes it: a changed recipe must not reuse an old template. */
const RECIPE = "2: migrated; template0 and template1 dropped (decision 0166)";

/** The project root: the folder that holds drizzle/. */
function rootOf(migrationsFolder: string): string {
  return dirname(migrationsFolder);
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

function pgliteVersion(root: string): string {
  try {
    return (JSON.parse(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/** What the template contains depends on the migrations and on PGlite's PostgreSQL build. */
export function templateKey(migrationsFolder: string): string {
  const hash = createHash("sha256");
  for (const file of filesUnder(migrationsFolder).sort()) {
    hash.update(relative(migrationsFolder, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  hash.update(`pglite ${pgliteVersion(rootOf(migrationsFolder))}`).update(`\0recipe ${RECIPE}`);
  return hash.digest("hex").slice(0, 16);
}

export function templatePath(migrationsFolder: string): string {
  return join(rootOf(migrationsFolder), ".cache", `${PREFIX}${templateKey(migrationsFolder)}`);
}

/** The template's spare copy (decision 0166). */
export function sparePath(migrationsFolder: string): string {
  return `${templatePath(migrationsFolder)}.spare`;
}

/** A finished template: made complete, then renamed into place, so PG_VERSION means whole. */
function isTemplate(path: string): boolean {
  return existsSync(join(path, PG_VERSION));
}

/** Copies a folder's files with the kernel's copy (copy_file_range): no reading through JS. */
function copyTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else copyFileSync(source, target);
  }
}

/**
 * Fills a new data folder from the template. Only a folder with no database in it is filled
 * (other files, such as the lock or an attachments folder, may be there). The copy is made
 * beside the files, then moved in with PG_VERSION last: a start interrupted half way leaves
 * no PG_VERSION, and the next start removes the half copy and tries again. Returns whether
 * the folder now holds the template's database.
 */
export function restorePgliteTemplate(dataDir: string, migrationsFolder: string): boolean {
  if (existsSync(join(dataDir, PG_VERSION))) return false;
  const staging = join(dataDir, ".template-copy");
  rmSync(staging, { recursive: true, force: true });
  const template = templatePath(migrationsFolder);
  if (!isTemplate(template)) return false;
  const names = readdirSync(template);
  // Leftovers of a database that never finished (an interrupted initdb): not ours to merge into.
  if (names.some((name) => name !== PG_VERSION && existsSync(join(dataDir, name)))) return false;
  if (!takeSpare(sparePath(migrationsFolder), staging)) copyTree(template, staging);
  for (const name of [...names.filter((n) => n !== PG_VERSION), PG_VERSION]) renameSync(join(staging, name), join(dataDir, name));
  rmSync(staging, { recursive: true, force: true });
  return true;
}

/**
 * Moves the spare to `to` with one rename. False when there is none (not built, taken by another
 * start, or on another file system than the data folder): the caller copies the template.
 */
function takeSpare(spare: string, to: string): boolean {
  if (!isTemplate(spare)) return false;
  try {
    renameSync(spare, to);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the template's spare copy if there is a template and no spare: copied beside it under a
 * name of this process, then renamed into place, so a spare is always whole. Copies left by a
 * build that died are removed. Returns whether it made one.
 */
export function makePgliteSpare(migrationsFolder: string): boolean {
  const template = templatePath(migrationsFolder);
  const spare = sparePath(migrationsFolder);
  if (!isTemplate(template) || isTemplate(spare)) return false;
  const cache = dirname(template);
  const ours = `${basename(spare)}.`;
  for (const name of readdirSync(cache)) {
    if (!name.startsWith(ours) || !name.endsWith(".partial")) continue;
    const pid = Number(name.slice(ours.length, -".partial".length));
    if (pid && !isAlive(pid)) rmSync(join(cache, name), { recursive: true, force: true });
  }
  const partial = `${spare}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  copyTree(template, partial);
  try {
    renameSync(partial, spare);
  } catch {
    // Another build made one meanwhile.
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
  return true;
}

/**
 * Makes the template if there is none for the current migrations, and removes templates of
 * other migrations. `migrate` creates a migrated PGlite database in the folder it is given
 * and closes it (in the caller, scripts/pglite-template.ts, so this module needs no driver).
 */
export async function makePgliteTemplate(
  migrationsFolder: string,
  migrate: (dataDir: string) => Promise<void>,
): Promise<{ path: string; made: boolean }> {
  const path = templatePath(migrationsFolder);
  const cache = dirname(path);
  if (isTemplate(path)) return { path, made: false };
  mkdirSync(cache, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  try {
    await migrate(partial);
    // The opener's lock file is gone once closed; nothing else of the app's lives there.
    rmSync(join(partial, "frontdoor.lock"), { force: true });
    rmSync(path, { recursive: true, force: true });
    renameSync(partial, path);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  // Older templates and their spares (the current spare is made by makePgliteSpare).
  for (const name of readdirSync(cache)) {
    if (name.startsWith(PREFIX) && join(cache, name) !== path && !name.endsWith(".partial")) rmSync(join(cache, name), { recursive: true, force: true });
  }
  return { path, made: true };
}
