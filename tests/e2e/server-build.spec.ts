/**
 * What the server loads at start (issue "speed", decisions 0138, 0164, 0165 and 0167). server.ts's
 * bundle loads only what it needs to start the embedded database's thread (its configuration),
 * and the rest of the app is the chunk it imports next, while the thread starts. Packages that
 * one page or one configuration needs (the QR code of authenticator set-up, the reports' CSV, the
 * mock NHS login, GOV.UK Notify's client, pg-boss on PGlite) are loaded when first needed, not
 * imported at start. And the Remix server build holds no `import()`: tsx, which runs server.ts
 * for the journeys and the benches, transforms any file that has one, and for the 2 MB build that
 * cost ~0.8 s of every start. The e2e run builds first, so the bundles are here to read; no page
 * is opened; it runs in one project only.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
// acorn comes with @remix-run/dev (its MDX and vanilla-extract support).
import { parse } from "acorn";

/** Loaded on first use (createRequire or a lazy chunk), never at start. */
const LAZY_PACKAGES = ["qrcode", "csv-stringify", "oidc-provider", "notifications-node-client", "pg-boss"];

/** All that server.ts's bundle may load before the database thread starts: its configuration's. */
const BEFORE_DATABASE_THREAD = ["zod"];

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The packages a module imports at its top, its own modules it imports so, and its `import()`s. */
function startImports(source: string): { packages: string[]; local: string[]; dynamicImports: number } {
  const program = parse(source, { ecmaVersion: "latest", sourceType: "module" }) as unknown as { body: { type: string; source?: { value: unknown } | null }[] };
  const paths = program.body
    .filter((node) => ["ImportDeclaration", "ExportNamedDeclaration", "ExportAllDeclaration"].includes(node.type) && typeof node.source?.value === "string")
    .map((node) => String(node.source!.value));
  const packages = paths.filter((path) => !path.startsWith(".") && !path.startsWith("node:")).map((path) => /^(@[^/]+\/[^/]+|[^/]+)/.exec(path)![1]);
  // Counted on the text (import( not preceded by a name character), parsed above to be sure it is code.
  const dynamicImports = (source.match(/(?<![\w$.])import\s*\(/g) ?? []).length;
  return { packages: [...new Set(packages)], local: paths.filter((path) => path.startsWith(".")), dynamicImports };
}

/** Every package that evaluating a bundle file loads: its own top imports and its chunks'. */
function loadedAtStart(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const { packages, local } = startImports(readFileSync(file, "utf8"));
  return [...new Set([...packages, ...local.flatMap((path) => loadedAtStart(resolve(dirname(file), path), seen))])];
}

/** The app's own source files that evaluating a bundle file runs (esbuild heads each with `// path`). */
function sourcesAtStart(file: string): string[] {
  const files = new Set<string>();
  loadedAtStart(file, files);
  return [...files].flatMap((chunk) => [...readFileSync(chunk, "utf8").matchAll(/^\/\/ (app\/[^\n]+\.tsx?)$/gm)].map((m) => m[1]));
}

test("server.ts starts the database thread before the app loads; no lazy package at start, no import() in the Remix build (decisions 0164, 0165)", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "one project reads the build");
  const entry = join(root, "build/server.js");
  const entrySource = readFileSync(entry, "utf8");
  expect(loadedAtStart(entry), "build/server.js, before the database thread starts").toEqual(BEFORE_DATABASE_THREAD);
  expect(existsSync(join(root, "build/pglite-thread.js")), "build/pglite-thread.js, the database thread").toBe(true);
  // The app: the chunk server.ts imports once the thread is starting.
  const chunks = [...entrySource.matchAll(/import\("(\.\/server-chunks\/main\.server-[^"]+\.js)"\)/g)].map((m) => resolve(dirname(entry), m[1]));
  expect(chunks, "build/server.js imports the app's main module").toHaveLength(1);
  for (const [file, what] of [
    [chunks[0], "the app (app/server/main.server.ts)"],
    [join(root, "build/index.js"), "the Remix server build"],
  ] as const) {
    const packages = loadedAtStart(file);
    // The reading is real: each imports packages at its top.
    expect(packages.length, what).toBeGreaterThan(3);
    expect(packages.filter((pkg) => LAZY_PACKAGES.includes(pkg)), `${what} imports at start`).toEqual([]);
  }
  expect(startImports(readFileSync(join(root, "build/index.js"), "utf8")).dynamicImports, "build/index.js: import() makes tsx transform it at every start").toBe(0);
  // The demo seed runs in the database thread, or loads when PostgreSQL needs it (decision 0167).
  const appSources = sourcesAtStart(chunks[0]);
  expect(appSources, "the app's start runs its own modules").toContain("app/server/main.server.ts");
  expect(appSources.filter((source) => source.startsWith("app/db/seed")), "the app's start loads no demo seed").toEqual([]);
});

test("the check recognises a lazy package imported at the top and an import()", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "one project reads no page");
  const found = startImports(`import QRCode from "qrcode";\nimport { stringify } from "csv-stringify/sync";\nimport { x } from "./chunk.js";\nimport { join } from "node:path";\nexport async function f() { const m = await import("oidc-provider"); return [m, QRCode, stringify, x, join, reimport("y")]; }`);
  expect(found.packages).toEqual(["qrcode", "csv-stringify"]);
  expect(found.local).toEqual(["./chunk.js"]);
  expect(found.dynamicImports).toBe(1);
});
