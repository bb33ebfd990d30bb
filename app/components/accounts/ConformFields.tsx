import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { usePasswordReveal } from "./PasswordReveal";
import type { ReactNode } from "react";
import type { SummaryError } from "~/components/ErrorSummary";
import { ErrorMessage, fieldAria, FieldGroup, type FieldIds } from "~/components/Fields";

/**
 * NHS.UK text inputs and the three-field date input bound to Conform fields. Server errors
 * (lastResult) and live ones render the same markup: the form group turns red, the message
 * sits above the input with a visually hidden "Error:".
 */

type FormShape = Record<string, unknown>;
type DateParts = { day?: string; month?: string; year?: string };

/** A Conform field's ids: its hint is Conform's description. */
const conformIds = (meta: { id: string; descriptionId: string; errorId: string }): FieldIds => ({
  id: meta.id,
  hintId: meta.descriptionId,
  errorId: meta.errorId,
});

export function TextInput<S, F extends FormShape>({
  meta,
  label,
  hint,
  type = "text",
  autoComplete,
  width,
  inputMode,
  spellCheck,
  optional,
  clearOnRender,
}: {
  meta: FieldMetadata<S, F, string[]>;
  label: ReactNode;
  hint?: ReactNode;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  width?: 2 | 3 | 4 | 5 | 10 | 20 | 30;
  inputMode?: "numeric" | "text" | "email" | "tel";
  spellCheck?: boolean;
  optional?: boolean;
  /** Passwords: never sent back to the browser after an error. */
  clearOnRender?: boolean;
}) {
  const error = meta.errors?.[0];
  const ids = conformIds(meta);
  const classes = ["nhsuk-input", width ? `nhsuk-input--width-${width}` : "", error ? "nhsuk-input--error" : ""].filter(Boolean);
  const props = getInputProps(meta, { type, ariaAttributes: false });
  const reveal = usePasswordReveal(meta.id);
  return (
    <FieldGroup ids={ids} label={label} hint={hint} error={error} optional={optional}>
      <input
        {...props}
        {...(type === "password" ? { type: reveal.type, ...reveal.attributes } : {})}
        {...(clearOnRender ? { defaultValue: "" } : {})}
        className={classes.join(" ")}
        {...fieldAria(ids, hint, error)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={spellCheck}
      />
      {type === "password" ? reveal.button : null}
    </FieldGroup>
  );
}

/** A textarea bound to a Conform field, in the kit's form group. */
export function Textarea<S, F extends FormShape>({
  meta,
  label,
  hint,
  optional,
  rows = 4,
  maxLength,
}: {
  meta: FieldMetadata<S, F, string[]>;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  rows?: number;
  maxLength?: number;
}) {
  const error = meta.errors?.[0];
  const ids = conformIds(meta);
  return (
    <FieldGroup ids={ids} label={label} hint={hint} error={error} optional={optional}>
      <textarea
        className={`nhsuk-textarea${error ? " nhsuk-textarea--error" : ""}`}
        id={meta.id}
        name={meta.name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
        {...fieldAria(ids, hint, error)}
      />
    </FieldGroup>
  );
}


/** The parts of a date field, for the error summary: each error links to its own input. */
export function dateSummaryErrors<F extends FormShape>(meta: FieldMetadata<DateParts, F, string[]>): SummaryError[] {
  const parts = meta.getFieldset();
  for (const part of [parts.day, parts.month, parts.year]) {
    const message = part.errors?.[0];
    if (message) return [{ fieldId: part.id, message }];
  }
  return [];
}

/**
 * The NHS.UK date input (fieldset of day, month and year). One message for the date; the
 * part it is about is the one outlined, as the service manual asks.
 */
export function DateInput<F extends FormShape>({
  meta,
  legend,
  hint,
  ownBirthday = true,
}: {
  meta: FieldMetadata<DateParts, F, string[]>;
  legend: ReactNode;
  hint?: ReactNode;
  /** Browsers may fill in the user's own birthday, never someone else's. */
  ownBirthday?: boolean;
}) {
  const parts = meta.getFieldset();
  const items = [
    { key: "day", label: "Day", width: 2, meta: parts.day },
    { key: "month", label: "Month", width: 2, meta: parts.month },
    { key: "year", label: "Year", width: 4, meta: parts.year },
  ] as const;
  const error = items.map((i) => i.meta.errors?.[0]).find(Boolean);
  const hintId = `${meta.id}-hint`;
  const errorId = `${meta.id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <fieldset className="nhsuk-fieldset" role="group" aria-describedby={describedBy}>
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">{legend}</legend>
        {hint ? (
          <div className="nhsuk-hint" id={hintId}>
            {hint}
          </div>
        ) : null}
        <ErrorMessage id={errorId} message={error} />
        <div className="nhsuk-date-input" id={meta.id}>
          {items.map((item) => {
            const invalid = Boolean(item.meta.errors?.length);
            const props = getInputProps(item.meta, { type: "text", ariaAttributes: false });
            return (
              <div className="nhsuk-date-input__item" key={item.key}>
                <div className={`nhsuk-form-group${invalid ? " nhsuk-form-group--error" : ""}`}>
                  <label className="nhsuk-label nhsuk-date-input__label" htmlFor={item.meta.id}>
                    {item.label}
                  </label>
                  <input
                    {...props}
                    className={`nhsuk-input nhsuk-date-input__input nhsuk-input--width-${item.width}${invalid ? " nhsuk-input--error" : ""}`}
                    inputMode="numeric"
                    autoComplete={ownBirthday ? `bday-${item.key}` : "off"}
                    aria-invalid={invalid ? true : undefined}
                  />
                </div>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

/** The password rule as a hint, worded once for every form that sets a password. */
export const NEW_PASSWORD_HINT = "At least 12 characters, with a lower case letter, an upper case letter and a number.";

/** A field that sets a password: the rule as hint, new-password autofill, never echoed back. */
export function NewPasswordInput<S, F extends FormShape>({
  meta,
  label = "Password",
  withHint = true,
}: {
  meta: FieldMetadata<S, F, string[]>;
  label?: string;
  /** The confirmation field repeats the password and needs no rule. */
  withHint?: boolean;
}) {
  return (
    <TextInput
      meta={meta}
      label={label}
      hint={withHint ? NEW_PASSWORD_HINT : undefined}
      type="password"
      autoComplete="new-password"
      clearOnRender
    />
  );
}

/**
 * NHS.UK radios bound to a Conform field. The first radio carries the field's id, so the
 * error summary's link lands on it.
 */
export function Radios<S, F extends FormShape>({
  meta,
  legend,
  hint,
  options,
  inline,
}: {
  meta: FieldMetadata<S, F, string[]>;
  legend: ReactNode;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: ReactNode; hint?: ReactNode }>;
  inline?: boolean;
}) {
  const error = meta.errors?.[0];
  const current = typeof meta.initialValue === "string" ? meta.initialValue : "";
  const describedBy = [hint ? meta.descriptionId : null, error ? meta.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <fieldset className="nhsuk-fieldset" aria-describedby={describedBy}>
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">{legend}</legend>
        {hint ? (
          <div className="nhsuk-hint" id={meta.descriptionId}>
            {hint}
          </div>
        ) : null}
        <ErrorMessage id={meta.errorId} message={error} />
        <div className={`nhsuk-radios${inline ? " nhsuk-radios--inline" : ""}`}>
          {options.map((o, i) => {
            const id = i === 0 ? meta.id : `${meta.id}-${o.value}`;
            return (
              <div className="nhsuk-radios__item" key={o.value}>
                <input
                  className="nhsuk-radios__input"
                  id={id}
                  name={meta.name}
                  type="radio"
                  value={o.value}
                  defaultChecked={current === o.value}
                  aria-describedby={o.hint ? `${id}-item-hint` : undefined}
                  aria-invalid={error ? true : undefined}
                />
                <label className="nhsuk-label nhsuk-radios__label" htmlFor={id}>
                  {o.label}
                </label>
                {o.hint ? (
                  <div className="nhsuk-hint nhsuk-radios__hint" id={`${id}-item-hint`}>
                    {o.hint}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
