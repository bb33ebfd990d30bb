import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { StaticAssetsContext } from "~/components/static-assets";
import { parseCookies } from "~/web/cookies";
import { TOKEN_GRANT_COOKIE } from "~/web/auth/token-grant.server";
import { sessionCookieName } from "~/web/auth/viewer.server";
import { cacheControlFor } from "~/server/cache-control.server";
import { RETRY_AFTER_SECONDS } from "~/server/route-layer.server";
import { documentResponse } from "~/server/remix-handler.server";

/** The one Cache-Control policy (cache-control.server.ts), on pages and on data responses alike. */
function applyCachePolicy(request: Request, headers: Headers, context: AppLoadContext) {
  const cookies = parseCookies(request.headers.get("Cookie"));
  const session = sessionCookieName(context);
  headers.set(
    "Cache-Control",
    cacheControlFor({
      existing: headers.get("Cache-Control"),
      signedIn: Boolean(cookies[session] || cookies[TOKEN_GRANT_COOKIE]),
      setsSession: (headers.getSetCookie?.() ?? []).some((c) => c.startsWith(`${session}=`)),
    }),
  );
}

const NO_MANIFEST = {};

export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  applyCachePolicy(request, response.headers, context);
  return response;
};

/**
 * Renders the whole page to one string. No route defers data or suspends, so streaming
 * would send the same document in the same time; one string is one write through
 * compression instead of dozens of small chunks through a web stream, which measurably
 * cost CPU on every page (bench/README.md, inbox end to end). Every browser, old ones and
 * bots included, gets a complete document. If a route ever uses defer or Suspense, go back
 * to renderToPipeableStream. The text is kept on the Response, so the server writes it in one
 * go rather than reading it back as a stream (remix-handler.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce ?? "";
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <StaticAssetsContext.Provider value={loadContext.staticAssets ?? NO_MANIFEST}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </StaticAssetsContext.Provider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A thrown 503 (route-layer.server.ts) loses its own headers on a document: Remix keeps only
  // cookies from a route without a `headers` export. Every 503 page is "the database is away".
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  applyCachePolicy(request, responseHeaders, loadContext);
  return documentResponse(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
