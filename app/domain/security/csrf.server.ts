/**
 * CSRF protection by a signed double-submit token. The visitor's browser holds a random
 * secret in an HttpOnly cookie; every form carries HMAC(server secret, visitor secret).
 * A cross-site page can make the browser send the cookie, but can neither read it nor
 * compute the HMAC, so it cannot forge the form field. SameSite alone is not enough:
 * IE10, Edge 15 and Safari 10.1 ignore it.
 *
 * The secret is replaced at sign-in and sign-out, so a token is bound to one session.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const CSRF_FIELD = "csrf";
export const CSRF_COOKIE = "fd_csrf";
/** Over HTTPS the __Host- prefix stops a sibling subdomain from planting the cookie. */
export const CSRF_COOKIE_SECURE = "__Host-fd_csrf";

export function newCsrfSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function csrfTokenFor(serverSecret: string, visitorSecret: string): string {
  return createHmac("sha256", serverSecret).update(`csrf:${visitorSecret}`).digest("base64url");
}

export function isValidCsrfToken(serverSecret: string, visitorSecret: string | undefined, token: unknown): boolean {
  if (!visitorSecret || typeof token !== "string" || token.length === 0) return false;
  const expected = Buffer.from(csrfTokenFor(serverSecret, visitorSecret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A plausible secret: what newCsrfSecret makes. Anything else in the cookie is ignored. */
export function isWellFormedSecret(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
