import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makePgliteSpare, makePgliteTemplate, restorePgliteTemplate, sparePath, templateKey, templatePath } from "./pglite-template.server";

/** A project root of its own: drizzle/ with one migration, and nothing in .cache/. */
function project() {
  const root = mkdtempSync(join(tmpdir(), "frontdoor-template-test-"));
  const migrations = join(root, "drizzle");
  mkdirSync(join(migrations, "meta"), { recursive: true });
  writeFileSync(join(migrations, "0000_init.sql"), "create table a (id int);");
  writeFileSync(join(migrations, "meta/_journal.json"), "{}");
  return { root, migrations };
}
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Stands in for "open PGlite in the folder and migrate": writes a data folder's shape. */
async function fakeMigrate(dataDir: string) {
  mkdirSync(join(dataDir, "base/1"), { recursive: true });
  writeFileSync(join(dataDir, "base/1/1259"), "catalog");
  writeFileSync(join(dataDir, "PG_VERSION"), "17\n");
  writeFileSync(join(dataDir, "frontdoor.lock"), "123");
}

describe("the PGlite template", () => {
  it("is keyed by the migrations: a changed migration names another template", () => {
    const { root, migrations } = project();
    roots.push(root);
    const before = templateKey(migrations);
    writeFileSync(join(migrations, "0001_more.sql"), "create table b (id int);");
    expect(templateKey(migrations)).not.toBe(before);
    expect(templatePath(migrations)).toBe(join(root, ".cache", `pglite-template-${templateKey(migrations)}`));
  });

  it("without a template, leaves a new folder to initdb and the migrations", () => {
    const { root, migrations } = project();
    roots.push(root);
    const dataDir = join(root, "data");
    mkdirSync(dataDir);
    expect(restorePgliteTemplate(dataDir, migrations)).toBe(false);
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(false);
  });

  it("fills a new folder (keeping what else is there) from the template, without the maker's lock; an existing database is left alone", async () => {
    const { root, migrations } = project();
    roots.push(root);
    expect((await makePgliteTemplate(migrations, fakeMigrate)).made).toBe(true);
    expect((await makePgliteTemplate(migrations, fakeMigrate)).made).toBe(false);
    const dataDir = join(root, "data");
    mkdirSync(join(dataDir, "files"), { recursive: true });
    writeFileSync(join(dataDir, "files/kept"), "attachment");
    expect(restorePgliteTemplate(dataDir, migrations)).toBe(true);
    expect(readFileSync(join(dataDir, "base/1/1259"), "utf8")).toBe("catalog");
    expect(readFileSync(join(dataDir, "files/kept"), "utf8")).toBe("attachment");
    expect(existsSync(join(dataDir, "frontdoor.lock"))).toBe(false);
    expect(existsSync(join(dataDir, ".template-copy"))).toBe(false);
    writeFileSync(join(dataDir, "base/1/1259"), "changed by the app");
    expect(restorePgliteTemplate(dataDir, migrations)).toBe(false);
    expect(readFileSync(join(dataDir, "base/1/1259"), "utf8")).toBe("changed by the app");
  });

  it("does not merge into the leftovers of a database that never finished", async () => {
    const { root, migrations } = project();
    roots.push(root);
    await makePgliteTemplate(migrations, fakeMigrate);
    const dataDir = join(root, "data");
    mkdirSync(join(dataDir, "base"), { recursive: true });
    expect(restorePgliteTemplate(dataDir, migrations)).toBe(false);
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(false);
  });

  it("replaces the templates of other migrations", async () => {
    const { root, migrations } = project();
    roots.push(root);
    const old = (await makePgliteTemplate(migrations, fakeMigrate)).path;
    writeFileSync(join(migrations, "0001_more.sql"), "create table b (id int);");
    const current = (await makePgliteTemplate(migrations, fakeMigrate)).path;
    expect(existsSync(current)).toBe(true);
    expect(existsSync(old)).toBe(false);
  });

  it("leaves a spare copy that a new folder takes with a rename, and makes another when asked (decision 0166)", async () => {
    const { root, migrations } = project();
    roots.push(root);
    expect(makePgliteSpare(migrations), "no template, no spare").toBe(false);
    await makePgliteTemplate(migrations, fakeMigrate);
    expect(makePgliteSpare(migrations)).toBe(true);
    expect(makePgliteSpare(migrations), "one spare is enough").toBe(false);
    const spare = sparePath(migrations);
    expect(readFileSync(join(spare, "base/1/1259"), "utf8")).toBe("catalog");
    // Marks the spare's file, to see which copy a folder got.
    writeFileSync(join(spare, "base/1/1259"), "the spare");
    const first = join(root, "first");
    mkdirSync(first);
    expect(restorePgliteTemplate(first, migrations)).toBe(true);
    expect(readFileSync(join(first, "base/1/1259"), "utf8")).toBe("the spare");
    expect(existsSync(spare), "taken").toBe(false);
    // Without a spare, the next folder is a copy of the template itself.
    const second = join(root, "second");
    mkdirSync(second);
    expect(restorePgliteTemplate(second, migrations)).toBe(true);
    expect(readFileSync(join(second, "base/1/1259"), "utf8")).toBe("catalog");
    expect(existsSync(join(templatePath(migrations), "base/1/1259")), "the template stays").toBe(true);
  });

  it("removes the half copies of a spare whose maker died, never a live one's", async () => {
    const { root, migrations } = project();
    roots.push(root);
    await makePgliteTemplate(migrations, fakeMigrate);
    // No process has pid 2^22 + 1 (Linux's pid_max is at most 2^22).
    const dead = `${sparePath(migrations)}.4194305.partial`;
    const live = `${sparePath(migrations)}.${process.ppid}.partial`;
    for (const partial of [dead, live]) mkdirSync(join(partial, "base"), { recursive: true });
    expect(makePgliteSpare(migrations)).toBe(true);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(join(sparePath(migrations), "PG_VERSION"))).toBe(true);
  });
});
