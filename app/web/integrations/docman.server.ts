/**
 * The document-management sign-on pages' shared glue (decision 0116): the flow cookie (signed:
 * the last page seen, so each page can insist on its expected previous page), and the guard
 * every page runs: signed-in users refused, the query the page needs, the previous page.
 */
import { redirect } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { readSignedValue, signValue } from "~/domain/auth/signed-value.server";
import { docmanStepAllowed, type DocmanStep } from "~/domain/integrations/docman";
import { sessionIsLive } from "~/domain/integrations/docman.server";
import { isSecureRequest, readCookie, serializeCookie } from "~/web/cookies";
import { permissionDeniedPath } from "~/web/auth/guards.server";
import { sessionCookieName } from "~/web/auth/viewer.server";

const COOKIE = "fd_docman";
const PURPOSE = "docman-flow";
const LIFETIME_SECONDS = 30 * 60;

export function docmanStepCookie(request: Request, context: AppContext, step: DocmanStep): string {
  const expires = new Date(context.clock.now().getTime() + LIFETIME_SECONDS * 1000);
  return serializeCookie(COOKIE, signValue(context.config.sessionSecret, PURPOSE, { step }, expires), {
    maxAgeSeconds: LIFETIME_SECONDS,
    secure: isSecureRequest(request) || context.config.httpsOnly,
    httpOnly: true,
  });
}

/** Signed in (read only: no session refresh here): permission-denied. */
export async function refuseSignedIn(request: Request, context: AppContext) {
  if (await sessionIsLive(context.db, readCookie(request, sessionCookieName(context)), context.clock.now())) throw redirect(permissionDeniedPath());
}

/** A step's guard: not signed in, the query it needs, and the expected previous page. */
export async function requireDocmanStep(request: Request, context: AppContext, step: Exclude<DocmanStep, "auth">) {
  await refuseSignedIn(request, context);
  const last = readSignedValue<{ step: DocmanStep }>(context.config.sessionSecret, PURPOSE, readCookie(request, COOKIE), context.clock.now());
  const query = new URL(request.url).searchParams;
  if (!docmanStepAllowed(step, last?.step ?? null, query)) throw redirect(permissionDeniedPath());
  return query;
}
