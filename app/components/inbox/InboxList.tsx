import { Link, useLocation, useOutlet, useParams } from "@remix-run/react";
import { formatDateTime } from "~/domain/requests/display";
import { urgencyLabel } from "~/domain/inbox/transitions";

export type InboxListData = {
  title: string;
  basePath: string;
  sort: "newest" | "oldest";
  after: string | null;
  next: string | null;
  rows: {
    id: number;
    reference: string;
    patientName: string;
    issueTypeName: string;
    submittedAt: string;
    urgencyId: number | null;
    assignee: string | null;
    stage: string;
    awaitingPatientReply: boolean;
  }[];
};

function status(row: InboxListData["rows"][number]): string {
  if (row.stage === "submitted") return row.awaitingPatientReply ? "Awaiting response" : "Open";
  return row.stage.charAt(0).toUpperCase() + row.stage.slice(1);
}

/**
 * One inbox: the list, and the chosen request beside it (wide screens) or below it. Links
 * carry the sort and page, so opening a request keeps the list where it was.
 */
export function InboxList({ data }: { data: InboxListData }) {
  const outlet = useOutlet();
  const { search } = useLocation();
  const openId = Number(useParams().requestId);
  const keep = new URLSearchParams(search);
  keep.delete("snomed");
  const query = keep.toString() ? `?${keep}` : "";
  const sortLink = (sort: "newest" | "oldest") => `${data.basePath}?sort=${sort}`;
  const list = (
    <>
      <h1 className={outlet ? "nhsuk-heading-m" : "nhsuk-heading-l"}>{data.title}</h1>
      <p className="nhsuk-body-s">
        Sort:{" "}
        {data.sort === "newest" ? <strong>Newest first</strong> : <Link to={sortLink("newest")}>Newest first</Link>}
        {" | "}
        {data.sort === "oldest" ? <strong>Oldest first</strong> : <Link to={sortLink("oldest")}>Oldest first</Link>}
      </p>
      {data.rows.length === 0 ? (
        <p>There are no requests in this inbox.</p>
      ) : outlet ? (
        // Beside an open request the list is narrow: one compact item per request.
        <ul className="nhsuk-list app-inbox-compact">
          {data.rows.map((row) => (
            <li key={row.id} className={row.id === openId ? "app-inbox-compact__item app-inbox-compact__item--open" : "app-inbox-compact__item"}>
              <Link to={`${data.basePath}/request-details/${row.id}${query}`} aria-current={row.id === openId ? "page" : undefined}>
                {row.patientName}
              </Link>
              <span className="nhsuk-body-s app-inbox-compact__meta">
                {row.reference} · {row.issueTypeName} · {formatDateTime(new Date(row.submittedAt))} · {status(row)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <table className="nhsuk-table app-inbox-table">
          <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">{data.title} requests</caption>
          <thead className="nhsuk-table__head">
            <tr className="nhsuk-table__row">
              <th scope="col" className="nhsuk-table__header">Patient</th>
              <th scope="col" className="nhsuk-table__header">Request</th>
              <th scope="col" className="nhsuk-table__header">Sent</th>
              <th scope="col" className="nhsuk-table__header">Status</th>
            </tr>
          </thead>
          <tbody className="nhsuk-table__body">
            {data.rows.map((row) => (
              <tr className="nhsuk-table__row" key={row.id}>
                <td className="nhsuk-table__cell">
                  <Link to={`${data.basePath}/request-details/${row.id}${query}`}>{row.patientName}</Link>
                  <br />
                  <span className="nhsuk-body-s">{row.reference}</span>
                </td>
                <td className="nhsuk-table__cell">
                  {row.issueTypeName}
                  {row.urgencyId ? <span className="nhsuk-body-s"> ({urgencyLabel(row.urgencyId)})</span> : null}
                </td>
                <td className="nhsuk-table__cell">{formatDateTime(new Date(row.submittedAt))}</td>
                <td className="nhsuk-table__cell">
                  {status(row)}
                  {row.assignee ? <span className="nhsuk-body-s"> – {row.assignee}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="nhsuk-pagination" role="navigation" aria-label="Pagination">
        <ul className="nhsuk-list nhsuk-pagination__list">
          {data.after ? (
            <li className="nhsuk-pagination-item--previous">
              <Link className="nhsuk-pagination__link nhsuk-pagination__link--prev" to={`${data.basePath}?sort=${data.sort}`}>
                <span className="nhsuk-pagination__title">First page</span>
              </Link>
            </li>
          ) : null}
          {data.next ? (
            <li className="nhsuk-pagination-item--next">
              <Link className="nhsuk-pagination__link nhsuk-pagination__link--next" to={`${data.basePath}?sort=${data.sort}&after=${encodeURIComponent(data.next)}`}>
                <span className="nhsuk-pagination__title">Next page</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
    </>
  );
  if (!outlet) return list;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-one-third app-inbox-list--beside">{list}</div>
      <div className="nhsuk-grid-column-two-thirds">{outlet}</div>
    </div>
  );
}
