import type { FieldMetadata } from "@conform-to/react";
import { DateInput } from "~/components/accounts/ConformFields";
import { optionsOf, NONE_VALUE, type RuleQuestion } from "~/domain/requests/answer-rules";
import { ChoiceField } from "./RequestParts";

/** A question as the page shows it: the rule fields plus its words. */
export type PageQuestion = RuleQuestion & { text: string; hint: string | null; allowsAttachments: boolean };

// Conform's field metadata for an unknown shape: the page's fields are built from data.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMeta = FieldMetadata<any, any, string[]>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DateMeta = FieldMetadata<{ day?: string; month?: string; year?: string }, any, string[]>;

function asStrings(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/**
 * One question, by kind. `asHeading`: the page has this one question, so its label or
 * legend is the page's h1 (NHS.UK question pages).
 */
export function QuestionField({ question: q, meta, asHeading }: { question: PageQuestion; meta: AnyMeta; asHeading: boolean }) {
  const error = meta.errors?.[0];
  const optional = !q.required;
  switch (q.kind) {
    case "single_choice":
    case "yes_no":
    case "multiple_choice": {
      const multiple = q.kind === "multiple_choice";
      const values = asStrings(meta.initialValue);
      return (
        <ChoiceField
          type={multiple ? "checkbox" : "radio"}
          id={meta.id}
          name={meta.name}
          legend={q.text}
          legendIsHeading={asHeading}
          hint={q.hint}
          error={error}
          options={optionsOf(q)}
          defaultValue={multiple ? values : (values[0] ?? null)}
          exclusive={multiple && optionsOf(q).some((o) => o.value === NONE_VALUE) ? NONE_VALUE : undefined}
          optional={optional}
          key={meta.key}
        />
      );
    }
    case "date":
      return <DateInput meta={meta as unknown as DateMeta} legend={`${q.text}${optional ? " (optional)" : ""}`} hint={q.hint} ownBirthday={false} key={meta.key} />;
    case "number":
    case "free_text": {
      const hintId = `${meta.id}-hint`;
      const errorId = `${meta.id}-error`;
      const hint = q.kind === "free_text" && q.maxLength ? [q.hint, `You can enter up to ${q.maxLength} characters.`].filter(Boolean).join(" ") : q.hint;
      const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
      const labelText = (
        <>
          {q.text}
          {optional ? " (optional)" : null}
        </>
      );
      const label = asHeading ? (
        <h1 className="nhsuk-label-wrapper">
          <label className="nhsuk-label nhsuk-label--l" htmlFor={meta.id}>
            {labelText}
          </label>
        </h1>
      ) : (
        <label className="nhsuk-label nhsuk-label--s" htmlFor={meta.id}>
          {labelText}
        </label>
      );
      const initial = typeof meta.initialValue === "string" ? meta.initialValue : "";
      return (
        <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
          {label}
          {hint ? (
            <div className="nhsuk-hint" id={hintId}>
              {hint}
            </div>
          ) : null}
          {error ? (
            <span className="nhsuk-error-message" id={errorId}>
              <span className="nhsuk-u-visually-hidden">Error:</span> {error}
            </span>
          ) : null}
          {q.kind === "free_text" ? (
            <textarea
              className={`nhsuk-textarea${error ? " nhsuk-textarea--error" : ""}`}
              id={meta.id}
              name={meta.name}
              rows={5}
              defaultValue={initial}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              key={meta.key}
            />
          ) : (
            <input
              className={`nhsuk-input nhsuk-input--width-3${error ? " nhsuk-input--error" : ""}`}
              id={meta.id}
              name={meta.name}
              type="text"
              inputMode="numeric"
              defaultValue={initial}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              key={meta.key}
            />
          )}
        </div>
      );
    }
  }
}

export type ShownFile = { id: string; fileName: string; sensitive: boolean; sizeBytes: number };

function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The attachments of a request, on the question page that takes them: a plain multipart file
 * input (works without JS), the "sensitive" checkbox, and the files already added, each with
 * a Remove button that posts the same form (so what is typed is kept).
 */
export function AttachmentFields({ files, error, maxFiles }: { files: readonly ShownFile[]; error?: string; maxFiles: number }) {
  const room = maxFiles - files.length;
  return (
    <>
      {files.length > 0 ? (
        <>
          <h2 className="nhsuk-heading-s">Files you have added</h2>
          <dl className="nhsuk-summary-list">
            {files.map((file) => (
              <div className="nhsuk-summary-list__row" key={file.id}>
                <dt className="nhsuk-summary-list__key">{file.fileName}</dt>
                <dd className="nhsuk-summary-list__value">
                  {size(file.sizeBytes)}
                  {file.sensitive ? (
                    <>
                      {" "}
                      <strong className="nhsuk-tag nhsuk-tag--grey">Sensitive</strong>
                    </>
                  ) : null}
                </dd>
                <dd className="nhsuk-summary-list__actions">
                  <button className="app-link-button" type="submit" name="intent" value={`remove:${file.id}`} formNoValidate>
                    Remove<span className="nhsuk-u-visually-hidden"> {file.fileName}</span>
                  </button>
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {room > 0 ? (
        <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
          <label className="nhsuk-label nhsuk-label--s" htmlFor="files">
            Add photos or documents (optional)
          </label>
          <div className="nhsuk-hint" id="files-hint">
            JPG, PNG or PDF files, each smaller than 10MB. You can add {room === maxFiles ? `up to ${maxFiles} files` : `${room} more`}.
          </div>
          {error ? (
            <span className="nhsuk-error-message" id="files-error">
              <span className="nhsuk-u-visually-hidden">Error:</span> {error}
            </span>
          ) : null}
          <input
            className={`nhsuk-file-upload__input${error ? " nhsuk-input--error" : ""}`}
            id="files"
            name="files"
            type="file"
            multiple
            accept="image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf"
            aria-describedby={error ? "files-hint files-error" : "files-hint"}
            aria-invalid={error ? true : undefined}
          />
        </div>
      ) : (
        <p>You have added {maxFiles} files, the most a request can have. Remove one to add another.</p>
      )}
      {room > 0 ? (
        <div className="nhsuk-form-group">
          <div className="nhsuk-checkboxes">
            <div className="nhsuk-checkboxes__item">
              <input className="nhsuk-checkboxes__input" id="sensitive" name="sensitive" type="checkbox" value="yes" aria-describedby="sensitive-hint" />
              <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor="sensitive">
                These files are sensitive
              </label>
              <div className="nhsuk-hint nhsuk-checkboxes__hint" id="sensitive-hint">
                For example, photos of an intimate part of the body. The practice will take extra care with them.
              </div>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
