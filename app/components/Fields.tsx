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

/** The ids a field's hint and error message carry, for its aria-describedby. */
export type FieldIds = { id: string; hintId: string; errorId: string };

const idsOf = (id: string): FieldIds => ({ id, hintId: `${id}-hint`, errorId: `${id}-error` });

/** aria-describedby and aria-invalid of a control: its hint and its error, when shown. */
export function fieldAria(ids: FieldIds, hint?: ReactNode, error?: string) {
  const describedBy = [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(" ") || undefined;
  return { "aria-describedby": describedBy, "aria-invalid": error ? true : undefined } as const;
}

/** The NHS.UK error message (with its visually hidden "Error:"), or nothing. */
export function ErrorMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <span className="nhsuk-error-message" id={id}>
      <span className="nhsuk-u-visually-hidden">Error:</span> {message}
    </span>
  );
}

/**
 * The one NHS.UK form group every single-control field renders through (these fields, and the
 * Conform-bound ones in components/accounts/ConformFields.tsx): the group (red when in error),
 * the label, the hint and the error message, in the order NHS.UK puts them; the control is the
 * child, given `fieldAria(ids, hint, error)`.
 */
export function FieldGroup({
  ids,
  label,
  hint,
  error,
  optional,
  labelIsPageHeading,
  children,
}: {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  labelIsPageHeading?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <Label id={ids.id} label={label} labelIsPageHeading={labelIsPageHeading} optional={optional} />
      {hint ? (
        <div className="nhsuk-hint" id={ids.hintId}>
          {hint}
        </div>
      ) : null}
      <ErrorMessage id={ids.errorId} message={error} />
      {children}
    </div>
  );
}

/** A file input in the kit's group (label, hint, error, aria): files travel in a multipart form. */
export function FileField({ multiple, accept, ...p }: FieldProps & { multiple?: boolean; accept?: string }) {
  const ids = idsOf(p.id);
  return (
    <FieldGroup ids={ids} {...p}>
      <input className="nhsuk-input" id={p.id} name={p.name} type="file" multiple={multiple} accept={accept} {...fieldAria(ids, p.hint, p.error)} />
    </FieldGroup>
  );
}

export function TextareaField({
  defaultValue,
  rows = 5,
  maxLength,
  ...p
}: FieldProps & { defaultValue?: string; rows?: number; maxLength?: number }) {
  const ids = idsOf(p.id);
  return (
    <FieldGroup ids={ids} {...p}>
      <textarea
        className={`nhsuk-textarea${p.error ? " nhsuk-textarea--error" : ""}`}
        id={p.id}
        name={p.name}
        rows={rows}
        defaultValue={defaultValue}
        maxLength={maxLength}
        {...fieldAria(ids, p.hint, p.error)}
      />
    </FieldGroup>
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
  const ids = idsOf(p.id);
  return (
    <FieldGroup ids={ids} {...p}>
      <input
        className={classes.filter(Boolean).join(" ")}
        id={p.id}
        name={p.name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={spellCheck}
        {...fieldAria(ids, p.hint, p.error)}
      />
    </FieldGroup>
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
      <ErrorMessage id={`${id}-error`} message={error} />
      <div className="nhsuk-checkboxes">
        <div className="nhsuk-checkboxes__item">
          <input
            className="nhsuk-checkboxes__input"
            id={id}
            name={name}
            type="checkbox"
            value={value}
            defaultChecked={defaultChecked}
            {...fieldAria(idsOf(id), hint, error)}
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
