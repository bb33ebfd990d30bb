/**
 * Document-management sign-on (spec 3 §2, decision 0116): the pages of the flow, what each needs
 * in its query, and which page must come before it, and the forms. Pure.
 */
import * as z from "zod";
export type DocmanStep = "auth" | "practice" | "setup" | "register" | "link" | "registered";

/** The page a visitor must have seen last to open each step (or the step itself, a reload). */
export const DOCMAN_PREVIOUS: Record<Exclude<DocmanStep, "auth">, DocmanStep[]> = {
  practice: ["auth"],
  setup: ["auth", "practice"],
  register: ["setup"],
  link: ["setup"],
  registered: ["register", "link"],
};

/** The query each step needs (spec: practice_id, token, practice_name, or multiple_practices and token). */
export const DOCMAN_PARAMS: Record<Exclude<DocmanStep, "auth">, string[]> = {
  practice: ["multiple_practices", "token"],
  setup: ["practice_id", "token"],
  register: ["practice_id", "token", "practice_name"],
  link: ["practice_id", "token", "practice_name"],
  registered: ["practice_name"],
};

export function docmanStepAllowed(step: Exclude<DocmanStep, "auth">, lastStep: DocmanStep | null, query: URLSearchParams): boolean {
  if (!DOCMAN_PARAMS[step].every((name) => (query.get(name) ?? "").trim() !== "")) return false;
  return lastStep !== null && (lastStep === step || DOCMAN_PREVIOUS[step].includes(lastStep));
}

export const DOCMAN_ROLES = [
  { value: "docman_auto_filing", label: "File documents to patient records automatically (docman_auto_filing)" },
  { value: "docman_auto_registration", label: "Register new patients from documents automatically (docman_auto_registration)" },
] as const;

/** Where /docman/what-is-{product} goes: the product's page for practices. */
export const WHAT_IS_PRODUCT_URL = "https://www.nhs.uk/nhs-services/gps/";


export const DOCMAN_MESSAGES = {
  practice: "Select the practice to set up",
  email: "Enter an email address in the correct format, like name@example.com",
  name: "Enter a name for the account",
  roles: "Select what the account may do",
  emailTaken: "An account with this email address already exists: link it instead",
  password: "Enter the password",
  invalid: "Enter a correct email address and password",
} as const;

const roles = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.enum(["docman_auto_filing", "docman_auto_registration"], { error: DOCMAN_MESSAGES.roles })).min(1, DOCMAN_MESSAGES.roles),
);

export const DocmanPracticeSchema = z.object({ practiceId: z.string({ error: DOCMAN_MESSAGES.practice }).regex(/^\d{1,9}$/, DOCMAN_MESSAGES.practice) });
export const DocmanRegisterSchema = z.object({
  name: z.string({ error: DOCMAN_MESSAGES.name }).trim().min(1, DOCMAN_MESSAGES.name).max(100, DOCMAN_MESSAGES.name),
  email: z.string({ error: DOCMAN_MESSAGES.email }).trim().max(254, DOCMAN_MESSAGES.email).email(DOCMAN_MESSAGES.email),
  roles,
});
export const DocmanLinkSchema = z.object({
  email: z.string({ error: DOCMAN_MESSAGES.email }).trim().max(254, DOCMAN_MESSAGES.email).email(DOCMAN_MESSAGES.email),
  password: z.string({ error: DOCMAN_MESSAGES.password }).min(1, DOCMAN_MESSAGES.password).max(200, DOCMAN_MESSAGES.password),
  roles,
});
