// `npm run build` step (decision 0138): server.ts and the app modules it imports, compiled ahead
// into one ES module, build/server.js, so `npm start` runs plain node. Through tsx, every start
// compiled ~200 TypeScript files before the first request (seconds on a busy machine).
// Packages stay external (imported from node_modules at run time, as before); the app's own
// modules (`~/…`, tsconfig paths) are bundled. build/index.js (Remix's server build) is separate
// and loaded by server.js at run time, as server.ts does. Lazy modules: build/server-chunks/.
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
// The esbuild Remix itself builds with (as scripts/client-target.mjs).
const esbuild = createRequire(createRequire(join(root, "package.json")).resolve("@remix-run/dev/package.json"))("esbuild");

/**
 * Packages stay imports (esbuild's `packages: "external"` would also leave the app's `~/…`
 * paths unresolved: it takes every non-relative path for a package).
 */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
  },
};

const started = performance.now();
// Chunk names carry a hash: last build's would pile up.
rmSync(join(root, "build/server-chunks"), { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: root,
  // build/pglite-template.js: the next build step, makes the migrated PGlite template (decision 0138).
  // build/pglite-thread.js: the embedded database's thread (decision 0165), started by path.
  entryPoints: { server: "server.ts", "pglite-template": "scripts/pglite-template.ts", "pglite-thread": "app/db/pglite-thread.server.ts" },
  outdir: "build",
  entryNames: "[name]",
  // Modules the app imports lazily (`await import(…)`, such as the mock NHS login and its
  // oidc-provider) stay lazy: each is a chunk of its own, loaded when first needed. Without
  // splitting, esbuild would inline them and hoist their packages' imports to the top.
  splitting: true,
  chunkNames: "server-chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [externalPackages],
  tsconfig: "tsconfig.json",
  sourcemap: true,
  // Server code: names kept readable in stack traces and logs.
  minify: false,
  logLevel: "warning",
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + (output.bytes ?? 0), 0);
console.log(`server bundle: build/server.js, build/pglite-thread.js and build/pglite-template.js from ${Object.keys(result.metafile.inputs).length} modules, ${(bytes / 1024).toFixed(0)} KiB with its map, in ${Math.round(performance.now() - started)} ms`);
