/**
 * NHS login's rules (spec 2 §2.8; decisions 0080, 0081): what we ask for, how a proofing level
 * is read, what each level may do, and who is matched to which patient record. The claims'
 * schema is in claims.ts: the root route imports this module (decision 0137: no zod there).
 */
import type { NhsLoginClaims } from "./claims";

/** NHS login's scopes: profile_extended brings the NHS number and date of birth. */
export const NHS_LOGIN_SCOPES = "openid profile email phone profile_extended gp_registration_details";

export type NhsLoginLevel = "P9" | "P5";

/**
 * The vectors of trust we accept, strongest first: P9 (identity verified: full access) or P5
 * (basic). NHS login answers with the one it met in the id_token's `vot`.
 */
export const VECTORS_OF_TRUST = ["P9.Cp.Cd", "P9.Cp.Ck", "P9.Cm", "P5.Cp.Cd", "P5.Cp.Ck", "P5.Cm"] as const;
export const VTR_PARAMETER = JSON.stringify(VECTORS_OF_TRUST);

/** The level of a `vot` claim, or null when it is not one we asked for. */
export function levelFromVot(vot: unknown): NhsLoginLevel | null {
  if (typeof vot !== "string" || !(VECTORS_OF_TRUST as readonly string[]).includes(vot)) return null;
  return vot.startsWith("P9") ? "P9" : "P5";
}


/**
 * The NHS number a person is matched to a practice's patient record by: only the NHS number NHS
 * login gives (never name and date of birth). A P9 identity is verified and gets full access; a
 * P5 one is matched the same way when NHS login gives a number, but its sessions are limited
 * (mayUseClinicalRequests, maySeeRecords; decision 0081).
 */
export function matchableNhsNumber(claims: Pick<NhsLoginClaims, "level" | "nhsNumber">): string | null {
  return claims.nhsNumber ?? null;
}

/**
 * What a session's NHS login level allows. P5 (not identity verified) may send administrative
 * requests to their practice but sees no records: no clinical request, no health record, no
 * medication or appointments, no past conversations with the practice. Signed in another way
 * (null), nothing is limited here.
 */
export function mayUseClinicalRequests(level: string | null | undefined): boolean {
  return level !== "P5";
}

export function maySeeRecords(level: string | null | undefined): boolean {
  return level !== "P5";
}

/** The issue types a session may choose: P5 the administrative one only. */
export function issueTypesForLevel<T extends { id: number }>(types: readonly T[], adminIssueTypeId: number, level: string | null | undefined): T[] {
  return mayUseClinicalRequests(level) ? [...types] : types.filter((t) => t.id === adminIssueTypeId);
}

/** Paths a P5 session is refused (the patient's records and past conversations). */
const RECORD_PATHS = [
  /^\/[^/]+\/my-health(\/|$)/,
  /^\/[^/]+\/my-requests-and-messages(\/|$)/,
  /^\/[^/]+\/chat\//,
  /^\/prescriptions(\/|$)/,
  /^\/appointments(\/|$)/,
  /^\/[^/]+\/appointment(\/|$)/,
  /^\/[^/]+\/online-services(\/|$)/,
  /^\/[^/]+\/my-medical-records(\/|$)/,
];

export function isRecordPath(pathname: string): boolean {
  return RECORD_PATHS.some((pattern) => pattern.test(pathname));
}

/**
 * Inside the NHS App: its webview says so with `nhsapp-ios/<version>` or `nhsapp-android/<version>`
 * anywhere in the user agent (not only at the end: some builds append more after it).
 */
export function isNhsAppUserAgent(userAgent: string | null | undefined): boolean {
  return /(^|[\s(;])nhsapp-(ios|android)\/[0-9]/i.test(userAgent ?? "");
}
