import { RemixBrowser } from "@remix-run/react";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { manifestFromDocument, StaticAssetsContext } from "~/components/static-assets";

/**
 * JavaScript is only comfort: hydrate only on a browser that has everything the bundle
 * uses. A browser that parses the bundle but lacks an API keeps the server-rendered page,
 * which works on its own, rather than a half-hydrated one.
 */
function browserCanRunTheApp(): boolean {
  try {
    return (
      typeof window.fetch === "function" &&
      typeof window.Promise === "function" &&
      typeof window.Map === "function" &&
      typeof window.Symbol === "function" &&
      typeof window.URL === "function" &&
      typeof window.URLSearchParams === "function" &&
      typeof window.AbortController === "function" &&
      typeof window.FormData === "function" &&
      typeof window.FormData.prototype.entries === "function" &&
      typeof Object.fromEntries === "function" &&
      typeof Array.prototype.flat === "function" &&
      typeof window.history.pushState === "function" &&
      typeof window.requestAnimationFrame === "function"
    );
  } catch {
    return false;
  }
}

if (browserCanRunTheApp()) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StaticAssetsContext.Provider value={manifestFromDocument(document)}>
        <RemixBrowser />
      </StaticAssetsContext.Provider>,
    );
  });
}
