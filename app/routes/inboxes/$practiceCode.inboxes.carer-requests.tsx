import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { carerRequestsLoader } from "~/web/inbox/inbox-pages.server";
import { formatDateTime } from "~/domain/requests/display";

export const handle = { title: "Carer requests" };

export function loader(args: LoaderFunctionArgs) {
  return carerRequestsLoader(args);
}

/**
 * Carers who asked to act for a patient and wait for the practice (docs/decisions/0070): each
 * opens the carer page where staff approve or decline. In the inbox, where staff already work.
 */
export default function CarerRequests() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      {data.caption ? <span className="nhsuk-caption-l">{data.caption}</span> : null}
      <h1>Carer requests</h1>
      {data.rows.length === 0 ? (
        <p>No carer is waiting for a decision.</p>
      ) : (
        <table className="nhsuk-table">
          <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">Carers waiting for a decision, oldest first</caption>
          <thead className="nhsuk-table__head">
            <tr>
              <th scope="col">Patient</th>
              <th scope="col">Carer</th>
              {data.caption ? <th scope="col">Practice</th> : null}
              <th scope="col">Asked</th>
            </tr>
          </thead>
          <tbody className="nhsuk-table__body">
            {data.rows.map((r) => (
              <tr className="nhsuk-table__row" key={r.key}>
                <td className="nhsuk-table__cell">
                  <a href={r.href}>{r.patientName}</a>
                </td>
                <td className="nhsuk-table__cell">
                  {r.carerName}
                  {r.relationship ? ` (${r.relationship})` : ""}
                </td>
                {data.caption ? <td className="nhsuk-table__cell">{r.practiceName}</td> : null}
                <td className="nhsuk-table__cell">{formatDateTime(new Date(r.requestedAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
