import type { ReactNode } from "react";
import type { Paging } from "~/domain/practices/onboarding";

/** A search box as a plain GET form (no JS needed); `keep` carries the other list's query. */
export function SearchForm({
  id,
  name,
  label,
  hint,
  value,
  keep = {},
  action,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  value: string;
  keep?: Record<string, string>;
  action?: string;
}) {
  return (
    <form method="get" action={action} role="search" className="app-search-form">
      {Object.entries(keep)
        .filter(([, v]) => v !== "")
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
      <div className="nhsuk-form-group">
        <label className="nhsuk-label" htmlFor={id}>
          {label}
        </label>
        {hint ? (
          <div className="nhsuk-hint" id={`${id}-hint`}>
            {hint}
          </div>
        ) : null}
        <input className="nhsuk-input nhsuk-input--width-20" id={id} name={name} type="search" defaultValue={value} aria-describedby={hint ? `${id}-hint` : undefined} />
      </div>
      <button className="nhsuk-button nhsuk-button--secondary" type="submit" data-module="nhsuk-button">
        Search
      </button>
    </form>
  );
}

/** Previous and next pages as links, with where we are. */
export function Pager({ paging, label }: { paging: Paging; label: string }) {
  if (paging.pages <= 1) return null;
  return (
    <nav className="nhsuk-pagination" aria-label={label}>
      <p className="nhsuk-body-s">
        Page {paging.page} of {paging.pages}
      </p>
      {paging.previous ? (
        <a href={paging.previous} className="nhsuk-pagination__previous" rel="prev">
          <span className="nhsuk-pagination__title">Previous</span>
          <span className="nhsuk-u-visually-hidden">:</span>
          <span className="nhsuk-pagination__page">page {paging.page - 1}</span>
        </a>
      ) : null}
      {paging.next ? (
        <a href={paging.next} className="nhsuk-pagination__next" rel="next">
          <span className="nhsuk-pagination__title">Next</span>
          <span className="nhsuk-u-visually-hidden">:</span>
          <span className="nhsuk-pagination__page">page {paging.page + 1}</span>
        </a>
      ) : null}
    </nav>
  );
}

export function SummaryList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="nhsuk-summary-list">
      {rows.map(([key, value]) => (
        <div className="nhsuk-summary-list__row" key={key}>
          <dt className="nhsuk-summary-list__key">{key}</dt>
          <dd className="nhsuk-summary-list__value">{value === null || value === "" ? "No information provided" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A checkbox sent as "on" when ticked (zod reads anything else as off). */
export function Checkbox({ id, name, label, hint, defaultChecked }: { id: string; name: string; label: string; hint?: string; defaultChecked: boolean }) {
  return (
    <div className="nhsuk-checkboxes__item">
      <input className="nhsuk-checkboxes__input" id={id} name={name} type="checkbox" value="on" defaultChecked={defaultChecked} aria-describedby={hint ? `${id}-item-hint` : undefined} />
      <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <div className="nhsuk-hint nhsuk-checkboxes__hint" id={`${id}-item-hint`}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}
