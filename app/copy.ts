/**
 * User-facing texts from the spec (shared/spec), in one place. Functions take the
 * configurable product name so the texts stay exact when it changes.
 */
export const copy = {
  serverError: "Server error. Please try again later",
  browser: {
    unsupported: "Unsupported browser detected",
    outdated: "Outdated browser detected",
  },
  requestTimeout: (practiceName: string) =>
    `You have taken more than 30 minutes to submit your request. Your request has been cancelled and has not been sent to ${practiceName}.`,
  idleLogout: (product: string) =>
    `For security reasons, you have been logged out due to inactivity. Please log in again to continue using ${product}.`,
  suggestion: {
    empty: "Please add a suggestion.",
    failed: "There was an error submitting your suggestion.",
    succeeded: (product: string) => `Your suggestion has been submitted. Thanks for helping to improve ${product}!`,
  },
  newMessageToast: { title: "New message!", text: "Check your inboxes for a new message." },
  noInformation: "No information provided",
  errorSummaryTitle: "There is a problem",
  validation: {
    password:
      "Password is either less than 12 characters long, or does not include at least one lower case letter, one upper case letter, or one number.",
    nhsEmail: "Email is not a valid NHS email address.",
    email: "Please enter a valid email address.",
    confirmEmailMissing: "Please confirm your email address.",
    confirmEmailMismatch: "Emails do not match.",
    phone: "Please enter a valid UK phone number.",
    overridePhone: "Mobile number is invalid.",
    mfaMobile: "Please enter a valid UK mobile phone number.",
    emailCharacters: "This email contains invalid characters",
    registeredPatient: (product: string) => `You must be registered at this practice to use ${product}.`,
  },
  permissionDenied: {
    no_staff_role:
      "You do not have a GP or receptionist role at this practice, so you cannot use the inboxes. Ask your practice administrator to add a staff role for you.",
    logout_required:
      "This page is for patients. You are signed in as a member of practice staff: log out first to use it as a patient.",
    has_staff_role:
      "This page is for practice administrators without a staff role. You already have a GP or receptionist role.",
  },
} as const;

export type PermissionErrorCode = keyof typeof copy.permissionDenied;

export function isPermissionErrorCode(value: string | null): value is PermissionErrorCode {
  return value !== null && Object.prototype.hasOwnProperty.call(copy.permissionDenied, value);
}
