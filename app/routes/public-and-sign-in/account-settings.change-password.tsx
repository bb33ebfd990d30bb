import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { TextInput, NewPasswordInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { FormPage } from "~/components/FormPage";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { ChangePasswordSchema } from "~/domain/accounts/account-forms";
import { changePassword, PASSWORD_CHANGED_MESSAGE } from "~/domain/accounts/change-password.server";
import { CURRENT_PASSWORD_MESSAGES } from "~/domain/auth/current-password.server";
import { fresh, loggedinNotGuest } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Change your password", hydrate: false } satisfies PageHandle;

const GUARDS = [loggedinNotGuest, fresh];
const PASSWORDS = ["currentPassword", "password", "confirmPassword"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context, GUARDS);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, GUARDS);
  const submission = parseWithZod(await request.formData(), { schema: ChangePasswordSchema });
  if (submission.status !== "success") return formRejected(submission, { hideFields: PASSWORDS });
  const proof = await changePassword(context, viewer, submission.value);
  if (proof !== "ok") {
    const reply = submission.reply({ fieldErrors: { currentPassword: [CURRENT_PASSWORD_MESSAGES[proof]] }, hideFields: PASSWORDS });
    return json({ lastResult: reply }, { status: proof === "throttled" ? 429 : 400 });
  }
  return redirectWithFlash(request, context, "/account-settings", { kind: "success", text: PASSWORD_CHANGED_MESSAGE });
}

export default function ChangePassword() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(ChangePasswordSchema, {
    lastResult: actionData?.lastResult,
  });
  const errors = summaryErrors([fields.currentPassword, fields.password, fields.confirmPassword]);
  return (
    <FormPage title="Change your password" errors={errors} back={{ href: "/account-settings", text: "Back to account settings" }}>
      <p>Changing your password signs you out on your other devices.</p>
      <PostForm {...getFormProps(form)}>
        <TextInput
          meta={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
          clearOnRender
        />
        <NewPasswordInput meta={fields.password} label="New password" />
        <NewPasswordInput meta={fields.confirmPassword} label="Confirm new password" withHint={false} />
        <Button>Change password</Button>
      </PostForm>
    </FormPage>
  );
}
