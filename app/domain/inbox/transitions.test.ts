import { describe, expect, it } from "vitest";
import { applyCommand, HANDLING_MESSAGES, type RequestState } from "./transitions";

const now = new Date("2026-11-23T10:00:00Z");
const open: RequestState = {
  stage: "submitted",
  submittedAt: new Date("2026-11-23T09:00:00Z"),
  awaitingPatientReply: false,
  assignedToId: null,
  issueTypeId: 1,
  deletedAt: null,
  urgencyId: null,
};

describe("applyCommand", () => {
  it("assigns, sets urgency and waits for the patient after a reply, only while open", () => {
    expect(applyCommand(open, { kind: "assign", assignedToId: 5 }, now)).toEqual({ ok: true, patch: { assignedToId: 5 } });
    expect(applyCommand(open, { kind: "urgency", urgencyId: 3 }, now)).toEqual({ ok: true, patch: { urgencyId: 3 } });
    expect(applyCommand(open, { kind: "reply" }, now)).toEqual({ ok: true, patch: { awaitingPatientReply: true } });
    const done = { ...open, stage: "completed" as const };
    expect(applyCommand(done, { kind: "assign", assignedToId: 5 }, now)).toEqual({ ok: false, message: HANDLING_MESSAGES.closed });
    expect(applyCommand(done, { kind: "reply" }, now)).toEqual({ ok: false, message: HANDLING_MESSAGES.closed });
  });

  it("brings a patient's reply back to the assignee, or to unassigned by practice setting", () => {
    const waiting = { ...open, assignedToId: 5, awaitingPatientReply: true };
    expect(applyCommand(waiting, { kind: "patient_reply", toUnassigned: false }, now)).toEqual({ ok: true, patch: { awaitingPatientReply: false } });
    expect(applyCommand(waiting, { kind: "patient_reply", toUnassigned: true }, now)).toEqual({
      ok: true,
      patch: { awaitingPatientReply: false, assignedToId: null },
    });
  });

  it("completes and rejects open requests, and undo restores where they were", () => {
    expect(applyCommand(open, { kind: "complete", reason: null }, now)).toEqual({
      ok: true,
      patch: { stage: "completed", closedAt: now, awaitingPatientReply: false },
    });
    expect(applyCommand(open, { kind: "reject", reason: "Duplicate" }, now)).toMatchObject({ ok: true, patch: { stage: "rejected" } });
    const rejected = { ...open, stage: "rejected" as const };
    expect(applyCommand(rejected, { kind: "undo", previous: { assignedToId: 5, awaitingPatientReply: false } }, now)).toEqual({
      ok: true,
      patch: { stage: "submitted", closedAt: null, assignedToId: 5, awaitingPatientReply: false },
    });
    expect(applyCommand(open, { kind: "undo", previous: { assignedToId: null, awaitingPatientReply: false } }, now)).toEqual({
      ok: false,
      message: HANDLING_MESSAGES.notClosed,
    });
  });

  it("refuses everything on a deleted request", () => {
    expect(applyCommand({ ...open, deletedAt: now }, { kind: "delete" }, now)).toEqual({ ok: false, message: HANDLING_MESSAGES.deleted });
  });
});
