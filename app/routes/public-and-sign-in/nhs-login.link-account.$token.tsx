import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { LinkAccountSchema } from "~/domain/nhs-login/forms";
import { NHS_LOGIN_MESSAGES } from "~/domain/nhs-login/messages";
import { linkExistingAccount, linkTarget } from "~/domain/nhs-login/nhs-login.server";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { formRejected } from "~/web/forms.server";
import { requirePending } from "~/web/nhs-login/nhs-login.server";
import { notFound } from "~/web/responses.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Link your account to NHS login", hydrate: false } satisfies PageHandle;

/**
 * /nhs-login/link-account/{token} (spec 2 §2.8): the record (or the e-mail address) already
 * belongs to an account here; its password, once, links it to NHS login.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const pending = await requirePending(request, context, params.token);
  const target = await linkTarget(context, pending);
  if (!target) throw notFound();
  return json({ productName: context.config.productName, email: target.email, token: params.token! });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const pending = await requirePending(request, context, params.token);
  const submission = parseWithZod(await request.formData(), { schema: LinkAccountSchema });
  if (submission.status !== "success") return formRejected(submission, { hideFields: ["password"] });
  const result = await linkExistingAccount(context, pending, submission.value.password, request.headers.get("User-Agent"));
  if (!result.ok) {
    if (result.reason === "no_account") throw notFound();
    const message = result.reason === "throttled" ? NHS_LOGIN_MESSAGES.throttled : NHS_LOGIN_MESSAGES.passwordWrong;
    return formRejected(submission, { fieldErrors: { password: [message] }, hideFields: ["password"] });
  }
  return redirect("/", { status: 303, headers: signedInHeaders(request, context, result.sessionId) });
}

export default function LinkAccount() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(LinkAccountSchema, { lastResult: actionData?.lastResult });
  return (
    <FormPage title="Link your account to NHS login" errors={summaryErrors([fields.password])} back={{ href: `/nhs-login/select-practice/${data.token}` }}>
      <p>
        You already have a {data.productName} account: <strong>{data.email}</strong>. Enter its password once to link it to your NHS
        login. After that, you can sign in with NHS login.
      </p>
      <PostForm {...getFormProps(form)} noValidate>
        <TextInput meta={fields.password} label="Password" type="password" autoComplete="current-password" clearOnRender />
        <Button>Link account</Button>
      </PostForm>
      <p>
        <a href="/password/reset">Forgotten your password?</a>
      </p>
    </FormPage>
  );
}
