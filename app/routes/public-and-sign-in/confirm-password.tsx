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
import { ConfirmPasswordSchema } from "~/domain/accounts/account-forms";
import { confirmPassword, CURRENT_PASSWORD_MESSAGES } from "~/domain/auth/current-password.server";
import { loggedin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { safeRedirectPath } from "~/web/redirects";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Confirm your password", hydrate: false } satisfies PageHandle;

/** Where the fresh guard sends a session whose password was proven too long ago. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [loggedin]);
  return json({ email: viewer.email, redirect: safeRedirectPath(new URL(request.url).searchParams.get("redirect"), "/") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [loggedin]);
  const submission = parseWithZod(await request.formData(), { schema: ConfirmPasswordSchema });
  if (submission.status !== "success") return formRejected(submission, { hideFields: ["password"] });
  const proof = await confirmPassword(context, viewer, submission.value.password);
  if (proof !== "ok") {
    return json(
      { lastResult: submission.reply({ formErrors: [CURRENT_PASSWORD_MESSAGES[proof]], hideFields: ["password"] }) },
      { status: proof === "throttled" ? 429 : 400 },
    );
  }
  return redirect(safeRedirectPath(submission.value.redirect, "/"), 303);
}

export default function ConfirmPassword() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(ConfirmPasswordSchema, {
    lastResult: actionData?.lastResult,
  });
  const errors = summaryErrors([fields.password], form.errors, fields.password.id);
  return (
    <FormPage title="Confirm your password" errors={errors}>
      <p>For your security, enter your password again to continue. You are signed in as {data.email}.</p>
      <PostForm {...getFormProps(form)}>
        <input type="hidden" name="redirect" value={data.redirect} />
        <TextInput meta={fields.password} label="Password" type="password" autoComplete="current-password" clearOnRender />
        <Button>Continue</Button>
      </PostForm>
    </FormPage>
  );
}
