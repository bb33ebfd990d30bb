/**
 * The viewer of an HTTP request: the session cookie read, and the viewer loaded once per
 * request (app/domain/auth/viewer.server.ts loads it from the session id).
 */
import type { AppContext } from "~/context.server";
import { loadViewerAndPractice, loadViewerBySession, type Viewer, type ViewerState } from "~/domain/auth/viewer.server";
import type { Practice } from "~/domain/practices/practices.server";
import { SESSION_COOKIE, SESSION_COOKIE_SECURE } from "~/domain/sessions/sessions.server";
import { memoized } from "~/server/request-memo.server";
import { practiceMemoKey, practiceNamedInUrl } from "~/web/practices.server";
import { readCookie } from "~/web/cookies";

export function sessionCookieName(context: Pick<AppContext, "config">) {
  return context.config.httpsOnly ? SESSION_COOKIE_SECURE : SESSION_COOKIE;
}

const cache = new WeakMap<Request, Promise<ViewerState>>();
const VIEWER_MEMO_KEY = "viewer";

/**
 * The viewer for this request, loaded once: per HTTP request for a page's loaders (the
 * request memo), and per Request object otherwise (an action's guard and its own lookups).
 */
export function getViewerState(request: Request, context: AppContext): Promise<ViewerState> {
  return memoized(context, request, VIEWER_MEMO_KEY, () => {
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

/**
 * The viewer and the practice named in the URL (the guards need both): one query when neither
 * is loaded yet for this request and a session cookie came, filling both memos, so the
 * layouts and the page find them there; otherwise each from its own memo or query.
 */
export async function getViewerStateAndPractice(request: Request, context: AppContext, practiceCode: string): Promise<[ViewerState, Practice | null]> {
  const sessionId = readCookie(request, sessionCookieName(context));
  const memo = request.method === "GET" || request.method === "HEAD" ? context.memo : undefined;
  const practiceKey = practiceMemoKey(practiceCode);
  const loaded = cache.has(request) || memo?.has(VIEWER_MEMO_KEY) || memo?.has(practiceKey);
  if (!sessionId || loaded) return Promise.all([getViewerState(request, context), practiceNamedInUrl(request, context, practiceCode)]);
  const both = loadViewerAndPractice(context, sessionId, practiceCode);
  const state = both.then((b) => b.state);
  const practice = both.then((b) => b.practice);
  cache.set(request, state);
  memo?.set(VIEWER_MEMO_KEY, state);
  memo?.set(practiceKey, practice);
  return Promise.all([state, practice]);
}
