import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatNhsNumber } from "~/domain/patients/nhs-number";
import { decodeRequestCursor, encodeRequestCursor, listPatientRequests, stageLabel } from "~/domain/patients/patient-directory.server";
import { GENDERS } from "~/domain/patients/patient-forms";
import { STAFF_STATUS_LABELS } from "~/domain/dependents/proxy-links";
import { linksOfPatient } from "~/domain/dependents/proxy-links.server";
import { auditPatient, requirePatientStaff, requirePracticePatient } from "~/web/patients/patient-staff.server";
import { requestReference } from "~/domain/requests/reference";
import { formatDate } from "~/validation/dates";

const londonDay = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "numeric" });
/** The day a request was sent, in the practice's time (Europe/London). */
const londonDate = (at: Date) => londonDay.format(at);

// Not the patient's name: titles end up in browser history on shared practice PCs.
export const handle = { title: "Patient details" };

/** /{code}/patients/{id}: the patient's details and their requests, newest first. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  const patient = await requirePracticePatient(context, staff.practice, params.patientId);
  const url = new URL(request.url);
  const before = decodeRequestCursor(url.searchParams.get("older"));
  const [requests, carers] = await Promise.all([
    listPatientRequests(context.db, { practiceId: staff.practice.id, patientId: patient.id, before }),
    linksOfPatient(context.db, staff.practice.id, patient.id),
  ]);
  await auditPatient(context, staff, "patient.view", patient.id, { requests: requests.rows.length, paged: Boolean(before) });
  const code = staff.practice.urlCode;
  return json({
    code,
    id: patient.id,
    name: `${patient.firstName} ${patient.lastName}`,
    details: [
      ["First name", patient.firstName],
      ["Last name", patient.lastName],
      ["Date of birth", formatDate(patient.dateOfBirth)],
      ["NHS number", patient.nhsNumber ? formatNhsNumber(patient.nhsNumber) : null],
      ["Gender", GENDERS.find((g) => g.value === patient.gender)?.label ?? null],
      ["Email address", patient.email],
      ["Mobile phone number", patient.mobile],
      ["Other phone number", patient.phone],
      ["Address line", patient.addressLine1],
      ["Town or city", patient.town],
      ["Postcode", patient.postcode],
      ["Account", patient.userId !== null ? "Has account" : patient.nonDigital ? "Non-digital" : "No account"],
    ] as [string, string | null][],
    requests: requests.rows.map((r) => ({
      id: r.id,
      reference: requestReference(r.id),
      issueType: r.issueType,
      date: londonDate(r.submittedAt),
      stage: stageLabel(r),
    })),
    // Carers who act (or asked to act) for this patient: a pending one waits for staff here.
    carers: carers.map((c) => ({
      name: c.carerName,
      relationship: c.relationship,
      status: STAFF_STATUS_LABELS[c.status],
      pending: c.status === "pending",
      href: `/${code}/${patient.id}/carer/${c.carerUserId}`,
    })),
    olderHref: requests.next ? `/${code}/patients/${patient.id}?older=${encodeRequestCursor(requests.next)}` : null,
    newestHref: before ? `/${code}/patients/${patient.id}` : null,
  });
}

export default function PatientPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <a className="nhsuk-back-link" href={`/${data.code}/patients`}>
        Back to patients
      </a>
      <h1>{data.name}</h1>
      <h2>Details</h2>
      <dl className="nhsuk-summary-list">
        {data.details.map(([key, value]) => (
          <div className="nhsuk-summary-list__row" key={key}>
            <dt className="nhsuk-summary-list__key">{key}</dt>
            <dd className="nhsuk-summary-list__value">{value || "No information provided"}</dd>
          </div>
        ))}
      </dl>
      <p>
        <a href={`/${data.code}/patients/${data.id}/edit-details`}>
          Edit details<span className="nhsuk-u-visually-hidden"> of {data.name}</span>
        </a>
        {" | "}
        <a href={`/${data.code}/merge/${data.id}`}>
          Merge a duplicate record<span className="nhsuk-u-visually-hidden"> into {data.name}&apos;s</span>
        </a>
      </p>
      <h2>Carers</h2>
      {data.carers.length ? (
        <dl className="nhsuk-summary-list">
          {data.carers.map((c) => (
            <div className="nhsuk-summary-list__row" key={c.href}>
              <dt className="nhsuk-summary-list__key">
                {c.name}
                {c.relationship ? <span className="nhsuk-u-font-weight-normal">{` (${c.relationship})`}</span> : null}
              </dt>
              <dd className="nhsuk-summary-list__value">
                {c.pending ? <strong className="nhsuk-tag nhsuk-tag--yellow">{c.status}</strong> : c.status}
              </dd>
              <dd className="nhsuk-summary-list__actions">
                <a href={c.href}>
                  {c.pending ? "Review" : "View"}
                  <span className="nhsuk-u-visually-hidden"> carer {c.name}</span>
                </a>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>No carer acts for this patient.</p>
      )}
      <h2>Requests</h2>
      <p>
        <a className="nhsuk-button nhsuk-button--secondary" href={`/${data.code}/message/staff/${data.id}`}>
          Start a request for this patient
        </a>
      </p>
      {data.requests.length ? (
        <table className="nhsuk-table">
          <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">Requests of {data.name}, newest first</caption>
          <thead className="nhsuk-table__head">
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">Type</th>
              <th scope="col">Sent</th>
              <th scope="col">Stage</th>
            </tr>
          </thead>
          <tbody className="nhsuk-table__body">
            {data.requests.map((r) => (
              <tr className="nhsuk-table__row" key={r.id}>
                <td className="nhsuk-table__cell">
                  <a href={`/${data.code}/inboxes/all/request-details/${r.id}`}>{r.reference}</a>
                </td>
                <td className="nhsuk-table__cell">{r.issueType}</td>
                <td className="nhsuk-table__cell">{r.date}</td>
                <td className="nhsuk-table__cell">{r.stage}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{data.newestHref ? "There are no older requests." : "This patient has not sent any requests."}</p>
      )}
      {data.olderHref || data.newestHref ? (
        <p>
          {data.newestHref ? <a href={data.newestHref}>Newest requests</a> : null}
          {data.newestHref && data.olderHref ? " · " : null}
          {data.olderHref ? <a href={data.olderHref}>Older requests</a> : null}
        </p>
      ) : null}
    </>
  );
}
