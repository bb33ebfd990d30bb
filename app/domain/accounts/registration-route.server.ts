/** What the registration routes share: the guard, today's date and the e-mail-sent redirect. */
import { redirect } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { not_loggedin } from "~/domain/auth/guards";
import { requireGuards } from "~/domain/auth/guards.server";
import { notFound } from "~/domain/http/responses.server";
import type { Practice } from "~/domain/practices/practices.server";
import { emailSentCookie, type EmailSentKind } from "./email-sent.server";
import { maximumPatientAge } from "./patient-match.server";

/** not_loggedin, and the practice named in the URL (404 when unknown). */
export async function guardRegistration(request: Request, context: AppContext, practiceCode: string | undefined): Promise<Practice> {
  const { practice } = await requireGuards(request, context, [not_loggedin], { practiceCode: practiceCode ?? "" });
  if (!practice) throw notFound();
  return practice;
}

/** Today's date in Europe/London as a UTC midnight, which is how dates of birth are compared. */
export function londonToday(now: Date): Date {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(get("year"), get("month") - 1, get("day")));
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
