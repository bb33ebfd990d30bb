import { describe, expect, it } from "vitest";
import { DEFAULT_OPENING_HOURS, isOpenAt, londonWeekdayAndTime } from "./opening-hours";

describe("opening hours", () => {
  it("reads the weekday and time in Europe/London, across the clock change", () => {
    // 21 Nov 2026 is a Saturday, GMT.
    expect(londonWeekdayAndTime(new Date("2026-11-21T09:15:00Z"))).toEqual({ day: "saturday", time: "09:15" });
    // In British Summer Time, 07:30Z is 08:30 local.
    expect(londonWeekdayAndTime(new Date("2026-06-01T07:30:00Z"))).toEqual({ day: "monday", time: "08:30" });
  });

  it.each([
    ["2026-11-23T08:00:00Z", true], // Monday 08:00, opening time
    ["2026-11-23T07:59:00Z", false],
    ["2026-11-23T18:29:00Z", true],
    ["2026-11-23T18:30:00Z", false], // closing time is exclusive
    ["2026-11-21T12:00:00Z", false], // Saturday
    ["2026-11-22T12:00:00Z", false], // Sunday
  ])("default hours at %s: open %s", (when, open) => {
    expect(isOpenAt(DEFAULT_OPENING_HOURS, new Date(when))).toBe(open);
  });
});
