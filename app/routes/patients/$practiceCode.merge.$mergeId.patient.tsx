import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { copy } from "~/copy";
import { formatDateTime } from "~/domain/requests/display";
import { requestReference } from "~/domain/requests/reference";
import { canUndoMerge, MERGE_MESSAGES, undoDeadline, UndoMergeSchema } from "~/domain/patients/merge";
import { loadMerge, undoMerge } from "~/domain/patients/merge.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { auditPatient, requirePatientStaff } from "~/web/patients/patient-staff.server";
import { notFound } from "~/web/responses.server";
import { formatDate } from "~/validation/dates";
import { parseId } from "~/validation/ids";

export const handle = { title: "Merged patient record" };

/**
 * /{code}/merge/{merge_id}/patient (spec 3 §2 Patients; gp or receptionist): the result of a
 * merge, what moved, and its Undo for 14 days (docs/decisions/0110-merging-patients.md).
 */
async function load(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  const mergeId = parseId(params.mergeId);
  if (mergeId === null) throw notFound();
  const merge = await loadMerge(context.db, staff.practice.id, mergeId);
  return { staff, merge };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { staff, merge } = await load(request, context, params);
  await auditPatient(context, staff, "patient.merge_result_view", merge.kept.id, { mergeId: merge.id });
  const now = context.clock.now();
  const code = staff.practice.urlCode;
  return json({
    code,
    kept: { id: merge.kept.id, name: `${merge.kept.firstName} ${merge.kept.lastName}`, dateOfBirth: formatDate(merge.kept.dateOfBirth) },
    merged: { name: `${merge.mergedBefore.firstName ?? ""} ${merge.mergedBefore.lastName ?? ""}`.trim(), dateOfBirth: merge.mergedBefore.dateOfBirth ? formatDate(merge.mergedBefore.dateOfBirth) : null },
    mergedAt: formatDateTime(merge.mergedAt),
    mergedBy: merge.mergedByName,
    undone: merge.undoneAt ? { at: formatDateTime(merge.undoneAt), by: merge.undoneByName } : null,
    requests: merge.movedEntryIds.map((id) => ({ id, reference: requestReference(id) })),
    carers: merge.movedCarerLinkIds.length,
    canUndo: canUndoMerge(merge.mergedAt, now, merge.undoneAt),
    undoUntil: formatDateTime(undoDeadline(merge.mergedAt)),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, merge } = await load(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: UndoMergeSchema });
  if (submission.status !== "success") return formRejected(submission);
  const result = await undoMerge(context, { userId: staff.viewer.userId, practiceId: staff.practice.id }, merge.id);
  if (result.status === "already_undone") return json({ lastResult: submission.reply({ formErrors: [MERGE_MESSAGES.alreadyMerged] }) }, { status: 409 });
  if (result.status === "expired") return formRejected(submission, { formErrors: [MERGE_MESSAGES.undoExpired] });
  return redirectWithFlash(request, context, `/${staff.practice.urlCode}/merge/${merge.id}/patient`, { kind: "success", text: MERGE_MESSAGES.undone });
}

export default function MergeResult() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formErrors = actionData?.lastResult.error?.[""] ?? [];
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <a className="nhsuk-back-link" href={`/${data.code}/patients/${data.kept.id}`}>
          Back to the patient
        </a>
        <ErrorSummary errors={formErrors.map((message) => ({ fieldId: "merge-status", message }))} />
        <h1>{data.undone ? "Merge undone" : "Records merged"}</h1>
        <dl className="nhsuk-summary-list" id="merge-status" tabIndex={-1}>
          <Row label="Kept record" value={`${data.kept.name} (born ${data.kept.dateOfBirth})`} />
          <Row label="Duplicate" value={`${data.merged.name}${data.merged.dateOfBirth ? ` (born ${data.merged.dateOfBirth})` : ""}`} />
          <Row label="Merged" value={`${data.mergedAt}${data.mergedBy ? ` by ${data.mergedBy}` : ""}`} />
          <Row label="Requests moved" value={data.requests.length ? data.requests.map((r) => r.reference).join(", ") : "None"} />
          <Row label="Carers moved" value={String(data.carers)} />
          {data.undone ? <Row label="Undone" value={`${data.undone.at}${data.undone.by ? ` by ${data.undone.by}` : ""}`} /> : null}
        </dl>
        <p>
          <a href={`/${data.code}/patients/${data.kept.id}`}>
            View {data.kept.name}&apos;s record
          </a>
        </p>
        {data.canUndo ? (
          <PostForm method="post">
            <h2>Undo this merge</h2>
            <p>The requests and carers go back to the duplicate, and both records get their details from before. You can undo until {data.undoUntil}.</p>
            <input type="hidden" name="intent" value="undo" />
            <Button variant="secondary">Undo merge</Button>
          </PostForm>
        ) : !data.undone ? (
          <p>{MERGE_MESSAGES.undoExpired}.</p>
        ) : null}
      </div>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{label}</dt>
      <dd className="nhsuk-summary-list__value">{value || copy.noInformation}</dd>
    </div>
  );
}
