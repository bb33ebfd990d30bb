/**
 * The registered-patient rule (spec 1 §8, spec 2 §5): whoever registers, enters as a guest
 * or is added as a dependent must be a patient registered at that practice. A person is
 * matched on first name, last name and date of birth; the postcode, when given, must agree
 * with the record and separates two patients with the same name and birthday.
 * These are the pure parts; the query is in patient-match.server.ts.
 */
import { normalisePostcode } from "~/validation/rules";

/** Case, surrounding and repeated spaces, and typographic apostrophes do not matter. */
export function normaliseName(value: string): string {
  return value.normalize("NFKC").replace(/[\u2018\u2019\u02bc]/g, "'").trim().replace(/\s+/g, " ").toLowerCase();
}

export type PatientCandidate = {
  id: number;
  postcode: string | null;
  /** The account linked to the record, if any. */
  owner: { userId: number; isGuest: boolean; verified: boolean } | null;
};

export type PatientMatch<T extends PatientCandidate = PatientCandidate> =
  | { status: "matched"; patient: T }
  | { status: "not_registered" }
  /** Two or more records fit and no postcode was given to tell them apart. */
  | { status: "postcode_needed" };

/**
 * Picks the one record among those with the same name and date of birth. A record without a
 * postcode cannot contradict the one given, so it stays a candidate.
 */
export function choosePatient<T extends PatientCandidate>(candidates: readonly T[], postcode?: string | null): PatientMatch<T> {
  const wanted = postcode ? normalisePostcode(postcode) : null;
  const fitting = wanted ? candidates.filter((c) => !c.postcode || normalisePostcode(c.postcode) === wanted) : [...candidates];
  if (fitting.length === 1) return { status: "matched", patient: fitting[0] };
  if (fitting.length === 0) return { status: "not_registered" };
  if (!wanted) return { status: "postcode_needed" };
  // Several fit even with the postcode: prefer those whose record carries that postcode.
  const exact = fitting.filter((c) => c.postcode && normalisePostcode(c.postcode) === wanted);
  return exact.length === 1 ? { status: "matched", patient: exact[0] } : { status: "not_registered" };
}

/**
 * One patient record, one account. A new registration may take a record whose account
 * never confirmed its e-mail (a mistyped address must not lock the patient out) or is a
 * guest account (guests are temporary); never one held by a confirmed full account.
 */
export function canRegisterFor(patient: PatientCandidate, userId?: number | null): boolean {
  const owner = patient.owner;
  if (!owner) return true;
  if (userId != null && owner.userId === userId) return true;
  return owner.isGuest || !owner.verified;
}

/**
 * A guest may use a record that has no account or only a guest account; a record held by
 * a full account (confirmed or not) is that person's: they sign in instead.
 */
export function canEnterAsGuestFor(patient: PatientCandidate, guestUserId?: number | null): boolean {
  const owner = patient.owner;
  if (!owner) return true;
  if (guestUserId != null && owner.userId === guestUserId) return true;
  return owner.isGuest;
}
