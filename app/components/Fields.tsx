import type { ReactNode } from "react";

type FieldProps = {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Shows the page heading as the label (one-question pages). */
  labelIsPageHeading?: boolean;
  optional?: boolean;
};

function Label({ id, label, labelIsPageHeading, optional }: Pick<FieldProps, "id" | "label" | "labelIsPageHeading" | "optional">) {
  const text = (
    <>
      {label}
      {optional ? " (optional)" : null}
    </>
  );
  if (labelIsPageHeading) {
    return (
      <h1 className="nhsuk-label-wrapper">
        <label className="nhsuk-label nhsuk-label--l" htmlFor={id}>
          {text}
        </label>
      </h1>
    );
  }
  return (
    <label className="nhsuk-label" htmlFor={id}>
      {text}
    </label>
  );
}

function describedBy(id: string, hint?: ReactNode, error?: string) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function HintAndError({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <div className="nhsuk-hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <span className="nhsuk-error-message" id={`${id}-error`}>
          <span className="nhsuk-u-visually-hidden">Error:</span> {error}
        </span>
      ) : null}
    </>
  );
}

export function TextareaField({
  defaultValue,
  rows = 5,
  maxLength,
  ...p
}: FieldProps & { defaultValue?: string; rows?: number; maxLength?: number }) {
  return (
    <div className={`nhsuk-form-group${p.error ? " nhsuk-form-group--error" : ""}`}>
      <Label {...p} />
      <HintAndError id={p.id} hint={p.hint} error={p.error} />
      <textarea
        className={`nhsuk-textarea${p.error ? " nhsuk-textarea--error" : ""}`}
        id={p.id}
        name={p.name}
        rows={rows}
        defaultValue={defaultValue}
        maxLength={maxLength}
        aria-describedby={describedBy(p.id, p.hint, p.error)}
        aria-invalid={p.error ? true : undefined}
      />
    </div>
  );
}

export function InputField({
  defaultValue,
  type = "text",
  autoComplete,
  width,
  inputMode,
  spellCheck,
  ...p
}: FieldProps & {
  defaultValue?: string;
  type?: "text" | "email" | "password" | "tel" | "number";
  autoComplete?: string;
  width?: 2 | 3 | 4 | 5 | 10 | 20 | 30;
  inputMode?: "numeric" | "text" | "email" | "tel";
  spellCheck?: boolean;
}) {
  const classes = ["nhsuk-input", width ? `nhsuk-input--width-${width}` : "", p.error ? "nhsuk-input--error" : ""];
  return (
    <div className={`nhsuk-form-group${p.error ? " nhsuk-form-group--error" : ""}`}>
      <Label {...p} />
      <HintAndError id={p.id} hint={p.hint} error={p.error} />
      <input
        className={classes.filter(Boolean).join(" ")}
        id={p.id}
        name={p.name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={spellCheck}
        aria-describedby={describedBy(p.id, p.hint, p.error)}
        aria-invalid={p.error ? true : undefined}
      />
    </div>
  );
}

/**
 * One checkbox that carries its own error (a declaration to tick, a feature switch): label, hint,
 * error message and `aria-invalid`, as the other fields. Sent as `value` ("on" unless given) when ticked.
 */
export function CheckboxField({
  id,
  name,
  label,
  hint,
  error,
  value = "on",
  defaultChecked,
}: {
  id: string;
  name: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  value?: string;
  defaultChecked?: boolean;
}) {
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      {error ? (
        <span className="nhsuk-error-message" id={`${id}-error`}>
          <span className="nhsuk-u-visually-hidden">Error:</span> {error}
        </span>
      ) : null}
      <div className="nhsuk-checkboxes">
        <div className="nhsuk-checkboxes__item">
          <input
            className="nhsuk-checkboxes__input"
            id={id}
            name={name}
            type="checkbox"
            value={value}
            defaultChecked={defaultChecked}
            aria-describedby={[hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined}
            aria-invalid={error ? true : undefined}
          />
          <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={id}>
            {label}
          </label>
          {hint ? (
            <div className="nhsuk-hint nhsuk-checkboxes__hint" id={`${id}-hint`}>
              {hint}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function Button({
  children,
  variant,
  name,
  value,
  type = "submit",
}: {
  children: ReactNode;
  variant?: "secondary" | "reverse" | "warning";
  name?: string;
  value?: string;
  type?: "submit" | "button";
}) {
  return (
    <button className={`nhsuk-button${variant ? ` nhsuk-button--${variant}` : ""}`} type={type} name={name} value={value} data-module="nhsuk-button">
      {children}
    </button>
  );
}
