import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";

const ABORT_DELAY = 5_000;

/**
 * Streams the page. Bots and old browsers get the whole document at once (onAllReady) so
 * nothing depends on streaming support; everyone else gets it as soon as the shell is ready.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  const nonce = loadContext.nonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell was sent are logged by the server's error handler;
          // before that, reject() hands them on.
          if (shellRendered) console.error(error instanceof Error ? error.message : "render error");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
