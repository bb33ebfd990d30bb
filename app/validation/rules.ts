/**
 * Field rules shared by client (live validation) and server (the authority), with the
 * spec's exact messages (spec 1 §5, §8; spec 2 §5). Import these; never restate a rule.
 */
import * as z from "zod";
import { copy } from "~/copy";

const v = copy.validation;

/** At least 12 characters with a lower-case letter, an upper-case letter and a number. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12,}$/;
/** UK phone: +44 or 0, then 9 to 10 digits. */
export const UK_PHONE_PATTERN = /^(?:\+44|0)\d{9,10}$/;
/** UK mobile: +44 or 0, then 7 and 9 digits. */
export const UK_MOBILE_PATTERN = /^(?:\+44|0)7\d{9}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ASCII = /^[\x20-\x7e]*$/;

/** Approved staff domains (spec 1 §5): NHS England, Scotland, Northern Ireland, plus the supplier's. */
export const STAFF_EMAIL_DOMAINS = ["nhs.net", "nhs.uk", "nhs.scot", "hscni.net", "frontdoor.health"] as const;
/** Allowed outside production only, for test accounts. */
export const TEST_EMAIL_DOMAIN = "example.com";

/** Spaces are stripped from phone numbers as typed or pasted (spec 2 §5). */
export const stripSpaces = (value: string) => value.replace(/\s+/g, "");

const requiredString = (message: string) => z.string({ error: message }).trim().min(1, message);

export const emailField = requiredString(v.email)
  .max(254, v.email)
  .refine((value) => ASCII.test(value), v.emailCharacters)
  .refine((value) => !ASCII.test(value) || EMAIL_PATTERN.test(value), v.email)
  .transform((value) => value.toLowerCase());

export function isStaffEmail(email: string, allowTestDomain: boolean): boolean {
  const domain = email.toLowerCase().split("@")[1] ?? "";
  const allowed: string[] = [...STAFF_EMAIL_DOMAINS];
  if (allowTestDomain) allowed.push(TEST_EMAIL_DOMAIN);
  return allowed.some((d) => domain === d || domain.endsWith(`.${d}`));
}

export const staffEmailField = (allowTestDomain: boolean) =>
  emailField.refine((value) => isStaffEmail(value, allowTestDomain), v.nhsEmail);

export const passwordField = z.string({ error: v.password }).regex(PASSWORD_PATTERN, v.password).max(200, v.password);

export const phoneField = z
  .string({ error: v.phone })
  .transform(stripSpaces)
  .refine((value) => UK_PHONE_PATTERN.test(value), v.phone);

export const mobileField = (message: string = v.mfaMobile) =>
  z
    .string({ error: message })
    .transform(stripSpaces)
    .refine((value) => value.length >= 10 && value.length <= 13 && UK_MOBILE_PATTERN.test(value), message);

/** E-mail plus its confirmation, with the spec's two messages for the second field. */
export function withEmailConfirmation<T extends z.ZodRawShape>(shape: T, emailSchema: z.ZodType<string> = emailField) {
  return z
    .object({
      ...shape,
      email: emailSchema,
      confirmEmail: z.string({ error: v.confirmEmailMissing }).trim().min(1, v.confirmEmailMissing),
    })
    .superRefine((value, ctx) => {
      const { email, confirmEmail } = value as unknown as { email: string; confirmEmail: string };
      if (typeof email === "string" && confirmEmail.toLowerCase() !== email.toLowerCase()) {
        ctx.addIssue({ code: "custom", path: ["confirmEmail"], message: v.confirmEmailMismatch });
      }
    });
}

/** A person's name part: required, trimmed, at most 100 characters. */
export const nameField = (missing: string, tooLong: string) => requiredString(missing).max(100, tooLong);

/** UK postcode, spaces and case ignored ("ls1 3ex" is LS1 3EX). */
export const UK_POSTCODE_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;
export const normalisePostcode = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** An optional UK postcode; empty means not given. Output is normalised (no spaces, upper case). */
export const optionalPostcodeField = (message: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? normalisePostcode(value) : undefined))
    .refine((value) => value === undefined || UK_POSTCODE_PATTERN.test(value), message);

/** A six-digit authentication code (spec 2 §5). */
export const mfaCodeField = z
  .string({ error: "Please enter an authentication code." })
  .transform(stripSpaces)
  .refine((value) => value.length > 0, "Please enter an authentication code.")
  .refine((value) => /^\d{6}$/.test(value), "The authentication code must be 6 digits.");

/** Practice and ODS codes: letters and digits only (spec 1 §5). */
export const practiceCodeField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]+$/, "Practice code must only include letters and numbers, with no spaces or symbols.");
