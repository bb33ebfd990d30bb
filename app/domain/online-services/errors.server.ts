/**
 * Spec 2 §8 for online services, in one place: what a route does when the GP system
 * fails. Not linked and linkage reset always send the patient to their explanation page;
 * otherwise each situation shows the first server error or its fixed message.
 */
import { GoTo } from "~/domain/outcomes";
import type { GpError } from "~/domain/gp-system/gp-system";
import { ONLINE_SERVICES } from "./messages";

export type GpSituation =
  /** Loading the slot list (/appointments). */
  | "slots"
  /** Loading medication courses (/prescriptions). */
  | "courses"
  /** Loading an appointment (details, booked, cancel confirmation). */
  | "appointment-details"
  /** Loading a prescription request (details, cancel confirmation). */
  | "prescription-details"
  /** Loading the link status (/{practice_code}/online-services). */
  | "link-status"
  | "link"
  | "unlink"
  /** Book or cancel an appointment; order or cancel a prescription. */
  | "change";

export type GpFailure = { kind: "redirect"; to: string } | { kind: "message"; message: string; status: 400 | 503 };

export const NOT_LINKED_PATH = "/pfs/not-linked";
export const LINK_RESET_PATH = "/pfs/link-reset";

/** What the not-linked panel talks about: booking or medication. */
export function panelContext(situation: GpSituation): "appointments" | "medication" | null {
  if (situation === "slots" || situation === "appointment-details") return "appointments";
  if (situation === "courses" || situation === "prescription-details") return "medication";
  return null;
}

/**
 * The first server error, without the extra parameters an error may carry after ':?:'
 * (key=value pairs joined by '&'); null when there is none to show.
 */
export function firstServerError(messages: readonly string[]): string | null {
  const first = messages[0];
  if (typeof first !== "string") return null;
  const text = first.split(":?:")[0].trim();
  return text || null;
}

const FIXED: Record<GpSituation, string> = {
  slots: ONLINE_SERVICES.failures.slots,
  courses: ONLINE_SERVICES.failures.courses,
  "appointment-details": ONLINE_SERVICES.failures.appointmentDetails,
  "prescription-details": ONLINE_SERVICES.failures.prescriptionDetails,
  "link-status": ONLINE_SERVICES.failures.server,
  link: ONLINE_SERVICES.failures.link,
  unlink: ONLINE_SERVICES.failures.unlink,
  change: ONLINE_SERVICES.failures.server,
};

/** Where the first server error is shown for a 400; the details pages always show their fixed text. */
const SHOWS_SERVER_ERROR: ReadonlySet<GpSituation> = new Set(["slots", "courses", "link", "unlink", "change"]);

export function gpFailure(error: GpError, situation: GpSituation): GpFailure {
  switch (error.kind) {
    case "not_linked": {
      const context = panelContext(situation);
      return { kind: "redirect", to: context ? `${NOT_LINKED_PATH}?context=${context}` : NOT_LINKED_PATH };
    }
    case "linkage_reset":
      return { kind: "redirect", to: LINK_RESET_PATH };
    case "bad_request": {
      const first = SHOWS_SERVER_ERROR.has(situation) ? firstServerError(error.messages) : null;
      return first ? { kind: "message", message: first, status: 400 } : { kind: "message", message: FIXED[situation], status: 400 };
    }
    case "unavailable":
      return { kind: "message", message: FIXED[situation], status: 503 };
  }
}

/** The failure as a message; where the person must go first is thrown as GoTo (a redirect in any loader or action). */
export function failureMessage(error: GpError, situation: GpSituation): { message: string; status: 400 | 503 } {
  const failure = gpFailure(error, situation);
  if (failure.kind === "redirect") throw new GoTo(failure.to);
  return { message: failure.message, status: failure.status };
}
