/**
 * Loader and action shared by /login and /{practiceCode}/login: the not_loggedin guard,
 * the idle-logout message, the password check, then MFA or a new session.
 */
import { requestOrigin } from "~/web/origin";
import { formRejected } from "~/web/forms.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { copy } from "~/copy";
import { safeRedirectPath } from "~/web/redirects";
import { notFound } from "~/web/responses.server";
import { beginMfaChallenge } from "~/domain/mfa/mfa.server";
import { findPracticeByCode } from "~/domain/practices/practices.server";
import { sendEmailValidation } from "~/domain/accounts/email-validation.server";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { not_loggedin } from "./guards";
import { requireGuards } from "~/web/auth/guards.server";
import { setMfaPendingCookie } from "~/web/auth/mfa-pending.server";
import { checkPassword, SIGN_IN_MESSAGES, startSession } from "./sign-in.server";
import { SignInSchema } from "./sign-in-form";

export async function loginLoader({ request, context, params }: LoaderFunctionArgs) {
  await requireGuards(request, context, [not_loggedin]);
  const url = new URL(request.url);
  const practice = params.practiceCode ? await findPracticeByCode(context.db, params.practiceCode) : null;
  if (params.practiceCode && !practice) throw notFound();
  const redirectTo = url.searchParams.get("redirect");
  return json({
    productName: context.config.productName,
    practiceName: practice?.name ?? null,
    registerHref: practice ? `/practice/${practice.urlCode}/register` : null,
    redirect: redirectTo ? safeRedirectPath(redirectTo, "") || null : null,
    expiredMessage: url.searchParams.get("expired") === "1" ? copy.idleLogout(context.config.productName) : null,
  });
}

export async function loginAction({ request, context }: ActionFunctionArgs) {
  await requireGuards(request, context, [not_loggedin]);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") {
    return formRejected(submission, { hideFields: ["password"] });
  }
  const { email, password } = submission.value;
  const next = safeRedirectPath(submission.value.redirect, "/");
  const result = await checkPassword(context, email, password);
  switch (result.status) {
    case "invalid":
      return formRejected(submission, { formErrors: [SIGN_IN_MESSAGES.invalid], hideFields: ["password"] });
    case "throttled":
      return json({ lastResult: submission.reply({ formErrors: [SIGN_IN_MESSAGES.throttled], hideFields: ["password"] }) }, { status: 429 });
    case "unverified":
      await sendEmailValidation(context, requestOrigin(request), result.userId);
      return formRejected(submission, { formErrors: [SIGN_IN_MESSAGES.unverified], hideFields: ["password"] });
    case "mfa": {
      await beginMfaChallenge(context, result.userId);
      return redirect("/login/verification", {
        status: 303,
        headers: { "Set-Cookie": setMfaPendingCookie(request, context, { userId: result.userId, redirect: next }) },
      });
    }
    case "ok": {
      const sessionId = await startSession(context, result.userId, request.headers.get("User-Agent"));
      // "/" runs not_loggedin, which sends the user on to where their role lands.
      return redirect(next, { status: 303, headers: signedInHeaders(request, context, sessionId) });
    }
  }
}

export type LoginLoaderData = typeof loginLoader;
export type LoginActionData = typeof loginAction;
