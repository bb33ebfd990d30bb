import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceContext } from "~/components/nonce";

/**
 * Renders the whole page to one string. No route defers data or suspends, so streaming
 * would send the same document in the same time; one string is one write through
 * compression instead of dozens of small chunks through a web stream, which measurably
 * cost CPU on every page (bench/README.md, inbox end to end). Every browser, old ones and
 * bots included, gets a complete document. If a route ever uses defer or Suspense, go back
 * to renderToPipeableStream.
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
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
