/**
 * The "check your email" page (/{code}/email-sent) after registration, carer registration
 * and guest entry. A short-lived signed cookie remembers the address typed and what was
 * asked for, so the page can name the address and offer "send it again" without a session.
 * The cookie holds only what the visitor typed: never whether an account exists.
 */
import type { AppContext } from "~/context.server";
import { readSignedValue, signValue } from "~/domain/auth/signed-value.server";
import { isSecureRequest, readCookie, serializeCookie } from "~/web/cookies";
import type { Practice } from "~/domain/practices/practices.server";
import { sendEmailValidation, VALIDATION_RESEND_INTERVAL_SECONDS } from "./email-validation.server";
import { resendGuestLink } from "./guest-entry.server";
import { findUserByEmail } from "./registration.server";

export const EMAIL_SENT_COOKIE = "fd_email_sent";
export const RESEND_TOO_SOON = "We have just sent the email. Wait a minute before asking for it again.";
const PURPOSE = "email-sent";
const LIFETIME_SECONDS = 24 * 60 * 60;

export type EmailSentKind = "registration" | "guest";
export type EmailSent = { email: string; kind: EmailSentKind; practiceCode: string; sentAt: number };

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

/**
 * Sends the e-mail again. Whatever exists behind the address, the visitor gets the same
 * answer; what is really sent follows the account's state (and its own once-a-minute limit).
 */
export async function resendFromEmailSent(context: AppContext, request: Request, practice: Practice): Promise<ResendResult> {
  const pending = readEmailSent(context, request, practice.urlCode);
  if (!pending) return { status: "nothing_to_send" };
  if (context.clock.now().getTime() - pending.sentAt < VALIDATION_RESEND_INTERVAL_SECONDS * 1000) return { status: "too_soon" };
  if (pending.kind === "guest") {
    await resendGuestLink(context, request, practice, pending.email);
  } else {
    const user = await findUserByEmail(context.db, pending.email);
    if (user && !user.isGuestAccount && !user.emailVerifiedAt) {
      await sendEmailValidation(context, request, user.id, { practiceId: practice.id, throttle: true });
    }
  }
  return { status: "sent", cookie: emailSentCookie(context, request, pending) };
}
