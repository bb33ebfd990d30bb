/**
 * The date-of-birth check of /security/{token}: the NHS.UK three-field date input, with the
 * same field rules as registration. Shared by the browser and the server; `today` is the
 * server's London date there and the browser's own date here.
 */
import * as z from "zod";
import { dateOfBirthField, type DateOfBirthOptions } from "~/domain/accounts/registration-forms";

export function dateOfBirthSchema(options: DateOfBirthOptions) {
  return z.object({ dateOfBirth: dateOfBirthField(options) });
}

export const MAGIC_LINK_MESSAGES = {
  wrongDateOfBirth: (attemptsLeft: number) =>
    `The date of birth does not match our records. You can try ${attemptsLeft} more ${attemptsLeft === 1 ? "time" : "times"} before this link is locked.`,
  locked:
    "This link has been locked because the date of birth was entered wrongly 3 times. Contact your GP practice to get a new link.",
} as const;
