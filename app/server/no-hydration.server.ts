/**
 * A page whose route says `hydrate: false` (decision 0145) is a document: its plain scripts (the
 * request dialogs) run only when the browser loads it, and without Remix's runtime it must not
 * be rendered by React in the browser. A hydrated page's client navigation into one (a link,
 * or the redirect after a form) asks for its loader data with `?_data=<route id>`; this answers
 * that request with Remix's "reload the document" redirect, so the browser loads the page as a
 * document. Inside the NHS App too, where every page hydrates (components/hydration.ts): the page
 * then hydrates after its document load, and its plain scripts have run on its own HTML.
 *
 * After a form's action Remix asks every matched route's loader at once, the root's among them
 * (`?_data=root`). Answered, the root's read would take the page's flash message ("Group call
 * set up.") and the document load after it would show none: so any data request for a path
 * whose page is not hydrated gets the reload, whichever route it names (decision 0161).
 */
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import type { NextFunction, Request, Response } from "express";
import type { HydrationHandle } from "~/components/hydration";

export function notHydratedRouteIds(build: ServerBuild): Set<string> {
  return new Set(
    Object.entries(build.routes)
      .filter(([, route]) => (route.module.handle as HydrationHandle | undefined)?.hydrate === false)
      .map(([id]) => id),
  );
}

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: RouteNode[] };

/** The build's routes as the tree the router matches (children under their parent). */
function routeTree(build: ServerBuild): RouteNode[] {
  const routes = Object.values(build.routes);
  const nodes = new Map<string, RouteNode>(
    routes.map((route) => [route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] }]),
  );
  const top: RouteNode[] = [];
  for (const route of routes) {
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : top).push(node);
  }
  return top;
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Express middleware, before Remix. */
export function documentLoadsForNotHydrated(build: ServerBuild) {
  const ids = notHydratedRouteIds(build);
  const tree = routeTree(build);
  /** Whether the page at this path is not hydrated: a matched route says so (components/hydration.ts). */
  // The router's type tells index routes from others; the build's record says which each is.
  const routes = tree as Parameters<typeof matchRoutes>[0];
  const pageNotHydrated = (pathname: string) => {
    // A malformed path matches nothing here (the router would log it, path and all); Remix answers it.
    if (!decodes(pathname)) return false;
    return (matchRoutes(routes, pathname) ?? []).some((match) => ids.has(match.route.id ?? ""));
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || ids.size === 0) return next();
    const url = new URL(req.originalUrl, "http://localhost");
    const routeId = url.searchParams.get("_data");
    if (!routeId || !(ids.has(routeId) || pageNotHydrated(url.pathname))) return next();
    url.searchParams.delete("_data");
    // Remix adds a bare `index` for index routes' data; the document needs none.
    if (url.searchParams.get("index") === "") url.searchParams.delete("index");
    // One leading slash: a path such as `/.//host` resolves to `//host`, which the browser
    // would read as another site.
    const path = `/${url.pathname.replace(/^\/+/, "")}`;
    res
      .status(204)
      .set({ "X-Remix-Redirect": path + url.search, "X-Remix-Status": "302", "X-Remix-Reload-Document": "true", "Cache-Control": "no-store" })
      .end();
  };
}
