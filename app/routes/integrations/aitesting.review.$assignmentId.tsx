import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { Radios } from "~/components/accounts/ConformFields";
import { ReviewSchema, roleLabel, TRIAGE_ROLES, TRIAGE_URGENCIES, urgencyName } from "~/domain/integrations/ai-triage";
import { assignmentForReview, completeReview } from "~/domain/integrations/ai-testing.server";
import { requestReference } from "~/domain/requests/reference";
import { parseId } from "~/validation/ids";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import { requireReviewer } from "~/web/integrations/aitesting.server";

export const handle = { title: "Review a triage suggestion" };

/** /aitesting/review/{assignmentId}: one request, the model's suggestion, agree or correct. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { reviewer } = await requireReviewer(request, context);
  const id = parseId(params.assignmentId);
  if (id === null) throw notFound();
  const { assignment, request: entry } = await assignmentForReview(context.db, reviewer, id);
  if (assignment.completedAt) throw redirect("/aitesting/completed");
  return json({
    reference: requestReference(assignment.patientEntryId),
    issueName: entry.issueName,
    answers: entry.answers,
    suggestion: { urgency: urgencyName(assignment.suggestedUrgencyId), role: roleLabel(assignment.suggestedRole), reason: assignment.suggestionReason },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { reviewer } = await requireReviewer(request, context);
  const id = parseId(params.assignmentId);
  if (id === null) throw notFound();
  await assignmentForReview(context.db, reviewer, id);
  const submission = parseWithZod(await request.formData(), { schema: ReviewSchema });
  if (submission.status !== "success") return formRejected(submission);
  const v = submission.value;
  await completeReview(context, reviewer, id, { agreed: v.agreed === "yes", urgencyId: v.urgencyId ? Number(v.urgencyId) : null, role: v.role ?? null });
  return redirect("/aitesting/redirect", 303);
}

export default function Review() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useNhsForm(ReviewSchema, { lastResult: result?.lastResult });
  const errors = summaryErrors([
    { id: fields.agreed.id, errors: fields.agreed.errors },
    { id: fields.urgencyId.id, errors: fields.urgencyId.errors },
    { id: fields.role.id, errors: fields.role.errors },
  ]);
  return (
    <FormPage title="Review a triage suggestion" caption={`Request ${data.reference}`} errors={errors}>
      <h2>{data.issueName}</h2>
      <dl className="nhsuk-summary-list">
        {data.answers.map((a, i) => (
          <div className="nhsuk-summary-list__row" key={i}>
            <dt className="nhsuk-summary-list__key">{a.question}</dt>
            <dd className="nhsuk-summary-list__value">{a.answer}</dd>
          </div>
        ))}
      </dl>
      <div className="nhsuk-inset-text" data-testid="suggestion">
        <h2 className="nhsuk-heading-s">Suggested triage</h2>
        <p>
          Urgency: {data.suggestion.urgency}. Role to resolve: {data.suggestion.role}.
        </p>
        <p>{data.suggestion.reason}</p>
      </div>
      <PostForm {...getFormProps(form)}>
        <Radios meta={fields.agreed} legend="Do you agree with the suggested triage?" inline options={[{ value: "yes", label: "Yes" }, { value: "no", label: "No" }]} />
        <Radios meta={fields.urgencyId} legend="If not, what urgency would you give?" options={TRIAGE_URGENCIES} />
        <Radios meta={fields.role} legend="If not, who should resolve it?" options={TRIAGE_ROLES} />
        <Button>Save review</Button>
      </PostForm>
    </FormPage>
  );
}
