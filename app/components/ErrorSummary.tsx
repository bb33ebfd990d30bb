import { useEffect, useRef } from "react";
import { copy } from "~/copy";

export type SummaryError = { fieldId: string; message: string };

const ERROR_PREFIX = "Error: ";

/**
 * The NHS.UK error summary at the top of main: a link per error to its field. It takes
 * focus when it appears so screen-reader and keyboard users land on it after a post: with JS
 * off through `autofocus` on the page the server sent, with JS through the effect below.
 */
export function ErrorSummary({ errors }: { errors: SummaryError[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0;
  useEffect(() => {
    if (hasErrors) ref.current?.focus();
  }, [errors, hasErrors]);
  // The server prefixes the title after a failed post; errors found in the browser (live
  // validation with JS) must say so in the title too, and stop saying so once fixed.
  useEffect(() => {
    const prefixed = document.title.startsWith(ERROR_PREFIX);
    if (hasErrors && !prefixed) document.title = ERROR_PREFIX + document.title;
    if (!hasErrors && prefixed) document.title = document.title.slice(ERROR_PREFIX.length);
  }, [hasErrors]);
  if (errors.length === 0) return null;
  return (
    <div className="nhsuk-error-summary" ref={ref} tabIndex={-1} autoFocus aria-labelledby="error-summary-title">
      <div role="alert">
        <h2 className="nhsuk-error-summary__heading" id="error-summary-title">
          {copy.errorSummaryTitle}
        </h2>
        <div className="nhsuk-error-summary__body">
          <ul className="nhsuk-list nhsuk-error-summary__list">
            {errors.map((e) => (
              <li key={e.fieldId + e.message}>
                <a href={`#${e.fieldId}`}>{e.message}</a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
