import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Textarea, TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { PLACEHOLDERS, TemplateSchema } from "~/domain/templates/placeholders";

export type TemplateFormValues = { title: string; body: string; tags: string };

/**
 * Create or edit a message template: title, message (with placeholders), tags. "Preview" posts
 * the same form and shows the message with example values before anything is saved.
 */
export function TemplateFormPage({
  title,
  caption,
  back,
  defaults,
  lastResult,
  preview,
  submitLabel,
}: {
  title: string;
  caption: string;
  back: string;
  defaults: TemplateFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  preview: string | null;
  submitLabel: string;
}) {
  const [form, fields] = useNhsForm(TemplateSchema, { lastResult: lastResult ?? undefined, defaultValue: defaults });
  return (
    <FormPage title={title} caption={caption} back={{ href: back, text: "Back to message templates" }} errors={summaryErrors([fields.title, fields.body, fields.tags], form.errors)}>
      {preview !== null ? (
        <section aria-labelledby="preview-heading" className="nhsuk-inset-text" id="template-preview" tabIndex={-1}>
          <h2 className="nhsuk-heading-s" id="preview-heading">
            Preview (example patient)
          </h2>
          <p className="app-thread__body">{preview}</p>
          <p className="nhsuk-body-s">Not saved yet.</p>
        </section>
      ) : null}
      <PostForm {...getFormProps(form)} noValidate>
        <TextInput meta={fields.title} label="Title" spellCheck />
        <Textarea
          meta={fields.body}
          label="Message"
          hint={
            <>
              You can use {PLACEHOLDERS.map((p, i) => (
                <span key={p.key}>
                  {i > 0 ? (i === PLACEHOLDERS.length - 1 ? " and " : ", ") : ""}
                  <code>{`{${p.key}}`}</code> ({p.label.toLowerCase()})
                </span>
              ))}
              .
            </>
          }
        />
        <TextInput meta={fields.tags} label="Tags" hint="Separate tags with commas, for example: asthma, review" optional />
        <div className="nhsuk-button-group">
          <Button name="intent" value="preview" variant="secondary">
            Preview
          </Button>
          <Button name="intent" value="save">
            {submitLabel}
          </Button>
        </div>
      </PostForm>
    </FormPage>
  );
}
