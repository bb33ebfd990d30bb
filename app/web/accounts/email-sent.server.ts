/**
 * The cookie of the "check your email" page (/{code}/email-sent): a short-lived signed cookie
 * remembers the address typed and what was asked for, so the page can name the address and
 * offer "send it again" without a session. The cookie holds only what the visitor typed:
 * never whether an account exists. Sending again: app/domain/accounts/email-sent.server.ts.
 */
import type { AppContext } from "~/context.server";
import { resendEmailSent, type EmailSent } from "~/domain/accounts/email-sent.server";
import { readSignedValue, signValue } from "~/domain/auth/signed-value.server";
import type { Practice } from "~/domain/practices/practices.server";
import { isSecureRequest, readCookie, serializeCookie } from "~/web/cookies";
import { requestOrigin } from "~/web/origin";

export const EMAIL_SENT_COOKIE = "fd_email_sent";
const PURPOSE = "email-sent";
const LIFETIME_SECONDS = 24 * 60 * 60;

export function emailSentCookie(context: AppContext, request: Request, value: Omit<EmailSent, "sentAt">): string {
  const now = context.clock.now();
  const full: EmailSent = { ...value, sentAt: now.getTime() };
  const signed = signValue(context.config.sessionSecret, PURPOSE, full, new Date(now.getTime() + LIFETIME_SECONDS * 1000));
  return serializeCookie(EMAIL_SENT_COOKIE, signed, {
    maxAgeSeconds: LIFETIME_SECONDS,
    secure: isSecureRequest(request) || context.config.httpsOnly,
  });
}

/** What this visitor was last sent, for this practice; null without (or with a stale) cookie. */
export function readEmailSent(context: AppContext, request: Request, practiceCode: string): EmailSent | null {
  const value = readSignedValue<EmailSent>(context.config.sessionSecret, PURPOSE, readCookie(request, EMAIL_SENT_COOKIE), context.clock.now());
  if (!value || typeof value.email !== "string" || value.practiceCode.toLowerCase() !== practiceCode.toLowerCase()) return null;
  return value;
}

export type ResendResult = { status: "sent"; cookie: string } | { status: "too_soon" } | { status: "nothing_to_send" };

/** "Send it again": the cookie read, the domain asked to send, the cookie renewed. */
export async function resendFromEmailSent(context: AppContext, request: Request, practice: Practice): Promise<ResendResult> {
  const pending = readEmailSent(context, request, practice.urlCode);
  if (!pending) return { status: "nothing_to_send" };
  const status = await resendEmailSent(context, requestOrigin(request), practice, pending);
  if (status === "too_soon") return { status };
  return { status: "sent", cookie: emailSentCookie(context, request, pending) };
}
