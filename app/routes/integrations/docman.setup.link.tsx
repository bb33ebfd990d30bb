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
import { checkPassword } from "~/domain/auth/sign-in.server";
import { DOCMAN_MESSAGES, DocmanLinkSchema } from "~/domain/integrations/docman";
import { completeDocmanSetup } from "~/domain/integrations/docman.server";
import { parseId } from "~/validation/ids";
import { formRejected } from "~/web/forms.server";
import { docmanStepCookie, requireDocmanStep } from "~/web/integrations/docman.server";

export const handle = { title: "Link an existing account" };

/** /docman/setup/link?practice_id&token&practice_name (after /docman/setup): an existing account, by its password. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = await requireDocmanStep(request, context, "link");
  return json({ practiceName: query.get("practice_name")! }, { headers: { "Set-Cookie": docmanStepCookie(request, context, "link") } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const query = await requireDocmanStep(request, context, "link");
  const submission = parseWithZod(await request.formData(), { schema: DocmanLinkSchema });
  if (submission.status !== "success") return formRejected(submission, { hideFields: ["password"] });
  const practiceId = parseId(query.get("practice_id"));
  if (practiceId === null) return redirect("/docman/token-expired", 303);
  const v = submission.value;
  const check = await checkPassword(context, v.email, v.password);
  if (check.status !== "ok") return formRejected(submission, { formErrors: [DOCMAN_MESSAGES.invalid], hideFields: ["password"] });
  const result = await completeDocmanSetup(context, { token: query.get("token")!, practiceId, roles: v.roles, account: { userId: check.userId } });
  if (result.status !== "ok") return redirect("/docman/token-expired", 303);
  return redirect(`/docman/setup/registered?${new URLSearchParams({ practice_name: query.get("practice_name")! })}`, {
    status: 303,
    headers: { "Set-Cookie": docmanStepCookie(request, context, "link") },
  });
}

export default function DocmanLink() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useNhsForm(DocmanLinkSchema, { lastResult: result?.lastResult });
  const errors = summaryErrors(
    [
      { id: fields.email.id, errors: fields.email.errors },
      { id: fields.password.id, errors: fields.password.errors },
      { id: fields.roles.id, errors: fields.roles.errors },
    ],
    form.errors,
    fields.email.id,
  );
  return (
    <FormPage title="Link an existing account" caption={data.practiceName} errors={errors}>
      <PostForm {...getFormProps(form)}>
        <TextInput meta={fields.email} label="Email address" type="email" autoComplete="username" />
        <TextInput meta={fields.password} label="Password" type="password" autoComplete="current-password" clearOnRender />
        <DocmanRoles id={fields.roles.id} name={fields.roles.name} errorId={fields.roles.errorId} error={fields.roles.errors?.[0]} />
        <Button>Link account</Button>
      </PostForm>
    </FormPage>
  );
}
