import { describe, expect, it } from "vitest";
import { readClaims } from "./claims";
import { isNhsAppUserAgent, issueTypesForLevel, isRecordPath, levelFromVot, matchableNhsNumber, mayUseClinicalRequests, maySeeRecords, VTR_PARAMETER } from "./rules";

const raw = {
  sub: "abc-123",
  vot: "P9.Cp.Cd",
  nhs_number: "9990900000",
  given_name: "Olivia",
  family_name: "Bennett",
  birthdate: "1990-04-12",
  email: "Olivia@Example.com",
  phone_number: "+447700900901",
  gp_registration_details: { gp_ods_code: "y12345" },
};

describe("NHS login levels", () => {
  it("reads P9 and P5 from the vectors we asked for, and nothing else", () => {
    expect(levelFromVot("P9.Cp.Cd")).toBe("P9");
    expect(levelFromVot("P9.Cm")).toBe("P9");
    expect(levelFromVot("P5.Cp.Ck")).toBe("P5");
    expect(levelFromVot("P0.Cp.Cd")).toBeNull();
    expect(levelFromVot("P9")).toBeNull();
    expect(levelFromVot(undefined)).toBeNull();
    expect(JSON.parse(VTR_PARAMETER)).toContain("P5.Cp.Cd");
  });

  it("lets P5 send administrative requests only and see no records", () => {
    expect(mayUseClinicalRequests("P5")).toBe(false);
    expect(maySeeRecords("P5")).toBe(false);
    expect(mayUseClinicalRequests("P9")).toBe(true);
    expect(maySeeRecords("P9")).toBe(true);
    expect(maySeeRecords(null)).toBe(true);
    expect(isRecordPath("/demo/my-health/")).toBe(true);
    expect(isRecordPath("/demo/my-requests-and-messages")).toBe(true);
    expect(isRecordPath("/prescriptions")).toBe(true);
    expect(isRecordPath("/demo/message/myself/admin")).toBe(false);
    const types = [{ id: 1 }, { id: 4 }];
    expect(issueTypesForLevel(types, 4, "P5")).toEqual([{ id: 4 }]);
    expect(issueTypesForLevel(types, 4, "P9")).toEqual(types);
  });
});

describe("NHS login claims", () => {
  it("reads the person, normalising e-mail and ODS code", () => {
    expect(readClaims(raw)).toMatchObject({ sub: "abc-123", level: "P9", nhsNumber: "9990900000", email: "olivia@example.com", odsCode: "Y12345" });
  });

  it("refuses claims without a level we accept or with a malformed NHS number", () => {
    expect(readClaims({ ...raw, vot: "P0.Cp.Cd" })).toBeNull();
    expect(readClaims({ ...raw, nhs_number: "9990900001" })).toBeNull();
  });

  it("matches by the NHS number NHS login gives, and by nothing else", () => {
    const p9 = readClaims(raw)!;
    expect(matchableNhsNumber(p9)).toBe("9990900000");
    expect(matchableNhsNumber({ ...p9, level: "P5" })).toBe("9990900000");
    expect(matchableNhsNumber({ ...p9, nhsNumber: null })).toBeNull();
  });
});

describe("the NHS App user agent", () => {
  it("is found anywhere in the user agent", () => {
    expect(isNhsAppUserAgent("Mozilla/5.0 (iPhone) AppleWebKit/605 nhsapp-ios/2.3.0")).toBe(true);
    expect(isNhsAppUserAgent("Mozilla/5.0 (Linux; Android 14) nhsapp-android/2.40.0 Chrome/120 Mobile Safari/537")).toBe(true);
    expect(isNhsAppUserAgent("Mozilla/5.0 (X11; Linux) Chrome/120")).toBe(false);
    expect(isNhsAppUserAgent("Mozilla/5.0 notnhsapp-ios/2.0")).toBe(false);
    expect(isNhsAppUserAgent(null)).toBe(false);
  });
});
