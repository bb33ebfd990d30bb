import { describe, expect, it } from "vitest";
import { canEnterAsGuestFor, canRegisterFor, choosePatient, normaliseName, type PatientCandidate } from "./patient-match";

const candidate = (id: number, postcode: string | null, owner: PatientCandidate["owner"] = null): PatientCandidate => ({ id, postcode, owner });

describe("normaliseName", () => {
  it("ignores case, surrounding and repeated spaces, and typographic apostrophes", () => {
    expect(normaliseName("  O’Brien  ")).toBe("o'brien");
    expect(normaliseName("Mary  Ann")).toBe("mary ann");
    expect(normaliseName("BENNETT")).toBe(normaliseName("bennett"));
  });
});

describe("choosePatient", () => {
  it("matches the one record with that name and date of birth", () => {
    expect(choosePatient([candidate(1, "LS1 3EX")])).toEqual({ status: "matched", patient: candidate(1, "LS1 3EX") });
  });

  it("refuses when no record fits", () => {
    expect(choosePatient([])).toEqual({ status: "not_registered" });
  });

  it("refuses a postcode that contradicts the record, ignoring spaces and case", () => {
    expect(choosePatient([candidate(1, "LS1 3EX")], "LS2 7DJ")).toEqual({ status: "not_registered" });
    expect(choosePatient([candidate(1, "LS1 3EX")], "ls13ex").status).toBe("matched");
  });

  it("keeps a record without a postcode: it cannot contradict the one given", () => {
    expect(choosePatient([candidate(1, null)], "LS1 3EX").status).toBe("matched");
  });

  it("asks for the postcode when two records share name and birthday", () => {
    expect(choosePatient([candidate(1, "LS1 3EX"), candidate(2, "HG1 5AA")])).toEqual({ status: "postcode_needed" });
    expect(choosePatient([candidate(1, "LS1 3EX"), candidate(2, "HG1 5AA")], "HG1 5AA")).toEqual({
      status: "matched",
      patient: candidate(2, "HG1 5AA"),
    });
  });

  it("prefers the record that carries the postcode over one without any", () => {
    expect(choosePatient([candidate(1, null), candidate(2, "HG1 5AA")], "HG15AA")).toEqual({ status: "matched", patient: candidate(2, "HG1 5AA") });
  });

  it("refuses when the postcode still leaves two records", () => {
    expect(choosePatient([candidate(1, "HG1 5AA"), candidate(2, "HG1 5AA")], "HG1 5AA")).toEqual({ status: "not_registered" });
  });
});

describe("who may take a patient record", () => {
  const verified = { userId: 7, isGuest: false, verified: true };
  const unconfirmed = { userId: 8, isGuest: false, verified: false };
  const guest = { userId: 9, isGuest: true, verified: true };

  it("a registration takes a free record, a guest's, or one whose account never confirmed its address", () => {
    expect(canRegisterFor(candidate(1, null))).toBe(true);
    expect(canRegisterFor(candidate(1, null, guest))).toBe(true);
    expect(canRegisterFor(candidate(1, null, unconfirmed))).toBe(true);
    expect(canRegisterFor(candidate(1, null, verified))).toBe(false);
    expect(canRegisterFor(candidate(1, null, verified), 7)).toBe(true);
  });

  it("a guest takes a free record or another guest's, never a full account's", () => {
    expect(canEnterAsGuestFor(candidate(1, null))).toBe(true);
    expect(canEnterAsGuestFor(candidate(1, null, guest))).toBe(true);
    expect(canEnterAsGuestFor(candidate(1, null, unconfirmed))).toBe(false);
    expect(canEnterAsGuestFor(candidate(1, null, verified))).toBe(false);
    expect(canEnterAsGuestFor(candidate(1, null, guest), 9)).toBe(true);
  });
});
