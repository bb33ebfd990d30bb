import { getInputProps, type FieldMetadata } from "@conform-to/react";

/** The six-digit code input (spec 2 §5), wired to a Conform field named `code`. */
export function CodeField({ field, label = "Security code", hint }: { field: FieldMetadata<string>; label?: string; hint?: string }) {
  const error = field.errors?.[0];
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <label className="nhsuk-label" htmlFor={field.id}>
        {label}
      </label>
      {hint ? (
        <div className="nhsuk-hint" id={field.descriptionId}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <span className="nhsuk-error-message" id={field.errorId}>
          <span className="nhsuk-u-visually-hidden">Error:</span> {error}
        </span>
      ) : null}
      <input
        {...getInputProps(field, { type: "text", ariaDescribedBy: hint ? field.descriptionId : undefined })}
        className={`nhsuk-input nhsuk-input--width-10${error ? " nhsuk-input--error" : ""}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
      />
    </div>
  );
}
