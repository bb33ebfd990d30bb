import { describe, expect, it } from "vitest";
import { PATIENT_FACING_NAME_MESSAGES as M, PatientFacingNameSchema, staffNameForPatients } from "./patient-facing-name";

const error = (name: unknown) => PatientFacingNameSchema.safeParse({ name }).error?.issues[0]?.message;

describe("PatientFacingNameSchema (spec 3 §5: required, 2 to 300 characters)", () => {
  it("accepts 2 and 300 characters, trimmed", () => {
    expect(PatientFacingNameSchema.parse({ name: "  Dr Patel " })).toEqual({ name: "Dr Patel" });
    expect(PatientFacingNameSchema.safeParse({ name: "Jo" }).success).toBe(true);
    expect(PatientFacingNameSchema.safeParse({ name: "x".repeat(300) }).success).toBe(true);
  });
  it("refuses a missing or blank name, 1 character and 301", () => {
    expect(error(undefined)).toBe(M.required);
    expect(error("   ")).toBe(M.required);
    expect(error("J")).toBe(M.length);
    expect(error(" J ")).toBe(M.length);
    expect(error("x".repeat(301))).toBe(M.length);
  });
});

describe("staffNameForPatients", () => {
  it("is the patient-facing name with the practice, or the practice alone; never the real name", () => {
    expect(staffNameForPatients("Dr Sam", "Riverside")).toBe("Dr Sam, Riverside");
    expect(staffNameForPatients(null, "Riverside")).toBe("Riverside");
    expect(staffNameForPatients("  ", "Riverside")).toBe("Riverside");
  });
});
