/**
 * NHS login's HTTP glue: whether it is on, the short-lived signed cookie that carries the
 * state, nonce and PKCE verifier between the two legs of the sign-in, and the pending
 * sign-in a token in the URL names.
 */
import type { AppContext } from "~/context.server";
import { readSignedValue, signValue } from "~/domain/auth/signed-value.server";
import { not_loggedin } from "~/domain/auth/guards";
import type { AuthorisationChecks } from "~/domain/nhs-login/oidc-client.server";
import { readPending } from "~/domain/nhs-login/nhs-login.server";
import { isSecureRequest, parseCookies, serializeCookie } from "~/web/cookies";
import { requireGuards } from "~/web/auth/guards.server";
import { notFound } from "~/web/responses.server";

export const NHS_LOGIN_AUTH_COOKIE = "fd_nhs_login_auth";
const PURPOSE = "nhs-login-auth";
const AUTH_SECONDS = 10 * 60;

export type AuthCookie = AuthorisationChecks & { redirect: string };

export function enabledNhsLogin(context: AppContext) {
  const config = context.config.nhsLogin;
  if (config.mode === "off") throw notFound();
  return config;
}

export function setAuthCookie(request: Request, context: AppContext, value: AuthCookie): string {
  const expires = new Date(context.clock.now().getTime() + AUTH_SECONDS * 1000);
  return serializeCookie(NHS_LOGIN_AUTH_COOKIE, signValue(context.config.sessionSecret, PURPOSE, value, expires), {
    secure: isSecureRequest(request) || context.config.httpsOnly,
    maxAgeSeconds: AUTH_SECONDS,
    // Lax: the provider's redirect back is a top-level GET, which carries it.
    sameSite: "Lax",
  });
}

export function readAuthCookie(request: Request, context: AppContext): AuthCookie | null {
  const raw = parseCookies(request.headers.get("Cookie"))[NHS_LOGIN_AUTH_COOKIE];
  return readSignedValue<AuthCookie>(context.config.sessionSecret, PURPOSE, raw, context.clock.now());
}

export function clearAuthCookie(request: Request, context: AppContext): string {
  return serializeCookie(NHS_LOGIN_AUTH_COOKIE, "", { secure: isSecureRequest(request) || context.config.httpsOnly, maxAgeSeconds: 0 });
}

/** The not-yet-known pages: only when signed out, and only with a live pending sign-in. */
export async function requirePending(request: Request, context: AppContext, token: string | undefined) {
  enabledNhsLogin(context);
  await requireGuards(request, context, [not_loggedin]);
  const pending = await readPending(context, token);
  if (!pending) throw notFound();
  return pending;
}
