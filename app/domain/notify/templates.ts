/**
 * Message templates: the subject and body each notification carries. With GOV.UK Notify the
 * same names map to Notify template ids and the values become its personalisation.
 */
export type TemplateValues = {
  "email-validation": { firstName: string; link: string; product: string };
  "password-reset": { firstName: string; link: string; product: string };
  "password-changed": { firstName: string; product: string; supportPhone: string };
  "mfa-sms-code": { code: string; product: string };
  "staff-invitation": { practiceName: string; link: string; product: string };
  "practice-admin-invitation": { practiceName: string; link: string; product: string };
  "guest-validation": { link: string; product: string; practiceName: string };
  /** Someone tried to register (or enter as a guest) with an address that has an account. */
  "account-exists": { product: string; practiceName: string; signInLink: string; resetLink: string };
  /** The details entered match a patient whose record already has an account. */
  "patient-already-registered": { product: string; practiceName: string; signInLink: string; resetLink: string };
  /** A request reached the practice (issue 4). `reference` is what the patient quotes on the phone. */
  "request-submitted": { product: string; practiceName: string; reference: string; responseBy: string; link: string };
  /** The practice wrote in the conversation of a request; the link opens the chat. */
  "request-message": { product: string; practiceName: string; link: string };
  /** The practice decided on a carer's request to act for someone (approved, declined or removed). */
  "proxy-link-decision": { product: string; practiceName: string; decision: string; note: string; link: string };
  /** A practice invited to join (/practices/invite): the link and the registration code to quote. */
  "practice-invitation": { product: string; practiceName: string; link: string; registrationCode: string };
  /** The friends and family test after an appointment (issue "patient side"): one link, `days` to answer. */
  "fft-invitation": { product: string; practiceName: string; link: string; days: string };
  /** A video consultation was scheduled for the patient: when, with whom, and the tokened link to the waiting room. */
  "video-invitation": { product: string; practiceName: string; when: string; clinician: string; link: string; notes: string };
  /** The patient is one of a group video call's members: its title, when, and the link (they sign in to join). */
  "group-video-invitation": { product: string; practiceName: string; title: string; when: string; link: string };
  /** A practice's bulk message (issue "templates"): the text as staff wrote it, placeholders filled in. */
  "bulk-message": { practiceName: string; subject: string; body: string };
  /** The day before a booked appointment: when, where, and the single-use cancel and unsubscribe links. */
  "appointment-reminder": { practiceName: string; when: string; cancelLink: string; unsubscribeLink: string };
};

export type TemplateName = keyof TemplateValues;

type Rendered = { subject: string; body: string };

const templates: { [K in TemplateName]: (v: TemplateValues[K]) => Rendered } = {
  "email-validation": (v) => ({
    subject: `Confirm your email address for ${v.product}`,
    body: `Dear ${v.firstName},\n\nConfirm your email address to finish creating your ${v.product} account:\n\n${v.link}\n\nThe link expires in 24 hours. If you did not create an account, ignore this email.`,
  }),
  "password-reset": (v) => ({
    subject: `Reset your ${v.product} password`,
    body: `Dear ${v.firstName},\n\nUse this link to choose a new password:\n\n${v.link}\n\nThe link works once and expires in 1 hour. If you did not ask to reset your password, ignore this email: your password has not changed.`,
  }),
  "password-changed": (v) => ({
    subject: `Your ${v.product} password has been changed`,
    body: `Dear ${v.firstName},\n\nThe password for your ${v.product} account has just been changed, and you have been signed out on your other devices.\n\nIf you did not change it, reset your password now from the sign-in page, or call ${v.supportPhone}.`,
  }),
  "mfa-sms-code": (v) => ({
    subject: "",
    body: `Your ${v.product} security code is ${v.code}. It expires in 10 minutes. Do not share it with anyone.`,
  }),
  "staff-invitation": (v) => ({
    subject: `You have been invited to ${v.practiceName} on ${v.product}`,
    body: `You have been invited to join ${v.practiceName} on ${v.product}.\n\nCreate your account:\n\n${v.link}\n\nThe link expires in 7 days.`,
  }),
  "practice-admin-invitation": (v) => ({
    subject: `Set up ${v.practiceName} on ${v.product}`,
    body: `You have been invited to administer ${v.practiceName} on ${v.product}.\n\nCreate your account:\n\n${v.link}\n\nThe link expires in 7 days.`,
  }),
  "account-exists": (v) => ({
    subject: `You already have a ${v.product} account`,
    body: `Someone, perhaps you, tried to create a ${v.product} account at ${v.practiceName} with this email address. You already have an account, so we have not created another.\n\nSign in:\n\n${v.signInLink}\n\nIf you have forgotten your password, reset it:\n\n${v.resetLink}\n\nIf this was not you, you can ignore this email: nothing has changed.`,
  }),
  "patient-already-registered": (v) => ({
    subject: `We could not create your ${v.product} account`,
    body: `Someone, perhaps you, tried to use ${v.product} at ${v.practiceName} with this email address. The details given belong to a patient who already has a ${v.product} account, so we have not created another.\n\nIf that account is yours, sign in:\n\n${v.signInLink}\n\nIf you have forgotten your password, reset it:\n\n${v.resetLink}\n\nIf you do not have an account, contact ${v.practiceName}.`,
  }),
  "request-submitted": (v) => ({
    subject: `${v.practiceName} has your request ${v.reference}`,
    body: `Your request ${v.reference} has been sent to ${v.practiceName}. They will reply by ${v.responseBy}.\n\nSee your request and any replies:\n\n${v.link}\n\nIf you feel worse or need help sooner, call 111, or 999 in an emergency.`,
  }),
  "request-message": (v) => ({
    subject: `New message from ${v.practiceName}`,
    body: `${v.practiceName} has sent you a message about your request on ${v.product}.\n\nRead it and reply:\n\n${v.link}`,
  }),
  "proxy-link-decision": (v) => ({
    subject: `${v.practiceName} has ${v.decision} your request to act for someone`,
    body: `${v.practiceName} has ${v.decision} your request on ${v.product} to act for someone you care for.${v.note ? `\n\nThe practice said: ${v.note}` : ""}\n\nSee the people you care for:\n\n${v.link}\n\nIf you have questions, contact ${v.practiceName}.`,
  }),
  "practice-invitation": (v) => ({
    subject: `Join ${v.product}: ${v.practiceName}`,
    body: `${v.practiceName} has been invited to use ${v.product}, the online front door for GP practices.\n\nTo set up the practice and create the practice administrator's account, open:\n\n${v.link}\n\nYour registration code is ${v.registrationCode}. Quote it if you call us.\n\nThe link expires in 7 days.`,
  }),
  "fft-invitation": (v) => ({
    subject: `How was your appointment at ${v.practiceName}?`,
    body: `Thank you for visiting ${v.practiceName}. Overall, how was your experience of our service? Tell us in one question:\n\n${v.link}\n\nThe link works once and expires in ${v.days} days. Do not reply with medical questions.`,
  }),
  "video-invitation": (v) => ({
    subject: `Video consultation with ${v.practiceName}`,
    body: `${v.practiceName} has booked a video consultation for you on ${v.when} with ${v.clinician}.${v.notes ? `\n\n${v.notes}` : ""}\n\nAt that time, open this link on a phone, tablet or computer with a camera and wait in the waiting room:\n\n${v.link}\n\nIf you cannot join by video, call ${v.practiceName} and they will phone you instead.`,
  }),
  "group-video-invitation": (v) => ({
    subject: `Group video call with ${v.practiceName}`,
    body: `${v.practiceName} has invited you to a group video call, "${v.title}", on ${v.when}.\n\nAt that time, sign in to ${v.product} on a phone, tablet or computer with a camera and open this link:\n\n${v.link}\n\nIf you cannot join by video, call ${v.practiceName}.`,
  }),
  "guest-validation": (v) => ({
    subject: `Confirm your email address for ${v.product}`,
    body: `Confirm your email address to continue your request to ${v.practiceName}:\n\n${v.link}\n\nThe link expires in 24 hours.`,
  }),
  "bulk-message": (v) => ({
    subject: v.subject || `A message from ${v.practiceName}`,
    body: v.body,
  }),
  "appointment-reminder": (v) => ({
    subject: `Your appointment at ${v.practiceName} tomorrow`,
    body: `Reminder: you have an appointment at ${v.practiceName} on ${v.when}.\n\nIf you no longer need it, cancel it here:\n\n${v.cancelLink}\n\nTo stop appointment reminders:\n\n${v.unsubscribeLink}`,
  }),
};

export function renderTemplate<T extends TemplateName>(name: T, values: TemplateValues[T]): Rendered {
  return templates[name](values);
}

/** Every template name, at run time: config checks each has a GOV.UK Notify template id. */
export const templateNames = Object.keys(templates) as TemplateName[];
