/**
 * The registration forms (patient, carer, guest, dependent, staff invitation), shared by
 * the browser (live validation with Conform) and the server (the authority). Field rules
 * come from ~/validation with the spec's messages; only texts the spec does not give are
 * written here.
 */
import * as z from "zod";
import { parseDateOfBirth } from "~/validation/dates";
import { mobileField, nameField, optionalPostcodeField, passwordField, withEmailConfirmation } from "~/validation/rules";
import { proxyReasonField } from "~/domain/dependents/proxy-links";

export const REGISTRATION_MESSAGES = {
  firstNameMissing: "Enter your first name.",
  lastNameMissing: "Enter your last name.",
  theirFirstNameMissing: "Enter their first name.",
  theirLastNameMissing: "Enter their last name.",
  nameTooLong: "Name must be 100 characters or fewer.",
  postcode: "Enter a real postcode, like LS1 4AP.",
  relationshipTooLong: "Relationship must be 50 characters or fewer.",
  /** More than one patient at the practice has this name and date of birth. */
  postcodeNeeded: "More than one patient at this practice has these details. Enter the postcode of your address.",
  cannotAddYourself: "You cannot add yourself as someone you care for.",
  /** The registered-patient rule, said of the person cared for. */
  dependentNotRegistered: (product: string) => `They must be registered at this practice to use ${product}.`,
} as const;

const m = REGISTRATION_MESSAGES;

export type DateOfBirthOptions = {
  /** Today, as the server (or the browser, for live validation) sees it. */
  today: Date;
  /** global_settings.maximum_patient_age (spec 1 §5: default 111). */
  maximumPatientAge: number;
};

/**
 * The NHS.UK three-field date input. Each part is a separate field so the error highlights
 * the part that is wrong; the message covers the whole date. The output is an ISO date.
 */
export function dateOfBirthField({ today, maximumPatientAge }: DateOfBirthOptions, subject: "your" | "their" = "your") {
  return z
    .object({ day: z.string().optional(), month: z.string().optional(), year: z.string().optional() })
    .superRefine((parts, ctx) => {
      const result = parseDateOfBirth(parts, today, maximumPatientAge);
      if (!result.ok) {
        const message = subject === "their" ? result.message.replace("Enter your date of birth", "Enter their date of birth") : result.message;
        ctx.addIssue({ code: "custom", path: [result.field], message });
      }
    })
    .transform((parts) => {
      const result = parseDateOfBirth(parts, today, maximumPatientAge);
      return result.ok ? result.iso : "";
    });
}

const names = (subject: "your" | "their" = "your") => ({
  firstName: nameField(subject === "your" ? m.firstNameMissing : m.theirFirstNameMissing, m.nameTooLong),
  lastName: nameField(subject === "your" ? m.lastNameMissing : m.theirLastNameMissing, m.nameTooLong),
});

/** /practice/{code}/register: a patient of the practice creates an account. */
export function patientRegistrationSchema(options: DateOfBirthOptions) {
  return withEmailConfirmation({
    ...names(),
    dateOfBirth: dateOfBirthField(options),
    postcode: optionalPostcodeField(m.postcode),
    mobile: mobileField(),
    password: passwordField,
  });
}

/** /practice/{code}/carer/register: a carer's own account; no patient record needed. */
export const CarerRegistrationSchema = withEmailConfirmation({
  ...names(),
  mobile: mobileField(),
  password: passwordField,
});

/** /practice/{code}/continue-as-guest: a registered patient without an account. */
export function guestEntrySchema(options: DateOfBirthOptions) {
  return withEmailConfirmation({
    ...names(),
    dateOfBirth: dateOfBirthField(options),
    postcode: optionalPostcodeField(m.postcode),
    mobile: mobileField(),
  });
}

/** /{code}/carer/{carer_id}/register: a person the carer cares for. */
export function dependentSchema(options: DateOfBirthOptions) {
  return z.object({
    ...names("their"),
    dateOfBirth: dateOfBirthField(options, "their"),
    postcode: optionalPostcodeField(m.postcode),
    relationship: z.string().trim().max(50, m.relationshipTooLong).optional(),
    reason: proxyReasonField,
  });
}

/** Staff and practice-admin invitations: the e-mail comes from the invitation. */
export const InvitationRegistrationSchema = z.object({
  intent: z.literal("register"),
  ...names(),
  password: passwordField,
});

/** A signed-in user whose address was invited accepts it. */
export const AcceptInvitationSchema = z.object({ intent: z.literal("accept") });
