import { requestOrigin } from "~/web/origin";
import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { FormPage } from "~/components/FormPage";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { ResetRequestSchema } from "~/domain/accounts/account-forms";
import { PASSWORD_RESET_MESSAGES, requestPasswordReset } from "~/domain/accounts/password-reset.server";
import { not_loggedin } from "~/domain/auth/guards";
import { requireGuards } from "~/web/auth/guards.server";
import type { PageHandle } from "~/components/hydration";

export const handle = {
  title: (data: { sent?: boolean } | undefined) => (data?.sent ? "Check your email" : "Reset your password"),
  hydrate: false,
} satisfies PageHandle;

/** `?sent=1` is the answer page after a request: the same whether or not the account exists. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuards(request, context, [not_loggedin]);
  return json({ sent: new URL(request.url).searchParams.get("sent") === "1" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuards(request, context, [not_loggedin]);
  const submission = parseWithZod(await request.formData(), { schema: ResetRequestSchema });
  if (submission.status !== "success") return formRejected(submission);
  const outcome = await requestPasswordReset(context, requestOrigin(request), submission.value.email);
  if (outcome === "throttled") {
    return json({ lastResult: submission.reply({ formErrors: [PASSWORD_RESET_MESSAGES.throttled] }) }, { status: 429 });
  }
  return redirect("/password/reset?sent=1", 303);
}

export default function PasswordReset() {
  const { sent } = useLoaderData<typeof loader>();
  return sent ? <Sent /> : <RequestForm />;
}

function Sent() {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Check your email</h1>
        <p>If an account exists for that email address, we've sent a link to reset your password.</p>
        <p>The link works once and expires in 1 hour.</p>
        <p>
          If you do not get an email within a few minutes, check your spam or junk folder, or{" "}
          <a href="/password/reset">ask for a new link</a>.
        </p>
        <p>
          <a href="/login">Back to sign in</a>
        </p>
      </div>
    </div>
  );
}

function RequestForm() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(ResetRequestSchema, {
    lastResult: actionData?.lastResult,
  });
  const errors = summaryErrors([fields.email], form.errors, fields.email.id);
  return (
    <FormPage title="Reset your password" errors={errors}>
      <p>Enter the email address you use to sign in. If it belongs to an account, we will send a link to choose a new password.</p>
      <PostForm {...getFormProps(form)}>
        <TextInput meta={fields.email} label="Email address" type="email" autoComplete="email" spellCheck={false} />
        <Button>Send reset link</Button>
      </PostForm>
      <p>
        <a href="/login">Back to sign in</a>
      </p>
    </FormPage>
  );
}
