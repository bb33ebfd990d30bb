import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { FormPage } from "~/components/FormPage";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { AccountDetailsSchema } from "~/domain/accounts/account-forms";
import { DETAILS_UPDATED_MESSAGE, loadAccountSettings, updateAccountDetails } from "~/domain/accounts/account-settings.server";
import { fresh, loggedinNotGuest } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Change your details", hydrate: false } satisfies PageHandle;

const GUARDS = [loggedinNotGuest, fresh];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, GUARDS);
  const { firstName, lastName, mobile } = await loadAccountSettings(context, viewer);
  return json({ firstName, lastName, mobile: mobile ?? "" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, GUARDS);
  const submission = parseWithZod(await request.formData(), { schema: AccountDetailsSchema });
  if (submission.status !== "success") return formRejected(submission);
  await updateAccountDetails(context, viewer.userId, submission.value);
  return redirectWithFlash(request, context, "/account-settings", { kind: "success", text: DETAILS_UPDATED_MESSAGE });
}

export default function AccountDetails() {
  const current = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(AccountDetailsSchema, {
    lastResult: actionData?.lastResult,
    defaultValue: current,
  });
  const errors = summaryErrors([fields.firstName, fields.lastName, fields.mobile]);
  return (
    <FormPage title="Change your details" errors={errors} back={{ href: "/account-settings", text: "Back to account settings" }}>
      <PostForm {...getFormProps(form)}>
        <TextInput meta={fields.firstName} label="First name" autoComplete="given-name" spellCheck={false} />
        <TextInput meta={fields.lastName} label="Last name" autoComplete="family-name" spellCheck={false} />
        <TextInput
          meta={fields.mobile}
          label="Mobile number"
          optional
          hint="For example, 07700 900 123"
          type="tel"
          autoComplete="tel"
          width={20}
        />
        <Button>Save changes</Button>
      </PostForm>
    </FormPage>
  );
}
