/**
 * What the registration routes share: the guard, the page's data, today's date, the answer to a
 * patient-match result and the e-mail-sent redirect.
 */
import type { Submission } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";
import { copy } from "~/copy";
import { REGISTRATION_MESSAGES } from "~/domain/accounts/registration-forms";
import { TOO_MANY_ATTEMPTS, type RegistrationResult } from "~/domain/accounts/registration.server";
import { formRejected } from "~/web/forms.server";
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

/** The loader of a page where a registered patient identifies themself (registration, guest entry). */
export async function patientIdentityPage(request: Request, context: AppContext, practiceCode: string | undefined) {
  const practice = await guardRegistration(request, context, practiceCode);
  const { maximumPatientAge } = await dateOfBirthOptions(context);
  return json({ practice: { name: practice.name, urlCode: practice.urlCode }, maximumPatientAge, productName: context.config.productName });
}

/**
 * The page's answer to a patient-match result: the spec's message at the form (400), too many
 * attempts (429), the postcode asked for, or on to "check your e-mail". Fields in `hideFields`
 * (a password) never come back in the reply.
 */
export function answerPatientMatch<T extends { email: string }>(
  context: AppContext,
  request: Request,
  practice: Practice,
  submission: Submission<T> & { value: T },
  result: RegistrationResult,
  options: { kind: EmailSentKind; hideFields?: string[] },
) {
  const hideFields = options.hideFields ?? [];
  switch (result.status) {
    case "not_registered":
      return formRejected(submission, { formErrors: [copy.validation.registeredPatient(context.config.productName)], hideFields });
    case "throttled":
      return json({ lastResult: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields }) }, { status: 429 });
    case "postcode_needed":
      return formRejected(submission, { fieldErrors: { postcode: [REGISTRATION_MESSAGES.postcodeNeeded] }, hideFields });
    case "email_sent":
      return redirectToEmailSent(context, request, practice, submission.value.email, options.kind);
  }
}
