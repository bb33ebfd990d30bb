/**
 * The viewer of an HTTP request: the session cookie read, and the viewer loaded once per
 * request (app/domain/auth/viewer.server.ts loads it from the session id).
 */
import type { AppContext } from "~/context.server";
import { loadViewerBySession, type Viewer, type ViewerState } from "~/domain/auth/viewer.server";
import { SESSION_COOKIE, SESSION_COOKIE_SECURE } from "~/domain/sessions/sessions.server";
import { memoized } from "~/server/request-memo.server";
import { readCookie } from "~/web/cookies";

export function sessionCookieName(context: Pick<AppContext, "config">) {
  return context.config.httpsOnly ? SESSION_COOKIE_SECURE : SESSION_COOKIE;
}

const cache = new WeakMap<Request, Promise<ViewerState>>();

/**
 * The viewer for this request, loaded once: per HTTP request for a page's loaders (the
 * request memo), and per Request object otherwise (an action's guard and its own lookups).
 */
export function getViewerState(request: Request, context: AppContext): Promise<ViewerState> {
  return memoized(context, request, "viewer", () => {
    let pending = cache.get(request);
    if (!pending) {
      pending = loadViewerBySession(context, readCookie(request, sessionCookieName(context)));
      cache.set(request, pending);
    }
    return pending;
  });
}

export async function getViewer(request: Request, context: AppContext): Promise<Viewer | null> {
  return (await getViewerState(request, context)).viewer;
}
