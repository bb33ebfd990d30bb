/**
 * The password and account forms, shared by the browser (live validation with Conform) and
 * the server (the authority). Field rules come from ~/validation/rules with the spec's
 * messages; only texts the spec does not give are written here.
 */
import * as z from "zod";
import { emailField, mobileField, nameField, passwordField, withEmailConfirmation } from "~/validation/rules";
import { REGISTRATION_MESSAGES } from "./registration-forms";

export const ACCOUNT_MESSAGES = {
  currentPasswordMissing: "Enter your current password.",
  passwordMissing: "Enter your password.",
  confirmPasswordMissing: "Please confirm your password.",
  confirmPasswordMismatch: "Passwords do not match.",
} as const;

const m = ACCOUNT_MESSAGES;

/** A new password and its confirmation: the spec's rule on the first, a match on the second. */
function newPasswordShape() {
  return {
    password: passwordField,
    confirmPassword: z.string({ error: m.confirmPasswordMissing }).min(1, m.confirmPasswordMissing).max(200),
  };
}

function passwordsMatch(value: { password?: unknown; confirmPassword?: unknown }, ctx: z.RefinementCtx) {
  if (typeof value.password === "string" && value.confirmPassword !== value.password) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.confirmPasswordMismatch });
  }
}

/** /password/reset: only the address. Any well-formed address gets the same answer. */
export const ResetRequestSchema = z.object({ email: emailField });

/** /password/reset/{token}. */
export const NewPasswordSchema = z.object(newPasswordShape()).superRefine(passwordsMatch);

/** /account-settings/change-password. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: m.currentPasswordMissing }).min(1, m.currentPasswordMissing).max(200),
    ...newPasswordShape(),
  })
  .superRefine(passwordsMatch);

/** /confirm-password: the password again, and where to go back to. */
export const ConfirmPasswordSchema = z.object({
  password: z.string({ error: m.passwordMissing }).min(1, m.passwordMissing).max(200),
  redirect: z.string().optional(),
});

/** /account-settings/details. The mobile number is optional; an empty field clears it. */
export const AccountDetailsSchema = z.object({
  firstName: nameField(REGISTRATION_MESSAGES.firstNameMissing, REGISTRATION_MESSAGES.nameTooLong),
  lastName: nameField(REGISTRATION_MESSAGES.lastNameMissing, REGISTRATION_MESSAGES.nameTooLong),
  mobile: mobileField().optional(),
});

/** /register/{token}: the name comes from the patient record, so only these are asked. */
export const TokenRegistrationSchema = withEmailConfirmation({ password: passwordField }, emailField);
