import { describe, expect, it } from "vitest";
import { minutesKey, ageBand, ageOn, bucketLabel, exactQuantile, hourFloor, minutesLabel, OVER, quantileBucket, responseBucket, submitterOf } from "./rollup";

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

describe("exact quantiles over whole-minute counts (percentile_cont)", () => {
  it("interpolates between neighbours as percentile_cont does", () => {
    const counts = [
      { value: 270, count: 1 },
      { value: 10, count: 1 },
      { value: 1440, count: 1 },
      { value: 120, count: 1 },
    ];
    expect(exactQuantile(counts, 0.5)).toBe(195);
    expect(exactQuantile(counts, 0.9)).toBeCloseTo(1089, 9);
  });

  it("counts a value as many times as its count; one value is every quantile; none is null", () => {
    // 1, 1, 1, 5: median at position 1.5 → 1; 90th at 2.7 → 1 + 0.7 × 4 = 3.8.
    expect(exactQuantile([{ value: 1, count: 3 }, { value: 5, count: 1 }], 0.5)).toBe(1);
    expect(exactQuantile([{ value: 1, count: 3 }, { value: 5, count: 1 }], 0.9)).toBeCloseTo(3.8, 9);
    expect(exactQuantile([{ value: 42, count: 7 }], 0.9)).toBe(42);
    expect(exactQuantile([], 0.5)).toBeNull();
    expect(exactQuantile([{ value: 3, count: 0 }], 0.5)).toBeNull();
  });

  it("says minutes in words", () => {
    expect(minutesLabel(0)).toBe("0 minutes");
    expect(minutesLabel(1)).toBe("1 minute");
    expect(minutesLabel(195)).toBe("3 hours 15 minutes");
    expect(minutesLabel(1500.4)).toBe("1 day 1 hour");
    expect(minutesLabel(2880)).toBe("2 days");
  });

  it("keeps response minutes exact to 8 hours, to the quarter-hour to 7 days, to the hour beyond", () => {
    expect([0, 1, 479, 480].map(minutesKey)).toEqual([0, 1, 479, 480]);
    expect([481, 494, 495, 1449, 10080].map(minutesKey)).toEqual([480, 480, 495, 1440, 10080]);
    expect([10081, 10139, 10140, 50000.9].map(minutesKey)).toEqual([10080, 10080, 10140, 49980]);
    expect(minutesKey(-3)).toBe(0);
  });
});
