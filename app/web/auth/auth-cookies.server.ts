/**
 * Cookies that change with the signed-in state. Signing in or out always mints a new
 * session id AND a new CSRF secret, so nothing from before the change (fixation) survives.
 */
import type { AppContext } from "~/context.server";
import { isSecureRequest, serializeCookie } from "~/web/cookies";
import { CSRF_COOKIE, CSRF_COOKIE_SECURE, newCsrfSecret } from "~/domain/security/csrf.server";
import { sessionCookieName } from "./viewer.server";

export function signedInHeaders(request: Request, context: AppContext, sessionId: string, headers = new Headers()) {
  const secure = isSecureRequest(request) || context.config.httpsOnly;
  headers.append("Set-Cookie", serializeCookie(sessionCookieName(context), sessionId, { secure, httpOnly: true }));
  headers.append("Set-Cookie", csrfCookie(context, secure));
  return headers;
}

export function signedOutHeaders(request: Request, context: AppContext, headers = new Headers()) {
  const secure = isSecureRequest(request) || context.config.httpsOnly;
  headers.append("Set-Cookie", serializeCookie(sessionCookieName(context), "", { secure, maxAgeSeconds: 0 }));
  headers.append("Set-Cookie", csrfCookie(context, secure));
  return headers;
}

function csrfCookie(context: AppContext, secure: boolean) {
  const name = context.config.httpsOnly ? CSRF_COOKIE_SECURE : CSRF_COOKIE;
  return serializeCookie(name, newCsrfSecret(), { secure, httpOnly: true });
}
