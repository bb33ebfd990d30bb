import { describe, expect, it } from "vitest";
import { ageBand, ageOn, bucketLabel, hourFloor, OVER, quantileBucket, responseBucket, submitterOf } from "./rollup";

describe("the rollup's rules", () => {
  it("age on a day, and its band", () => {
    expect(ageOn("2010-11-26", "2026-11-25")).toBe(15);
    expect(ageOn("2010-11-25", "2026-11-25")).toBe(16);
    expect([15, 16, 24, 25, 44, 45, 64, 65, 74, 75].map(ageBand)).toEqual(["0-15", "16-24", "16-24", "25-44", "25-44", "45-64", "45-64", "65-74", "65-74", "75+"]);
  });

  it("who sent a request: NHS App first, then staff, carer, patient", () => {
    expect(submitterOf({ requester: "myself", submittedVia: "nhs_app" })).toBe("nhs_app");
    expect(submitterOf({ requester: "staff", submittedVia: "web" })).toBe("staff");
    expect(submitterOf({ requester: "dependent", submittedVia: "web" })).toBe("carer");
    expect(submitterOf({ requester: "myself", submittedVia: "web" })).toBe("patient");
  });

  it("response buckets, their labels and the quantile's bucket", () => {
    expect([0, 15, 16, 60, 1440, 10080, 10081].map(responseBucket)).toEqual([15, 15, 30, 60, 1440, 10080, OVER]);
    expect([15, 60, 240, 1440, 2880, OVER].map(bucketLabel)).toEqual(["Within 15 minutes", "Within 1 hour", "Within 4 hours", "Within 1 day", "Within 2 days", "More than 7 days"]);
    const counts = [
      { bound: 15, count: 1 },
      { bound: 120, count: 1 },
      { bound: 480, count: 1 },
      { bound: 1440, count: 1 },
    ];
    expect(quantileBucket(counts, 0.5)).toBe(120);
    expect(quantileBucket(counts, 0.9)).toBe(1440);
    expect(quantileBucket([], 0.5)).toBeNull();
  });

  it("an instant's hour", () => {
    expect(hourFloor(new Date("2026-10-25T01:59:59Z")).toISOString()).toBe("2026-10-25T01:00:00.000Z");
  });
});
