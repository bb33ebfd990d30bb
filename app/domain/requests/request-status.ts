/**
 * What a patient sees of where their request is (spec 2 §4, "my requests"): one of the
 * spec's statuses (submitted, awaiting your reply, completed, cancelled) or "closed" for a
 * request the practice rejected. See docs/decisions/0050-patient-request-status.md.
 *
 * Pure, so the list, the chat and their tests agree on one rule.
 */
import type { PatientEntry } from "./entries.server";

export type RequestStatus = "submitted" | "awaiting_reply" | "completed" | "closed" | "cancelled";

/** NHS.UK tags: the words the patient reads and the tag colour. */
export const STATUS_TAGS: Record<RequestStatus, { text: string; className: string }> = {
  submitted: { text: "Submitted", className: "nhsuk-tag nhsuk-tag--blue" },
  awaiting_reply: { text: "Awaiting your reply", className: "nhsuk-tag nhsuk-tag--orange" },
  completed: { text: "Completed", className: "nhsuk-tag nhsuk-tag--green" },
  closed: { text: "Closed", className: "nhsuk-tag nhsuk-tag--grey" },
  cancelled: { text: "Cancelled", className: "nhsuk-tag nhsuk-tag--grey" },
};

type StatusInput = Pick<PatientEntry, "stage" | "awaitingPatientReply" | "closedAt">;

/**
 * The patient-facing status, or null for a draft still being written (not listed: it
 * lives in the request steps until it is sent, cancelled or times out).
 *
 * A draft that ended without being sent (cancelled by the patient, timed out, stopped at
 * the emergency screen) shows as cancelled, whether the steps moved it to stage
 * "cancelled" or only stamped closed_at on it.
 */
export function requestStatus(entry: StatusInput): RequestStatus | null {
  switch (entry.stage) {
    case "created":
      return entry.closedAt ? "cancelled" : null;
    case "submitted":
      return entry.awaitingPatientReply ? "awaiting_reply" : "submitted";
    case "completed":
      return "completed";
    case "rejected":
      return "closed";
    case "cancelled":
      return "cancelled";
  }
}

/** Whether the patient may still write in the conversation: only while the practice has it open. */
export function acceptsReplies(entry: Pick<PatientEntry, "stage">): boolean {
  return entry.stage === "submitted";
}
