/** What the registration routes share: the guard, today's date and the e-mail-sent redirect. */
import { redirect } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { not_loggedin } from "~/domain/auth/guards";
import { requireGuards } from "~/web/auth/guards.server";
import { notFound } from "~/web/responses.server";
import type { Practice } from "~/domain/practices/practices.server";
import { type EmailSentKind } from "~/domain/accounts/email-sent.server";
import { emailSentCookie } from "~/web/accounts/email-sent.server";
import { maximumPatientAge } from "~/domain/accounts/patient-match.server";
import { londonToday } from "~/domain/time/london";

/** not_loggedin, and the practice named in the URL (404 when unknown). */
export async function guardRegistration(request: Request, context: AppContext, practiceCode: string | undefined): Promise<Practice> {
  const { practice } = await requireGuards(request, context, [not_loggedin], { practiceCode: practiceCode ?? "" });
  if (!practice) throw notFound();
  return practice;
}


export async function dateOfBirthOptions(context: AppContext) {
  return { today: londonToday(context.clock.now()), maximumPatientAge: await maximumPatientAge(context.db) };
}

/** POST, redirect, GET to the "check your email" page, remembering the address typed. */
export function redirectToEmailSent(context: AppContext, request: Request, practice: Practice, email: string, kind: EmailSentKind) {
  return redirect(`/${practice.urlCode}/email-sent`, {
    status: 303,
    headers: { "Set-Cookie": emailSentCookie(context, request, { email, kind, practiceCode: practice.urlCode }) },
  });
}
