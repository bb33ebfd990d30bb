/**
 * NHS login's HTTP glue: whether it is on, the short-lived signed cookie that carries the
 * state, nonce and PKCE verifier between the two legs of the sign-in, and the pending
 * sign-in a token in the URL names.
 */
import type { AppContext } from "~/context.server";
import { readSignedValue, signValue } from "~/domain/auth/signed-value.server";
import { not_loggedin } from "~/domain/auth/guards";
import { redirect } from "@remix-run/node";
import { startAuthorisation, type AuthorisationChecks } from "~/domain/nhs-login/oidc-client.server";
import { NHS_LOGIN_MESSAGES } from "~/domain/nhs-login/messages";
import { redirectWithFlash } from "~/web/flash.server";
import { requestOrigin } from "~/web/origin";
import { readPending } from "~/domain/nhs-login/nhs-login.server";
import { isSecureRequest, parseCookies, serializeCookie } from "~/web/cookies";
import { requireGuards } from "~/web/auth/guards.server";
import { notFound } from "~/web/responses.server";

export const NHS_LOGIN_AUTH_COOKIE = "fd_nhs_login_auth";
const PURPOSE = "nhs-login-auth";
const AUTH_SECONDS = 10 * 60;

/** `silent`: asked with prompt=none (from the NHS App); refused, it is asked again in the open. */
export type AuthCookie = AuthorisationChecks & { redirect: string; silent?: boolean };

export function enabledNhsLogin(context: AppContext) {
  const config = context.config.nhsLogin;
  if (config.mode === "off") throw notFound();
  return config;
}

/**
 * NHS login's account-management link for a session signed in through NHS login (null for
 * any other session): the user menu offers it and /account-settings goes there (decision 0083).
 */
export function nhsLoginSettingsUrl(context: Pick<AppContext, "config">, viewer: { session: { nhsLoginLevel?: string | null } }): string | null {
  const config = context.config.nhsLogin;
  if (config.mode === "off" || !viewer.session.nhsLoginLevel) return null;
  return config.settingsUrl;
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

/** NHS login's redirect back to us (the callback of /nhs-login/auth). */
export const nhsLoginCallbackUrl = (request: Request) => `${requestOrigin(request)}/nhs-login/auth`;

/**
 * Sends the browser to NHS login: state, nonce and PKCE verifier in the signed cookie, and
 * `next` as where to go after. `silent` asks with prompt=none (the NHS App's person is signed in
 * to NHS login already), with the app's `asserted_login_identity` when it handed one over.
 */
export async function startNhsLogin(
  request: Request,
  context: AppContext,
  options: { next: string; silent: boolean; assertedLoginIdentity: string | null },
): Promise<Response> {
  const config = enabledNhsLogin(context);
  const asserted = options.assertedLoginIdentity && /^[A-Za-z0-9_.-]{1,4000}$/.test(options.assertedLoginIdentity) ? options.assertedLoginIdentity : null;
  const started = await startAuthorisation(config, { redirectUri: nhsLoginCallbackUrl(request), silent: options.silent, assertedLoginIdentity: asserted });
  if (!started) return redirectWithFlash(request, context, "/login", { kind: "info", text: NHS_LOGIN_MESSAGES.failed });
  const cookie: AuthCookie = { ...started.checks, redirect: options.next, ...(options.silent ? { silent: true } : {}) };
  return redirect(started.url, { headers: { "Set-Cookie": setAuthCookie(request, context, cookie) } });
}

/** A silent sign-in NHS login could not do without asking (OpenID Connect's prompt=none errors). */
export function silentSignInRefused(error: string | undefined): boolean {
  return error === "login_required" || error === "interaction_required" || error === "consent_required" || error === "account_selection_required";
}
