import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { CodeField } from "~/components/mfa/CodeField";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { not_loggedin } from "~/domain/auth/guards";
import { requireGuards } from "~/web/auth/guards.server";
import { clearMfaPendingCookie } from "~/web/auth/mfa-pending.server";
import { SIGN_IN_MESSAGES, startSession } from "~/domain/auth/sign-in.server";
import { isSecureRequest } from "~/web/cookies";
import { redirectWithFlash, setFlashCookie } from "~/web/flash.server";
import { safeRedirectPath } from "~/web/redirects";
import { MfaCodeSchema, verificationIntent } from "~/domain/mfa/mfa-forms";
import { maskedMobile, resendError, resendSmsCode } from "~/domain/mfa/mfa.server";
import { checkSignInCode } from "~/domain/mfa/mfa-sign-in.server";
import { readChallenge } from "~/web/auth/mfa-pending.server";
import { MFA_MESSAGES, resendNotice } from "~/domain/mfa/messages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Enter your security code", hydrate: false } satisfies PageHandle;

export const headers = () => ({ "Cache-Control": "private, no-store" });

/** Back to the sign-in page, dropping the pending cookie (and saying why, when there is a reason). */
function backToLogin(request: Request, context: LoaderFunctionArgs["context"], message?: string) {
  const headers = new Headers({ "Set-Cookie": clearMfaPendingCookie(request, context) });
  if (message) {
    headers.append("Set-Cookie", setFlashCookie(context.config.sessionSecret, { kind: "info", text: message }, isSecureRequest(request)));
  }
  return redirect("/login", { status: 303, headers });
}

/**
 * The second step of signing in (spec 1 §2.2): only reachable with a live MFA-pending
 * cookie from the password step; anything else starts again at /login.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuards(request, context, [not_loggedin]);
  const challenge = await readChallenge(request, context);
  if (!challenge) throw backToLogin(request, context);
  return json({
    mfaType: challenge.mfaType,
    sentTo: challenge.mfaType === "sms" ? maskedMobile(challenge.smsMobileNumber) : null,
    productName: context.config.productName,
  });
}

/** Checks the code (intent verify) or sends a new SMS code (intent resend). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuards(request, context, [not_loggedin]);
  const challenge = await readChallenge(request, context);
  if (!challenge) throw backToLogin(request, context);
  const formData = await request.formData();

  if (verificationIntent(formData.get("intent")) === "resend") {
    const result = challenge.mfaType === "sms" ? await resendSmsCode(context, challenge.userId) : "unavailable";
    const notice = resendNotice(resendError(result));
    if (!notice.ok) return json({ errors: [notice.text] }, { status: result === "too_soon" ? 429 : 400 });
    return redirectWithFlash(request, context, "/login/verification", { kind: "success", text: notice.text });
  }

  const submission = parseWithZod(formData, { schema: MfaCodeSchema });
  if (submission.status !== "success") {
    return formRejected(submission);
  }
  const outcome = await checkSignInCode(context, challenge, submission.value.code);
  switch (outcome.status) {
    case "wrong":
      return formRejected(submission, { fieldErrors: { code: [MFA_MESSAGES.codeWrong] }, hideFields: ["code"] });
    case "throttled":
      return json({ lastResult: submission.reply({ formErrors: [SIGN_IN_MESSAGES.throttled], hideFields: ["code"] }) }, { status: 429 });
    case "locked":
      return backToLogin(request, context, MFA_MESSAGES.tooManyCodes);
    case "ok": {
      const sessionId = await startSession(context, challenge.userId, request.headers.get("User-Agent"));
      const headers = signedInHeaders(request, context, sessionId);
      headers.append("Set-Cookie", clearMfaPendingCookie(request, context));
      // "/" runs not_loggedin, which sends the user on to where their role lands.
      return redirect(safeRedirectPath(challenge.redirect, "/"), { status: 303, headers });
    }
  }
}

export default function LoginVerification() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(MfaCodeSchema, {
    lastResult: actionData && "lastResult" in actionData ? actionData.lastResult : undefined,
  });
  const otherErrors = actionData && "errors" in actionData ? actionData.errors : [];
  const errors = summaryErrors([{ id: fields.code.id, errors: fields.code.errors }], [...(form.errors ?? []), ...otherErrors], fields.code.id);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <h1>Enter your security code</h1>
        {data.mfaType === "sms" ? (
          <p>
            We have sent a 6-digit security code by text message to {data.sentTo}. The code expires after 10 minutes.
          </p>
        ) : (
          <p>Open the authenticator app on your phone and enter the 6-digit code it shows for {data.productName}.</p>
        )}
        <PostForm {...getFormProps(form)}>
          <input type="hidden" name="intent" value="verify" />
          <CodeField field={fields.code} />
          <Button>Continue</Button>
        </PostForm>
        {data.mfaType === "sms" ? (
          <PostForm>
            <input type="hidden" name="intent" value="resend" />
            <p>If the text message has not arrived after a minute, we can send you a new code.</p>
            <Button variant="secondary">Send a new code</Button>
          </PostForm>
        ) : null}
        <p>
          <a href="/login">Sign in again</a>
        </p>
      </div>
    </div>
  );
}
