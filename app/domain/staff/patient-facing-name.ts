/**
 * The patient-facing name (spec 3 §2, §5, §6): what patients see instead of a staff member's
 * real name; staff and the audit trail always see the real name.
 */
import * as z from "zod";

export const PATIENT_FACING_NAME_MIN = 2;
export const PATIENT_FACING_NAME_MAX = 300;

export const PATIENT_FACING_NAME_MESSAGES = {
  required: "Enter your patient-facing name",
  length: `Your patient-facing name must be between ${PATIENT_FACING_NAME_MIN} and ${PATIENT_FACING_NAME_MAX} characters`,
  /** The error summary's one line (spec 3 §2). */
  summary: "Please see warnings above.",
  updated: "Patient-facing name updated.",
  warning:
    "This name is shown only to patients, for example on the replies you send them. Staff at your practice, and the audit trail, always see your real name.",
} as const;

const m = PATIENT_FACING_NAME_MESSAGES;

/** Required, 2 to 300 characters once spaces at either end are dropped. */
export const PatientFacingNameSchema = z.object({
  name: z
    .string({ error: m.required })
    .trim()
    .min(1, m.required)
    .min(PATIENT_FACING_NAME_MIN, m.length)
    .max(PATIENT_FACING_NAME_MAX, m.length),
});

/**
 * How a staff member is named to patients: their patient-facing name when they set one,
 * otherwise the practice (a patient is never shown a staff member's real name).
 */
export function staffNameForPatients(patientFacingName: string | null | undefined, practiceName: string): string {
  const name = patientFacingName?.trim();
  return name ? `${name}, ${practiceName}` : practiceName;
}
