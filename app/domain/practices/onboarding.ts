/**
 * Onboarding a practice (spec 3 §2 /practices/add, /practices/invite): the forms' rules, the
 * registration code of a practice invitation, and the paging of the admin lists. Pure; the
 * queries and commands are in onboarding.server.ts (docs/decisions/0076-system-administration.md).
 */
import * as z from "zod";
import { AcceptInvitationSchema, InvitationRegistrationSchema } from "~/domain/accounts/registration-forms";
import { staffEmailField } from "~/validation/rules";

export const PAGE_SIZE = 20;

export const COUNTRIES = [
  { value: "england", label: "England" },
  { value: "wales", label: "Wales" },
  { value: "scotland", label: "Scotland" },
  { value: "northern_ireland", label: "Northern Ireland" },
] as const;
export type Country = (typeof COUNTRIES)[number]["value"];

export const GP_SYSTEMS = [
  { value: "emis", label: "EMIS Web" },
  { value: "tpp", label: "TPP SystmOne" },
] as const;
export type GpSystem = (typeof GP_SYSTEMS)[number]["value"];

export const ONBOARDING_MESSAGES = {
  name: "Enter the practice name",
  nameTooLong: "Practice name must be 200 characters or fewer",
  urlCode: "Enter the practice code",
  urlCodeFormat: "Practice code must only include letters and numbers, with no spaces or symbols.",
  urlCodeTooLong: "Practice code must be 30 characters or fewer",
  urlCodeTaken: "Another practice already uses this practice code",
  odsCode: "ODS code must only include letters and numbers, with no spaces or symbols.",
  odsCodeTooLong: "ODS code must be 10 characters or fewer",
  ehrType: "Select the practice's GP system",
  country: "Select the country the practice is in",
  ccg: "Select a regional group from the list",
  adminEmail: "Enter the practice administrator's email address",
} as const;

const m = ONBOARDING_MESSAGES;

const optionalCode = z
  .string()
  .trim()
  .max(10, m.odsCodeTooLong)
  .regex(/^[A-Za-z0-9]*$/, m.odsCode)
  .transform((v) => (v === "" ? null : v.toUpperCase()))
  .optional()
  .transform((v) => v ?? null);

const optionalCcg = z
  .string()
  .trim()
  .regex(/^\d{0,9}$/, m.ccg)
  .transform((v) => (v === "" ? null : Number(v)))
  .optional()
  .transform((v) => v ?? null);

/** The practice's own details: what the system admin types, and what an invited practice confirms. */
export const practiceDetailsShape = {
  name: z.string({ error: m.name }).trim().min(1, m.name).max(200, m.nameTooLong),
  urlCode: z
    .string({ error: m.urlCode })
    .trim()
    .min(1, m.urlCode)
    .max(30, m.urlCodeTooLong)
    .regex(/^[A-Za-z0-9]+$/, m.urlCodeFormat),
  odsCode: optionalCode,
  ehrType: z.enum(["emis", "tpp"], { error: m.ehrType }),
  country: z.enum(["england", "wales", "scotland", "northern_ireland"], { error: m.country }),
  ccgId: optionalCcg,
};

export const PracticeDetailsSchema = z.object(practiceDetailsShape);
export type PracticeDetails = z.infer<typeof PracticeDetailsSchema>;

/** A practice administrator's address is a staff address: an NHS domain (spec 3 §5). */
const adminEmail = (allowTestDomain: boolean) => z.string({ error: m.adminEmail }).trim().min(1, m.adminEmail).pipe(staffEmailField(allowTestDomain));

/** /practices/add: the practice and the address of its first practice administrator. */
export const addPracticeSchema = (allowTestDomain: boolean) =>
  z.object({ ...practiceDetailsShape, adminEmail: adminEmail(allowTestDomain) });

/** /practices/invite: invite a practice by e-mail; it fills in the rest itself. */
export const practiceInvitationSchema = (allowTestDomain: boolean) =>
  z.object({ email: adminEmail(allowTestDomain), practiceName: practiceDetailsShape.name, odsCode: optionalCode, ccgId: optionalCcg });

// ---- registration codes ------------------------------------------------------------------

/** No 0/O, 1/I/L, 5/S, 2/Z, 8/B: a code read out on the phone cannot be misheard or misread. */
export const REGISTRATION_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const REGISTRATION_CODE_LENGTH = 8;

/** A code from random bytes (one byte per character, rejection-sampled for an even spread). */
export function registrationCodeFrom(randomBytes: (n: number) => Uint8Array): string {
  const alphabet = REGISTRATION_CODE_ALPHABET;
  const limit = 256 - (256 % alphabet.length);
  let code = "";
  while (code.length < REGISTRATION_CODE_LENGTH) {
    for (const byte of randomBytes(REGISTRATION_CODE_LENGTH * 2)) {
      if (byte < limit && code.length < REGISTRATION_CODE_LENGTH) code += alphabet[byte % alphabet.length];
    }
  }
  return code;
}

export function isRegistrationCode(value: string): boolean {
  return new RegExp(`^[${REGISTRATION_CODE_ALPHABET}]{${REGISTRATION_CODE_LENGTH}}$`).test(value);
}

/** As typed on the phone: spaces and dashes dropped, upper case. */
export function normaliseRegistrationCode(value: string): string {
  return value.replace(/[\s-]+/g, "").toUpperCase();
}

// ---- paging ------------------------------------------------------------------------------

/** ?page=N as a positive page number (anything else is page 1). */
export function pageNumber(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** ?q= trimmed, at most 100 characters. */
export function searchTerm(value: string | null): string {
  return (value ?? "").trim().slice(0, 100);
}

/** `like` pattern for a search term, with the pattern characters escaped. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type Paging = { page: number; pages: number; total: number; previous: string | null; next: string | null };

/** Links to the previous and next pages, keeping the search (no JS needed). */
export function paging(path: string, query: Record<string, string>, page: number, total: number, pageParam = "page"): Paging {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const link = (p: number) => {
    const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== ""));
    if (p > 1) params.set(pageParam, String(p));
    const qs = params.toString();
    return qs ? `${path}?${qs}` : path;
  };
  return { page, pages, total, previous: page > 1 ? link(Math.min(page - 1, pages)) : null, next: page < pages ? link(page + 1) : null };
}

// ---- the onboarding link's form ------------------------------------------------------------

/**
 * /practices/add/{token}: a newcomer registers (names and a password, spec 3 §5, the rules of
 * every invitation) or the owner of the address accepts; an invited practice (kind
 * "invitation") also gives its own details.
 */
export function onboardingFormSchema(kind: "practice" | "invitation", intent: "register" | "accept") {
  const base = intent === "register" ? InvitationRegistrationSchema : AcceptInvitationSchema;
  return kind === "invitation" ? base.extend(practiceDetailsShape) : base;
}
