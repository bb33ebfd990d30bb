import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { Radios } from "~/components/accounts/ConformFields";
import { DOCMAN_MESSAGES, DocmanPracticeSchema } from "~/domain/integrations/docman";
import { openDocmanToken } from "~/domain/integrations/docman.server";
import { formRejected } from "~/web/forms.server";
import { docmanStepCookie, requireDocmanStep } from "~/web/integrations/docman.server";

export const handle = { title: "Choose a practice" };

/** /docman/setup/practice?multiple_practices=true&token (after /docman/auth): the token's practices. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = await requireDocmanStep(request, context, "practice");
  const state = await openDocmanToken(context.db, query.get("token")!, context.clock.now());
  if (state.status !== "ok") throw redirect("/docman/token-expired");
  return json({ practices: state.practices.map((p) => ({ value: String(p.id), label: p.name })) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const query = await requireDocmanStep(request, context, "practice");
  const token = query.get("token")!;
  const submission = parseWithZod(await request.formData(), { schema: DocmanPracticeSchema });
  if (submission.status !== "success") return formRejected(submission);
  const state = await openDocmanToken(context.db, token, context.clock.now());
  if (state.status !== "ok") return redirect("/docman/token-expired", 303);
  if (!state.practices.some((p) => String(p.id) === submission.value.practiceId)) return formRejected(submission, { fieldErrors: { practiceId: [DOCMAN_MESSAGES.practice] } });
  return redirect(`/docman/setup?${new URLSearchParams({ practice_id: submission.value.practiceId, token })}`, {
    status: 303,
    headers: { "Set-Cookie": docmanStepCookie(request, context, "practice") },
  });
}

export default function DocmanPractice() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useNhsForm(DocmanPracticeSchema, { lastResult: result?.lastResult });
  return (
    <FormPage title="Choose a practice" errors={summaryErrors([{ id: fields.practiceId.id, errors: fields.practiceId.errors }])}>
      <PostForm {...getFormProps(form)}>
        <Radios meta={fields.practiceId} legend="Which practice are you setting up document filing for?" options={data.practices} />
        <Button>Continue</Button>
      </PostForm>
    </FormPage>
  );
}
