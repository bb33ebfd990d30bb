/**
 * Opening the embedded database (decision 0166): the migrations check that spares a start
 * drizzle's modules, a migration it still finds and applies, and the template's own database
 * alone once template0 and template1 are dropped.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrationsFolder } from "./data-folder.server";
import { dropTemplateDatabases, migratePglite, migrationsApplied, startPglite } from "./pglite-open.server";

/** A migrated database in memory: the run's snapshot on PGlite runs, else initdb and the migrations. */
async function migratedPglite(): Promise<PGlite> {
  const target = inject("testDatabase");
  if (target?.kind === "pglite") return startPglite({ loadFrom: new Blob([await readFile(target.snapshotPath)]) });
  const client = await startPglite({});
  await migratePglite(client, migrationsFolder());
  return client;
}

/** drizzle/ with one more migration, newer than the rest, in a folder of its own. */
function withOneMoreMigration(): string {
  const folder = mkdtempSync(join(tmpdir(), "frontdoor-migrations-"));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };
  const last = journal.entries[journal.entries.length - 1];
  journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1000, tag: "9999_one_more", breakpoints: true });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(folder, "9999_one_more.sql"), "create table one_more (id integer);");
  return folder;
}

describe("opening PGlite", () => {
  let client: PGlite;
  const folders: string[] = [];
  beforeAll(async () => {
    client = await migratedPglite();
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("knows a migrated database without drizzle, and a newer migration as not applied", async () => {
    expect(await migrationsApplied(client, migrationsFolder())).toBe(true);
    const newer = withOneMoreMigration();
    folders.push(newer);
    expect(await migrationsApplied(client, newer)).toBe(false);
  });

  it("applies the newer migration once, then finds nothing left to apply", async () => {
    const newer = withOneMoreMigration();
    folders.push(newer);
    await migratePglite(client, newer);
    expect((await client.query("select to_regclass('one_more') is not null as made")).rows).toEqual([{ made: true }]);
    expect(await migrationsApplied(client, newer)).toBe(true);
    await migratePglite(client, newer);
    expect((await client.query("select count(*)::int as n from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)")).rows).toEqual([{ n: 1 }]);
  });

  it("reads a database without drizzle's table (a new one) as not migrated, without an error", async () => {
    await client.exec("alter table drizzle.__drizzle_migrations rename to kept_aside");
    try {
      expect(await migrationsApplied(client, migrationsFolder())).toBe(false);
    } finally {
      await client.exec("alter table drizzle.kept_aside rename to __drizzle_migrations");
    }
  });

  it("drops template0 and template1, and the app's database goes on answering", async () => {
    await dropTemplateDatabases(client);
    expect((await client.query("select datname from pg_database order by datname")).rows).toEqual([{ datname: "postgres" }]);
    expect((await client.query("select count(*)::int as n from practices")).rows).toEqual([{ n: 0 }]);
    // Twice is harmless (a template made again from a folder that had them dropped).
    await dropTemplateDatabases(client);
  });
});
