import { requestOrigin } from "~/web/origin";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput } from "~/components/accounts/ConformFields";
import { PracticeDetailsFields, practiceDetailsErrorOrder, type PracticeDetailsMeta } from "~/components/admin/PracticeDetailsFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { addPracticeSchema, ONBOARDING_MESSAGES } from "~/domain/practices/onboarding";
import { addPractice, listCcgs } from "~/domain/practices/onboarding.server";

/** /practices/add (spec 3 §2, system admin): add a practice and invite its first practice administrator. */
export const handle = { title: "Add a practice" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context, [admin]);
  return json({ ccgs: await listCcgs(context.db), allowTestDomain: context.config.testTools });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [admin]);
  const submission = parseWithZod(await request.formData(), { schema: addPracticeSchema(context.config.testTools) });
  if (submission.status !== "success") return formRejected(submission);
  const result = await addPractice(context, requestOrigin(request), viewer.userId, submission.value);
  if (result.status === "code_taken") return formRejected(submission, { fieldErrors: { urlCode: [ONBOARDING_MESSAGES.urlCodeTaken] } });
  if (result.status === "unknown_ccg") return formRejected(submission, { fieldErrors: { ccgId: [ONBOARDING_MESSAGES.ccg] } });
  return redirectWithFlash(request, context, "/admin", {
    kind: "success",
    text: `${submission.value.name} has been added. We have sent an invitation to ${submission.value.adminEmail} to set up the practice.`,
  });
}

export default function AddPractice() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const schema = addPracticeSchema(data.allowTestDomain);
  const [form, fields] = useNhsForm(schema, {
    lastResult: actionData?.lastResult ?? undefined,
    defaultValue: { ehrType: "emis", country: "england" } as Record<string, string>,
  });
  const details = fields as unknown as PracticeDetailsMeta;
  const errors = summaryErrors([...practiceDetailsErrorOrder(details), fields.adminEmail]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <a className="nhsuk-back-link" href="/admin">
          Back to admin
        </a>
        <h1>Add a practice</h1>
        <p>
          The practice is created with opening hours of Monday to Friday, 08:00 to 18:30. Its practice administrator gets an email
          with a link to create their account; the link works once and expires after 7 days.
        </p>
        <PostForm {...getFormProps(form)} noValidate>
          <PracticeDetailsFields fields={details} ccgs={data.ccgs} />
          <TextInput
            meta={fields.adminEmail}
            label="Practice administrator's email address"
            hint="An NHS email address, for example name@nhs.net"
            type="email"
            autoComplete="off"
            spellCheck={false}
          />
          <Button>Add practice and send invitation</Button>
        </PostForm>
      </div>
    </div>
  );
}
