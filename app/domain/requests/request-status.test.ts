import { describe, expect, it } from "vitest";
import { acceptsReplies, requestStatus, STATUS_TAGS } from "./request-status";

const at = new Date("2026-03-02T10:00:00Z");

describe("requestStatus", () => {
  it("gives the spec's statuses, and Closed for a rejected request", () => {
    expect(requestStatus({ stage: "submitted", awaitingPatientReply: false, closedAt: null })).toBe("submitted");
    expect(requestStatus({ stage: "submitted", awaitingPatientReply: true, closedAt: null })).toBe("awaiting_reply");
    expect(requestStatus({ stage: "completed", awaitingPatientReply: false, closedAt: at })).toBe("completed");
    expect(requestStatus({ stage: "rejected", awaitingPatientReply: false, closedAt: at })).toBe("closed");
    expect(requestStatus({ stage: "cancelled", awaitingPatientReply: false, closedAt: at })).toBe("cancelled");
  });

  it("leaves out a draft still being written, and shows an ended draft as cancelled", () => {
    expect(requestStatus({ stage: "created", awaitingPatientReply: false, closedAt: null })).toBeNull();
    expect(requestStatus({ stage: "created", awaitingPatientReply: false, closedAt: at })).toBe("cancelled");
  });

  it("a finished request no longer awaits a reply, even if the flag was left on", () => {
    expect(requestStatus({ stage: "completed", awaitingPatientReply: true, closedAt: at })).toBe("completed");
  });

  it("labels each status with NHS.UK tag words", () => {
    expect(Object.values(STATUS_TAGS).map((t) => t.text)).toEqual(["Submitted", "Awaiting your reply", "Completed", "Closed", "Cancelled"]);
  });

  it("accepts replies only while the request is with the practice", () => {
    expect(acceptsReplies({ stage: "submitted" })).toBe(true);
    for (const stage of ["created", "completed", "rejected", "cancelled"] as const) expect(acceptsReplies({ stage })).toBe(false);
  });
});
