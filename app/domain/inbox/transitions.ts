/**
 * What staff may do to a request, as pure rules over its state (spec 3 §4: assign, urgency,
 * reply, complete or reject with undo, cancel, delete). The server module applies the patch
 * in a transaction with optimistic concurrency; these rules only say whether and how.
 */
import type { InboxState } from "./inboxes";
import type { Triage } from "./triage";

export const URGENCIES = [
  { id: 1, label: "Routine" },
  { id: 2, label: "Soon" },
  { id: 3, label: "Urgent" },
] as const;
export type UrgencyId = (typeof URGENCIES)[number]["id"];

export function urgencyLabel(id: number | null): string {
  return URGENCIES.find((u) => u.id === id)?.label ?? "Not set";
}

export type RequestState = InboxState & { urgencyId: number | null };

export type Command =
  | { kind: "assign"; assignedToId: number | null }
  | { kind: "urgency"; urgencyId: UrgencyId }
  | { kind: "reply" }
  | { kind: "complete"; reason: string | null }
  | { kind: "reject"; reason: string }
  | { kind: "undo"; previous: Pick<RequestState, "assignedToId" | "awaitingPatientReply"> }
  | { kind: "cancel" }
  | { kind: "delete" }
  | { kind: "patient_reply"; toUnassigned: boolean }
  | { kind: "triage"; triage: Triage };

export type Patch = Partial<Pick<RequestState, "stage" | "assignedToId" | "awaitingPatientReply" | "urgencyId" | "deletedAt">> & {
  closedAt?: Date | null;
  triageDifficulty?: string | null;
  triageRole?: string | null;
  triageActions?: string[];
  triageTopics?: string[];
  longTermCondition?: boolean;
  reviewDate?: string | null;
};

export type Outcome = { ok: true; patch: Patch } | { ok: false; message: string };

export const HANDLING_MESSAGES = {
  closed: "This request is closed. Undo the completion or rejection first.",
  notClosed: "Only a completed or rejected request can be undone.",
  deleted: "This request has been deleted.",
  notOpen: "Only an open request can be changed like this.",
  conflict: "Someone else changed this request while you were looking at it. Check the latest details and try again.",
} as const;

const ok = (patch: Patch): Outcome => ({ ok: true, patch });
const no = (message: string): Outcome => ({ ok: false, message });

export function applyCommand(state: RequestState, command: Command, now: Date): Outcome {
  if (state.deletedAt) return no(HANDLING_MESSAGES.deleted);
  const open = state.stage === "submitted";
  switch (command.kind) {
    case "assign":
      return open ? ok({ assignedToId: command.assignedToId }) : no(HANDLING_MESSAGES.closed);
    case "urgency":
      return open ? ok({ urgencyId: command.urgencyId }) : no(HANDLING_MESSAGES.closed);
    case "reply":
      return open ? ok({ awaitingPatientReply: true }) : no(HANDLING_MESSAGES.closed);
    case "patient_reply":
      // The patient's reply brings the request back: to its assignee, or unassigned by practice setting.
      if (!open) return no(HANDLING_MESSAGES.notOpen);
      return ok({ awaitingPatientReply: false, ...(command.toUnassigned ? { assignedToId: null } : {}) });
    case "complete":
      return open ? ok({ stage: "completed", closedAt: now, awaitingPatientReply: false }) : no(HANDLING_MESSAGES.notOpen);
    case "reject":
      return open ? ok({ stage: "rejected", closedAt: now, awaitingPatientReply: false }) : no(HANDLING_MESSAGES.notOpen);
    case "undo":
      if (state.stage !== "completed" && state.stage !== "rejected") return no(HANDLING_MESSAGES.notClosed);
      return ok({ stage: "submitted", closedAt: null, ...command.previous });
    case "cancel":
      return open ? ok({ stage: "cancelled", closedAt: now, awaitingPatientReply: false }) : no(HANDLING_MESSAGES.notOpen);
    case "delete":
      return ok({ deletedAt: now });
    case "triage": {
      // Any request that reached the practice, open or closed: a finished one may still want a review.
      const t = command.triage;
      return ok({
        triageDifficulty: t.difficulty,
        triageRole: t.role,
        triageActions: t.actions,
        triageTopics: t.topics,
        longTermCondition: t.longTermCondition,
        reviewDate: t.reviewDate,
      });
    }
  }
}
