import type { FieldMetadata } from "@conform-to/react";
import { DateInput, dateSummaryErrors, TextInput } from "~/components/accounts/ConformFields";
import type { SummaryError } from "~/components/ErrorSummary";
import { summaryErrors } from "~/components/forms";
import { GENDERS } from "~/domain/patients/patient-forms";

type FormShape = Record<string, unknown>;
type DateParts = { day?: string; month?: string; year?: string };
type Field<F extends FormShape> = FieldMetadata<unknown, F, string[]>;

export type PatientDetailsFieldset<F extends FormShape> = {
  firstName: Field<F>;
  lastName: Field<F>;
  dateOfBirth: FieldMetadata<DateParts, F, string[]>;
  nhsNumber: Field<F>;
  gender: Field<F>;
  email: Field<F>;
  mobile: Field<F>;
  phone: Field<F>;
  addressLine1: Field<F>;
  town: Field<F>;
  postcode: Field<F>;
};

/** The error summary's links, in the order the fields appear. */
export function patientDetailsErrors<F extends FormShape>(fields: PatientDetailsFieldset<F>, formErrors?: string[]): SummaryError[] {
  return [
    ...summaryErrors([fields.firstName, fields.lastName], formErrors, fields.firstName.id),
    ...dateSummaryErrors(fields.dateOfBirth),
    ...summaryErrors([fields.nhsNumber, fields.gender, fields.email, fields.mobile, fields.phone, fields.addressLine1, fields.town, fields.postcode]),
  ];
}

function GenderRadios<F extends FormShape>({ meta }: { meta: Field<F> }) {
  const error = meta.errors?.[0];
  const current = typeof meta.initialValue === "string" ? meta.initialValue : "";
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <fieldset className="nhsuk-fieldset" aria-describedby={error ? meta.errorId : undefined}>
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Gender (optional)</legend>
        {error ? (
          <span className="nhsuk-error-message" id={meta.errorId}>
            <span className="nhsuk-u-visually-hidden">Error:</span> {error}
          </span>
        ) : null}
        <div className="nhsuk-radios nhsuk-radios--inline" id={meta.id}>
          {GENDERS.map((g) => (
            <div className="nhsuk-radios__item" key={g.value}>
              <input
                className="nhsuk-radios__input"
                id={`${meta.id}-${g.value}`}
                name={meta.name}
                type="radio"
                value={g.value}
                defaultChecked={current === g.value}
                aria-invalid={error ? true : undefined}
              />
              <label className="nhsuk-label nhsuk-radios__label" htmlFor={`${meta.id}-${g.value}`}>
                {g.label}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** Who the patient is and how the practice reaches them, as staff record it. */
export function PatientDetailsFields<F extends FormShape>({ fields }: { fields: PatientDetailsFieldset<F> }) {
  return (
    <>
      <TextInput meta={fields.firstName} label="First name" autoComplete="off" spellCheck={false} />
      <TextInput meta={fields.lastName} label="Last name" autoComplete="off" spellCheck={false} />
      <DateInput meta={fields.dateOfBirth} legend="Date of birth" hint="For example, 15 3 1984" ownBirthday={false} />
      <TextInput
        meta={fields.nhsNumber}
        label="NHS number"
        optional
        hint="10 digits, for example 943 476 5919"
        inputMode="numeric"
        autoComplete="off"
        width={10}
      />
      <GenderRadios meta={fields.gender} />
      <TextInput meta={fields.email} label="Email address" optional type="email" autoComplete="off" spellCheck={false} />
      <TextInput meta={fields.mobile} label="Mobile phone number" optional type="tel" hint="For example, 07700 900 123" autoComplete="off" width={20} />
      <TextInput meta={fields.phone} label="Other phone number" optional type="tel" hint="For example, 0113 496 0000" autoComplete="off" width={20} />
      <TextInput meta={fields.addressLine1} label="Address line" optional autoComplete="off" />
      <TextInput meta={fields.town} label="Town or city" optional autoComplete="off" width={20} />
      <TextInput meta={fields.postcode} label="Postcode" optional autoComplete="off" width={10} />
    </>
  );
}
