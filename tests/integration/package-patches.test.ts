/**
 * The server's package patches (scripts/patch-packages.mjs): the installed files carry them.
 * Route caches in @remix-run/router, @remix-run/react and react-router-dom (decisions 0134,
 * 0154): the router matches every URL of Frontdoor's route table to the same routes, with the
 * same params, as the router as published, on the first call and on the calls after it (cached
 * branches and paths), and makes the same data routes; the static router of a render is the
 * published one's. pg's kept statement descriptions (decision 0154, PostgreSQL runs only): the
 * same results as with a Describe on every execution, which is now sent once per connection.
 * Document requests (decision 0156): loaders get the request itself, the page the same loader data
 * without reading json()'s body back, route modules once per build, the handoff string when printed.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DOCUMENT_MARKER, INDEX_MARKER, JOBS_MARKER, MARKER, PATCHES, PG_MARKER, fileOf, patchSource, unpatchSource } from "../../scripts/patch-packages.mjs";
import { testDatabaseTarget } from "../support/db";
import { areaRoutes } from "../../app/route-table.mjs";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { route: Route; params: Record<string, string | undefined>; pathname: string; pathnameBase: string };
type Router = {
  matchRoutes(routes: Route[], location: string): Match[] | null;
  matchPath(pattern: { path: string; end?: boolean; caseSensitive?: boolean }, pathname: string): unknown;
  UNSAFE_convertRoutesToDataRoutes(routes: Route[], map: (route: Route) => object, parentPath?: string[], manifest?: Record<string, Route>): Route[];
};
type Patch = { module: string; marker?: string; edits: [string, string, string][] };

const require = createRequire(import.meta.url);
const [routerPatch, reactPatch, indexPatch, staticRouterPatch] = PATCHES as Patch[];
const routerFile = fileOf(routerPatch) as string;
const patched = require(routerFile) as Router;
const source = readFileSync(routerFile, "utf8");

/** The router as published, loaded from the unpatched text (CommonJS, no require of its own). */
function published(): Router {
  const module = { exports: {} as Router };
  new Function("module", "exports", unpatchSource(unpatchSource(source, indexPatch), routerPatch))(module, module.exports);
  return module.exports;
}

/** Frontdoor's routes nested as Remix nests them for matching (root, then parentId). */
function appRoutes(): Route[] {
  const manifest = areaRoutes(fileURLToPath(new URL("../../app", import.meta.url))) as Record<string, Route & { parentId?: string }>;
  const byParent = new Map<string, Route[]>();
  for (const route of Object.values(manifest)) {
    const list = byParent.get(route.parentId ?? "root") ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
    byParent.set(route.parentId ?? "root", list);
  }
  const nest = (routes: Route[]): Route[] => routes.map((r) => ({ ...r, children: byParent.has(r.id) ? nest(byParent.get(r.id)!) : undefined }));
  return nest([{ id: "root", path: "" }]);
}

/** A concrete URL for every route path (params filled in, optional segments both ways), and some that match nothing. */
function urlsOf(routes: Route[], parent = ""): string[] {
  const urls: string[] = [];
  for (const route of routes) {
    const path = [parent, route.path ?? ""].filter(Boolean).join("/");
    const filled = path.replace(/:[\w-]+\?/g, "opt").replace(/:[\w-]+/g, (p) => (p.includes("d") ? "123" : "demo")).replace(/\*$/, "a/b");
    urls.push(`/${filled}`, `/${path.replace(/\/?:[\w-]+\?/g, "").replace(/:[\w-]+/g, "x-1")}`);
    if (route.children) urls.push(...urlsOf(route.children, path));
  }
  return urls;
}

const summary = (matches: Match[] | null) => matches?.map((m) => [m.route.id, m.pathname, m.pathnameBase, JSON.stringify(m.params)]) ?? null;

describe("the route-matching patch of @remix-run/router", () => {
  it("is applied to the files the server loads, idempotent, and refuses code that has changed", () => {
    for (const patch of PATCHES as Patch[]) {
      const text = readFileSync(fileOf(patch), "utf8");
      const marker = patch.marker ?? MARKER;
      expect(text, patch.module).toContain(marker);
      expect(patchSource(text, patch)).toBe(text);
      const original = unpatchSource(text, patch);
      expect(original).not.toContain(marker);
      expect(patchSource(original, patch)).toBe(text);
      const [, anchor] = patch.edits[0];
      expect(() => patchSource(original.replace(anchor, anchor.replace(/\w+/, "renamed")), patch)).toThrow(/has changed/);
    }
    expect(reactPatch.module).toBe("@remix-run/react/dist/server.js");
    expect(staticRouterPatch.module).toBe("react-router-dom/server.js");
    expect((PATCHES as Patch[]).filter((p) => p.marker === PG_MARKER).map((p) => p.module)).toEqual(["pg/lib/client.js", "pg/lib/query.js", "pg/lib/result.js"]);
    // pg-boss records a job's outcome without awaiting it: a database going away then must not end the process.
    expect((PATCHES as Patch[]).filter((p) => p.marker === JOBS_MARKER).map((p) => p.module)).toEqual(["pg-boss/src/manager.js"]);
    expect(readFileSync(fileOf((PATCHES as Patch[]).find((p) => p.marker === JOBS_MARKER)!), "utf8")).toMatch(/this\.fail\(name, jobIds, err\)\.catch\(onError\)/);
    // The index is a layer of its own: a router patched with the caches only (an older install) takes it alone.
    expect(indexPatch).toMatchObject({ module: "@remix-run/router", marker: INDEX_MARKER });
    const cachesOnly = unpatchSource(source, indexPatch);
    expect(cachesOnly).toContain(MARKER);
    expect(cachesOnly).not.toContain(INDEX_MARKER);
    expect(patchSource(cachesOnly, indexPatch)).toBe(source);
  });

  it("skips only branches that cannot match: odd pathnames match as the published router matches them", () => {
    const reference = published();
    const routes: Route[] = [
      {
        id: "root",
        path: "",
        children: [
          { id: "home", index: true },
          { id: "about", path: "about" },
          { id: "exact", path: "Exact", caseSensitive: true },
          { id: "dotted", path: "robots.txt" },
          { id: "greek", path: "σ" },
          { id: "eszett", path: "straße" },
          { id: "code", path: ":code", children: [{ id: "code-index", index: true }, { id: "questions", path: "questions/:id" }, { id: "opt", path: "opt/:tab?" }, { id: "files", path: "files/*" }] },
          { id: "suffix", path: ":name.json" },
          { id: "legacy", path: "legacy*" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const pathnames = [
      "/", "//", "", "about", "/about", "/ABOUT/", "/about//", "//about", "/about/x", "/Exact", "/exact", "/EXACT/", "/robots.txt", "/ROBOTS.TXT",
      "/σ", "/Σ", "/ς", "/straße", "/STRASSE", "/strasse", "/demo", "/demo/", "/demo/questions/1", "/demo/QUESTIONS/1/", "/demo/questions//1",
      "/demo/questions/1/2", "/demo/opt", "/demo/opt/tab", "/demo/files", "/demo/files/", "/demo/files/a/b", "/demo//files/a", "/x.json", "/legacy", "/legacyx/y",
      "/demo%2Fquestions/1", "/d%C3%A9mo/questions/1", "/%E2%84%AA", "/K",
    ];
    // "legacy*" is warned about on every compile by the published router: expected here.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const pathname of pathnames) {
      const expected = summary(reference.matchRoutes(routes, pathname));
      expect(summary(patched.matchRoutes(routes, pathname)), pathname).toEqual(expected);
      expect(summary(patched.matchRoutes(routes, pathname)), pathname).toEqual(expected);
    }
    warn.mockRestore();
  });

  it("matches every URL of the route table as the published router does, again and again", () => {
    const routes = appRoutes();
    const urls = [...new Set([...urlsOf(routes), "/", "/nowhere/at/all", "/demo/questions/12?page=2", "/DEMO/Login", "/demo/questions/12/", "/build/x.js"])];
    expect(urls.length).toBeGreaterThan(300);
    const reference = published();
    for (const [n, url] of urls.entries()) {
      const expected = summary(reference.matchRoutes(routes, url));
      expect(summary(patched.matchRoutes(routes, url)), url).toEqual(expected);
      // Cached: the same array again, and a copy (a new array: ranked afresh).
      expect(summary(patched.matchRoutes(routes, url)), url).toEqual(expected);
      if (n % 25 === 0) expect(summary(patched.matchRoutes(structuredClone(routes), url)), url).toEqual(expected);
    }
  });

  it("makes the same data routes and manifest, once per routes array", () => {
    const routes = appRoutes();
    const map = (route: Route) => ({ hasErrorBoundary: route.id === "root" });
    const reference: Record<string, Route> = {};
    const expected = published().UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, reference);
    const first: Record<string, Route> = {};
    const second: Record<string, Route> = {};
    const made = patched.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, first);
    expect(made).toEqual(expected);
    expect(first).toEqual(reference);
    expect(patched.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, second)).toBe(made);
    expect(second).toEqual(reference);
    // Another mapping function, or a manifest that already holds routes: made afresh.
    expect(patched.UNSAFE_convertRoutesToDataRoutes(routes, (route) => ({ ...map(route) }))).not.toBe(made);
    expect(() => patched.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, { ...reference })).toThrow(/collision/);
  });

  it("compiles a path once per case sensitivity and end", () => {
    const reference = published();
    for (const [pattern, pathname] of [
      [{ path: "/a/:b" }, "/a/x"],
      [{ path: "/a/:b", end: false }, "/a/x/y"],
      [{ path: "/A/:b", caseSensitive: true }, "/a/x"],
      [{ path: "/A/:b" }, "/a/x"],
      [{ path: "/files/*" }, "/files/a/b"],
    ] as const) {
      expect(patched.matchPath(pattern, pathname)).toEqual(reference.matchPath(pattern, pathname));
      expect(patched.matchPath(pattern, pathname)).toEqual(reference.matchPath(pattern, pathname));
    }
  });
});

describe("the static router patch of react-router-dom", () => {
  type StaticRouter = { routes: Route[]; state: { matches: { route: Route & { hasErrorBoundary?: boolean } }[] } };
  type Server = { createStaticRouter(routes: Route[], context: object): StaticRouter };
  const file = fileOf(staticRouterPatch) as string;
  const published = (): Server => {
    const module = { exports: {} as Server };
    new Function("module", "exports", "require", unpatchSource(readFileSync(file, "utf8"), staticRouterPatch))(module, module.exports, require);
    return module.exports;
  };

  it("gives a render the published data routes and matches, and the same data routes to every render", () => {
    const patchedServer = require(file) as Server;
    const routes = appRoutes();
    const router = require(routerFile) as Router;
    for (const url of ["/", "/demo/questions/12", "/demo/login", "/nowhere/at/all"]) {
      const matches = router.matchRoutes(routes, url) ?? [];
      const context = { basename: "/", location: { pathname: url }, matches, loaderData: {}, actionData: null, errors: null };
      const expected = published().createStaticRouter(routes, context);
      const first = patchedServer.createStaticRouter(routes, context);
      expect(first.routes).toEqual(expected.routes);
      expect(first.state.matches).toEqual(expected.state.matches);
      // Each match carries the data route (with its error-boundary flag), not the route it was given.
      for (const match of first.state.matches) expect(match.route).toHaveProperty("hasErrorBoundary");
      expect(patchedServer.createStaticRouter(routes, context).routes).toBe(first.routes);
    }
  });
});

describe("the document-request patches of the server runtime and router (decision 0156)", () => {
  const patchFor = (module: string) => (PATCHES as Patch[]).find((p) => p.module === module && p.marker === DOCUMENT_MARKER)!;
  /** A CommonJS file of the package as published (every patch of ours taken out), with the real require. */
  function publishedModule<T>(...patches: Patch[]): T {
    const file = fileOf(patches[0]) as string;
    let text = readFileSync(file, "utf8");
    for (const patch of patches) text = unpatchSource(text, patch);
    const exports = {} as T;
    const requireHere = createRequire(file);
    new Function("module", "exports", "require", text)({ exports }, exports, requireHere);
    return exports;
  }
  const serverRuntime = (name: string) => require(fileOf(patchFor(`@remix-run/server-runtime/dist/${name}.js`)) as string);

  it("hands a loader and an action the request itself when its URL has no ?index, ?_data or ?_routes; a copy without them otherwise", async () => {
    const data = serverRuntime("data") as {
      callRouteLoader(args: object): Promise<Response>;
      callRouteAction(args: object): Promise<Response>;
    };
    const seen: Request[] = [];
    const loader = ({ request }: { request: Request }) => (seen.push(request), { ok: true });
    const plain = new Request("http://x/demo/questions/12?page=2&q=a%20b");
    await data.callRouteLoader({ loader, request: plain, params: {}, routeId: "r", loadContext: {}, singleFetch: false });
    await data.callRouteLoader({ loader, request: plain, params: {}, routeId: "r", loadContext: {}, singleFetch: true });
    expect(seen[0]).toBe(plain);
    expect(seen[1]).toBe(plain);
    const marked = new Request("http://x/demo/questions/12?index&_data=routes%2Fx&_routes=a&page=2");
    await data.callRouteLoader({ loader, request: marked, params: {}, routeId: "r", loadContext: {}, singleFetch: false });
    await data.callRouteLoader({ loader, request: marked, params: {}, routeId: "r", loadContext: {}, singleFetch: true });
    expect(seen[2]).not.toBe(marked);
    expect(seen[2].url).toBe("http://x/demo/questions/12?_routes=a&page=2");
    expect(seen[3].url).toBe("http://x/demo/questions/12?_data=routes%2Fx&page=2");
    // An action reads the body it was sent, from the request itself.
    const post = new Request("http://x/form", { method: "POST", body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    let body = "";
    await data.callRouteAction({ action: async ({ request }: { request: Request }) => ((body = await request.text()), null), request: post, params: {}, routeId: "r", loadContext: {}, singleFetch: false });
    expect(body).toBe("a=1");
  });

  it("gives the page the same loader data as reading json()'s body back: dates as strings, undefined dropped", async () => {
    type Handler = { query(request: Request): Promise<{ loaderData: Record<string, unknown> }> };
    type RouterModule = { json(data: unknown, init?: object): Response; createStaticHandler(routes: object[]): Handler };
    const routerPatches = (PATCHES as Patch[]).filter((p) => p.module === "@remix-run/router");
    const asPublished = publishedModule<RouterModule>(...routerPatches.reverse());
    const asPatched = require(routerFile) as RouterModule;
    const value = { when: new Date(Date.UTC(2026, 10, 29)), gone: undefined, list: [1, "two", null], text: "<b>é</b>" };
    for (const router of [asPatched, asPublished]) {
      const routes = [
        { id: "root", path: "/", loader: () => router.json(value), children: [{ id: "page", index: true, loader: () => new Response('{"plain":true}', { headers: { "Content-Type": "application/json" } }) }] },
      ];
      const context = await router.createStaticHandler(routes).query(new Request("http://x/"));
      expect(context.loaderData).toEqual({ root: { when: "2026-11-29T00:00:00.000Z", list: [1, "two", null], text: "<b>é</b>" }, page: { plain: true } });
    }
    // The Response still carries its body for anyone else who reads it (a resource route's answer).
    expect(await asPatched.json(value).json()).toEqual({ when: "2026-11-29T00:00:00.000Z", list: [1, "two", null], text: "<b>é</b>" });
    expect(asPatched.json(undefined).body).toBeNull();
  });

  it("makes the entry's route modules once per build and the handoff string only when printed", () => {
    const entry = serverRuntime("entry") as { createEntryRouteModules(routes: object): Record<string, unknown> };
    const routes = { root: { module: { a: 1 } }, "routes/x": { module: { b: 2 } } };
    const modules = entry.createEntryRouteModules(routes);
    expect(modules).toEqual({ root: { a: 1 }, "routes/x": { b: 2 } });
    expect(entry.createEntryRouteModules(routes)).toBe(modules);
    expect(entry.createEntryRouteModules({ ...routes })).not.toBe(modules);

    const handoff = serverRuntime("serverHandoff") as { createServerHandoffString(value: unknown): { toString(): string } };
    const published = publishedModule<typeof handoff>(patchFor("@remix-run/server-runtime/dist/serverHandoff.js"));
    const state = { state: { loaderData: { root: { title: "</script><script>alert(1)</script>", when: "2026-11-29" } } } };
    const stringify = vi.spyOn(JSON, "stringify");
    const lazy = handoff.createServerHandoffString(state);
    expect(stringify).not.toHaveBeenCalled();
    expect(`window.__remixContext = ${lazy};`).toBe(`window.__remixContext = ${published.createServerHandoffString(state)};`);
    expect(String(lazy)).not.toContain("</script>");
    stringify.mockClear();
    expect(String(lazy)).toBe(`${lazy}`);
    expect(stringify).not.toHaveBeenCalled();
    stringify.mockRestore();
  });
});

// pg's kept descriptions: only a PostgreSQL run has a server to talk to (PGlite does not use pg).
const target = testDatabaseTarget();
describe.skipIf(target.kind !== "postgres")("the statement-description patch of pg (PostgreSQL)", () => {
  let client: pg.Client;
  let describes = 0;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: target.kind === "postgres" ? target.adminUrl : "" });
    await client.connect();
    const connection = (client as unknown as { connection: { describe(...args: unknown[]): void } }).connection;
    const describe = connection.describe.bind(connection);
    connection.describe = (...args: unknown[]) => {
      describes++;
      describe(...args);
    };
  });
  afterAll(() => client?.end());

  const counted = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    const before = describes;
    const value = await run();
    return [value, describes - before];
  };

  it("describes a named statement once per connection, with the same rows, fields and parsers every time", async () => {
    const query = (n: number, s: string) => client.query({ name: "fd_patch_rows", text: "select $1::int as n, $2::text as s, timestamptz '2026-01-02 03:04:05+00' as at, null::int as nothing" }, [n, s]);
    const [first, firstDescribes] = await counted(() => query(1, "one"));
    expect(firstDescribes).toBe(1);
    for (const [n, s] of [[2, "two"], [3, "Zoë ✓"]] as const) {
      const [result, again] = await counted(() => query(n, s));
      expect(again).toBe(0);
      expect(result.rows).toEqual([{ n, s, at: new Date("2026-01-02T03:04:05Z"), nothing: null }]);
      expect(result.fields.map((f) => [f.name, f.dataTypeID])).toEqual(first.fields.map((f) => [f.name, f.dataTypeID]));
      expect(result.rowCount).toBe(1);
    }
    // Unnamed statements are described every time, as before.
    const [, unnamed] = await counted(async () => {
      await client.query("select $1::int as n", [1]);
      await client.query("select $1::int as n", [2]);
    });
    expect(unnamed).toBe(2);
  });

  it("keeps parsers per types object (drizzle gives each prepared query its own), in array mode too", async () => {
    const text = "select timestamptz '2026-01-02 03:04:05+00' as at, $1::int as n";
    const raw = { getTypeParser: (id: number, format?: string) => (id === 1184 ? (value: string) => value : pg.types.getTypeParser(id, format as "text")) };
    const asText = await client.query({ name: "fd_patch_types", text, rowMode: "array", types: raw }, [1]);
    const asDate = await client.query({ name: "fd_patch_types", text, rowMode: "array" }, [2]);
    const asTextAgain = await client.query({ name: "fd_patch_types", text, rowMode: "array", types: raw }, [3]);
    expect(asText.rows).toEqual([["2026-01-02 03:04:05+00", 1]]);
    expect(asDate.rows).toEqual([[new Date("2026-01-02T03:04:05Z"), 2]]);
    expect(asTextAgain.rows).toEqual([["2026-01-02 03:04:05+00", 3]]);
  });

  it("describes a statement without rows every time (nothing to keep), and a failed execution leaves a statement usable", async () => {
    await client.query("create temporary table fd_patch_t (x int not null)");
    const insert = (x: number | null) => client.query({ name: "fd_patch_insert", text: "insert into fd_patch_t (x) values ($1)" }, [x]);
    const [, first] = await counted(() => insert(1));
    const [result, second] = await counted(() => insert(2));
    expect([first, second]).toEqual([1, 1]);
    expect(result.rowCount).toBe(1);
    expect(result.rows).toEqual([]);
    await expect(insert(null)).rejects.toThrow(/null value/);
    await insert(3);
    const divide = (d: number) => client.query({ name: "fd_patch_divide", text: "select 6 / $1::int as q" }, [d]);
    expect((await divide(2)).rows).toEqual([{ q: 3 }]);
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    const [after, describedAgain] = await counted(() => divide(3));
    expect(after.rows).toEqual([{ q: 2 }]);
    expect(describedAgain).toBe(0);
    expect((await client.query("select array_agg(x order by x) as xs from fd_patch_t")).rows).toEqual([{ xs: [1, 2, 3] }]);
  });

  it("describes again on another connection", async () => {
    const other = new pg.Client({ connectionString: target.kind === "postgres" ? target.adminUrl : "" });
    await other.connect();
    try {
      const connection = (other as unknown as { connection: { describe(...args: unknown[]): void } }).connection;
      const spy = vi.spyOn(connection, "describe");
      await other.query({ name: "fd_patch_rows", text: "select $1::int as n" }, [1]);
      expect((await other.query({ name: "fd_patch_rows", text: "select $1::int as n" }, [2])).rows).toEqual([{ n: 2 }]);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      await other.end();
    }
  });
});
