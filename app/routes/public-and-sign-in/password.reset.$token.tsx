import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewPasswordInput } from "~/components/accounts/ConformFields";
import { LinkExpired } from "~/components/accounts/LinkPages";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { NewPasswordSchema } from "~/domain/accounts/account-forms";
import { completePasswordReset, isResetLinkLive, PASSWORD_RESET_MESSAGES } from "~/domain/accounts/password-reset.server";
import { signedOutHeaders } from "~/web/auth/auth-cookies.server";
import { getViewer } from "~/web/auth/viewer.server";
import { isSecureRequest } from "~/web/cookies";
import { setFlashCookie } from "~/web/flash.server";
import { deleteSession } from "~/domain/sessions/sessions.server";
import type { PageHandle } from "~/components/hydration";

const EXPIRED_TITLE = "This link has expired or has already been used";

export const handle = {
  title: (data: { live?: boolean } | undefined) => (data?.live ? "Choose a new password" : EXPIRED_TITLE),
  hydrate: false,
} satisfies PageHandle;

/**
 * No guard: the link itself is the credential. Whoever is signed in on this browser is
 * signed out when the reset completes, since the password they used may be the one at risk.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return json({ live: await isResetLinkLive(context, params.token ?? "") });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: NewPasswordSchema });
  if (submission.status !== "success") {
    return json({ lastResult: submission.reply({ hideFields: ["password", "confirmPassword"] }), expired: false }, { status: 400 });
  }
  const userId = await completePasswordReset(context, params.token ?? "", submission.value.password);
  if (userId === null) return json({ lastResult: null, expired: true }, { status: 410 });
  const viewer = await getViewer(request, context);
  if (viewer) await deleteSession(context.db, viewer.sessionId);
  const headers = signedOutHeaders(request, context);
  headers.append(
    "Set-Cookie",
    setFlashCookie(context.config.sessionSecret, { kind: "success", text: PASSWORD_RESET_MESSAGES.changed }, isSecureRequest(request)),
  );
  return redirect("/login", { status: 303, headers });
}

export default function ResetWithToken() {
  const { live } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return live && !actionData?.expired ? <NewPasswordForm /> : <Expired />;
}

function Expired() {
  return (
    <LinkExpired signInHref="/login">
      <p>A link to reset your password works once, and for 1 hour. Asking for a new link also stops the older ones working.</p>
      <p>
        <a href="/password/reset">Ask for a new link</a>
      </p>
    </LinkExpired>
  );
}

function NewPasswordForm() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(NewPasswordSchema, {
    lastResult: actionData?.lastResult,
  });
  const errors = summaryErrors([fields.password, fields.confirmPassword]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <h1>Choose a new password</h1>
        <PostForm {...getFormProps(form)}>
          <NewPasswordInput meta={fields.password} label="New password" />
          <NewPasswordInput meta={fields.confirmPassword} label="Confirm new password" withHint={false} />
          <Button>Change password</Button>
        </PostForm>
      </div>
    </div>
  );
}
