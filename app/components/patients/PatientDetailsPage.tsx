import { useNhsForm } from "~/components/forms";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { patientDetailsSchema, type PatientFormValues } from "~/domain/patients/patient-forms";
import { PatientDetailsFields, patientDetailsErrors } from "./PatientDetailsFields";


/** A page holding the patient details form: edit-details, and adding or editing a non-digital patient. */
export function PatientDetailsPage({
  title,
  caption,
  backHref,
  backText,
  submitText,
  defaultValue,
  maximumPatientAge,
  lastResult,
}: {
  title: string;
  caption?: string;
  backHref: string;
  backText: string;
  submitText: string;
  defaultValue?: PatientFormValues;
  maximumPatientAge: number;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useNhsForm(patientDetailsSchema({ today: new Date(), maximumPatientAge }), {
    lastResult,
    defaultValue,
  });
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <a className="nhsuk-back-link" href={backHref}>
          {backText}
        </a>
        <ErrorSummary errors={patientDetailsErrors(fields, form.errors)} />
        {caption ? <span className="nhsuk-caption-l">{caption}</span> : null}
        <h1>{title}</h1>
        <PostForm {...getFormProps(form)} noValidate>
          <PatientDetailsFields fields={fields} />
          <Button>{submitText}</Button>
        </PostForm>
      </div>
    </div>
  );
}
