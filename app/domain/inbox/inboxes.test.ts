import { describe, expect, it } from "vitest";
import { bubbleLabel, inboxDelta, inboxKeysOf, type InboxState } from "./inboxes";

const sent = new Date("2026-11-23T09:00:00Z");
const open: InboxState = { stage: "submitted", submittedAt: sent, awaitingPatientReply: false, assignedToId: null, issueTypeId: 4, deletedAt: null };
const names = (s: InboxState | null) => inboxKeysOf(s).map((k) => (k.userId ? `${k.inbox}:${k.userId}` : k.inbox));

describe("inboxKeysOf", () => {
  it("puts a new request in unassigned, all and its issue type", () => {
    expect(names(open)).toEqual(["all", "unassigned", "issue_type:4"]);
  });
  it("moves it to the assignee, to awaiting-response, and to completed or rejected", () => {
    expect(names({ ...open, assignedToId: 7 })).toEqual(["all", "personal:7", "issue_type:4"]);
    expect(names({ ...open, assignedToId: 7, awaitingPatientReply: true })).toEqual(["all", "awaiting-response", "issue_type:4"]);
    expect(names({ ...open, stage: "completed" })).toEqual(["all", "completed"]);
    expect(names({ ...open, stage: "rejected" })).toEqual(["all", "rejected"]);
  });
  it("leaves out drafts, drafts the patient closed, and deleted requests", () => {
    expect(names({ ...open, stage: "created", submittedAt: null })).toEqual([]);
    expect(names({ ...open, stage: "cancelled", submittedAt: null })).toEqual([]);
    expect(names({ ...open, deletedAt: sent })).toEqual([]);
    expect(names({ ...open, stage: "cancelled" })).toEqual(["all"]);
  });
});

describe("inboxDelta", () => {
  it("counts a submission in, and an assignment across", () => {
    expect(inboxDelta(null, open).map((d) => [d.inbox, d.delta])).toEqual([["all", 1], ["unassigned", 1], ["issue_type:4", 1]]);
    expect(inboxDelta(open, { ...open, assignedToId: 3 })).toEqual([
      { inbox: "unassigned", userId: 0, delta: -1 },
      { inbox: "personal", userId: 3, delta: 1 },
    ]);
  });
  it("is empty when nothing changes inbox", () => {
    expect(inboxDelta(open, { ...open })).toEqual([]);
  });
});

describe("bubbleLabel", () => {
  it("shows 99+ above 99 and is larger above 10", () => {
    expect(bubbleLabel(0)).toBeNull();
    expect(bubbleLabel(10)).toEqual({ text: "10", large: false });
    expect(bubbleLabel(11)).toEqual({ text: "11", large: true });
    expect(bubbleLabel(100)).toEqual({ text: "99+", large: true });
  });
});
