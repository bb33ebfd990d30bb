export type PatientListRow = { id: number; name: string; dateOfBirth: string; nhsNumber: string | null; status: string };

/** The patients table: one row per patient, the name links to their page. */
export function PatientTable({ rows, caption, hrefFor }: { rows: PatientListRow[]; caption: string; hrefFor: (id: number) => string }) {
  return (
    <table className="nhsuk-table">
      <caption className="nhsuk-table__caption">{caption}</caption>
      <thead className="nhsuk-table__head">
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Date of birth</th>
          <th scope="col">NHS number</th>
          <th scope="col">Account</th>
        </tr>
      </thead>
      <tbody className="nhsuk-table__body">
        {rows.map((row) => (
          <tr className="nhsuk-table__row" key={row.id}>
            <td className="nhsuk-table__cell">
              <a href={hrefFor(row.id)}>{row.name}</a>
            </td>
            <td className="nhsuk-table__cell">{row.dateOfBirth}</td>
            <td className="nhsuk-table__cell">{row.nhsNumber ?? "No information provided"}</td>
            <td className="nhsuk-table__cell">{row.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Previous and Next as plain links carrying the keyset cursor: they work without JS. */
export function Pager({ previousHref, nextHref }: { previousHref: string | null; nextHref: string | null }) {
  if (!previousHref && !nextHref) return null;
  return (
    <nav className="nhsuk-pagination" role="navigation" aria-label="Pagination">
      <ul className="nhsuk-list nhsuk-pagination__list">
        {previousHref ? (
          <li className="nhsuk-pagination-item--previous">
            <a className="nhsuk-pagination__link nhsuk-pagination__link--prev" href={previousHref}>
              <span className="nhsuk-pagination__title">Previous</span>
              <span className="nhsuk-u-visually-hidden">:</span>
              <span className="nhsuk-pagination__page">Previous page</span>
            </a>
          </li>
        ) : null}
        {nextHref ? (
          <li className="nhsuk-pagination-item--next">
            <a className="nhsuk-pagination__link nhsuk-pagination__link--next" href={nextHref}>
              <span className="nhsuk-pagination__title">Next</span>
              <span className="nhsuk-u-visually-hidden">:</span>
              <span className="nhsuk-pagination__page">Next page</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
