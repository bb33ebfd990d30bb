/**
 * The "check your email" page (/{code}/email-sent) after registration, carer registration
 * and guest entry: what was sent, and sending it again. The short-lived signed cookie that
 * remembers it is HTTP glue (app/web/accounts/email-sent.server.ts).
 */
import type { AppContext } from "~/context.server";
import type { Practice } from "~/domain/practices/practices.server";
import { sendEmailValidation, VALIDATION_RESEND_INTERVAL_SECONDS } from "./email-validation.server";
import { resendGuestLink } from "./guest-entry.server";
import { findUserByEmail } from "./registration.server";

export const RESEND_TOO_SOON = "We have just sent the email. Wait a minute before asking for it again.";

export type EmailSentKind = "registration" | "guest";
export type EmailSent = { email: string; kind: EmailSentKind; practiceCode: string; sentAt: number };

/**
 * Sends the e-mail again. Whatever exists behind the address, the visitor gets the same
 * answer; what is really sent follows the account's state (and its own once-a-minute limit).
 */
export async function resendEmailSent(context: AppContext, origin: string, practice: Practice, pending: EmailSent): Promise<"sent" | "too_soon"> {
  if (context.clock.now().getTime() - pending.sentAt < VALIDATION_RESEND_INTERVAL_SECONDS * 1000) return "too_soon";
  if (pending.kind === "guest") {
    await resendGuestLink(context, origin, practice, pending.email);
  } else {
    const user = await findUserByEmail(context.db, pending.email);
    if (user && !user.isGuestAccount && !user.emailVerifiedAt) {
      await sendEmailValidation(context, origin, user.id, { practiceId: practice.id, throttle: true });
    }
  }
  return "sent";
}
