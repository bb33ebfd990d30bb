/**
 * Inside the NHS App: once its user agent is seen, a browser-session cookie keeps the fact for
 * the visit (pages opened by the app's webview after a redirect keep the app's layout).
 */
import { parseCookies, serializeCookie } from "~/web/cookies";
import { isNhsAppUserAgent } from "~/domain/nhs-login/rules";

export const NHS_APP_COOKIE = "fd_nhs_app";

export function nhsAppCookie(secure: boolean): string {
  return serializeCookie(NHS_APP_COOKIE, "1", { secure });
}

/** Whether this request comes from inside the NHS App (its user agent, or the visit's cookie). */
export function fromNhsApp(request: Request): boolean {
  return isNhsAppUserAgent(request.headers.get("User-Agent")) || parseCookies(request.headers.get("Cookie"))[NHS_APP_COOKIE] === "1";
}
