import { useMatches } from "@remix-run/react";
import type { TitleHandle } from "./title";

/**
 * A route's say on hydration (decision 0145). A page with nothing React must do (no dialog, no
 * fetcher, no timer of its own) sets `hydrate: false`: the root then leaves out `<Scripts />`
 * and what only Remix's client runtime needs, so the page ships none of React, react-dom or
 * Remix (83.5 KB gzip). Its forms post and redirect, and its links load documents, as with JS
 * off; the plain scripts of every signed-in page (the idle timer) still run.
 */
export type HydrationHandle = { hydrate?: false };

/**
 * The handle of a route module that names its page and says it needs no hydration. A title
 * function's parameter is `never` here so a function of any loader data fits.
 */
export type PageHandle = HydrationHandle & { title?: TitleHandle["title"] | ((data: never) => string) };

/**
 * Whether the page gets Remix's scripts: unless a matched route says `hydrate: false`. The same
 * inside the NHS App (decision 0155): there a page that is not hydrated gets the plain nhs-app
 * script for the app's back action and page links instead of NhsAppIntegration.
 */
export function pageHydrates(handles: readonly unknown[]): boolean {
  return !handles.some((handle) => (handle as HydrationHandle | undefined)?.hydrate === false);
}

/** Whether this page gets Remix's scripts (decision 0145): from the matched routes' handles. */
export function usePageHydrates(): boolean {
  return pageHydrates(useMatches().map((match) => match.handle));
}
