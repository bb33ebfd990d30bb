/**
 * Server-side patches to packages, applied by `npm install` / `npm ci` (postinstall), for the
 * server's CPU per request (issue "speed"). Two groups:
 *
 * A. Route matching without rebuilding and re-ranking every route on every call (decision 0134;
 *    this script was scripts/patch-remix-router.mjs until decision 0154).
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
 * react-router-dom (`server.js`, `createStaticRouter`; decision 0154):
 * 6. The render's data routes and their manifest once per routes array (the cached server
 *    routes of 4). Through the router's cache of 3 it still copied ~330 routes into a fresh
 *    manifest object on every render, only to look up the few matched ones.
 *
 * B. pg (node-postgres), decision 0154: a named statement's result description once per
 *    connection. pg sends Describe with every execution of a prepared statement and builds the
 *    columns' parsers again from PostgreSQL's answer: for the viewer's statement (about 80
 *    columns) that was ~100 µs of the app's CPU on every page, more than running it.
 * 7. `Client` keeps the RowDescription that answered a named statement's Describe, per
 *    connection (`connection.frontdoorDescribed`, gone with the connection). A statement that
 *    returns no rows (NoData) is described every time: there is nothing to parse, so nothing to gain.
 * 8. `Query.prepare` skips Describe when that connection already has the statement's
 *    description and hands the kept one to the query, as if PostgreSQL had sent it again.
 *    Not for statements read in pages (`rows`: cursors), nor unnamed ones.
 * 9. `Result.addFields` keeps the parsers it made on the kept description (per `types`
 *    object: drizzle gives each prepared query its own).
 * A named statement's columns cannot change under it: PostgreSQL fails the execution instead
 * ("cached plan must not change result type"), as it did before the patch.
 * FRONTDOOR_PG_DESCRIBE_EVERY_TIME=1 in a process's environment turns 7 off (pg as published),
 * for `bench/statement-cpu.ts` to measure both ways.
 *
 * C. Document requests without work whose result nobody reads (decision 0156; own marker).
 *    Per request, Remix's server runtime copied the build's ~330 route modules into a new object,
 *    cloned the request twice for every loader and action to strip parameters it almost never
 *    finds, serialised every loader's data to JSON and parsed it straight back, and serialised
 *    all of it again for `window.__remixContext`, which a page that is not hydrated (decision
 *    0145) never prints.
 * 10. `createEntryRouteModules` once per build's routes object (server-runtime `entry.js`).
 * 11. `stripIndexParam`, `stripDataParam`, `stripRoutesParam` hand on the request itself when its
 *     URL has no such parameter (server-runtime `data.js`); with one, a copy as before.
 * 12. `json()` keeps the JSON text it wrote on its Response, and the static handler parses that
 *     text instead of reading the body back through a stream (@remix-run/router): the same
 *     `JSON.parse` of the same text, so the data the page gets is the same, dates as strings.
 *     A Response whose body has been read, or that `json()` did not make, is read as before.
 * 13. `createServerHandoffString` answers an object whose `toString()` serialises on first use
 *     (server-runtime `serverHandoff.js`); `<Scripts>` uses it in a template string, the only
 *     reader, so a page without `<Scripts>` never pays for it.
 *
 * D. pg-boss 10.4 (its own marker): a worker's job outcome written without an unhandled rejection.
 *    When a handler settles, the worker records the job's completion or failure without awaiting
 *    it or catching its error (`manager.js`, `onFetch`). With the database going away at that
 *    moment ("the database system is shutting down") the rejection was unhandled and Node ended the
 *    process: the db-restart journey saw the app exit. The patch hands such an error to the
 *    worker's `onError`, which emits pg-boss's `error` event (logged by the job queue); the job's
 *    row keeps its state and pg-boss's expiry retries it, as after a crash.
 * 14. `this.complete(...)` and `this.fail(...)` in `onFetch` end in `.catch(onError)`.
 *
 * Idempotent (a marker says a file is patched); fails loudly when a package's code no longer
 * has the lines it patches (update the patch, or drop it if the package does it by itself).
 * `tests/integration/package-patches.test.ts` checks the installed files are patched, that
 * matching is unchanged, and (against PostgreSQL) that results are unchanged.
 *
 *   node scripts/patch-packages.mjs          (apply; prints what it did)
 *   node scripts/patch-packages.mjs --check  (exit 1 when a file is not patched)
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// The markers keep the script's old name: an install patched before the rename is recognised.
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

const STATIC_ROUTER_CACHE = `${MARKER}
const frontdoorStaticRoutes = new WeakMap();
function frontdoorDataRoutesOf(routes) {
  let cached = frontdoorStaticRoutes.get(routes);
  if (!cached) {
    let manifest = {};
    cached = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };
    frontdoorStaticRoutes.set(routes, cached);
  }
  return cached;
}
`;

export const PG_MARKER = "/* frontdoor: statement descriptions once per connection (scripts/patch-packages.mjs) */";

export const DOCUMENT_MARKER = "/* frontdoor: document requests (scripts/patch-packages.mjs) */";

export const JOBS_MARKER = "/* frontdoor: job outcomes without unhandled rejections (scripts/patch-packages.mjs) */";

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
  {
    module: "react-router-dom/server.js",
    edits: [
      ["the cache, before createStaticRouter", "function createStaticRouter(routes, context, opts = {}) {\n", `${STATIC_ROUTER_CACHE}function createStaticRouter(routes, context, opts = {}) {\n`],
      [
        "createStaticRouter takes the cached data routes and manifest",
        "  let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);\n",
        "  let { manifest, dataRoutes } = frontdoorDataRoutesOf(routes);\n",
      ],
    ],
  },
  {
    module: "@remix-run/server-runtime/dist/entry.js",
    marker: DOCUMENT_MARKER,
    edits: [
      [
        "createEntryRouteModules once per routes object",
        "function createEntryRouteModules(manifest) {\n  return Object.keys(manifest)",
        `${DOCUMENT_MARKER}
const frontdoorEntryRouteModules = new WeakMap();
function createEntryRouteModules(manifest) {
  let cached = frontdoorEntryRouteModules.get(manifest);
  if (cached === undefined) {
    cached = createEntryRouteModulesUncached(manifest);
    frontdoorEntryRouteModules.set(manifest, cached);
  }
  return cached;
}
function createEntryRouteModulesUncached(manifest) {\n  return Object.keys(manifest)`,
      ],
    ],
  },
  {
    module: "@remix-run/server-runtime/dist/data.js",
    marker: DOCUMENT_MARKER,
    edits: [
      [
        "stripIndexParam hands on a request without ?index",
        "function stripIndexParam(request) {\n  let url = new URL(request.url);\n",
        `${DOCUMENT_MARKER}
function stripIndexParam(request) {
  let url = new URL(request.url);
  if (!url.searchParams.has("index")) return request;\n`,
      ],
      [
        "stripDataParam hands on a request without ?_data",
        "function stripDataParam(request) {\n  let url = new URL(request.url);\n",
        "function stripDataParam(request) {\n  let url = new URL(request.url);\n  if (!url.searchParams.has(\"_data\")) return request;\n",
      ],
      [
        "stripRoutesParam hands on a request without ?_routes",
        "function stripRoutesParam(request) {\n  let url = new URL(request.url);\n",
        "function stripRoutesParam(request) {\n  let url = new URL(request.url);\n  if (!url.searchParams.has(\"_routes\")) return request;\n",
      ],
    ],
  },
  {
    module: "@remix-run/server-runtime/dist/serverHandoff.js",
    marker: DOCUMENT_MARKER,
    edits: [
      [
        "the handoff string is made when first printed",
        "  return markup.escapeHtml(JSON.stringify(serverHandoff));\n",
        `  ${DOCUMENT_MARKER}
  let text;
  return {
    toString() {
      if (text === undefined) text = markup.escapeHtml(JSON.stringify(serverHandoff));
      return text;
    }
  };\n`,
      ],
    ],
  },
  {
    module: "@remix-run/router",
    marker: DOCUMENT_MARKER,
    edits: [
      [
        "json() keeps the text it wrote",
        "  return new Response(JSON.stringify(data), _extends({}, responseInit, {\n    headers\n  }));\n};\n",
        `  ${DOCUMENT_MARKER}
  let frontdoorText = JSON.stringify(data);
  let response = new Response(frontdoorText, _extends({}, responseInit, {
    headers
  }));
  if (typeof frontdoorText === "string") response[frontdoorJsonText] = frontdoorText;
  return response;
};
const frontdoorJsonText = Symbol.for("frontdoor.jsonText");\n`,
      ],
      [
        "the static handler parses the kept text",
        "        if (result.body == null) {\n          data = null;\n        } else {\n          data = await result.json();\n        }\n",
        `        if (result.body == null) {
          data = null;
        } else if (typeof result[frontdoorJsonText] === "string" && !result.bodyUsed) {
          data = JSON.parse(result[frontdoorJsonText]);
        } else {
          data = await result.json();
        }\n`,
      ],
    ],
  },
  {
    module: "pg/lib/client.js",
    marker: PG_MARKER,
    edits: [
      [
        "the switch, for benches (FRONTDOOR_PG_DESCRIBE_EVERY_TIME=1: as published)",
        "const EventEmitter = require('events').EventEmitter\n",
        "const EventEmitter = require('events').EventEmitter\nconst frontdoorKeepsDescriptions = process.env.FRONTDOOR_PG_DESCRIBE_EVERY_TIME !== '1'\n",
      ],
      [
        "a named statement's RowDescription is kept",
        "    // delegate rowDescription to active query\n    activeQuery.handleRowDescription(msg)\n",
        "    if (frontdoorKeepsDescriptions && activeQuery.name && !activeQuery.rows) this._frontdoorDescribed().set(activeQuery.name, msg)\n    // delegate rowDescription to active query\n    activeQuery.handleRowDescription(msg)\n",
      ],
      [
        "the kept descriptions, before _handleDataRow",
        "  _handleDataRow(msg) {\n",
        `  ${PG_MARKER}
  _frontdoorDescribed() {
    if (this.connection.frontdoorDescribed === undefined) this.connection.frontdoorDescribed = new Map()
    return this.connection.frontdoorDescribed
  }

  _handleDataRow(msg) {\n`,
      ],
    ],
  },
  {
    module: "pg/lib/query.js",
    marker: PG_MARKER,
    edits: [
      [
        "prepare skips Describe for a statement this connection has described",
        "    connection.describe({\n      type: 'P',\n      name: this.portal || '',\n    })\n\n    this._getRows(connection, this.rows)\n",
        `    ${PG_MARKER}
    const described = this.name && !this.rows && connection.frontdoorDescribed !== undefined ? connection.frontdoorDescribed.get(this.name) : undefined
    if (described === undefined) {
      connection.describe({
        type: 'P',
        name: this.portal || '',
      })
    } else {
      this.handleRowDescription(described)
    }

    this._getRows(connection, this.rows)\n`,
      ],
    ],
  },
  {
    module: "pg/lib/result.js",
    marker: PG_MARKER,
    edits: [
      [
        "addFields keeps its parsers on a kept description",
        "  addFields(fieldDescriptions) {\n",
        `  ${PG_MARKER}
  addFields(fieldDescriptions) {
    const known = fieldDescriptions.frontdoorParsed
    if (known !== undefined && known.types === this._types) {
      this.fields = fieldDescriptions
      this._parsers = known.parsers
      this._prebuiltEmptyResultObject = known.empty
      return
    }
    this._addFieldsUncached(fieldDescriptions)
    fieldDescriptions.frontdoorParsed = { types: this._types, parsers: this._parsers, empty: this._prebuiltEmptyResultObject }
  }

  _addFieldsUncached(fieldDescriptions) {\n`,
      ],
    ],
  },
  {
    module: "pg-boss/src/manager.js",
    marker: JOBS_MARKER,
    edits: [
      [
        "a job's outcome written without an unhandled rejection",
        "        this.complete(name, jobIds, jobIds.length === 1 ? result : undefined)\n      } catch (err) {\n        this.fail(name, jobIds, err)\n      }\n",
        `        ${JOBS_MARKER}
        this.complete(name, jobIds, jobIds.length === 1 ? result : undefined).catch(onError)
      } catch (err) {
        this.fail(name, jobIds, err).catch(onError)
      }\n`,
      ],
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
      throw new Error(`patch-packages: ${patch.module}, "${what}": its code has changed (anchor found ${at < 0 ? "0" : "more than 1"} times); update scripts/patch-packages.mjs`);
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
    if (!out.includes(after)) throw new Error(`patch-packages: ${patch.module}, "${what}" is not in the patched source`);
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
      if (!check) console.log(`patch-packages: already applied to ${file}`);
      continue;
    }
    if (check) {
      console.error(`patch-packages: ${file} is not patched (run: node scripts/patch-packages.mjs)`);
      missing++;
      continue;
    }
    // A new file renamed over the old one: a hard-linked copy elsewhere keeps its own text.
    const temp = `${file}.frontdoor-${process.pid}`;
    writeFileSync(temp, patchSource(source, patch));
    renameSync(temp, file);
    console.log(`patch-packages: applied to ${file}`);
  }
  if (missing) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
