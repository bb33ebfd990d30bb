/**
 * What the server loads at start (issue "speed", decisions 0138 and 0164). Packages that one page
 * or one configuration needs (the QR code of authenticator set-up, the reports' CSV, the mock NHS
 * login, GOV.UK Notify's client, pg-boss on PGlite) are loaded when first needed, not imported at
 * the top of the server's two bundles. And the Remix server build holds no `import()`: tsx, which
 * runs server.ts for the journeys and the benches, transforms any file that has one, and for the
 * 2 MB build that cost ~0.8 s of every start. The e2e run builds first, so the bundles are here
 * to read; no page is opened; it runs in one project only.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
// acorn comes with @remix-run/dev (its MDX and vanilla-extract support).
import { parse } from "acorn";

/** Loaded on first use (createRequire or a lazy chunk), never at start. */
const LAZY_PACKAGES = ["qrcode", "csv-stringify", "oidc-provider", "notifications-node-client", "pg-boss"];

const BUNDLES = { "build/index.js": "the Remix server build", "build/server.js": "server.ts compiled" };

/** The packages a module imports at its top, and how many `import()` expressions it has. */
function startImports(source: string): { packages: string[]; dynamicImports: number } {
  const program = parse(source, { ecmaVersion: "latest", sourceType: "module" }) as unknown as { body: { type: string; source?: { value: unknown } | null }[] };
  const packages = program.body
    .filter((node) => ["ImportDeclaration", "ExportNamedDeclaration", "ExportAllDeclaration"].includes(node.type) && typeof node.source?.value === "string")
    .map((node) => String(node.source!.value))
    .filter((path) => !path.startsWith(".") && !path.startsWith("node:"))
    .map((path) => /^(@[^/]+\/[^/]+|[^/]+)/.exec(path)![1]);
  // Counted on the text (import( not preceded by a name character), parsed above to be sure it is code.
  const dynamicImports = (source.match(/(?<![\w$.])import\s*\(/g) ?? []).length;
  return { packages: [...new Set(packages)], dynamicImports };
}

test("the server bundles import no lazy package at start, and the Remix build no import() (decision 0164)", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "one project reads the build");
  for (const [file, what] of Object.entries(BUNDLES)) {
    const { packages, dynamicImports } = startImports(readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), "utf8"));
    // The reading is real: each bundle imports packages at its top.
    expect(packages.length, `${file} (${what})`).toBeGreaterThan(3);
    expect(packages.filter((pkg) => LAZY_PACKAGES.includes(pkg)), `${file} (${what}) imports at start`).toEqual([]);
    if (file === "build/index.js") expect(dynamicImports, `${file} (${what}): import() makes tsx transform it at every start`).toBe(0);
  }
});

test("the check recognises a lazy package imported at the top and an import()", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "one project reads no page");
  const found = startImports(`import QRCode from "qrcode";\nimport { stringify } from "csv-stringify/sync";\nimport { x } from "./chunk.js";\nimport { join } from "node:path";\nexport async function f() { const m = await import("oidc-provider"); return [m, QRCode, stringify, x, join, reimport("y")]; }`);
  expect(found.packages).toEqual(["qrcode", "csv-stringify"]);
  expect(found.dynamicImports).toBe(1);
});
