/** What NHS login's pages say (spec 2 §2.8; the wording the spec leaves open: decision 0082). */
export const NHS_LOGIN_MESSAGES = {
  failed: "You could not be signed in with NHS login. Try again, or sign in with your email address and password.",
  practiceMissing: "Select your GP practice",
  passwordMissing: "Enter your password",
  passwordWrong: "Enter the correct password for this account",
  throttled: "Too many attempts. Wait a minute, then try again.",
} as const;
