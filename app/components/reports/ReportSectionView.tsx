/** One report section: heading, chart, summary, the data table and the CSV download of that table. */
import type { SectionData } from "~/domain/reports/sections";
import { ChartKey, ReportChart } from "./ReportChart";

export function ReportSectionView({ section, csvHref }: { section: SectionData; csvHref: string }) {
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
    </section>
  );
}
