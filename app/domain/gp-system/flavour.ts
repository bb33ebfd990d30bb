/**
 * What differs between the two GP-system flavours (spec 2 §3–5): the link form's labels,
 * what a booking answers, and which prescription requests may be cancelled. Pure rules.
 */
export type Flavour = "tpp" | "emis";

/** The practice's online-services system: pfs_ehr_type when set, else its ehr_type. */
export function flavourOf(practice: { ehrType: Flavour; pfsEhrType: Flavour | null }): Flavour {
  return practice.pfsEhrType ?? practice.ehrType;
}

export function linkLabels(flavour: Flavour) {
  return {
    accountId: "Account ID",
    linkageKey: flavour === "tpp" ? "Passphrase" : "Linkage Key",
    unitId: flavour === "tpp" ? "Organisation Code" : "ODS Code",
  };
}

/** /appointments/booked/{id}: the session id for TPP, the slot id otherwise. */
export function bookingIdFor(flavour: Flavour, slot: { slotId: string; sessionId: string }): string {
  return flavour === "tpp" ? slot.sessionId : slot.slotId;
}

/** Does this booked appointment answer /appointments/booked/{bookingId}? */
export function matchesBookingId(flavour: Flavour, appointment: { slotId: string; sessionId: string }, bookingId: string): boolean {
  return bookingIdFor(flavour, appointment) === bookingId;
}

export const REQUESTED = "Requested";
export const CANCELLED = "Cancelled";

/** Requested ones can be cancelled; a TPP practice may always cancel (but not twice). */
export function canCancelPrescription(flavour: Flavour, status: string): boolean {
  if (status === CANCELLED) return false;
  return flavour === "tpp" || status === REQUESTED;
}

/** Upcoming while the start time is in the future, then Attended (spec 2 §4). */
export function appointmentStatus(startTime: string | Date, now: Date): "Upcoming" | "Attended" {
  return new Date(startTime).getTime() > now.getTime() ? "Upcoming" : "Attended";
}
