import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { DateInput, dateSummaryErrors, Radios, TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { dependentSchema } from "~/domain/accounts/registration-forms";
import { PROXY_LINK_REASONS, PROXY_REASON_LABELS } from "~/domain/dependents/proxy-links";

export type AddDependentData = { practice: { name: string; urlCode: string }; maximumPatientAge: number; backHref: string };

/**
 * "Add someone you care for" (spec 2 §2.3): name, date of birth from day/month/year,
 * relationship and why the carer acts for them. Shared by /carer/dependents/add,
 * /{code}/dependents/add and /{code}/carer/{carer_id}/register.
 */
export function AddDependentForm({ data, lastResult }: { data: AddDependentData; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useNhsForm(dependentSchema({ today: new Date(), maximumPatientAge: data.maximumPatientAge }), { lastResult });
  const errors = [
    ...summaryErrors([fields.firstName, fields.lastName], form.errors, fields.firstName.id),
    ...dateSummaryErrors(fields.dateOfBirth),
    ...summaryErrors([fields.postcode, fields.relationship, fields.reason]),
  ];
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{data.practice.name}</span>
        <h1>Add someone you care for</h1>
        <p>They must be registered at {data.practice.name}. Enter their details as the practice has them.</p>
        <p>The practice checks every request before you can see or do anything for them.</p>
        <PostForm {...getFormProps(form)} noValidate>
          <TextInput meta={fields.firstName} label="Their first name" autoComplete="off" spellCheck={false} />
          <TextInput meta={fields.lastName} label="Their last name" autoComplete="off" spellCheck={false} />
          <DateInput meta={fields.dateOfBirth} legend="Their date of birth" hint="For example, 15 3 1984" ownBirthday={false} />
          <TextInput
            meta={fields.postcode}
            label="Their postcode"
            optional
            hint="Only needed if the practice has more than one patient with their name and date of birth."
            autoComplete="off"
            width={10}
          />
          <TextInput meta={fields.relationship} label="Your relationship to them" optional hint="For example, son, daughter or neighbour" width={20} />
          <Radios
            meta={fields.reason}
            legend="Why do you act for them?"
            options={PROXY_LINK_REASONS.map((value) => ({ value, label: PROXY_REASON_LABELS[value] }))}
          />
          <Button>Ask the practice</Button>
        </PostForm>
        <p>
          <a href={data.backHref}>Back to the people you care for</a>
        </p>
      </div>
    </div>
  );
}
