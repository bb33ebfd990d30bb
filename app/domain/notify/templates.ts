/**
 * Message templates: the subject and body each notification carries. With GOV.UK Notify the
 * same names map to Notify template ids and the values become its personalisation.
 */
export type TemplateValues = {
  "email-validation": { firstName: string; link: string; product: string };
  "password-reset": { firstName: string; link: string; product: string };
  "mfa-sms-code": { code: string; product: string };
  "staff-invitation": { practiceName: string; link: string; product: string };
  "practice-admin-invitation": { practiceName: string; link: string; product: string };
  "guest-validation": { link: string; product: string; practiceName: string };
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
  "guest-validation": (v) => ({
    subject: `Confirm your email address for ${v.product}`,
    body: `Confirm your email address to continue your request to ${v.practiceName}:\n\n${v.link}\n\nThe link expires in 24 hours.`,
  }),
};

export function renderTemplate<T extends TemplateName>(name: T, values: TemplateValues[T]): Rendered {
  return templates[name](values);
}
