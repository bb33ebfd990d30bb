/**
 * "Change my details" (spec 2 §2.1, issue "patient side"): what a patient changes at once
 * (contact details and address, with the UK phone and mobile rules of spec 2 §5) and what goes
 * to the practice to check (name and date of birth: sent as an admin request, decision 0102).
 */
import * as z from "zod";
import { copy } from "~/copy";
import { mobileField, optionalPostcodeField, phoneField } from "~/validation/rules";

export const MY_DETAILS_MESSAGES = {
  addressTooLong: "Address must be 200 characters or fewer.",
  townTooLong: "Town or city must be 100 characters or fewer.",
  postcode: "Enter a real postcode, like LS1 4AP.",
  saved: "Your contact details and address have been updated.",
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

const formatPostcode = (value: string) => `${value.slice(0, -3)} ${value.slice(-3)}`;

/** The contact details and address a patient changes themselves; empty clears a field. */
export const MyDetailsSchema = z.object({
  mobile: mobileField(copy.validation.mfaMobile)
    .optional()
    .transform((value) => value || null),
  phone: phoneField.optional().transform((value) => value || null),
  addressLine1: optionalText(200, MY_DETAILS_MESSAGES.addressTooLong),
  town: optionalText(100, MY_DETAILS_MESSAGES.townTooLong),
  postcode: optionalPostcodeField(MY_DETAILS_MESSAGES.postcode).transform((value) => (value ? formatPostcode(value) : null)),
});

export type MyDetailsInput = z.output<typeof MyDetailsSchema>;
