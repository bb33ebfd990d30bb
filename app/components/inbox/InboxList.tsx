import { Link, useLocation, useNavigate, useOutlet, useParams } from "@remix-run/react";
import { useEffect } from "react";
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
  /** The triage filters: long-term-condition requests hidden or alone; reviews due. */
  ltc: "hide" | "only" | null;
  /** How many requests of this inbox each long-term-condition choice lists (one grouped query). */
  ltcCounts?: { all: number; hide: number; only: number };
  review: "due" | null;
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
    longTermCondition: boolean;
    reviewDate: string | null;
  }[];
};

function status(row: InboxListData["rows"][number]): string {
  if (row.stage === "submitted") return row.awaitingPatientReply ? "Awaiting response" : "Open";
  return row.stage.charAt(0).toUpperCase() + row.stage.slice(1);
}

/** A key press that is the user's to type, not a shortcut: in a field, or with a modifier. */
function typing(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  const tag = target?.tagName ?? "";
  return event.altKey || event.ctrlKey || event.metaKey || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || Boolean(target?.isContentEditable);
}

/**
 * One inbox: a dense table (decision 0114), and the chosen request beside it (1024 px and
 * wider) or below it. Links carry the search, filters, sort and page, so opening a request
 * keeps the list where it was. With JS, J and K open the next and previous request; every
 * request is also a link, so the keys are never needed.
 */
export function InboxList({ data }: { data: InboxListData }) {
  const outlet = useOutlet();
  const navigate = useNavigate();
  const { search } = useLocation();
  const openId = Number(useParams().requestId);
  const keep = new URLSearchParams(search);
  keep.delete("snomed");
  keep.delete("template");
  const query = keep.toString() ? `?${keep}` : "";
  const hrefOf = (id: number) => `${data.basePath}/request-details/${id}${query}`;
  // Links keep the search and filters; a new sort or filter starts again at the first page.
  const listQuery = (changes: Record<string, string | null>) => {
    const q = new URLSearchParams();
    if (data.search) q.set("q", data.search);
    if (data.issueTypeId) q.set("type", String(data.issueTypeId));
    if (data.ltc) q.set("ltc", data.ltc);
    if (data.review) q.set("review", data.review);
    if (data.sort !== "newest") q.set("sort", data.sort);
    if (data.after) q.set("after", data.after);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    const text = q.toString();
    return `${data.basePath}${text ? `?${text}` : ""}`;
  };
  const ids = data.rows.map((r) => r.id).join(",");
  useEffect(() => {
    const order = ids ? ids.split(",").map(Number) : [];
    const onKey = (event: KeyboardEvent) => {
      if (typing(event) || order.length === 0) return;
      const key = event.key.toLowerCase();
      if (key !== "j" && key !== "k") return;
      const at = order.indexOf(openId);
      const next = at === -1 ? 0 : key === "j" ? Math.min(at + 1, order.length - 1) : Math.max(at - 1, 0);
      if (order[next] === openId) return;
      event.preventDefault();
      navigate(hrefOf(order[next]));
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
    // hrefOf depends on the base path and query, both in the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, openId, navigate, data.basePath, query]);
  const sortLink = (sort: "newest" | "oldest" | "urgency") => listQuery({ sort: sort === "newest" ? null : sort, after: null });
  const sortLabels = { newest: "Newest first", oldest: "Oldest first", urgency: "Most urgent first" } as const;
  const countOf = (choice: "all" | "hide" | "only") => (data.ltcCounts ? ` (${data.ltcCounts[choice]})` : "");
  const filtered = Boolean(data.search || data.issueTypeId || data.ltc || data.review);
  const list = (
    <>
      <div className="app-inbox-heading">
        <h1 className="nhsuk-heading-m nhsuk-u-margin-bottom-2">
          {data.caption ? (
            <span className="nhsuk-caption-m">
              {data.caption}
              <span className="nhsuk-u-visually-hidden">: </span>
            </span>
          ) : null}
          {data.title}
        </h1>
        <p className="nhsuk-body-s app-inbox-tools">
          Sort:{" "}
          {(["newest", "oldest", "urgency"] as const).map((sort, i) => (
            <span key={sort}>
              {i > 0 ? " | " : null}
              {data.sort === sort ? <strong>{sortLabels[sort]}</strong> : <Link to={sortLink(sort)}>{sortLabels[sort]}</Link>}
            </span>
          ))}
          {filtered ? (
            <>
              {" · "}
              <Link to={data.basePath}>Clear search</Link>
            </>
          ) : null}
        </p>
      </div>
      {data.away ? (
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>
            {data.away.name} is on {data.away.kind} until {data.away.until}. {data.away.cover ? `${data.away.cover.name} is covering.` : "Nobody has been named to cover."}
          </p>
          {/* A paragraph of its own: a link inside the sentence is told apart only by its underline,
              which the focus style replaces (axe link-in-text-block flagged it as it was clicked). */}
          {data.away.cover && data.away.coverHref ? (
            <p>
              <Link to={data.away.coverHref}>{data.away.cover.name}&apos;s inbox</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <form method="get" action={data.basePath} className="app-inbox-filters" role="search" aria-label={`Search ${data.title}`}>
        {data.sort !== "newest" ? <input type="hidden" name="sort" value={data.sort} /> : null}
        <div className="app-inbox-filters__field app-inbox-filters__field--wide">
          <label className="nhsuk-label" htmlFor="inbox-search">
            Search by name, NHS number, date of birth, reference or words in the request
          </label>
          <input className="nhsuk-input" id="inbox-search" name="q" type="search" defaultValue={data.search} autoComplete="off" />
        </div>
        {data.issueTypes.length > 0 ? (
          <div className="app-inbox-filters__field">
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
        <div className="app-inbox-filters__field">
          <label className="nhsuk-label" htmlFor="inbox-ltc">
            Long-term conditions
          </label>
          <select className="nhsuk-select" id="inbox-ltc" name="ltc" defaultValue={data.ltc ?? ""}>
            <option value="">{`Show them${countOf("all")}`}</option>
            <option value="hide">{`Hide them${countOf("hide")}`}</option>
            <option value="only">{`Show only them${countOf("only")}`}</option>
          </select>
        </div>
        <div className="app-inbox-filters__field">
          <label className="nhsuk-label" htmlFor="inbox-review">
            Review date
          </label>
          <select className="nhsuk-select" id="inbox-review" name="review" defaultValue={data.review ?? ""}>
            <option value="">Any</option>
            <option value="due">Review due</option>
          </select>
        </div>
        <div className="app-inbox-filters__field app-inbox-filters__field--button">
          <button className="nhsuk-button nhsuk-button--secondary nhsuk-button--small" type="submit">
            Search
          </button>
        </div>
      </form>
      {data.rows.length === 0 ? (
        <p>{filtered ? "No requests match your search." : "There are no requests in this inbox."}</p>
      ) : (
        <table className="app-inbox-table">
          <caption className="nhsuk-u-visually-hidden">{data.title} requests</caption>
          <thead>
            <tr>
              <th scope="col" className="app-inbox-table__patient">Patient</th>
              {data.caption ? <th scope="col">Practice</th> : null}
              <th scope="col" className="app-inbox-table__reference">Reference</th>
              <th scope="col">Type</th>
              <th scope="col" className="app-inbox-table__received">Received</th>
              <th scope="col" className="app-inbox-table__urgency">Urgency</th>
              <th scope="col">Assignee</th>
              <th scope="col" className="app-inbox-table__status">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => {
              const open = row.id === openId;
              return (
                <tr key={row.id} className={open ? "app-inbox-table__row--open" : undefined}>
                  <td title={row.patientName}>
                    <Link to={hrefOf(row.id)} aria-current={open ? "page" : undefined}>
                      {row.patientName}
                    </Link>
                  </td>
                  {data.caption ? <td title={row.practiceName ?? undefined}>{row.practiceName}</td> : null}
                  <td>{row.reference}</td>
                  <td title={row.issueTypeName}>
                    {row.longTermCondition ? (
                      <abbr className="app-inbox-table__ltc" title="Long-term condition">
                        LTC
                      </abbr>
                    ) : null}
                    {row.issueTypeName}
                  </td>
                  <td>{formatDateTime(new Date(row.submittedAt))}</td>
                  <td>{row.urgencyId ? urgencyLabel(row.urgencyId) : "–"}</td>
                  <td title={row.assignee ?? "Unassigned"}>{row.assignee ?? "Unassigned"}</td>
                  <td>{status(row)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="nhsuk-body-s app-inbox-tools app-inbox-tools__keys">
        Keyboard (with JavaScript): <kbd>J</kbd> next request, <kbd>K</kbd> previous request
      </p>
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
  if (!outlet) return <div className="app-inbox-list">{list}</div>;
  return (
    <div className="app-inbox-split">
      <div className="app-inbox-split__list app-inbox-list">{list}</div>
      <div className="app-inbox-split__request">{outlet}</div>
    </div>
  );
}
