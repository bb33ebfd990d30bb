import type { PrescriptionView } from "~/domain/online-services/prescriptions.server";
import { ONLINE_SERVICES } from "~/domain/online-services/messages";
import { SummaryRow } from "./Appointments";
import { Confirmation } from "./Confirmations";

/** "Cancel and start new request" (spec 2 §2.6): the selection is lost. The list scrolls at 250px. */
export function StartAgainConfirmation({
  selected,
  inDialog,
  error,
}: {
  selected: Array<{ courseId: string; name: string }>;
  inDialog?: boolean;
  error?: string | null;
}) {
  return (
    <Confirmation
      titleId="start-again-title"
      title="Cancel and start new request"
      action="/prescriptions/start-again"
      backHref="/prescriptions"
      confirmLabel="Yes, start again"
      backLabel="No, go back"
      inDialog={inDialog}
      error={error}
    >
      <p>{ONLINE_SERVICES.startAgainWarning}</p>
      {selected.length > 0 ? (
        <div className="app-scroll-250" role="region" aria-label="Medication you selected" tabIndex={0}>
          <ul className="nhsuk-list nhsuk-list--bullet">
            {selected.map((c) => (
              <li key={c.courseId}>{c.name}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Confirmation>
  );
}

export function PrescriptionSummary({ prescription }: { prescription: PrescriptionView }) {
  return (
    <>
      <dl className="nhsuk-summary-list">
        <SummaryRow label="Date requested" value={prescription.dateRequested} />
        <SummaryRow label="Status" value={prescription.status} />
      </dl>
      <table className="nhsuk-table">
        <caption className="nhsuk-table__caption nhsuk-table__caption--s">Medication</caption>
        <thead className="nhsuk-table__head">
          <tr className="nhsuk-table__row">
            <th scope="col" className="nhsuk-table__header app-table-header-upper">
              Name
            </th>
            <th scope="col" className="nhsuk-table__header app-table-header-upper">
              Dosage
            </th>
          </tr>
        </thead>
        <tbody className="nhsuk-table__body">
          {prescription.courses.map((c) => (
            <tr className="nhsuk-table__row" key={c.courseId}>
              <td className="nhsuk-table__cell">{c.name}</td>
              <td className="nhsuk-table__cell">{c.dosage}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function CancelPrescriptionText({ prescription }: { prescription: PrescriptionView }) {
  return <p>Are you sure you want to cancel your prescription request of {prescription.dateRequested}?</p>;
}
