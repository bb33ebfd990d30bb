import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Textarea, TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { Button, ErrorMessage, fieldAria, FieldGroup } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { EMPTY_QUESTION, QuestionnaireFormSchema, type QuestionFields } from "~/domain/templates/questionnaire-form";
import { KIND_LABELS, QUESTION_KINDS } from "~/domain/templates/questions";

export type QuestionnaireFormValues = { title: string; description: string; tags: string; questions: QuestionFields[] };

/**
 * Create or edit a questionnaire: title, description, tags, then its typed questions. "Add
 * another question" and "Remove" are Conform list intents: with JS they change the form in
 * place; without, they post and the page comes back with the list changed (nothing saved).
 */
export function QuestionnaireFormPage({
  title,
  caption,
  back,
  defaults,
  lastResult,
  submitLabel,
}: {
  title: string;
  caption: string;
  back: { href: string; text: string };
  defaults: QuestionnaireFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const [form, fields] = useNhsForm(QuestionnaireFormSchema, { lastResult: lastResult ?? undefined, defaultValue: defaults });
  const questions = fields.questions.getFieldList();
  const questionFields = questions.flatMap((q) => {
    const f = q.getFieldset();
    return [f.text, f.hint, f.kind, f.unit, f.min, f.max, f.options];
  });
  const listError = fields.questions.errors?.[0];
  const errors = summaryErrors([fields.title, fields.description, fields.tags, ...questionFields], form.errors);
  if (listError) errors.push({ fieldId: "questions-heading", message: listError });
  return (
    <FormPage title={title} caption={caption} back={back} errors={errors}>
      <PostForm {...getFormProps(form)} noValidate>
        {/* Enter in a text box saves, rather than pressing the first Remove button. */}
        <button type="submit" className="app-default-submit">
          {submitLabel}
        </button>
        <TextInput meta={fields.title} label="Title" spellCheck />
        <Textarea meta={fields.description} label="Description" hint="What the questionnaire is for, shown to staff with its questions" optional rows={3} />
        <TextInput meta={fields.tags} label="Tags" hint="Separate tags with commas, for example: asthma, review" optional />
        <h2 id="questions-heading" tabIndex={-1}>
          Questions
        </h2>
        <ErrorMessage id="questions-error" message={listError} />
        {questions.map((question, index) => {
          const f = question.getFieldset();
          const kindError = f.kind.errors?.[0];
          const kindIds = { id: f.kind.id, hintId: f.kind.descriptionId, errorId: f.kind.errorId };
          return (
            <fieldset key={question.key} className="nhsuk-fieldset app-question-editor">
              <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">
                <h3 className="nhsuk-fieldset__heading">Question {index + 1}</h3>
              </legend>
              <Textarea meta={f.text} label="Question" rows={2} />
              <TextInput meta={f.hint} label="Hint" hint="Shown under the question" optional />
              <FieldGroup ids={kindIds} label="Type of answer" error={kindError}>
                <select
                  key={f.kind.key}
                  className={`nhsuk-select${kindError ? " nhsuk-select--error" : ""}`}
                  id={f.kind.id}
                  name={f.kind.name}
                  defaultValue={typeof f.kind.initialValue === "string" ? f.kind.initialValue : "free_text"}
                  {...fieldAria(kindIds, undefined, kindError)}
                >
                  {QUESTION_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {KIND_LABELS[k]}
                    </option>
                  ))}
                </select>
              </FieldGroup>
              <div className="nhsuk-form-group">
                <div className="nhsuk-checkboxes">
                  <div className="nhsuk-checkboxes__item">
                    <input className="nhsuk-checkboxes__input" {...getInputProps(f.required, { type: "checkbox", value: "on", ariaAttributes: false })} />
                    <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={f.required.id}>
                      The patient must answer this question
                    </label>
                  </div>
                </div>
              </div>
              <TextInput meta={f.unit} label="Unit" hint="Number questions only, for example mmHg or kg" optional width={10} />
              <TextInput meta={f.min} label="Smallest answer" hint="Number questions only: a whole number" optional width={5} inputMode="numeric" />
              <TextInput meta={f.max} label="Largest answer" hint="Number questions only: a whole number" optional width={5} inputMode="numeric" />
              <Textarea meta={f.options} label="Options" hint="Single and multiple choice questions only: one option a line, at least 2" optional rows={4} />
              {questions.length > 1 ? (
                <button {...form.remove.getButtonProps({ name: fields.questions.name, index })} type="submit" className="nhsuk-button nhsuk-button--secondary" data-module="nhsuk-button">
                  Remove question {index + 1}
                </button>
              ) : null}
            </fieldset>
          );
        })}
        <div className="nhsuk-button-group">
          <button {...form.insert.getButtonProps({ name: fields.questions.name, defaultValue: EMPTY_QUESTION })} type="submit" className="nhsuk-button nhsuk-button--secondary" data-module="nhsuk-button">
            Add another question
          </button>
          <Button>{submitLabel}</Button>
        </div>
      </PostForm>
    </FormPage>
  );
}
