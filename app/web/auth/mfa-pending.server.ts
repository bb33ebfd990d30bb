/**
 * Between the password and the MFA code, the browser holds a signed, 10-minute cookie
 * naming the user and where to go next. No session exists until the code is right.
 */
import type { AppContext } from "~/context.server";
import { isSecureRequest, readCookie, serializeCookie } from "~/web/cookies";
import { readSignedValue, signValue } from "~/domain/auth/signed-value.server";
import { findChallenge, type Challenge, type MfaPending } from "~/domain/mfa/mfa-sign-in.server";

export const MFA_PENDING_COOKIE = "fd_mfa_pending";
const PURPOSE = "mfa-pending";
export const MFA_PENDING_SECONDS = 10 * 60;


export type { MfaPending } from "~/domain/mfa/mfa-sign-in.server";

export function setMfaPendingCookie(request: Request, context: AppContext, pending: MfaPending): string {
  const expires = new Date(context.clock.now().getTime() + MFA_PENDING_SECONDS * 1000);
  return serializeCookie(MFA_PENDING_COOKIE, signValue(context.config.sessionSecret, PURPOSE, pending, expires), {
    maxAgeSeconds: MFA_PENDING_SECONDS,
    secure: isSecureRequest(request) || context.config.httpsOnly,
  });
}

export function readMfaPending(request: Request, context: AppContext): MfaPending | null {
  return readSignedValue<MfaPending>(context.config.sessionSecret, PURPOSE, readCookie(request, MFA_PENDING_COOKIE), context.clock.now());
}

export function clearMfaPendingCookie(request: Request, context: AppContext): string {
  return serializeCookie(MFA_PENDING_COOKIE, "", { maxAgeSeconds: 0, secure: isSecureRequest(request) || context.config.httpsOnly });
}

/**
 * The challenge this browser is in, or null: no (valid) pending cookie, or the challenge
 * no longer open (findChallenge).
 */
export async function readChallenge(request: Request, context: AppContext): Promise<Challenge | null> {
  const pending = readMfaPending(request, context);
  const raw = readCookie(request, MFA_PENDING_COOKIE);
  if (!pending || !raw) return null;
  return findChallenge(context, pending, raw);
}
