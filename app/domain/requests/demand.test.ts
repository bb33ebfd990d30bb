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

describe("decideDemand in core-hours compliance mode (decision 0074)", () => {
  const compliant: DemandSettings = { ...base, coreHoursCompliance: true };
  const full = { submittedToday: 10, ongoingDrafts: 0 };

  it("keeps requests open 08:00 to 18:30 on weekdays whatever the cap, switch-off, hours and allowed times", () => {
    const strict: DemandSettings = {
      ...compliant,
      dailyLimit: 10,
      closedOn: "2026-11-23",
      inOpeningHoursOnly: true,
      hours: DEFAULT_OPENING_HOURS.map((d) => (d.day === "monday" ? { ...d, opens: "09:00", closes: "12:00" } : d)),
      allowedTimeStart: "10:00",
      allowedTimeEnd: "11:00",
    };
    expect(decideDemand(strict, full, mondayWinter("08:00"))).toEqual({ open: true });
    expect(decideDemand(strict, full, mondayWinter("18:29"))).toEqual({ open: true });
    // Summer time: 08:00 BST is 07:00 UTC.
    expect(decideDemand({ ...strict, closedOn: "2026-07-06" }, full, londonInstant("2026-07-06", "08:00"))).toEqual({ open: true });
  });

  it("lets the other rules apply outside core hours, reopening at 08:00 on the next weekday", () => {
    const capped: DemandSettings = { ...compliant, dailyLimit: 10 };
    expect(decideDemand(capped, full, mondayWinter("18:30"))).toEqual({
      open: false,
      reason: "daily_limit",
      reopensAt: londonInstant("2026-11-24", "00:00"),
    });
    // Before 08:00 with the cap already full: open at 08:00 the same day.
    expect(decideDemand(capped, full, mondayWinter("07:59"))).toMatchObject({ open: false, reopensAt: mondayWinter("08:00") });
    // Saturday in opening-hours-only mode: next Monday at 08:00.
    expect(decideDemand({ ...compliant, inOpeningHoursOnly: true }, idle, londonInstant("2026-11-28", "10:00"))).toMatchObject({
      open: false,
      reason: "outside_hours",
      reopensAt: londonInstant("2026-11-30", "08:00"),
    });
  });

  it("closes for an exceptional closure, inside core hours too, and says where to go instead", () => {
    const closure = { startsAt: mondayWinter("12:00"), endsAt: mondayWinter("14:00"), cancelledAt: null, alternative: "Call 01234 567890" };
    const closing: DemandSettings = { ...compliant, closures: [closure] };
    expect(decideDemand(closing, idle, mondayWinter("11:59"))).toEqual({ open: true });
    const decision = decideDemand(closing, idle, mondayWinter("12:00"));
    expect(decision).toEqual({
      open: false,
      reason: "exceptional_closure",
      reopensAt: mondayWinter("14:00"),
      closure: { endsAt: mondayWinter("14:00"), alternative: "Call 01234 567890" },
    });
    if (decision.open) throw new Error("expected closed");
    expect(closedMessage("Riverside Medical Centre", decision)).toBe("Riverside Medical Centre has closed online consultation until 14:00 on Monday 23 November.");
    expect(decideDemand(closing, idle, mondayWinter("14:00"))).toEqual({ open: true });
    // A cancelled closure closes nothing.
    expect(decideDemand({ ...compliant, closures: [{ ...closure, cancelledAt: mondayWinter("11:00") }] }, idle, mondayWinter("13:00"))).toEqual({ open: true });
  });

  it("outside compliance mode behaves as before: the cap closes inside core hours", () => {
    expect(decideDemand({ ...base, dailyLimit: 10 }, full, mondayWinter("12:00"))).toMatchObject({ open: false, reason: "daily_limit" });
    expect(decideDemand({ ...base, closedOn: "2026-11-23" }, idle, mondayWinter("12:00"))).toMatchObject({ open: false, reason: "switched_off" });
  });
});
