import { describe, expect, it } from "vitest";
import { failureMessage, firstServerError, gpFailure, type GpSituation } from "./errors.server";

const bad = (...messages: string[]) => ({ kind: "bad_request" as const, messages });
const unavailable = { kind: "unavailable" as const };

describe("spec 2 §8: GP-system failures", () => {
  it("sends not linked to /pfs/not-linked (with the panel's context) and reset to /pfs/link-reset", () => {
    expect(gpFailure({ kind: "not_linked" }, "slots")).toEqual({ kind: "redirect", to: "/pfs/not-linked?context=appointments" });
    expect(gpFailure({ kind: "not_linked" }, "courses")).toEqual({ kind: "redirect", to: "/pfs/not-linked?context=medication" });
    expect(gpFailure({ kind: "not_linked" }, "change")).toEqual({ kind: "redirect", to: "/pfs/not-linked" });
    for (const s of ["slots", "courses", "change", "link", "appointment-details"] as GpSituation[]) {
      expect(gpFailure({ kind: "linkage_reset" }, s)).toEqual({ kind: "redirect", to: "/pfs/link-reset" });
    }
  });

  it("slot list and courses: the first server error on a 400, else their fixed messages", () => {
    expect(gpFailure(bad("No sessions this week", "second"), "slots")).toEqual({ kind: "message", message: "No sessions this week", status: 400 });
    expect(gpFailure(bad("Too many requests"), "courses")).toEqual({ kind: "message", message: "Too many requests", status: 400 });
    expect(gpFailure(unavailable, "slots")).toMatchObject({
      message: "Booking appointments is not currently available - please try again later. If the problem persists please contact your practice.",
      status: 503,
    });
    expect(gpFailure(unavailable, "courses")).toMatchObject({ message: "Prescription requests are not currently available - please try again later." });
    expect(gpFailure(bad(), "courses")).toMatchObject({ message: "Prescription requests are not currently available - please try again later." });
  });

  it("details pages: their fixed messages whatever failed", () => {
    expect(gpFailure(bad("anything"), "appointment-details")).toMatchObject({
      message: "Appointments are not currently available - please try again later.",
    });
    expect(gpFailure(unavailable, "prescription-details")).toMatchObject({
      message: "Prescription orders are not currently available - please try again later. If the problem persists please contact your practice.",
    });
  });

  it("book, cancel, order: the first server error, else the generic server error", () => {
    expect(gpFailure(bad("Slot taken"), "change")).toMatchObject({ message: "Slot taken" });
    expect(gpFailure(unavailable, "change")).toMatchObject({ message: "Server error. Please try again later" });
    expect(gpFailure(bad(), "change")).toMatchObject({ message: "Server error. Please try again later" });
  });

  it("link and unlink have their own fallbacks", () => {
    expect(gpFailure(bad("Key used"), "link")).toMatchObject({ message: "Key used" });
    expect(gpFailure(unavailable, "link")).toMatchObject({
      message: "Server error, please try again later. If problem persists please contact your practice.",
    });
    expect(gpFailure(bad("Not linked"), "unlink")).toMatchObject({ message: "Not linked" });
    expect(gpFailure(unavailable, "unlink")).toMatchObject({ message: "Server error. Please try again later." });
  });

  it("drops the extra parameters after ':?:' from the first error", () => {
    expect(firstServerError(["Slot unavailable:?:slot_id=4&reason=taken"])).toBe("Slot unavailable");
    expect(firstServerError([])).toBeNull();
    expect(firstServerError([":?:a=b"])).toBeNull();
  });

  it("failureMessage throws where to go first (GoTo, a redirect in any loader or action)", () => {
    expect(() => failureMessage({ kind: "linkage_reset" }, "slots")).toThrow(expect.objectContaining({ name: "GoTo", to: "/pfs/link-reset" }));
    expect(failureMessage(unavailable, "change")).toEqual({ message: "Server error. Please try again later", status: 503 });
  });
});
