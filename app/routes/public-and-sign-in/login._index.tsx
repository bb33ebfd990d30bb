import { getFormProps, getInputProps } from "@conform-to/react";
import { usePasswordReveal } from "~/components/accounts/PasswordReveal";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { copy } from "~/copy";
import { sendEmailValidation } from "~/domain/accounts/email-validation.server";
import { not_loggedin } from "~/domain/auth/guards";
import { SignInSchema } from "~/domain/auth/sign-in-form";
import { checkPassword, SIGN_IN_MESSAGES, startSession } from "~/domain/auth/sign-in.server";
import { beginMfaChallenge } from "~/domain/mfa/mfa.server";
import { findPracticeByCode } from "~/domain/practices/practices.server";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { requireGuards } from "~/web/auth/guards.server";
import { setMfaPendingCookie } from "~/web/auth/mfa-pending.server";
import { formRejected } from "~/web/forms.server";
import { requestOrigin } from "~/web/origin";
import { safeRedirectPath } from "~/web/redirects";
import { notFound } from "~/web/responses.server";
import { NhsLoginButton, nhsLoginHref } from "~/components/NhsLoginButton";
import type { PageHandle } from "~/components/hydration";

/**
 * Sign in: /login, and /{practiceCode}/login (the same page with the practice named and its
 * register link; declared in app/route-table.mjs). The not_loggedin guard, the idle-logout
 * message, the password check, then MFA or a new session.
 */
export const handle = { title: "Sign in", hydrate: false } satisfies PageHandle;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
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
    nhsLoginHref: nhsLoginHref(context.config.nhsLogin, redirectTo ? safeRedirectPath(redirectTo, "") || null : null),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
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

export default function LoginPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(SignInSchema, {
    lastResult: actionData?.lastResult,
        defaultValue: { redirect: data.redirect ?? "" },
  });
  const reveal = usePasswordReveal(fields.password.id);
  const errors = summaryErrors(
    [
      { id: fields.email.id, errors: fields.email.errors },
      { id: fields.password.id, errors: fields.password.errors },
    ],
    form.errors,
    fields.email.id,
  );
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {data.expiredMessage ? (
          <div className="nhsuk-inset-text">
            <span className="nhsuk-u-visually-hidden">Information: </span>
            <p>{data.expiredMessage}</p>
          </div>
        ) : null}
        <ErrorSummary errors={errors} />
        <h1>{data.practiceName ? `Sign in to contact ${data.practiceName}` : "Sign in"}</h1>
        <PostForm {...getFormProps(form)}>
          {data.redirect ? <input type="hidden" name="redirect" value={data.redirect} /> : null}
          <div className={`nhsuk-form-group${fields.email.errors || form.errors ? " nhsuk-form-group--error" : ""}`}>
            <label className="nhsuk-label" htmlFor={fields.email.id}>
              Email address
            </label>
            {fields.email.errors ? (
              <span className="nhsuk-error-message" id={fields.email.errorId}>
                <span className="nhsuk-u-visually-hidden">Error:</span> {fields.email.errors[0]}
              </span>
            ) : null}
            <input
              {...getInputProps(fields.email, { type: "email" })}
              className={`nhsuk-input${fields.email.errors ? " nhsuk-input--error" : ""}`}
              autoComplete="username"
              spellCheck={false}
            />
          </div>
          <div className={`nhsuk-form-group${fields.password.errors ? " nhsuk-form-group--error" : ""}`}>
            <label className="nhsuk-label" htmlFor={fields.password.id}>
              Password
            </label>
            {fields.password.errors ? (
              <span className="nhsuk-error-message" id={fields.password.errorId}>
                <span className="nhsuk-u-visually-hidden">Error:</span> {fields.password.errors[0]}
              </span>
            ) : null}
            <input
              {...getInputProps(fields.password, { type: "password" })}
              type={reveal.type}
              {...reveal.attributes}
              defaultValue=""
              className={`nhsuk-input${fields.password.errors ? " nhsuk-input--error" : ""}`}
              autoComplete="current-password"
            />
            {reveal.button}
          </div>
          <Button>Sign in</Button>
        </PostForm>
        {data.nhsLoginHref ? <NhsLoginButton href={data.nhsLoginHref} /> : null}
        <p>
          <a href="/password/reset">Forgotten your password?</a>
        </p>
        {data.registerHref ? (
          <p>
            New to {data.productName}? <a href={data.registerHref}>Create an account</a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
