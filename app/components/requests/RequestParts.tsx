import type { ReactNode } from "react";
import { ErrorMessage } from "~/components/Fields";

/**
 * NHS.UK markup shared by the request steps: radios and checkboxes (one question, or one of a
 * few on a page), the urgent-help care card, and the pages that say a request cannot be made.
 */

export type ChoiceOption = { value: string; label: string; hint?: string | null };


/**
 * Radios (one answer) or checkboxes (several). `exclusive`: the "None of these" option,
 * set apart by "or" as the service manual shows it. The first input carries the fieldset's
 * id so the error summary can link to it.
 */
export function ChoiceField({
  type,
  id,
  name,
  legend,
  legendIsHeading = false,
  hint,
  error,
  options,
  defaultValue,
  exclusive,
  optional,
}: {
  type: "radio" | "checkbox";
  id: string;
  name: string;
  legend: ReactNode;
  legendIsHeading?: boolean;
  hint?: ReactNode;
  error?: string;
  options: readonly ChoiceOption[];
  defaultValue?: string | string[] | null;
  exclusive?: string;
  optional?: boolean;
}) {
  const chosen = new Set(defaultValue == null ? [] : Array.isArray(defaultValue) ? defaultValue : [defaultValue]);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const kind = type === "radio" ? "radios" : "checkboxes";
  const legendText = (
    <>
      {legend}
      {optional ? " (optional)" : null}
    </>
  );
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <fieldset className="nhsuk-fieldset" aria-describedby={describedBy}>
        <legend className={`nhsuk-fieldset__legend nhsuk-fieldset__legend--${legendIsHeading ? "l" : "m"}`}>
          {legendIsHeading ? <h1 className="nhsuk-fieldset__heading">{legendText}</h1> : legendText}
        </legend>
        {hint ? (
          <div className="nhsuk-hint" id={hintId}>
            {hint}
          </div>
        ) : null}
        <ErrorMessage id={errorId} message={error} />
        <div className={`nhsuk-${kind}`} data-module={`nhsuk-${kind}`}>
          {options.map((option, i) => {
            const inputId = i === 0 ? id : `${id}-${i + 1}`;
            const optionHintId = `${inputId}-item-hint`;
            const item = (
              <div className={`nhsuk-${kind}__item`} key={option.value}>
                <input
                  className={`nhsuk-${kind}__input`}
                  id={inputId}
                  name={name}
                  type={type}
                  value={option.value}
                  defaultChecked={chosen.has(option.value)}
                  aria-describedby={option.hint ? optionHintId : undefined}
                  aria-invalid={error ? true : undefined}
                  data-behaviour={exclusive === option.value ? "exclusive" : undefined}
                />
                <label className={`nhsuk-label nhsuk-${kind}__label`} htmlFor={inputId}>
                  {option.label}
                </label>
                {option.hint ? (
                  <div className={`nhsuk-hint nhsuk-${kind}__hint`} id={optionHintId}>
                    {option.hint}
                  </div>
                ) : null}
              </div>
            );
            if (exclusive === option.value && i > 0) {
              return [
                <div className={`nhsuk-${kind}__divider`} key={`${option.value}-divider`}>
                  or
                </div>,
                item,
              ];
            }
            return item;
          })}
        </div>
      </fieldset>
    </div>
  );
}

/** Where to go when it cannot wait: on every page that stops or delays a request. */
export function UrgentAdvice() {
  return (
    <div className="nhsuk-card nhsuk-card--care nhsuk-card--care--urgent">
      <div className="nhsuk-card__heading-container">
        <h2 className="nhsuk-card__heading">
          <span role="text">
            <span className="nhsuk-u-visually-hidden">Urgent advice: </span>If you need help now
          </span>
        </h2>
        <span className="nhsuk-card--care__arrow" aria-hidden="true"></span>
      </div>
      <div className="nhsuk-card__content">
        <p>
          Use <a href="https://111.nhs.uk/">NHS 111 online</a> or call 111 if you need medical help today.
        </p>
        <p>Call 999 in an emergency.</p>
      </div>
    </div>
  );
}

/** A step that cannot go on: the practice is closed, the patient is not registered, too old... */
export function RequestStopped({ caption, title, children }: { caption?: string; title: string; children: ReactNode }) {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {caption ? <span className="nhsuk-caption-l">{caption}</span> : null}
        <h1>{title}</h1>
        {children}
        <UrgentAdvice />
      </div>
    </div>
  );
}

export function BackLink({ href, children = "Back" }: { href: string; children?: ReactNode }) {
  return (
    <a className="nhsuk-back-link" href={href}>
      {children}
    </a>
  );
}
