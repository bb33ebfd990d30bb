import { formRejected } from "~/web/forms.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Radios } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button, TextareaField } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { redirectWithFlash } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";
import { decisionDoneMessage, PROXY_REASON_LABELS, ProxyDecisionSchema, STAFF_STATUS_LABELS } from "~/domain/dependents/proxy-links";
import { decideProxyLink, linkForStaff } from "~/domain/dependents/proxy-links.server";
import { auditPatient, requirePatientStaff, requirePracticePatient } from "~/web/patients/patient-staff.server";
import { parseId } from "~/validation/ids";
import { formatDate } from "~/validation/dates";

// Not the patient's name: titles end up in browser history on shared practice PCs.
export const handle = { title: "Carer" };

/**
 * /{code}/{patient_id}/carer/{user_id} (spec 3 §2 Patients): a carer of this patient, the
 * state of their link, and the practice's decision: approve or decline a pending request (a
 * reason is required to decline), remove an approved carer. Proxy access exists only once
 * approved here (docs/decisions/0070-proxy-approval-and-guest-scope.md).
 */
async function load(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  const patient = await requirePracticePatient(context, staff.practice, params.patientId);
  const carerUserId = parseId(params.userId);
  const link = carerUserId === null ? null : await linkForStaff(context.db, staff.practice.id, patient.id, carerUserId);
  if (!link) throw notFound();
  return { staff, patient, link };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { staff, patient, link } = await load(request, context, params);
  await auditPatient(context, staff, "proxy_link.view", patient.id, { carerUserId: link.carerUserId });
  return json({
    code: staff.practice.urlCode,
    patient: { id: patient.id, name: link.patientName, dateOfBirth: formatDate(link.patientDateOfBirth) },
    carer: { name: link.carerName, email: link.carerEmail },
    relationship: link.relationship,
    reason: link.reason ? PROXY_REASON_LABELS[link.reason] : null,
    status: link.status,
    statusLabel: STAFF_STATUS_LABELS[link.status],
    requestedAt: formatDate(link.requestedAt),
    decided: link.decidedAt ? { at: formatDate(link.decidedAt), by: link.decidedBy, note: link.decisionNote } : null,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, patient, link } = await load(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: ProxyDecisionSchema });
  if (submission.status !== "success") return formRejected(submission);
  const result = await decideProxyLink(
    context,
    { userId: staff.viewer.userId, practiceId: staff.practice.id },
    {
      patientId: patient.id,
      carerUserId: link.carerUserId,
      decision: submission.value.decision,
      note: submission.value.note || null,
      origin: new URL(request.url).origin,
    },
  );
  if (result.status === "not_found") throw notFound();
  if (result.status === "conflict") {
    const message = `This carer is now "${STAFF_STATUS_LABELS[result.current]}": someone else may have decided first. Check the page and try again.`;
    return json({ lastResult: submission.reply({ formErrors: [message], resetForm: true }) }, { status: 409 });
  }
  return redirectWithFlash(request, context, `/${staff.practice.urlCode}/patients/${patient.id}`, {
    kind: "success",
    text: decisionDoneMessage(submission.value.decision, result.noticeRefused),
  });
}

export default function CarerLink() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(ProxyDecisionSchema, {
    lastResult: actionData?.lastResult,
  });
  const errors = summaryErrors([fields.decision, fields.note], form.errors, fields.decision.id);
  const rows: [string, string | null][] = [
    ["Patient", `${data.patient.name} (born ${data.patient.dateOfBirth})`],
    ["Carer", data.carer.name],
    ["Carer's email address", data.carer.email],
    ["Relationship", data.relationship],
    ["Reason given", data.reason],
    ["Asked on", data.requestedAt],
    ["Status", data.statusLabel],
  ];
  if (data.decided) rows.push(["Decided", `${data.decided.at}${data.decided.by ? ` by ${data.decided.by}` : ""}`], ["Reason recorded", data.decided.note]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <a className="nhsuk-back-link" href={`/${data.code}/patients/${data.patient.id}`}>
          Back to the patient
        </a>
        <ErrorSummary errors={errors} />
        <h1>Carer for {data.patient.name}</h1>
        <dl className="nhsuk-summary-list">
          {rows.map(([key, value]) => (
            <div className="nhsuk-summary-list__row" key={key}>
              <dt className="nhsuk-summary-list__key">{key}</dt>
              <dd className="nhsuk-summary-list__value">{value || "No information provided"}</dd>
            </div>
          ))}
        </dl>
        {data.status === "pending" ? (
          <PostForm {...getFormProps(form)} noValidate>
            <p>
              Approve only when you have checked that {data.carer.name} cares for this patient: a child under 16 and their
              parent or guardian, or an adult patient who has agreed.
            </p>
            <Radios
              meta={fields.decision}
              legend="Your decision"
              options={[
                { value: "approve", label: "Approve: they can see and make requests for this patient" },
                { value: "decline", label: "Decline" },
              ]}
            />
            <TextareaField
              id={fields.note.id}
              name={fields.note.name}
              label="Reason"
              hint="Needed to decline. The carer is told it."
              optional
              rows={3}
              error={fields.note.errors?.[0]}
            />
            <Button>Save decision</Button>
          </PostForm>
        ) : null}
        {data.status === "approved" ? (
          <PostForm {...getFormProps(form)} noValidate>
            <h2>Remove this carer</h2>
            <p>They will no longer see or make requests for this patient.</p>
            <input type="hidden" name="decision" value="remove" />
            <TextareaField id={fields.note.id} name={fields.note.name} label="Reason" hint="The carer is told it." rows={3} error={fields.note.errors?.[0]} />
            <Button variant="warning">Remove carer</Button>
          </PostForm>
        ) : null}
      </div>
    </div>
  );
}
