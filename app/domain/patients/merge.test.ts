import { describe, expect, it } from "vitest";
import { canUndoMerge, differingFields, looksLikeDuplicate, mergedDetails, MergeSchema, undoDeadline, type MergeDetails } from "./merge";

const base: MergeDetails = {
  firstName: "Sarah",
  lastName: "Jones",
  dateOfBirth: "1980-01-02",
  nhsNumber: "9434765919",
  gender: "female",
  email: "sarah@example.com",
  mobile: null,
  phone: null,
  addressLine1: "1 High Street",
  town: "Leeds",
  postcode: "LS1 3EX",
};

describe("merging patient records", () => {
  it("takes each detail from the side staff chose, the kept record's by default", () => {
    const guest = { ...base, nhsNumber: null, email: "guest@example.com", mobile: "07700900123" };
    const out = mergedDetails(base, guest, { mobile: "duplicate", email: "kept" });
    expect(out).toEqual({ ...base, mobile: "07700900123" });
  });

  it("lists only the details that differ (ignoring case and spaces)", () => {
    expect(differingFields(base, { ...base, firstName: " sarah ", town: "York" })).toEqual(["town"]);
  });

  it("calls the same NHS number, or the same birth date and a same name, a likely duplicate", () => {
    expect(looksLikeDuplicate(base, { ...base, firstName: "X", lastName: "Y", dateOfBirth: "2000-01-01" })).toBe(true);
    expect(looksLikeDuplicate(base, { ...base, nhsNumber: null, firstName: "Sara" })).toBe(true);
    expect(looksLikeDuplicate(base, { ...base, nhsNumber: null, firstName: "Ann", lastName: "Lee" })).toBe(false);
    expect(looksLikeDuplicate(base, { ...base, nhsNumber: null, dateOfBirth: "1980-01-03" })).toBe(false);
  });

  it("allows an undo for 14 days, once", () => {
    const at = new Date("2026-11-01T10:00:00Z");
    expect(canUndoMerge(at, new Date("2026-11-15T10:00:00Z"), null)).toBe(true);
    expect(canUndoMerge(at, new Date("2026-11-15T10:00:01Z"), null)).toBe(false);
    expect(canUndoMerge(at, new Date("2026-11-02T10:00:00Z"), new Date())).toBe(false);
    expect(undoDeadline(at).toISOString()).toBe("2026-11-15T10:00:00.000Z");
  });

  it("needs the duplicate's id and only kept or duplicate as a choice", () => {
    expect(MergeSchema.safeParse({ duplicate: "12" }).success).toBe(true);
    expect(MergeSchema.safeParse({ duplicate: "0" }).success).toBe(false);
    expect(MergeSchema.safeParse({ duplicate: "12", email: "both" }).success).toBe(false);
  });
});
