import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { finishAuthorisation } from "~/domain/nhs-login/oidc-client.server";
import { NHS_LOGIN_MESSAGES } from "~/domain/nhs-login/messages";
import { signInWithNhsLogin } from "~/domain/nhs-login/nhs-login.server";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { getViewer } from "~/web/auth/viewer.server";
import { redirectWithFlash } from "~/web/flash.server";
import { clearAuthCookie, enabledNhsLogin, nhsLoginCallbackUrl, readAuthCookie, silentSignInRefused, startNhsLogin } from "~/web/nhs-login/nhs-login.server";
import { safeRedirectPath } from "~/web/redirects";

const NHS_LOGIN_FAILED = NHS_LOGIN_MESSAGES.failed;

/**
 * /nhs-login/auth (spec 2 §2.8): the entry and the callback of NHS login (decision 0080).
 * Without `code` or `error` it starts: state, nonce and PKCE verifier in a signed cookie, then
 * NHS login's authorisation page (`redirect` says where to go after; `assertedLoginIdentity`,
 * from the NHS App, asks for a silent sign-in). With them it finishes: the checks, then the
 * linked account's session, or the set-up pages for someone not known here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const config = enabledNhsLogin(context);
  const url = new URL(request.url);
  const redirectUri = nhsLoginCallbackUrl(request);
  if (url.searchParams.has("code") || url.searchParams.has("error")) {
    const checks = readAuthCookie(request, context);
    const headers = new Headers({ "Set-Cookie": clearAuthCookie(request, context) });
    if (!checks) return redirectWithFlash(request, context, "/login", { kind: "info", text: NHS_LOGIN_FAILED }, headers);
    const result = await finishAuthorisation(config, new URL(`${redirectUri}${url.search}`), checks);
    // A silent sign-in (from the NHS App) NHS login cannot do without asking: ask in the open.
    if (!result.ok && result.reason === "refused" && checks.silent && silentSignInRefused(result.error)) {
      // Its new cookie replaces the spent one.
      return startNhsLogin(request, context, { next: checks.redirect, silent: false, assertedLoginIdentity: null });
    }
    if (!result.ok) return redirectWithFlash(request, context, "/login", { kind: "info", text: NHS_LOGIN_FAILED }, headers);
    const outcome = await signInWithNhsLogin(context, result.claims, result.idToken, request.headers.get("User-Agent"));
    switch (outcome.kind) {
      case "disabled":
        return redirectWithFlash(request, context, "/login", { kind: "info", text: NHS_LOGIN_FAILED }, headers);
      case "unknown":
        return redirect(`/nhs-login/setup/${outcome.token}`, { status: 303, headers });
      case "signed_in":
        return redirect(checks.redirect, { status: 303, headers: signedInHeaders(request, context, outcome.sessionId, headers) });
    }
  }
  const next = safeRedirectPath(url.searchParams.get("redirect"), "/");
  // Already signed in: nothing to do here.
  if (await getViewer(request, context)) return redirect(next);
  const asserted = url.searchParams.get("assertedLoginIdentity");
  return startNhsLogin(request, context, { next, silent: asserted !== null, assertedLoginIdentity: asserted });
}
