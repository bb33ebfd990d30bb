import type { ReactNode } from "react";

/** A column heading; `{ hidden: "Actions" }` is read by screen readers only (a column of links). */
export type Column = string | { hidden: string };

/**
 * An NHS.UK table (nhsuk-table): its caption (visually hidden by default: the page's heading
 * usually says it already; "s"/"m" shows it at that size), the column headings, and the rows
 * given as children.
 */
export function Table({
  caption,
  captionSize = "hidden",
  columns,
  children,
}: {
  caption: ReactNode;
  captionSize?: "hidden" | "s" | "m";
  columns: readonly Column[];
  children: ReactNode;
}) {
  const captionClass = captionSize === "hidden" ? "nhsuk-u-visually-hidden" : `nhsuk-table__caption--${captionSize}`;
  return (
    <table className="nhsuk-table">
      <caption className={`nhsuk-table__caption ${captionClass}`}>{caption}</caption>
      <thead className="nhsuk-table__head">
        <tr>
          {columns.map((column) =>
            typeof column === "string" ? (
              <th scope="col" key={column}>
                {column}
              </th>
            ) : (
              <th scope="col" key={column.hidden}>
                <span className="nhsuk-u-visually-hidden">{column.hidden}</span>
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody className="nhsuk-table__body">{children}</tbody>
    </table>
  );
}
