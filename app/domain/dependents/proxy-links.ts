/**
 * Proxy access (a carer acting for someone they care for) is granted by the dependent's
 * practice, never by a form: a link a carer asks for is pending until staff there approve it
 * (docs/decisions/0070-proxy-approval-and-guest-scope.md). These are the link's rules; the
 * queries are in proxy-links.server.ts.
 */
import { noticeRefusedMessage, type NoticeRefused } from "~/domain/notify/notice-refused";
import * as z from "zod";
import { ageOn } from "~/validation/dates";

export const PROXY_LINK_STATUSES = ["pending", "approved", "declined", "removed"] as const;
export type ProxyLinkStatus = (typeof PROXY_LINK_STATUSES)[number];

/** The two cases a practice approves. */
export const PROXY_LINK_REASONS = ["under_16", "adult_consents"] as const;
export type ProxyLinkReason = (typeof PROXY_LINK_REASONS)[number];

export const PROXY_REASON_LABELS: Record<ProxyLinkReason, string> = {
  under_16: "They are under 16 and I am their parent or guardian",
  adult_consents: "They are 16 or over and have agreed that I can act for them",
};

/** What the carer reads about each link. */
export const CARER_STATUS_LABELS: Record<ProxyLinkStatus, string> = {
  pending: "Waiting for the practice",
  approved: "Approved",
  declined: "Declined by the practice",
  removed: "Removed by the practice",
};

/** What staff read about each link. */
export const STAFF_STATUS_LABELS: Record<ProxyLinkStatus, string> = {
  pending: "Waiting for a decision",
  approved: "Approved",
  declined: "Declined",
  removed: "Removed",
};

export const PROXY_MESSAGES = {
  chooseReason: "Select why you act for them",
  reasonUnder16ButAdult: "They are 16 or over: select that they have agreed that you can act for them",
  reasonAdultButChild: "They are under 16: select that you are their parent or guardian",
  declineNoteRequired: "Enter why the request is declined",
  removeNoteRequired: "Enter why the link is removed",
  noteTooLong: "The reason must be 500 characters or fewer",
  chooseDecision: "Select approve or decline",
} as const;

/** Age 16 decides which of the two cases applies; the reason the carer gives must fit it. */
export function reasonFitsAge(reason: ProxyLinkReason, dateOfBirth: string, today: Date): string | null {
  const age = ageOn(new Date(`${dateOfBirth}T00:00:00Z`), today);
  if (reason === "under_16" && age >= 16) return PROXY_MESSAGES.reasonUnder16ButAdult;
  if (reason === "adult_consents" && age < 16) return PROXY_MESSAGES.reasonAdultButChild;
  return null;
}

export type ProxyDecision = "approve" | "decline" | "remove";

/**
 * Which decision a link in a state allows: a pending link is approved or declined, an approved
 * one removed. A declined or removed link is final; the carer may ask again (pending again).
 */
export function decisionAllowed(status: ProxyLinkStatus, decision: ProxyDecision): boolean {
  if (status === "pending") return decision === "approve" || decision === "decline";
  if (status === "approved") return decision === "remove";
  return false;
}

export const DECISION_RESULT: Record<ProxyDecision, ProxyLinkStatus> = {
  approve: "approved",
  decline: "declined",
  remove: "removed",
};

export const DECISION_DONE: Record<ProxyDecision, string> = {
  approve: "Carer approved. They can now act for this patient.",
  decline: "Request declined. The carer has been told.",
  remove: "Carer removed. They can no longer act for this patient.",
};

/**
 * The confirmation of a decision. When GOV.UK Notify refused the carer's e-mail address for good
 * (decision 0153) the decision stands, and staff are told the carer was not (a decline no longer
 * says "The carer has been told").
 */
export function decisionDoneMessage(decision: ProxyDecision, refused: NoticeRefused): string {
  if (refused.length === 0) return DECISION_DONE[decision];
  const done = decision === "decline" ? "Request declined." : DECISION_DONE[decision];
  return `${done}${noticeRefusedMessage(refused, "the carer")}`;
}

/** The staff decision form: a reason is required to decline or remove (the carer is told it). */
export const ProxyDecisionSchema = z
  .object({
    decision: z.enum(["approve", "decline", "remove"], { error: PROXY_MESSAGES.chooseDecision }),
    note: z.string().trim().max(500, PROXY_MESSAGES.noteTooLong).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "decline" && !value.note) ctx.addIssue({ code: "custom", path: ["note"], message: PROXY_MESSAGES.declineNoteRequired });
    if (value.decision === "remove" && !value.note) ctx.addIssue({ code: "custom", path: ["note"], message: PROXY_MESSAGES.removeNoteRequired });
  });

export const proxyReasonField = z.enum(PROXY_LINK_REASONS, { error: PROXY_MESSAGES.chooseReason });
