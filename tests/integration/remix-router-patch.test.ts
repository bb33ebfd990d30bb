/**
 * The route caches patched into the server's @remix-run/router and @remix-run/react (decision
 * 0134, scripts/patch-remix-router.mjs): the installed files carry the patch, and the router
 * matches every URL of Frontdoor's route table to the same routes, with the same params, as the
 * router as published, on the first call and on the calls after it (cached branches and paths),
 * and makes the same data routes.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { INDEX_MARKER, MARKER, PATCHES, fileOf, patchSource, unpatchSource } from "../../scripts/patch-remix-router.mjs";
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
const [routerPatch, reactPatch, indexPatch] = PATCHES as Patch[];
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
