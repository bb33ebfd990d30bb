import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDateTime } from "~/domain/requests/display";
import { requestReference } from "~/domain/requests/reference";
import { staffSubmittedRequest } from "~/domain/requests/staff-submitted.server";
import { auditPatient, requirePatientStaff } from "~/web/patients/patient-staff.server";
import { notFound } from "~/web/responses.server";
import { parseId } from "~/validation/ids";

export const handle = { title: "Request sent" };

/**
 * /{code}/submitted/{id} (spec 3 §2 Inboxes; staff): where a request staff started for a
 * patient ends: its reference, and where to go next (the request in the inbox, the patient).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  const id = parseId(params.id);
  if (id === null) throw notFound();
  const entry = await staffSubmittedRequest(context.db, staff.practice.id, id);
  await auditPatient(context, staff, "request.staff_submitted_view", entry.patientId, { entryId: entry.id });
  const code = staff.practice.urlCode;
  return json({
    reference: requestReference(entry.id),
    patientName: `${entry.firstName} ${entry.lastName}`,
    issueType: entry.issueType,
    sentAt: entry.submittedAt ? formatDateTime(new Date(entry.submittedAt)) : null,
    requestHref: `/${code}/inboxes/all/request-details/${entry.id}`,
    patientHref: `/${code}/patients/${entry.patientId}`,
    anotherHref: `/${code}/message/staff/${entry.patientId}`,
  });
}

export default function StaffSubmitted() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <div className="nhsuk-panel">
          <h1 className="nhsuk-panel__title">Request sent</h1>
          <div className="nhsuk-panel__body">
            The reference is
            <br />
            <strong>{data.reference}</strong>
          </div>
        </div>
        <p>
          {data.issueType} request for {data.patientName}, sent {data.sentAt}. It is in the practice&apos;s inboxes, and the patient has been told.
        </p>
        <ul className="nhsuk-list">
          <li>
            <a href={data.requestHref}>Open the request</a>
          </li>
          <li>
            <a href={data.patientHref}>Back to {data.patientName}&apos;s record</a>
          </li>
          <li>
            <a href={data.anotherHref}>Start another request for this patient</a>
          </li>
        </ul>
      </div>
    </div>
  );
}
