import type { FieldMetadata } from "@conform-to/react";
import { DateInput, TextInput } from "./ConformFields";

type FormShape = Record<string, unknown>;
type DateParts = { day?: string; month?: string; year?: string };

/** Text fields are `unknown`: their schemas transform (trim, lower-case) what was typed. */
export type PatientIdentityFieldset<F extends FormShape> = {
  firstName: FieldMetadata<unknown, F, string[]>;
  lastName: FieldMetadata<unknown, F, string[]>;
  dateOfBirth: FieldMetadata<DateParts, F, string[]>;
  postcode: FieldMetadata<unknown, F, string[]>;
  email: FieldMetadata<unknown, F, string[]>;
  confirmEmail: FieldMetadata<unknown, F, string[]>;
  mobile: FieldMetadata<unknown, F, string[]>;
};

/**
 * Who the person is, as their practice knows them, and how to reach them: the fields
 * patient registration and guest entry share, so both match a patient the same way.
 */
export function PatientIdentityFields<F extends FormShape>({ fields }: { fields: PatientIdentityFieldset<F> }) {
  return (
    <>
      <TextInput meta={fields.firstName} label="First name" autoComplete="given-name" spellCheck={false} />
      <TextInput meta={fields.lastName} label="Last name" autoComplete="family-name" spellCheck={false} />
      <DateInput meta={fields.dateOfBirth} legend="Date of birth" hint="For example, 15 3 1984" />
      <TextInput
        meta={fields.postcode}
        label="Postcode"
        optional
        hint="Only needed if the practice has more than one patient with your name and date of birth."
        autoComplete="postal-code"
        width={10}
      />
      <TextInput meta={fields.email} label="Email address" type="email" autoComplete="email" spellCheck={false} />
      <TextInput meta={fields.confirmEmail} label="Confirm email address" type="email" autoComplete="email" spellCheck={false} />
      <TextInput
        meta={fields.mobile}
        label="Mobile phone number"
        type="tel"
        hint="For example, 07700 900 123"
        autoComplete="tel"
        width={20}
      />
    </>
  );
}
