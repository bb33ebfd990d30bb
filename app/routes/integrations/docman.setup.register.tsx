import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { TextInput } from "~/components/accounts/ConformFields";
import { DocmanRoles } from "~/components/integrations/DocmanRoles";
import { DOCMAN_MESSAGES, DocmanRegisterSchema } from "~/domain/integrations/docman";
import { completeDocmanSetup } from "~/domain/integrations/docman.server";
import { parseId } from "~/validation/ids";
import { formRejected } from "~/web/forms.server";
import { docmanStepCookie, requireDocmanStep } from "~/web/integrations/docman.server";

export const handle = { title: "Register a document filing account" };

/** /docman/setup/register?practice_id&token&practice_name (after /docman/setup): a new service account. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = await requireDocmanStep(request, context, "register");
  return json({ practiceName: query.get("practice_name")! }, { headers: { "Set-Cookie": docmanStepCookie(request, context, "register") } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const query = await requireDocmanStep(request, context, "register");
  const submission = parseWithZod(await request.formData(), { schema: DocmanRegisterSchema });
  if (submission.status !== "success") return formRejected(submission);
  const practiceId = parseId(query.get("practice_id"));
  if (practiceId === null) return redirect("/docman/token-expired", 303);
  const v = submission.value;
  const result = await completeDocmanSetup(context, { token: query.get("token")!, practiceId, roles: v.roles, account: { email: v.email, name: v.name } });
  if (result.status === "email_taken") return formRejected(submission, { fieldErrors: { email: [DOCMAN_MESSAGES.emailTaken] } });
  if (result.status === "expired") return redirect("/docman/token-expired", 303);
  return redirect(`/docman/setup/registered?${new URLSearchParams({ practice_name: query.get("practice_name")! })}`, {
    status: 303,
    headers: { "Set-Cookie": docmanStepCookie(request, context, "register") },
  });
}

export default function DocmanRegister() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useNhsForm(DocmanRegisterSchema, { lastResult: result?.lastResult });
  const errors = summaryErrors([
    { id: fields.name.id, errors: fields.name.errors },
    { id: fields.email.id, errors: fields.email.errors },
    { id: fields.roles.id, errors: fields.roles.errors },
  ]);
  return (
    <FormPage title="Register a document filing account" caption={data.practiceName} errors={errors}>
      <PostForm {...getFormProps(form)}>
        <TextInput meta={fields.name} label="Account name" />
        <TextInput meta={fields.email} label="Email address" type="email" autoComplete="off" />
        <DocmanRoles id={fields.roles.id} name={fields.roles.name} errorId={fields.roles.errorId} error={fields.roles.errors?.[0]} />
        <Button>Register account</Button>
      </PostForm>
    </FormPage>
  );
}
