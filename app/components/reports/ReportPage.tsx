/**
 * The report screen (spec 3 §2, §4, §5): the period filter as a GET form (works with JS off; a
 * custom period that does not hold comes back as a 400 with the error summary), then each
 * section the viewer's roles allow. Used at all four report addresses (web/reports/report-page.server.ts).
 */
import { ErrorSummary } from "~/components/ErrorSummary";
import { PERIOD_LABELS, PERIODS, dateLabel } from "~/domain/reports/period";
import type { ReportPageData } from "~/web/reports/report-page.server";
import { ReportSectionView } from "./ReportSectionView";

export function ReportPage({ data }: { data: ReportPageData }) {
  const errors = data.errors ?? {};
  const summary = (["from", "to"] as const).filter((f) => errors[f]).map((f) => ({ fieldId: f, message: errors[f]! }));
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <ErrorSummary errors={summary} />
        {data.caption ? <span className="nhsuk-caption-l">{data.caption}</span> : null}
        <h1>{data.title}</h1>
        <form method="get" action={data.basePath} aria-label="Report period">
          {data.kind === "admin" ? (
            <div className="nhsuk-form-group">
              <label className="nhsuk-label" htmlFor="practice">
                Practice
              </label>
              <select className="nhsuk-select" id="practice" name="practice" defaultValue={data.chosen[0] ?? "all"}>
                <option value="all">All practices</option>
                {data.choices.map((p) => (
                  <option key={p.id} value={p.urlCode}>
                    {p.name} ({p.urlCode})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {data.kind === "ccg" && data.choices.length > 0 ? (
            <div className="nhsuk-form-group">
              <fieldset className="nhsuk-fieldset" aria-describedby="practice-hint">
                <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Practices to compare</legend>
                <div className="nhsuk-hint" id="practice-hint">
                  Choose up to 10. With none chosen, the first 10 by name are shown.
                </div>
                <div className="nhsuk-checkboxes nhsuk-checkboxes--small">
                  {data.choices.map((p, i) => (
                    <div className="nhsuk-checkboxes__item" key={p.id}>
                      <input className="nhsuk-checkboxes__input" id={`practice-${i}`} name="practice" type="checkbox" value={p.urlCode} defaultChecked={data.chosen.includes(p.urlCode)} />
                      <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={`practice-${i}`}>
                        {p.name}
                      </label>
                    </div>
                  ))}
                </div>
              </fieldset>
            </div>
          ) : null}
          <div className="nhsuk-form-group">
            <fieldset className="nhsuk-fieldset">
              <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Period</legend>
              <div className="nhsuk-radios nhsuk-radios--inline">
                {PERIODS.map((p) => (
                  <div className="nhsuk-radios__item" key={p}>
                    <input className="nhsuk-radios__input" id={`period-${p}`} name="period" type="radio" value={p} defaultChecked={data.form.period === p || (p === "12-months" && !PERIODS.includes(data.form.period as never))} />
                    <label className="nhsuk-label nhsuk-radios__label" htmlFor={`period-${p}`}>
                      {PERIOD_LABELS[p]}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
          </div>
          <div className="nhsuk-form-group">
            <fieldset className="nhsuk-fieldset" aria-describedby="custom-hint">
              <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Custom period</legend>
              <div className="nhsuk-hint" id="custom-hint">
                For a custom period, choose the first and last days. Both are included.
              </div>
              <DateField id="from" label="From" value={data.form.from} error={errors.from} />
              <DateField id="to" label="To" value={data.form.to} error={errors.to} />
            </fieldset>
          </div>
          {data.section ? <input type="hidden" name="section" value={data.section} /> : null}
          <button className="nhsuk-button" type="submit">
            Show report
          </button>
        </form>
        {data.period ? (
          <p>
            Showing {dateLabel(data.period.from)} to {dateLabel(data.period.to)}.{" "}
            {data.completeTo ? `Request figures are correct to ${data.completeTo} (the last complete hour).` : "Request figures have not been counted yet."}
          </p>
        ) : null}
        {data.section && data.period ? (
          <p>
            Showing one section. <a href={`${data.basePath}?${data.query}`}>Show all sections</a>
          </p>
        ) : null}
        {data.sections.length > 1 ? (
          <nav aria-label="Report sections" className="nhsuk-contents-list">
            <h2 className="nhsuk-u-visually-hidden">Contents</h2>
            <ol className="nhsuk-contents-list__list">
              {data.sections.map((s) => (
                <li className="nhsuk-contents-list__item" key={s.id}>
                  <a className="nhsuk-contents-list__link" href={`#section-${s.id}`}>
                    {s.name}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        {data.sections.map((s) => (
          <ReportSectionView
            key={s.id}
            section={s}
            csvHref={`${data.basePath}/csv/${s.id}?${data.query}`}
            pageHref={(n) => `${data.basePath}?${data.query}${data.section ? `&section=${data.section}` : ""}&details=${n}#section-${s.id}`}
          />
        ))}
      </div>
    </div>
  );
}

function DateField({ id, label, value, error }: { id: string; label: string; value: string; error?: string }) {
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <label className="nhsuk-label" htmlFor={id}>
        {label}
      </label>
      {error ? (
        <span className="nhsuk-error-message" id={`${id}-error`}>
          <span className="nhsuk-u-visually-hidden">Error:</span> {error}
        </span>
      ) : null}
      <input
        className={`nhsuk-input nhsuk-input--width-10${error ? " nhsuk-input--error" : ""}`}
        id={id}
        name={id}
        type="date"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </div>
  );
}
