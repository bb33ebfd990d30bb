import { describe, expect, it } from "vitest";
import { appointmentStatus, bookingIdFor, canCancelPrescription, flavourOf, linkLabels, matchesBookingId } from "./flavour";

describe("GP-system flavours", () => {
  it("takes pfs_ehr_type before ehr_type", () => {
    expect(flavourOf({ ehrType: "emis", pfsEhrType: "tpp" })).toBe("tpp");
    expect(flavourOf({ ehrType: "tpp", pfsEhrType: null })).toBe("tpp");
    expect(flavourOf({ ehrType: "emis", pfsEhrType: null })).toBe("emis");
  });

  it("labels the link form by flavour", () => {
    expect(linkLabels("tpp")).toEqual({ accountId: "Account ID", linkageKey: "Passphrase", unitId: "Organisation Code" });
    expect(linkLabels("emis")).toEqual({ accountId: "Account ID", linkageKey: "Linkage Key", unitId: "ODS Code" });
  });

  it("answers a booking with the session id for TPP, the slot id otherwise", () => {
    const slot = { slotId: "41", sessionId: "7" };
    expect(bookingIdFor("tpp", slot)).toBe("7");
    expect(bookingIdFor("emis", slot)).toBe("41");
    expect(matchesBookingId("tpp", slot, "7")).toBe(true);
    expect(matchesBookingId("tpp", slot, "41")).toBe(false);
    expect(matchesBookingId("emis", slot, "41")).toBe(true);
  });

  it("cancels Requested prescriptions; TPP may always, but never a cancelled one", () => {
    expect(canCancelPrescription("emis", "Requested")).toBe(true);
    expect(canCancelPrescription("emis", "Issued")).toBe(false);
    expect(canCancelPrescription("tpp", "Issued")).toBe(true);
    expect(canCancelPrescription("tpp", "Cancelled")).toBe(false);
    expect(canCancelPrescription("emis", "Cancelled")).toBe(false);
  });

  it("is Upcoming before the start time, Attended from it", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    expect(appointmentStatus("2026-11-21T10:00:01Z", now)).toBe("Upcoming");
    expect(appointmentStatus("2026-11-21T10:00:00Z", now)).toBe("Attended");
  });
});
