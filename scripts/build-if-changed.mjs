// `npm run build`, unless the build on disk was made from exactly the files it would be made
// from now. CI runs the browser suite twice (PGlite, then PostgreSQL) on the same sources, and
// each pass used to rebuild; the second build was half a minute of the 30-minute budget spent
// on a copy of the first. The stamp is a hash of every input's content (not of dates, which a
// checkout or a copy changes), so an edit anywhere in them rebuilds.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const STAMP = join(root, "build", ".inputs-sha256");
/** What the build reads. Generated folders under public/ are outputs, not inputs. */
const INPUTS = ["app", "public", "scripts", "server.ts", "drizzle", "remix.config.js", "package.json", "package-lock.json", "tsconfig.json"];
const OUTPUTS = new Set(["public/build", "public/css", "public/assets", "public/static-manifest.json"].map((p) => join(root, p)));
/** The built server and client both exist, or there is nothing to reuse. */
const BUILT = ["build/index.js", "build/server.js", "public/build"].map((p) => join(root, p));

function files(path) {
  if (OUTPUTS.has(path) || !existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

export function inputsHash() {
  const hash = createHash("sha256");
  // The mode the build is made in changes what it contains.
  hash.update(`NODE_ENV=${process.env.NODE_ENV ?? ""}\0`);
  for (const file of INPUTS.flatMap((p) => files(join(root, p)))) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

const wanted = inputsHash();
const current = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : "";
if (current === wanted && BUILT.every((p) => existsSync(p))) {
  console.log("build: up to date with its inputs (build/.inputs-sha256), not rebuilt");
} else {
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  writeFileSync(STAMP, `${wanted}\n`);
}
