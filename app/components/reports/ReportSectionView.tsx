/** One report section: heading, chart, summary, the data table and the CSV download of that table. */
import type { SectionData, SectionList } from "~/domain/reports/sections";
import { Pager } from "~/components/admin/AdminKit";
import { DETAILS_PAGE_SIZE } from "~/domain/reports/request-details";
import { ChartKey, ReportChart } from "./ReportChart";

/**
 * `pageHref(n)`: the report's address showing page n of a listing section (Request details),
 * kept on that section when the page is followed.
 */
export function ReportSectionView({ section, csvHref, pageHref }: { section: SectionData; csvHref: string; pageHref: (page: number) => string }) {
  const headingId = `section-${section.id}`;
  return (
    <section className="nhsuk-u-margin-bottom-7" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.name}</h2>
      <ReportChart section={section} />
      <ChartKey names={section.series.map((s) => s.name)} />
      {section.summary.map((s) => (
        <p key={s}>{s}</p>
      ))}
      <div className="app-report-table">
        <table className="nhsuk-table" id={`table-${section.id}`}>
          <caption className="nhsuk-table__caption nhsuk-table__caption--s">{section.name}: data</caption>
          <thead className="nhsuk-table__head">
            <tr className="nhsuk-table__row">
              <th scope="col" className="nhsuk-table__header">
                {section.categoryHeading}
              </th>
              {section.series.map((s) => (
                <th key={s.name} scope="col" className="nhsuk-table__header nhsuk-table__header--numeric">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="nhsuk-table__body">
            {section.categories.map((c, i) => (
              <tr key={c.key} className="nhsuk-table__row">
                <th scope="row" className="nhsuk-table__header">
                  {c.href ? <a href={c.href}>{c.label}</a> : c.label}
                </th>
                {section.series.map((s) => (
                  <td key={s.name} className="nhsuk-table__cell nhsuk-table__cell--numeric">
                    {s.values[i] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <a href={csvHref}>
          Download {section.name.toLowerCase()} as CSV
        </a>
      </p>
      {section.list ? <SectionListView section={section} list={section.list} csvHref={`${csvHref}&rows=all`} pageHref={pageHref} /> : null}
    </section>
  );
}

/** The requests one by one, a page at a time, newest first; the CSV link gives every one of the period. */
function SectionListView({ section, list, csvHref, pageHref }: { section: SectionData; list: SectionList; csvHref: string; pageHref: (page: number) => string }) {
  const headingId = `list-${section.id}`;
  if (list.total === 0) {
    return (
      <>
        <h3 id={headingId}>Requests in this period</h3>
        <p>No requests were sent in this period.</p>
      </>
    );
  }
  const first = (list.page - 1) * DETAILS_PAGE_SIZE + 1;
  const last = first + list.rows.length - 1;
  return (
    <>
      <h3 id={headingId}>Requests in this period</h3>
      <p>
        Showing requests {first} to {last} of {list.total}, newest first.
      </p>
      <div className="app-report-table">
        <table className="nhsuk-table" aria-labelledby={headingId}>
          <thead className="nhsuk-table__head">
            <tr className="nhsuk-table__row">
              {list.columns.map((c) => (
                <th key={c} scope="col" className="nhsuk-table__header">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="nhsuk-table__body">
            {list.rows.map((r) => (
              <tr key={r.cells.join("|")} className="nhsuk-table__row">
                {r.cells.map((c, i) =>
                  // The reference (after the practice, when several) is the row's heading and its link.
                  i === list.columns.indexOf("Reference") ? (
                    <th key={i} scope="row" className="nhsuk-table__header">
                      {r.href ? <a href={r.href}>{c}</a> : c}
                    </th>
                  ) : (
                    <td key={i} className="nhsuk-table__cell">
                      {c}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        label="Request details pages"
        paging={{ page: list.page, pages: list.pages, total: list.total, previous: list.page > 1 ? pageHref(list.page - 1) : null, next: list.page < list.pages ? pageHref(list.page + 1) : null }}
      />
      <p>
        <a href={csvHref}>Download the list of {list.total === 1 ? "this request" : `all ${list.total} requests`} as CSV</a>
      </p>
    </>
  );
}
