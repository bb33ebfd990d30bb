/**
 * Which inboxes a request sits in (spec 3 §2, §4): a pure function of its state, so list
 * queries, counters and tests all agree. A request counts in:
 * - all: every request that reached the practice (submitted at some point), until deleted;
 * - unassigned / personal (its assignee): open (submitted), not waiting for the patient;
 * - awaiting-response: open and waiting for the patient's reply;
 * - completed, rejected: by stage;
 * - issue_type/{type}: open requests of that issue type.
 * Counters (inbox_counters) move by the difference of these sets before and after each write.
 */
export type InboxName = "unassigned" | "rejected" | "awaiting-response" | "completed" | "all";

export type InboxState = {
  stage: "created" | "submitted" | "completed" | "rejected" | "cancelled";
  submittedAt: Date | null;
  awaitingPatientReply: boolean;
  assignedToId: number | null;
  issueTypeId: number;
  deletedAt: Date | null;
};

/** A counter key: an inbox, a staff member's personal inbox, or an issue type's. */
export type InboxKey = { inbox: string; userId: number };

const key = (inbox: string, userId = 0): InboxKey => ({ inbox, userId });

export function inboxKeysOf(state: InboxState | null): InboxKey[] {
  if (!state || state.deletedAt || !state.submittedAt) return [];
  const keys = [key("all")];
  switch (state.stage) {
    case "submitted":
      if (state.awaitingPatientReply) keys.push(key("awaiting-response"));
      else keys.push(state.assignedToId === null ? key("unassigned") : key("personal", state.assignedToId));
      keys.push(key(`issue_type:${state.issueTypeId}`));
      break;
    case "completed":
      keys.push(key("completed"));
      break;
    case "rejected":
      keys.push(key("rejected"));
      break;
    default:
      break;
  }
  return keys;
}

const id = (k: InboxKey) => `${k.inbox}#${k.userId}`;

/** +1 for each inbox the request enters, -1 for each it leaves. */
export function inboxDelta(before: InboxState | null, after: InboxState | null): (InboxKey & { delta: 1 | -1 })[] {
  const was = new Map(inboxKeysOf(before).map((k) => [id(k), k]));
  const now = new Map(inboxKeysOf(after).map((k) => [id(k), k]));
  const out: (InboxKey & { delta: 1 | -1 })[] = [];
  for (const [k, v] of was) if (!now.has(k)) out.push({ ...v, delta: -1 });
  for (const [k, v] of now) if (!was.has(k)) out.push({ ...v, delta: 1 });
  return out;
}

/** The bubble (spec 1 §4, spec 3 §9): 99+ above 99, drawn larger above 10. */
export function bubbleLabel(count: number): { text: string; large: boolean } | null {
  if (count <= 0) return null;
  return { text: count > 99 ? "99+" : String(count), large: count > 10 };
}
