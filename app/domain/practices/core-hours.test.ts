import { describe, expect, it } from "vitest";
import { londonInstant } from "~/domain/requests/demand";
import {
  activeClosure,
  CORE_HOURS_MESSAGES,
  dailyCapProblem,
  inHoursOnlyProblem,
  isCoreHours,
  mayTurnComplianceOff,
  openingHoursProblems,
  switchOffProblem,
} from "./core-hours";
import { DEFAULT_OPENING_HOURS, type OpeningDay } from "./opening-hours";

// Wednesday 25 November 2026 is GMT; Wednesday 1 July 2026 is BST.
const winter = (time: string) => londonInstant("2026-11-25", time);
const summer = (time: string) => londonInstant("2026-07-01", time);
const withDay = (day: OpeningDay["day"], change: Partial<OpeningDay>) =>
  DEFAULT_OPENING_HOURS.map((d) => (d.day === day ? { ...d, ...change } : d));

describe("isCoreHours", () => {
  it("is 08:00 inclusive to 18:30 exclusive on a weekday, in GMT", () => {
    expect(isCoreHours(winter("07:59"))).toBe(false);
    expect(isCoreHours(winter("08:00"))).toBe(true);
    expect(isCoreHours(winter("18:29"))).toBe(true);
    expect(isCoreHours(winter("18:30"))).toBe(false);
  });

  it("follows London wall-clock time in summer time (BST)", () => {
    expect(isCoreHours(summer("08:00"))).toBe(true);
    expect(isCoreHours(new Date("2026-07-01T07:00:00Z"))).toBe(true); // 08:00 BST
    expect(isCoreHours(new Date("2026-07-01T06:59:00Z"))).toBe(false); // 07:59 BST
    expect(isCoreHours(new Date("2026-07-01T17:29:00Z"))).toBe(true); // 18:29 BST
    expect(isCoreHours(new Date("2026-07-01T17:30:00Z"))).toBe(false); // 18:30 BST
  });

  it("is right on the days the clocks change (Monday after each change)", () => {
    // Clocks went forward on Sunday 29 March 2026 and go back on Sunday 25 October 2026.
    expect(isCoreHours(londonInstant("2026-03-29", "10:00"))).toBe(false);
    expect(isCoreHours(londonInstant("2026-03-30", "08:00"))).toBe(true);
    expect(isCoreHours(londonInstant("2026-10-26", "08:00"))).toBe(true);
    expect(londonInstant("2026-10-26", "08:00").toISOString()).toBe("2026-10-26T08:00:00.000Z");
  });

  it("is never at the weekend", () => {
    expect(isCoreHours(londonInstant("2026-11-28", "12:00"))).toBe(false);
    expect(isCoreHours(londonInstant("2026-11-29", "12:00"))).toBe(false);
  });
});

describe("openingHoursProblems", () => {
  it("accepts the default hours (weekdays 08:00 to 18:30, weekend closed) and longer ones", () => {
    expect(openingHoursProblems(DEFAULT_OPENING_HOURS)).toEqual([]);
    expect(openingHoursProblems(withDay("monday", { opens: "07:00", closes: "20:00" }))).toEqual([]);
    expect(openingHoursProblems(withDay("saturday", { closed: false, opens: "09:00", closes: "12:00" }))).toEqual([]);
  });

  it("refuses a weekday closing at 17:00, naming the day", () => {
    expect(openingHoursProblems(withDay("wednesday", { closes: "17:00" }))).toEqual([
      { day: "wednesday", part: "closes", message: CORE_HOURS_MESSAGES.closesEarly("wednesday") },
    ]);
    expect(CORE_HOURS_MESSAGES.closesEarly("wednesday")).toContain("Wednesday");
  });

  it("refuses the edge minutes just inside core hours", () => {
    expect(openingHoursProblems(withDay("monday", { opens: "08:01" }))[0].message).toBe(CORE_HOURS_MESSAGES.opensLate("monday"));
    expect(openingHoursProblems(withDay("friday", { closes: "18:29" }))[0].message).toBe(CORE_HOURS_MESSAGES.closesEarly("friday"));
  });

  it("refuses a weekday marked closed", () => {
    expect(openingHoursProblems(withDay("tuesday", { closed: true, opens: null, closes: null }))).toEqual([
      { day: "tuesday", part: "closed", message: CORE_HOURS_MESSAGES.dayClosed("tuesday") },
    ]);
  });
});

describe("the demand controls in compliance mode", () => {
  it("allows requests only in opening hours while the hours cover core hours", () => {
    expect(inHoursOnlyProblem(DEFAULT_OPENING_HOURS)).toBeNull();
    expect(inHoursOnlyProblem(withDay("thursday", { closes: "18:00" }))?.day).toBe("thursday");
  });

  it("refuses switching off before 18:30 on a weekday, allows it after and at the weekend", () => {
    expect(switchOffProblem(winter("08:00"))?.message).toBe(CORE_HOURS_MESSAGES.switchOff("wednesday"));
    expect(switchOffProblem(winter("07:00"))?.day).toBe("wednesday");
    expect(switchOffProblem(winter("18:29"))).not.toBeNull();
    expect(switchOffProblem(winter("18:30"))).toBeNull();
    expect(switchOffProblem(londonInstant("2026-11-28", "10:00"))).toBeNull();
  });

  it("refuses any daily cap", () => {
    expect(dailyCapProblem(null)).toBeNull();
    expect(dailyCapProblem(500)).toBe(CORE_HOURS_MESSAGES.dailyCap);
  });

  it("lets only a system admin turn compliance off, and only outside England", () => {
    expect(mayTurnComplianceOff({ isSystemAdmin: true }, "wales")).toBe(true);
    expect(mayTurnComplianceOff({ isSystemAdmin: true }, "england")).toBe(false);
    expect(mayTurnComplianceOff({ isSystemAdmin: false }, "scotland")).toBe(false);
  });
});

describe("activeClosure", () => {
  const closure = { startsAt: winter("12:00"), endsAt: winter("14:00"), cancelledAt: null as Date | null };
  it("is in force from its start (inclusive) to its end (exclusive), unless cancelled", () => {
    expect(activeClosure([closure], winter("11:59"))).toBeNull();
    expect(activeClosure([closure], winter("12:00"))).toBe(closure);
    expect(activeClosure([closure], winter("13:59"))).toBe(closure);
    expect(activeClosure([closure], winter("14:00"))).toBeNull();
    expect(activeClosure([{ ...closure, cancelledAt: winter("11:00") }], winter("13:00"))).toBeNull();
  });
});
