import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Radios } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { SelectPracticeSchema } from "~/domain/nhs-login/forms";
import { NHS_LOGIN_MESSAGES } from "~/domain/nhs-login/messages";
import { choosePractice, practiceOptions } from "~/domain/nhs-login/nhs-login.server";
import { formRejected } from "~/web/forms.server";
import { requirePending } from "~/web/nhs-login/nhs-login.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Select your GP practice", hydrate: false } satisfies PageHandle;

/**
 * /nhs-login/select-practice/{token} (spec 2 §2.8): the practice NHS login says the person is
 * registered at is offered first; then register there, or link the account that has their record.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const pending = await requirePending(request, context, params.token);
  const options = await practiceOptions(context, pending.claims);
  return json({ token: params.token!, ...options });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const pending = await requirePending(request, context, params.token);
  const submission = parseWithZod(await request.formData(), { schema: SelectPracticeSchema });
  if (submission.status !== "success") return formRejected(submission);
  const placement = await choosePractice(context, pending, submission.value.practice);
  if (!placement) return formRejected(submission, { fieldErrors: { practice: [NHS_LOGIN_MESSAGES.practiceMissing] } });
  const token = params.token!;
  return redirect(placement.kind === "link" ? `/nhs-login/link-account/${token}` : `/nhs-login/${placement.practice.urlCode}/register/${token}`, 303);
}

export default function SelectPractice() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(SelectPracticeSchema, {
    lastResult: actionData?.lastResult,
    defaultValue: { practice: data.suggested?.urlCode },
  });
  return (
    <FormPage title="Select your GP practice" errors={summaryErrors([fields.practice])} back={{ href: `/nhs-login/setup/${data.token}` }}>
      {data.suggested ? <p>NHS login says you are registered at {data.suggested.name}.</p> : null}
      <PostForm {...getFormProps(form)} noValidate>
        <Radios
          meta={fields.practice}
          legend="Which GP practice are you registered at?"
          options={data.practices.map((p) => ({ value: p.urlCode, label: p.name }))}
        />
        <Button>Continue</Button>
      </PostForm>
    </FormPage>
  );
}
