/**
 * MFA texts (spec 2 §4, §5, §8), safe for client bundles: route components render them,
 * and mfa.server.ts re-exports them for the server side.
 */
export const MFA_MESSAGES = {
  enabled: "Multi-Factor Authentication set up.",
  disabled: "Multi-Factor Authentication successfully disabled.",
  resent: "Multi-Factor Authentication code successfully resent.",
  resendFailed: "Multi-Factor Authentication code failed to resent.",
  codeRequired: "Please enter an authentication code.",
  codeWrong: "Code is expired or incorrect.",
  disableTitle: "Disable Multi-Factor Authentication",
  disableQuestion: "Are you sure you want to disable Multi-Factor Authentication?",
  /** Ours: the spec does not say what ends a sign-in after repeated wrong codes. */
  tooManyCodes: "You entered an incorrect code too many times. Sign in again to get a new code.",
} as const;

/**
 * What a resend shows (spec 2 §8): "Code is expired or incorrect." from the resend path
 * counts as success (the new code went out; the old one is what was expired), any other
 * failure is "failed to resent". `error` is the resend path's message, null on success.
 */
export function resendNotice(error: string | null): { ok: boolean; text: string } {
  if (error === null || error === MFA_MESSAGES.codeWrong) return { ok: true, text: MFA_MESSAGES.resent };
  return { ok: false, text: MFA_MESSAGES.resendFailed };
}

/** The TOTP secret in groups of four, as people type it into an authenticator app. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
