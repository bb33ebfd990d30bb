/**
 * The patient details form staff fill in: edit-details of any patient, and adding or
 * editing a non-digital one. Shared by the browser (live validation) and the server (the
 * authority). Rules come from ~/validation; the messages speak of "the patient".
 */
import * as z from "zod";
import { dateOfBirthField, type DateOfBirthOptions } from "~/domain/accounts/registration-forms";
import { copy } from "~/copy";
import { emailField, mobileField, nameField, optionalPostcodeField, phoneField } from "~/validation/rules";
import { isValidNhsNumber } from "./nhs-number";

export const PATIENT_FORM_MESSAGES = {
  firstNameMissing: "Enter the patient's first name.",
  lastNameMissing: "Enter the patient's last name.",
  nameTooLong: "Name must be 100 characters or fewer.",
  nhsNumber: "Enter a valid 10-digit NHS number, like 943 476 5919.",
  nhsNumberTaken: "Another patient at this practice already has this NHS number.",
  gender: "Choose the patient's gender from the list.",
  addressTooLong: "Address must be 200 characters or fewer.",
  townTooLong: "Town or city must be 100 characters or fewer.",
  postcode: "Enter a real postcode, like LS1 4AP.",
} as const;

export const PATIENT_UPDATED_MESSAGE = "Patient details updated.";
export const NON_DIGITAL_ADDED_MESSAGE = "Non-digital patient added.";

export const GENDERS = [
  { value: "female", label: "Female" },
  { value: "male", label: "Male" },
  { value: "not_specified", label: "Prefer not to say" },
] as const;

const m = PATIENT_FORM_MESSAGES;

/** Stored with its single space, the way letters print it ("LS1 4AP"). */
const formatPostcode = (value: string) => `${value.slice(0, -3)} ${value.slice(-3)}`;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

export function patientDetailsSchema(options: DateOfBirthOptions) {
  return z.object({
    firstName: nameField(m.firstNameMissing, m.nameTooLong),
    lastName: nameField(m.lastNameMissing, m.nameTooLong),
    dateOfBirth: dateOfBirthField(options, "their"),
    nhsNumber: z
      .string()
      .optional()
      .refine((value) => value === undefined || isValidNhsNumber(value), m.nhsNumber)
      .transform((value) => (value ? value.replace(/[\s-]/g, "") : undefined)),
    gender: z.enum(["female", "male", "not_specified"], { error: m.gender }).optional(),
    email: emailField.optional(),
    mobile: mobileField(copy.validation.mfaMobile).optional(),
    phone: phoneField.optional(),
    addressLine1: optionalText(200, m.addressTooLong),
    town: optionalText(100, m.townTooLong),
    postcode: optionalPostcodeField(m.postcode).transform((value) => (value ? formatPostcode(value) : undefined)),
  });
}

export type PatientDetailsInput = z.output<ReturnType<typeof patientDetailsSchema>>;

/** The form's values as typed (what the inputs hold before the schema reads them). */
export type PatientFormValues = z.input<ReturnType<typeof patientDetailsSchema>>;
