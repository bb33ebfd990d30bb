/**
 * A page whose route says `hydrate: false` (decision 0145) is a document: its plain scripts (the
 * request dialogs) run only when the browser loads it, and without Remix's runtime it must not
 * be rendered by React in the browser. A hydrated page's client navigation into one (a link,
 * or the redirect after a form) asks for its loader data with `?_data=<route id>`; this answers
 * that request with Remix's "reload the document" redirect, so the browser loads the page as a
 * document. Inside the NHS App too, where every page hydrates (components/hydration.ts): the page
 * then hydrates after its document load, and its plain scripts have run on its own HTML.
 */
import type { ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import type { HydrationHandle } from "~/components/hydration";

export function notHydratedRouteIds(build: ServerBuild): Set<string> {
  return new Set(
    Object.entries(build.routes)
      .filter(([, route]) => (route.module.handle as HydrationHandle | undefined)?.hydrate === false)
      .map(([id]) => id),
  );
}

/** Express middleware, before Remix. */
export function documentLoadsForNotHydrated(build: ServerBuild) {
  const ids = notHydratedRouteIds(build);
  return (req: Request, res: Response, next: NextFunction) => {
    const routeId = req.method === "GET" ? new URL(req.originalUrl, "http://localhost").searchParams.get("_data") : null;
    if (!routeId || !ids.has(routeId)) return next();
    const url = new URL(req.originalUrl, "http://localhost");
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
