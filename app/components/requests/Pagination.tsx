/**
 * NHS.UK numbered pagination: plain links (?page=n), so it works without JavaScript.
 * Long runs of pages are cut to the first, the last and the two around the current one.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = "Pages of your requests",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  for (const n of shown) {
    const last = items[items.length - 1];
    if (typeof last === "number" && n - last > 1) items.push("gap");
    items.push(n);
  }
  return (
    <nav className="nhsuk-pagination nhsuk-pagination--numbered" aria-label={label}>
      {page > 1 ? (
        <a href={hrefFor(page - 1)} className="nhsuk-pagination__previous" rel="prev">
          <span className="nhsuk-pagination__title">
            Previous<span className="nhsuk-u-visually-hidden"> page</span>
          </span>
        </a>
      ) : null}
      <ul className="nhsuk-pagination__list">
        {items.map((item, i) =>
          item === "gap" ? (
            <li className="nhsuk-pagination__item nhsuk-pagination__item--ellipsis" key={`gap${i}`}>
              {"\u22ef"}
            </li>
          ) : (
            <li className={`nhsuk-pagination__item${item === page ? " nhsuk-pagination__item--current" : ""}`} key={item}>
              <a
                className="nhsuk-pagination__link"
                href={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
              >
                {item}
              </a>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <a href={hrefFor(page + 1)} className="nhsuk-pagination__next" rel="next">
          <span className="nhsuk-pagination__title">
            Next<span className="nhsuk-u-visually-hidden"> page</span>
          </span>
        </a>
      ) : null}
    </nav>
  );
}
