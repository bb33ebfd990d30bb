import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Radios } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button, InputField } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { Table } from "~/components/Table";
import { copy } from "~/copy";
import { audit } from "~/domain/audit/audit.server";
import { gp_or_reception_or_practice_admin, isStaffAt } from "~/domain/auth/guards";
import { formatNhsNumber } from "~/domain/patients/nhs-number";
import { GENDERS } from "~/domain/patients/patient-forms";
import { differingFields, MERGE_FIELDS, MERGE_MESSAGES, MergeSchema, type MergeDetails, type MergeFieldKey } from "~/domain/patients/merge";
import { detailsOf, duplicateCandidates, isGuestRecord, mergeablePatient, mergePatients, mergesInto } from "~/domain/patients/merge.server";
import { MAX_SEARCH_LENGTH, parsePatientSearch } from "~/domain/patients/patient-search";
import { requireViewer, toGuardViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import { formatDate } from "~/validation/dates";
import { parseId } from "~/validation/ids";

// Not the patient's name: titles end up in browser history on shared practice PCs.
export const handle = { title: "Merge patient records" };

/**
 * /{code}/merge/{patient_id} (spec 3 §2 Patients; gp, receptionist or practice admin): find the
 * duplicate of this record (a guest's record of the same person, say), compare the two side by
 * side, choose which details the kept record takes, and merge: the duplicate's requests and
 * carers move here (app/domain/patients/merge.server.ts, docs/decisions/0110).
 */
async function load(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  const { viewer, practice } = await requireViewer(request, context, [gp_or_reception_or_practice_admin], { practiceCode: params.practiceCode ?? "" });
  if (!practice) throw notFound();
  const id = parseId(params.patientId);
  const patient = id === null ? null : await mergeablePatient(context.db, practice.id, id);
  if (!patient) throw notFound();
  return { viewer, practice, patient };
}

const show = (key: MergeFieldKey, d: MergeDetails): string | null => {
  const v = d[key];
  if (!v) return null;
  if (key === "dateOfBirth") return formatDate(v);
  if (key === "nhsNumber") return formatNhsNumber(v);
  if (key === "gender") return GENDERS.find((g) => g.value === v)?.label ?? v;
  return v;
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice, patient } = await load(request, context, params);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH).trim();
  const search = parsePatientSearch(q);
  const searchInput =
    search.kind === "nhs-number" ? { nhsNumber: search.digits } : search.kind === "date-of-birth" ? { dateOfBirth: search.iso } : search.kind === "name" ? { name: search.terms[0] } : search.kind === "invalid" ? {} : null;
  const duplicateParam = url.searchParams.get("duplicate");
  const duplicateId = duplicateParam === null ? null : parseId(duplicateParam);
  const duplicate = duplicateId === null || duplicateId === patient.id ? null : await mergeablePatient(context.db, practice.id, duplicateId);
  if (duplicateParam !== null && !duplicate) throw notFound();
  const [candidates, merges, duplicateIsGuest] = await Promise.all([
    duplicate ? Promise.resolve([]) : duplicateCandidates(context.db, practice.id, patient, searchInput),
    mergesInto(context.db, practice.id, patient.id),
    duplicate ? isGuestRecord(context.db, duplicate) : Promise.resolve(false),
  ]);
  await audit(context.db, { actorUserId: viewer.userId, practiceId: practice.id, action: "patient.merge_view", subjectType: "patient", subjectId: patient.id, detail: { duplicate: duplicate?.id ?? null, searched: Boolean(q) }, at: context.clock.now() });
  const kept = detailsOf(patient);
  const staffHere = isStaffAt(toGuardViewer(viewer, context.clock.now()), practice.id);
  return json({
    code: practice.urlCode,
    patient: { id: patient.id, name: `${patient.firstName} ${patient.lastName}`, dateOfBirth: formatDate(patient.dateOfBirth) },
    // The patient page is for gp and receptionist only.
    patientHref: staffHere ? `/${practice.urlCode}/patients/${patient.id}` : null,
    q,
    searched: searchInput !== null,
    candidates: candidates.map((c) => ({
      id: c.id,
      name: `${c.firstName} ${c.lastName}`,
      dateOfBirth: formatDate(c.dateOfBirth),
      nhsNumber: c.nhsNumber ? formatNhsNumber(c.nhsNumber) : null,
      kind: c.isGuest ? "Guest" : c.userId !== null ? "Has account" : c.nonDigital ? "Non-digital" : "No account",
      requests: c.requestCount,
    })),
    compare: duplicate
      ? {
          id: duplicate.id,
          name: `${duplicate.firstName} ${duplicate.lastName}`,
          guest: duplicateIsGuest,
          rows: MERGE_FIELDS.map((f) => ({ key: f.key, label: f.label, kept: show(f.key, kept), duplicate: show(f.key, detailsOf(duplicate)) })),
          differing: differingFields(kept, detailsOf(duplicate)),
        }
      : null,
    merges: merges.map((m) => ({ id: m.id, at: formatDate(m.mergedAt), undone: m.undoneAt !== null })),
    staffHere,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, patient } = await load(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: MergeSchema });
  if (submission.status !== "success") return formRejected(submission);
  const { duplicate, ...choices } = submission.value;
  if (duplicate === patient.id) return formRejected(submission, { formErrors: [MERGE_MESSAGES.sameRecord] });
  const result = await mergePatients(context, { userId: viewer.userId, practiceId: practice.id }, { keptId: patient.id, duplicateId: duplicate, choices });
  if (result.status === "gone") return formRejected(submission, { formErrors: [MERGE_MESSAGES.notFound] });
  if (result.status === "conflict") return formRejected(submission, { formErrors: [result.message] });
  // The merge's own page (with its Undo) is for gp and receptionist; a practice admin stays here.
  const staffHere = isStaffAt(toGuardViewer(viewer, context.clock.now()), practice.id);
  const to = staffHere ? `/${practice.urlCode}/merge/${result.mergeId}/patient` : `/${practice.urlCode}/merge/${patient.id}`;
  return redirectWithFlash(request, context, to, { kind: "success", text: MERGE_MESSAGES.merged });
}

export default function MergePatient() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const compare = data.compare;
  const [form, fields] = useNhsForm(MergeSchema, {
    lastResult: actionData?.lastResult,
    defaultValue: Object.fromEntries(MERGE_FIELDS.map((f) => [f.key, "kept"])),
  });
  const choiceFields = compare ? compare.differing.map((k) => fields[k]) : [];
  const errors = summaryErrors(choiceFields, form.errors, "merge-confirm");
  return (
    <>
      {data.patientHref ? (
        <a className="nhsuk-back-link" href={data.patientHref}>
          Back to the patient
        </a>
      ) : null}
      <ErrorSummary errors={errors} />
      <span className="nhsuk-caption-l">
        {data.patient.name}, born {data.patient.dateOfBirth}
      </span>
      <h1>Merge a duplicate record into this one</h1>
      {!compare ? (
        <>
          <p>This record is kept. The duplicate&apos;s requests, files, carers and history move to it. You can undo a merge for 14 days.</p>
          <form method="get" action={`/${data.code}/merge/${data.patient.id}`}>
            <InputField id="merge-search" name="q" label="Search for the duplicate" hint="Name, NHS number or date of birth (DD/MM/YYYY)" defaultValue={data.q} />
            <Button variant="secondary">Search</Button>
          </form>
          <h2>{data.searched ? "Records found" : "Possible duplicates"}</h2>
          {data.candidates.length ? (
            <Table caption={data.searched ? "Records found" : "Possible duplicates: the same NHS number, or the same date of birth and name"} columns={["Name", "Date of birth", "NHS number", "Record", "Requests", { hidden: "Compare" }]}>
              {data.candidates.map((c) => (
                <tr className="nhsuk-table__row" key={c.id}>
                  <td className="nhsuk-table__cell">{c.name}</td>
                  <td className="nhsuk-table__cell">{c.dateOfBirth}</td>
                  <td className="nhsuk-table__cell">{c.nhsNumber ?? copy.noInformation}</td>
                  <td className="nhsuk-table__cell">{c.kind === "Guest" ? <strong className="nhsuk-tag nhsuk-tag--yellow">Guest</strong> : c.kind}</td>
                  <td className="nhsuk-table__cell">{c.requests}</td>
                  <td className="nhsuk-table__cell">
                    <a href={`/${data.code}/merge/${data.patient.id}?duplicate=${c.id}`}>
                      Compare<span className="nhsuk-u-visually-hidden"> with {c.name}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </Table>
          ) : (
            <p>{data.searched ? "No other record matches your search." : "No record looks like a duplicate of this one. Search by name, NHS number or date of birth."}</p>
          )}
          {data.merges.length ? (
            <>
              <h2>Earlier merges into this record</h2>
              <ul className="nhsuk-list">
                {data.merges.map((m) => (
                  <li key={m.id}>
                    {data.staffHere ? <a href={`/${data.code}/merge/${m.id}/patient`}>Merge of {m.at}</a> : `Merge of ${m.at}`}
                    {m.undone ? " (undone)" : ""}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : (
        <>
          <Table caption="The two records side by side" captionSize="m" columns={["Detail", "This record (kept)", compare.guest ? "Duplicate (guest)" : "Duplicate"]}>
            {compare.rows.map((r) => (
              <tr className="nhsuk-table__row" key={r.key}>
                <th scope="row" className="nhsuk-table__cell">
                  {r.label}
                </th>
                <td className="nhsuk-table__cell">{r.kept ?? copy.noInformation}</td>
                <td className="nhsuk-table__cell">{r.duplicate ?? copy.noInformation}</td>
              </tr>
            ))}
          </Table>
          <PostForm {...getFormProps(form)} noValidate>
            <input type="hidden" name="duplicate" value={compare.id} />
            {compare.differing.length ? (
              <>
                <h2>Choose what to keep</h2>
                {compare.rows
                  .filter((r) => compare.differing.includes(r.key))
                  .map((r) => (
                    <Radios
                      key={r.key}
                      meta={fields[r.key]}
                      legend={r.label}
                      options={[
                        { value: "kept", label: `Keep: ${r.kept ?? copy.noInformation}` },
                        { value: "duplicate", label: `Use the duplicate's: ${r.duplicate ?? copy.noInformation}` },
                      ]}
                    />
                  ))}
              </>
            ) : (
              <p>The two records have the same details.</p>
            )}
            <p id="merge-confirm" tabIndex={-1}>
              The duplicate&apos;s requests, files, carers and history move to this record, and the duplicate is hidden from the patient list. You can undo the merge for 14 days.
            </p>
            <Button>Merge records</Button>
          </PostForm>
          <p>
            <a href={`/${data.code}/merge/${data.patient.id}`}>Choose a different record</a>
          </p>
        </>
      )}
    </>
  );
}
