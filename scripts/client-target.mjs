// The browser build's target (decision 0125). Remix's classic compiler gives esbuild no target
// for the client (so `esnext`), and has no option for one: after `remix build` this lowers every
// file of public/build/ in place (same names, so the manifest and the hashes stay valid) to the
// syntax of the oldest browsers of spec 1 §5 that run module scripts. They parse the bundle, run
// entry.client's feature check and, if it fails, leave the server-rendered page alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The oldest module-running browsers of the spec's minimum list that esbuild can lower to. */
export const CLIENT_TARGET = ["chrome70", "edge18", "firefox65", "safari12", "opera57"];
/**
 * Syntax esbuild 0.17 cannot lower, left as written: a `0n` in Conform, and the async generator
 * of Remix's stream reader. A browser without them (Firefox < 68, Safari < 14, Edge 18) rejects
 * the module graph at parse time, before any of it runs: the core grade of decision 0125.
 * Dynamic import() is kept too: for Edge 18 esbuild would turn it into require(), which no
 * browser has, and every route module Remix loads on navigation would fail to load.
 */
const KEPT = { bigint: true, "async-generator": true, "dynamic-import": true };

const root = fileURLToPath(new URL("..", import.meta.url));
// The esbuild Remix itself builds with.
const esbuild = createRequire(createRequire(join(root, "package.json")).resolve("@remix-run/dev/package.json"))("esbuild");

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const buildDir = join(root, "public/build");
let before = 0;
let after = 0;
const files = filesUnder(buildDir).filter((file) => file.endsWith(".js"));
await Promise.all(
  files.map(async (file) => {
    const code = readFileSync(file, "utf8");
    const result = await esbuild.transform(code, { loader: "js", format: "esm", target: CLIENT_TARGET, supported: KEPT, minify: true, legalComments: "none" });
    before += code.length;
    after += result.code.length;
    writeFileSync(file, result.code);
  }),
);
console.log(`client target ${CLIENT_TARGET.join(", ")}: ${files.length} files, ${(before / 1024).toFixed(1)} KiB → ${(after / 1024).toFixed(1)} KiB`);
