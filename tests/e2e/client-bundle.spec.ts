/**
 * What the browser is sent (issue "speed"): no server-only module may reach the client bundle.
 * Remix drops `*.server.*` modules and loaders/actions from it, but an import a component makes
 * of a server package (the database driver, drizzle, the logger) would be bundled silently, and
 * would ship tens of kilobytes to every phone — or a secret. The e2e run builds the app first, so
 * the build's own record of its inputs (build/metafile.js.json, written by `remix build`) is
 * here to read. No page is opened; it runs in one project only.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";

const METAFILE = fileURLToPath(new URL("../../build/metafile.js.json", import.meta.url));

/** Packages that only the server may load. */
const SERVER_PACKAGES = [
  "drizzle-orm",
  "drizzle-kit",
  "pg",
  "pg-boss",
  "@electric-sql/pglite",
  "express",
  "pino",
  "pino-http",
  "oidc-provider",
  "openid-client",
  "notifications-node-client",
  "@remix-run/node",
  "@remix-run/express",
];

/** Why an input of the client bundle may not be there, or null when it may. */
function serverOnlyReason(input: string): string | null {
  if (input.startsWith("node:")) return "a Node built-in";
  if (/\.server\.(ts|tsx|js|mjs)$/.test(input) || input.includes("/server/")) return "a server module";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
  if (pkg && SERVER_PACKAGES.includes(pkg)) return `the server package ${pkg}`;
  return null;
}

test("the client bundle holds no server-only module", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "one project reads the build");
  const metafile = JSON.parse(readFileSync(METAFILE, "utf8")) as { inputs: Record<string, unknown> };
  const inputs = Object.keys(metafile.inputs);
  // The record is real: the client entry and a route module are in it.
  expect(inputs.some((input) => input.endsWith("app/entry.client.tsx"))).toBe(true);
  expect(inputs.some((input) => input.includes("app/routes/"))).toBe(true);
  const found = inputs.flatMap((input) => {
    const reason = serverOnlyReason(input);
    return reason ? [`${input}: ${reason}`] : [];
  });
  expect(found).toEqual([]);
});

test("the check recognises what it must refuse", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "a rule test needs one project");
  expect(serverOnlyReason("node_modules/drizzle-orm/pg-core/table.js")).toMatch(/drizzle-orm/);
  expect(serverOnlyReason("node_modules/@electric-sql/pglite/dist/index.js")).toMatch(/pglite/);
  expect(serverOnlyReason("app/domain/requests/journey.server.ts")).toBe("a server module");
  expect(serverOnlyReason("node:crypto")).toBe("a Node built-in");
  expect(serverOnlyReason("node_modules/react-dom/cjs/react-dom.production.min.js")).toBeNull();
  expect(serverOnlyReason("app/components/Fields.tsx")).toBeNull();
});
