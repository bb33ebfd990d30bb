import { describe, expect, it } from "vitest";
import { DEFAULT_OPENING_HOURS } from "~/domain/practices/opening-hours";
import { closedMessage, decideDemand, formatReopening, londonInstant, roundAllowedTimes, type DemandSettings } from "./demand";

const base: DemandSettings = {
  hours: DEFAULT_OPENING_HOURS,
  inOpeningHoursOnly: false,
  allowedTimeStart: null,
  allowedTimeEnd: null,
  closedOn: null,
  dailyLimit: null,
};
const idle = { submittedToday: 0, ongoingDrafts: 0 };
// Monday 23 November 2026 (GMT) and Monday 6 July 2026 (BST).
const mondayWinter = (time: string) => londonInstant("2026-11-23", time);

describe("londonInstant", () => {
  it("knows GMT and BST", () => {
    expect(londonInstant("2026-11-23", "08:00").toISOString()).toBe("2026-11-23T08:00:00.000Z");
    expect(londonInstant("2026-07-06", "08:00").toISOString()).toBe("2026-07-06T07:00:00.000Z");
  });
});

describe("decideDemand", () => {
  it("is open at any time by default", () => {
    expect(decideDemand(base, idle, londonInstant("2026-11-22", "03:00"))).toEqual({ open: true });
  });

  it("closes for the rest of the day when the practice switches requests off, reopening at midnight", () => {
    const decision = decideDemand({ ...base, closedOn: "2026-11-23" }, idle, mondayWinter("10:00"));
    expect(decision).toEqual({ open: false, reason: "switched_off", reopensAt: londonInstant("2026-11-24", "00:00") });
  });

  it("follows opening hours when the practice asks, reopening at the next opening time", () => {
    const settings = { ...base, inOpeningHoursOnly: true };
    expect(decideDemand(settings, idle, mondayWinter("08:00"))).toEqual({ open: true });
    expect(decideDemand(settings, idle, mondayWinter("18:30"))).toEqual({
      open: false,
      reason: "outside_hours",
      reopensAt: londonInstant("2026-11-24", "08:00"),
    });
    // Friday evening: next Monday.
    expect(decideDemand(settings, idle, londonInstant("2026-11-27", "19:00"))).toMatchObject({
      reopensAt: londonInstant("2026-11-30", "08:00"),
    });
  });

  it("rounds allowed times to whole hours", () => {
    expect(roundAllowedTimes("07:30:00", "19:45:00")).toEqual({ start: "08:00", end: "19:00" });
    const settings = { ...base, allowedTimeStart: "07:30:00", allowedTimeEnd: "19:45:00" };
    expect(decideDemand(settings, idle, mondayWinter("07:59"))).toMatchObject({ open: false, reason: "outside_allowed_times", reopensAt: mondayWinter("08:00") });
    expect(decideDemand(settings, idle, mondayWinter("18:59"))).toEqual({ open: true });
    expect(decideDemand(settings, idle, mondayWinter("19:00"))).toMatchObject({ open: false, reopensAt: londonInstant("2026-11-24", "08:00") });
  });

  it("counts drafts in progress toward the daily cap, and reopens tomorrow", () => {
    const settings = { ...base, dailyLimit: 10 };
    expect(decideDemand(settings, { submittedToday: 8, ongoingDrafts: 1 }, mondayWinter("12:00"))).toEqual({ open: true });
    expect(decideDemand(settings, { submittedToday: 8, ongoingDrafts: 2 }, mondayWinter("12:00"))).toEqual({
      open: false,
      reason: "daily_limit",
      reopensAt: londonInstant("2026-11-24", "00:00"),
    });
  });

  it("says why and when in words", () => {
    const decision = decideDemand({ ...base, dailyLimit: 1 }, { submittedToday: 1, ongoingDrafts: 0 }, mondayWinter("12:00"));
    if (decision.open) throw new Error("expected closed");
    expect(closedMessage("Riverside Medical Centre", decision)).toBe(
      "Riverside Medical Centre has had as many online requests today as it can safely answer. You can send a request from 00:00 on Tuesday 24 November.",
    );
    expect(formatReopening(londonInstant("2026-07-06", "08:00"))).toBe("08:00 on Monday 6 July");
  });
});
