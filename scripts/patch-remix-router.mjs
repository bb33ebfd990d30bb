/**
 * Route matching without rebuilding and re-ranking every route on every call (issue "speed",
 * decision 0134).
 *
 * `matchRoutes` of @remix-run/router 1.x flattens the whole route tree, scores and sorts every
 * branch, then compiles a regular expression for each branch it tries, on every call, with no
 * cache. Frontdoor has ~330 routes (215 branches) and a document request calls it three times
 * (the server runtime, the static handler, the render), an action twice; and the render first
 * rebuilds the whole route tree twice (`createServerRoutes` of @remix-run/react, then
 * `convertRoutesToDataRoutes` in `createStaticRouter`). In the request-page profile that was
 * the largest framework cost. This script patches the server's copies (CommonJS; the browser
 * bundle uses the ES modules and is left as it is):
 *
 * @remix-run/router (`dist/router.cjs.js`):
 * 1. The ranked branches per routes array (a WeakMap keyed by the array: the server runtime and
 *    the static handler pass the same array on every request). The only code that changes a
 *    routes array in place, `patchRoutesImpl` (lazy route discovery, not used on the server),
 *    empties the cache.
 * 2. `compilePath` per (path, caseSensitive, end): the result is a regular expression without
 *    the g or y flag (no state) and a list of parameter names that callers only read. Bounded
 *    to 2,000 entries (emptied when full), since `matchPath` is public and takes any pattern.
 * 3. `convertRoutesToDataRoutes` of a whole tree (no parent path, an empty manifest) per routes
 *    array and `mapRouteProperties`: the same data routes, and the caller's manifest filled
 *    with them as the original fills it.
 *
 * @remix-run/react (`dist/server.js`, `RemixServer`):
 * 4. `createServerRoutes` once per build (keyed by the assets manifest's routes, checked
 *    against the root route module and SPA mode): the routes it makes depend on nothing else.
 *    With 3, the render's `matchRoutes` gets the same array every time, so 1 applies to it too.
 *
 * @remix-run/router, a second layer with its own marker (decision 0140; a node_modules patched
 * with the first layer only gets just this one):
 * 5. The match loop skips branches that cannot match without running them: each branch's path
 *    says how many segments a pathname must have (at least, with a splat) and which are static;
 *    the pathname's segments are compared upper-cased (what the routes' case-insensitive regular
 *    expressions compare), so the skip only drops branches whose regular expressions would fail.
 *    Branches are still tried in rank order; a pathname with an empty segment, no leading slash,
 *    or a partial match (lazy discovery) tries every branch as before.
 *
 * Run by `npm install` / `npm ci` (postinstall); idempotent (a marker says a file is patched);
 * fails loudly when a package's code no longer has the lines it patches (update the patch, or
 * drop it if the package caches by itself). `tests/integration/remix-router-patch.test.ts`
 * checks the installed files are patched and that matching is unchanged.
 *
 *   node scripts/patch-remix-router.mjs          (apply; prints what it did)
 *   node scripts/patch-remix-router.mjs --check  (exit 1 when a file is not patched)
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const MARKER = "/* frontdoor: route caches (scripts/patch-remix-router.mjs) */";

const ROUTER_CACHES = `${MARKER}
let frontdoorBranchCache = new WeakMap();
function frontdoorRankedBranches(routes) {
  let branches = frontdoorBranchCache.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    frontdoorBranchCache.set(routes, branches);
  }
  return branches;
}
function frontdoorForgetBranches() {
  frontdoorBranchCache = new WeakMap();
  frontdoorDataRoutes = new WeakMap();
}
const frontdoorCompiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  let key = (caseSensitive === true ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = frontdoorCompiledPaths.get(key);
  if (!compiled) {
    if (frontdoorCompiledPaths.size >= 2000) frontdoorCompiledPaths.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    frontdoorCompiledPaths.set(key, compiled);
  }
  return compiled;
}
let frontdoorDataRoutes = new WeakMap();
function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest) {
  let whole = (parentPath === undefined || parentPath.length === 0) && (manifest === undefined || Object.keys(manifest).length === 0);
  if (!whole) return convertRoutesToDataRoutesUncached(routes, mapRouteProperties, parentPath, manifest);
  let cached = frontdoorDataRoutes.get(routes);
  if (!cached || cached.mapRouteProperties !== mapRouteProperties) {
    let made = {};
    cached = { mapRouteProperties, manifest: made, dataRoutes: convertRoutesToDataRoutesUncached(routes, mapRouteProperties, [], made) };
    frontdoorDataRoutes.set(routes, cached);
  }
  if (manifest !== undefined) Object.assign(manifest, cached.manifest);
  return cached.dataRoutes;
}
`;

export const INDEX_MARKER = "/* frontdoor: route index (scripts/patch-remix-router.mjs) */";

const ROUTER_INDEX = `${INDEX_MARKER}
function frontdoorPathShape(pathname) {
  if (pathname.charCodeAt(0) !== 47) return null;
  let trimmed = pathname.replace(/\\/+$/, "");
  if (trimmed === "") return [];
  let segments = trimmed.slice(1).split("/");
  for (let i = 0; i < segments.length; i++) {
    if (segments[i] === "") return null;
    segments[i] = segments[i].toUpperCase();
  }
  return segments;
}
function frontdoorBranchShape(branch) {
  if (branch.frontdoorShape !== undefined) return branch.frontdoorShape;
  let segments = branch.path.split("/").filter(s => s !== "");
  let splat = segments.length > 0 && segments[segments.length - 1] === "*";
  if (splat) segments.pop();
  let shape = null;
  if (segments.every(s => !s.includes("*") && !s.includes("?"))) {
    shape = { count: segments.length, splat, statics: [] };
    segments.forEach((s, i) => {
      if (!s.startsWith(":")) shape.statics.push([i, s.toUpperCase()]);
    });
  }
  branch.frontdoorShape = shape;
  return shape;
}
function frontdoorMayMatch(branch, path) {
  let shape = frontdoorBranchShape(branch);
  if (shape === null) return true;
  if (shape.splat ? path.length < shape.count : path.length !== shape.count) return false;
  for (let [i, text] of shape.statics) if (path[i] !== text) return false;
  return true;
}
`;

const REACT_SERVER_CACHE = `${MARKER}
const frontdoorServerRoutes = new WeakMap();
function frontdoorCreateServerRoutes(manifestRoutes, routeModules, future, isSpaMode) {
  let cached = frontdoorServerRoutes.get(manifestRoutes);
  if (!cached || cached.root !== routeModules.root || cached.isSpaMode !== isSpaMode || cached.future !== JSON.stringify(future)) {
    cached = { root: routeModules.root, isSpaMode, future: JSON.stringify(future), routes: routes.createServerRoutes(manifestRoutes, routeModules, future, isSpaMode) };
    frontdoorServerRoutes.set(manifestRoutes, cached);
  }
  return cached.routes;
}
`;

/**
 * Each file: the module Node resolves from the project, and its edits
 * ([what, the exact text in the published file, what replaces it]).
 */
export const PATCHES = [
  {
    module: "@remix-run/router",
    edits: [
      [
        "matchRoutesImpl ranks once per routes array",
        "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;",
        "  let branches = frontdoorRankedBranches(routes);\n  let matches = null;",
      ],
      ["the caches, before matchRoutesImpl", "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {", `${ROUTER_CACHES}function matchRoutesImpl(routes, locationArg, basename, allowPartial) {`],
      ["compilePath behind its cache", "function compilePath(path, caseSensitive, end) {\n  if (caseSensitive === void 0) {", "function compilePathUncached(path, caseSensitive, end) {\n  if (caseSensitive === void 0) {"],
      [
        "convertRoutesToDataRoutes behind its cache",
        "function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest) {\n  if (parentPath === void 0) {",
        "function convertRoutesToDataRoutesUncached(routes, mapRouteProperties, parentPath, manifest) {\n  if (parentPath === void 0) {",
      ],
      [
        "patchRoutesImpl empties the caches",
        "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n",
        "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n  frontdoorForgetBranches();\n",
      ],
    ],
  },
  {
    module: "@remix-run/react/dist/server.js",
    edits: [
      ["the cache, before RemixServer", "function RemixServer({\n", `${REACT_SERVER_CACHE}function RemixServer({\n`],
      [
        "RemixServer makes the server routes once per build",
        "  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
        "  let routes$1 = frontdoorCreateServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
      ],
    ],
  },
  {
    module: "@remix-run/router",
    marker: INDEX_MARKER,
    edits: [
      [
        "matchRoutesImpl reads the pathname's shape",
        "  let decoded = decodePath(pathname);\n",
        "  let decoded = decodePath(pathname);\n  let frontdoorShape = allowPartial ? null : frontdoorPathShape(decoded);\n",
      ],
      [
        "the match loop skips branches that cannot match",
        "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n",
        "    if (frontdoorShape !== null && !frontdoorMayMatch(branches[i], frontdoorShape)) continue;\n    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n",
      ],
      ["the index, before matchRouteBranch", "function matchRouteBranch(branch, pathname, allowPartial) {\n", `${ROUTER_INDEX}function matchRouteBranch(branch, pathname, allowPartial) {\n`],
    ],
  },
];

/** The patched source; the same text when already patched. Throws when an anchor is missing. */
export function patchSource(source, patch) {
  if (source.includes(patch.marker ?? MARKER)) return source;
  let out = source;
  for (const [what, before, after] of patch.edits) {
    const at = out.indexOf(before);
    if (at < 0 || out.indexOf(before, at + 1) >= 0) {
      throw new Error(`patch-remix-router: ${patch.module}, "${what}": its code has changed (anchor found ${at < 0 ? "0" : "more than 1"} times); update scripts/patch-remix-router.mjs`);
    }
    out = out.slice(0, at) + after + out.slice(at + before.length);
  }
  return out;
}

/** The file as published, from a patched source (the test compares the two). */
export function unpatchSource(source, patch) {
  if (!source.includes(patch.marker ?? MARKER)) return source;
  let out = source;
  for (const [what, before, after] of [...patch.edits].reverse()) {
    if (!out.includes(after)) throw new Error(`patch-remix-router: ${patch.module}, "${what}" is not in the patched source`);
    out = out.replace(after, () => before);
  }
  return out;
}

/** The file Node loads for the patch's module, from the project. */
export function fileOf(patch, root = dirname(dirname(fileURLToPath(import.meta.url)))) {
  return createRequire(join(root, "package.json")).resolve(patch.module);
}

function main() {
  const check = process.argv.includes("--check");
  let missing = 0;
  for (const patch of PATCHES) {
    const file = fileOf(patch);
    const source = readFileSync(file, "utf8");
    if (source.includes(patch.marker ?? MARKER)) {
      if (!check) console.log(`patch-remix-router: already applied to ${file}`);
      continue;
    }
    if (check) {
      console.error(`patch-remix-router: ${file} is not patched (run: node scripts/patch-remix-router.mjs)`);
      missing++;
      continue;
    }
    // A new file renamed over the old one: a hard-linked copy elsewhere keeps its own text.
    const temp = `${file}.frontdoor-${process.pid}`;
    writeFileSync(temp, patchSource(source, patch));
    renameSync(temp, file);
    console.log(`patch-remix-router: applied to ${file}`);
  }
  if (missing) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
