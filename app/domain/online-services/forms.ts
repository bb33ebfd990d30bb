/**
 * The online-services forms (spec 2 §5), shared by the browser (live validation) and the
 * server (the authority). The spec gives the limits; where it gives no words, these say
 * what to do in the NHS.UK way.
 */
import * as z from "zod";
import { linkLabels, type Flavour } from "~/domain/gp-system/flavour";

export const REASON_MAX = 150;
export const FORM_MESSAGES = {
  reasonMissing: "Enter the reason for your appointment",
  reasonTooLong: `The reason for your appointment must be ${REASON_MAX} characters or fewer`,
} as const;

function sized(label: string, min: number, max: number) {
  const missing = `Enter your ${label}`;
  const size = `${label} must be between ${min} and ${max} characters`;
  return z.string({ error: missing }).trim().min(1, missing).min(min, size).max(max, size);
}

/** Account ID 9–15, linkage key 6–16, unit id 4–15 characters, labelled by flavour. */
export function linkSchema(flavour: Flavour) {
  const labels = linkLabels(flavour);
  return z.object({
    accountId: sized(labels.accountId, 9, 15),
    linkageKey: sized(labels.linkageKey, 6, 16),
    unitId: sized(labels.unitId, 4, 15),
  });
}

/** Booking reason: required, at most 150 characters. */
export const BookingSchema = z.object({
  reason: z.string({ error: FORM_MESSAGES.reasonMissing }).trim().min(1, FORM_MESSAGES.reasonMissing).max(REASON_MAX, FORM_MESSAGES.reasonTooLong),
});
