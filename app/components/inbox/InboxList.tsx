import { Link, useLocation, useOutlet, useParams } from "@remix-run/react";
import { formatDateTime } from "~/domain/requests/display";
import { urgencyLabel } from "~/domain/inbox/transitions";

export type InboxListData = {
  title: string;
  /** "All practices" in the federated inbox, whose rows name their practice. */
  caption: string | null;
  basePath: string;
  sort: "newest" | "oldest" | "urgency";
  after: string | null;
  search: string;
  issueTypeId: number | null;
  /** For the type filter; empty in an issue-type inbox (already one type). */
  issueTypes: { id: number; name: string }[];
  next: string | null;
  /** A personal inbox whose owner is on leave today: until when, and who covers (decision 0098). */
  away?: { name: string; kind: string; until: string; cover: { id: number; name: string } | null; coverHref: string | null } | null;
  rows: {
    id: number;
    practiceName: string | null;
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
  // Links keep the search and filter; a new sort or filter starts again at the first page.
  const listQuery = (changes: Record<string, string | null>) => {
    const q = new URLSearchParams();
    if (data.search) q.set("q", data.search);
    if (data.issueTypeId) q.set("type", String(data.issueTypeId));
    if (data.sort !== "newest") q.set("sort", data.sort);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    const text = q.toString();
    return `${data.basePath}${text ? `?${text}` : ""}`;
  };
  const sortLink = (sort: "newest" | "oldest" | "urgency") => listQuery({ sort: sort === "newest" ? null : sort, after: null });
  const sortLabels = { newest: "Newest first", oldest: "Oldest first", urgency: "Most urgent first" } as const;
  const list = (
    <>
      <h1 className={outlet ? "nhsuk-heading-m" : "nhsuk-heading-l"}>
        {data.caption ? (
          <span className={outlet ? "nhsuk-caption-m" : "nhsuk-caption-l"}>
            {data.caption}
            <span className="nhsuk-u-visually-hidden">: </span>
          </span>
        ) : null}
        {data.title}
      </h1>
      {data.away ? (
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>
            {data.away.name} is on {data.away.kind} until {data.away.until}.{" "}
            {data.away.cover ? (
              <>
                {data.away.cover.name} is covering{data.away.coverHref ? <>: <Link to={data.away.coverHref}>{data.away.cover.name}&apos;s inbox</Link></> : null}.
              </>
            ) : (
              "Nobody has been named to cover."
            )}
          </p>
        </div>
      ) : null}
      <form method="get" action={data.basePath} className="app-inbox-search" role="search" aria-label={`Search ${data.title}`}>
        {data.sort !== "newest" ? <input type="hidden" name="sort" value={data.sort} /> : null}
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor="inbox-search">
            Search by name, NHS number, date of birth, reference or words in the request
          </label>
          <input className="nhsuk-input" id="inbox-search" name="q" type="search" defaultValue={data.search} autoComplete="off" />
        </div>
        {data.issueTypes.length > 0 ? (
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="inbox-type">
              Type of request
            </label>
            <select className="nhsuk-select" id="inbox-type" name="type" defaultValue={data.issueTypeId ? String(data.issueTypeId) : ""}>
              <option value="">All types</option>
              {data.issueTypes.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button className="nhsuk-button nhsuk-button--secondary" type="submit">
          Search
        </button>
        {data.search || data.issueTypeId ? (
          <p className="nhsuk-body-s">
            <Link to={data.basePath}>Clear search</Link>
          </p>
        ) : null}
      </form>
      <p className="nhsuk-body-s">
        Sort:{" "}
        {(["newest", "oldest", "urgency"] as const).map((sort, i) => (
          <span key={sort}>
            {i > 0 ? " | " : null}
            {data.sort === sort ? <strong>{sortLabels[sort]}</strong> : <Link to={sortLink(sort)}>{sortLabels[sort]}</Link>}
          </span>
        ))}
      </p>
      {data.rows.length === 0 ? (
        <p>{data.search || data.issueTypeId ? "No requests match your search." : "There are no requests in this inbox."}</p>
      ) : outlet ? (
        // Beside an open request the list is narrow: one compact item per request.
        <ul className="nhsuk-list app-inbox-compact">
          {data.rows.map((row) => (
            <li key={row.id} className={row.id === openId ? "app-inbox-compact__item app-inbox-compact__item--open" : "app-inbox-compact__item"}>
              <Link to={`${data.basePath}/request-details/${row.id}${query}`} aria-current={row.id === openId ? "page" : undefined}>
                {row.patientName}
              </Link>
              <span className="nhsuk-body-s app-inbox-compact__meta">
                {row.practiceName ? `${row.practiceName} · ` : null}
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
              {data.caption ? <th scope="col" className="nhsuk-table__header">Practice</th> : null}
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
                {data.caption ? <td className="nhsuk-table__cell">{row.practiceName}</td> : null}
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
              <Link className="nhsuk-pagination__link nhsuk-pagination__link--prev" to={listQuery({ after: null })}>
                <span className="nhsuk-pagination__title">First page</span>
              </Link>
            </li>
          ) : null}
          {data.next ? (
            <li className="nhsuk-pagination-item--next">
              <Link className="nhsuk-pagination__link nhsuk-pagination__link--next" to={listQuery({ after: data.next })}>
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
