/**
 * The viewer of an HTTP request: the session cookie read, and the viewer loaded once per
 * request (app/domain/auth/viewer.server.ts loads it from the session id).
 */
import type { AppContext } from "~/context.server";
import {
  claimAndLoadViewer,
  loadViewerAndPractice,
  loadViewerBySession,
  loadViewerPracticeAndEntry,
  plausibleSessionId,
  type Viewer,
  type ViewerClaim,
  type ViewerState,
} from "~/domain/auth/viewer.server";
import { isPracticeCodeShaped, type Practice } from "~/domain/practices/practices.server";
import type { EntryWithAnswers } from "~/domain/requests/entries.server";
import { SESSION_COOKIE, SESSION_COOKIE_SECURE } from "~/domain/sessions/sessions.server";
import { memoized, sharedAcrossBundles } from "~/server/request-memo.server";
import { practiceMemoKey, practiceNamedInUrl } from "~/web/practices.server";
import { readCookie } from "~/web/cookies";
import { parseId } from "~/validation/ids";

export function sessionCookieName(context: Pick<AppContext, "config">) {
  return context.config.httpsOnly ? SESSION_COOKIE_SECURE : SESSION_COOKIE;
}

/*
 * Per Request, for reads outside the memo (an action's). Shared by both bundles' copies of this
 * module: the route layer's claim (server.ts's bundle) keeps what the action (Remix's build) reads.
 */
const cache = sharedAcrossBundles("viewerByRequest", () => new WeakMap<Request, Promise<ViewerState>>());
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
 *
 * `pageEntryId`: the patient's request the page's path names ($entryId, the steps of a draft),
 * read in that same query (loadViewerPracticeAndEntry) and kept for this request only, where
 * the draft step finds it (entryReadWithViewer) instead of reading it again (issue "speed").
 */
export async function getViewerStateAndPractice(
  request: Request,
  context: AppContext,
  practiceCode: string,
  pageEntryId?: string | null,
): Promise<[ViewerState, Practice | null]> {
  const sessionId = readCookie(request, sessionCookieName(context));
  const memo = request.method === "GET" || request.method === "HEAD" ? context.memo : undefined;
  const practiceKey = practiceMemoKey(practiceCode);
  const loaded = cache.has(request) || memo?.has(VIEWER_MEMO_KEY) || memo?.has(practiceKey);
  if (!sessionId || loaded) {
    const practice = (memo ? undefined : practiceReads.get(request)?.get(practiceKey)) ?? practiceNamedInUrl(request, context, practiceCode);
    return Promise.all([getViewerState(request, context), practice]);
  }
  const entryId = pageEntryId == null ? null : parseId(pageEntryId);
  const both: Promise<{ state: ViewerState; practice: Practice | null; entry?: EntryWithAnswers | null }> =
    entryId === null ? loadViewerAndPractice(context, sessionId, practiceCode) : loadViewerPracticeAndEntry(context, sessionId, practiceCode, entryId);
  const state = both.then((b) => b.state);
  const practice = both.then((b) => b.practice);
  cache.set(request, state);
  memo?.set(VIEWER_MEMO_KEY, state);
  memo?.set(practiceKey, practice);
  if (entryId !== null) rememberEntryRead(request, memo, entryId, both.then((b) => b.entry ?? null));
  return Promise.all([state, practice]);
}

/*
 * The page's request as read with the viewer: in the request memo for a page's loaders (each
 * has its own Request object), per Request otherwise (an action). Read by the same session's
 * viewer, so only this HTTP request may use it.
 */
const entryReads = sharedAcrossBundles("entryReadByRequest", () => new WeakMap<Request, Map<number, Promise<EntryWithAnswers | null>>>());
const entryMemoKey = (entryId: number) => `viewer-entry:${entryId}`;

function rememberEntryRead(request: Request, memo: AppContext["memo"] | undefined, entryId: number, read: Promise<EntryWithAnswers | null>) {
  // A page whose guard answers first never asks for it: a failed read (the database away) is
  // the guard's error to report, not an unhandled rejection. Whoever awaits it still gets it.
  read.catch(() => {});
  if (memo) {
    memo.set(entryMemoKey(entryId), read);
    return;
  }
  let forRequest = entryReads.get(request);
  if (!forRequest) entryReads.set(request, (forRequest = new Map()));
  forRequest.set(entryId, read);
}

/**
 * The patient's request `entryId` as the viewer's query read it for this request (the entry and
 * its answers if this viewer may see it at this practice, else null), or undefined when it was
 * not read with the viewer: then read it on its own.
 */
export function entryReadWithViewer(request: Request, context: AppContext, entryId: number): Promise<EntryWithAnswers | null> | undefined {
  const memo = request.method === "GET" || request.method === "HEAD" ? context.memo : undefined;
  if (memo) return memo.get(entryMemoKey(entryId)) as Promise<EntryWithAnswers | null> | undefined;
  return entryReads.get(request)?.get(entryId);
}

/** The practice a post's claim read with its viewer (viewerReadingClaimer), per Request. */
const practiceReads = sharedAcrossBundles("practiceReadByRequest", () => new WeakMap<Request, Map<string, Promise<Practice | null>>>());

/**
 * For a form's post behind runOnce (app/server/route-layer.server.ts): claims the post's
 * idempotency key in the same round trip as the viewer's read (claimAndLoadViewer), with the
 * practice and the request the path names, and keeps what it read for this Request, where the
 * action's guards and draft step find it. Undefined when no session cookie came or the viewer
 * was read already: then the key is claimed on its own.
 */
export function viewerReadingClaimer(
  request: Request,
  context: AppContext,
  params: { practiceCode?: string; entryId?: string },
): ((claim: ViewerClaim) => Promise<boolean>) | undefined {
  const sessionId = readCookie(request, sessionCookieName(context));
  if (!plausibleSessionId(sessionId) || cache.has(request)) return undefined;
  const practiceCode = params.practiceCode !== undefined && isPracticeCodeShaped(params.practiceCode) ? params.practiceCode : null;
  const entryId = practiceCode !== null && params.entryId !== undefined ? parseId(params.entryId) : null;
  return async (claim) => {
    const all = claimAndLoadViewer(context, sessionId, { practiceCode, entryId }, claim);
    // Nobody may ask for these (the action answers first, or the key was taken): a failed read
    // is the claim's error to report, not an unhandled rejection.
    const keep = <T>(read: Promise<T>) => (read.catch(() => {}), read);
    cache.set(request, keep(all.then((a) => a.state)));
    if (practiceCode !== null) {
      let forRequest = practiceReads.get(request);
      if (!forRequest) practiceReads.set(request, (forRequest = new Map()));
      forRequest.set(practiceMemoKey(practiceCode), keep(all.then((a) => a.practice)));
    }
    if (entryId !== null) rememberEntryRead(request, undefined, entryId, all.then((a) => a.entry));
    return (await all).claimed;
  };
}
