import { describe, expect, it } from "vitest";
import { londonDate } from "~/domain/time/london";
import { fieldName, PATTERN_MESSAGES, patternAuditText, PatternSchema, readPattern } from "./availability";
import { calendarDays, readView, viewDays } from "./calendar";
import { awayOn, firstOverlap, LEAVE_MESSAGES, LeaveSchema, whoCovers, type LeavePeriod } from "./leave";

describe("the weekly pattern", () => {
  it("reads up to two sessions a day, leaving blank days out", () => {
    const r = readPattern({ monday1Start: "8:30", monday1End: "12:30", monday2Start: "13.30", monday2End: "18:00", friday1Start: "09:00", friday1End: "13:00" });
    expect(r).toEqual({
      ok: true,
      sessions: [
        { day: "monday", session: 1, start: "08:30", end: "12:30" },
        { day: "monday", session: 2, start: "13:30", end: "18:00" },
        { day: "friday", session: 1, start: "09:00", end: "13:00" },
      ],
    });
  });
  it("refuses half a session, a time that is not one, and an end not after the start", () => {
    const r = readPattern({ monday1Start: "09:00", tuesday1Start: "25:00", tuesday1End: "12:00", wednesday1Start: "12:00", wednesday1End: "12:00" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([
      { field: "monday1End", message: PATTERN_MESSAGES.missing("monday", 1, "end") },
      { field: "tuesday1Start", message: PATTERN_MESSAGES.format("tuesday", 1, "start") },
      { field: "wednesday1End", message: "The end of Wednesday's first session must be after its start" },
    ]);
  });
  it("refuses a second session without a first, or starting before the first ends", () => {
    const r = readPattern({ monday2Start: "13:00", monday2End: "17:00", tuesday1Start: "09:00", tuesday1End: "13:00", tuesday2Start: "12:30", tuesday2End: "17:00" });
    expect(r.ok ? [] : r.issues.map((i) => i.field)).toEqual([fieldName("monday", 1, "Start"), fieldName("tuesday", 2, "Start")]);
    // Back to back is fine.
    expect(readPattern({ tuesday1Start: "09:00", tuesday1End: "13:00", tuesday2Start: "13:00", tuesday2End: "17:00" }).ok).toBe(true);
  });
  it("puts each problem on its field through the form's schema, and sums a pattern for the audit", () => {
    const parsed = PatternSchema.safeParse({ sunday1Start: "x" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["sunday1Start", "sunday1End"]);
    const ok = PatternSchema.parse({ monday1Start: "09:00", monday1End: "17:00" });
    expect(patternAuditText(ok)).toBe("monday 09:00-17:00");
    expect(patternAuditText([])).toBe("none");
  });
});

const period = (id: number, userId: number, startDate: string, endDate: string, coverUserId: number | null = null): LeavePeriod => ({ id, userId, kind: "leave", startDate, endDate, coverUserId });

describe("leave", () => {
  const form = (start: [string, string, string], end: [string, string, string], more: Record<string, unknown> = {}) => ({
    kind: "leave",
    start: { day: start[0], month: start[1], year: start[2] },
    end: { day: end[0], month: end[1], year: end[2] },
    cover: "none",
    ...more,
  });
  it("reads the dates and the cover", () => {
    expect(LeaveSchema.parse(form(["26", "10", "2026"], ["30", "10", "2026"], { cover: "7", note: " Annual leave " }))).toEqual({
      kind: "leave",
      startDate: "2026-10-26",
      endDate: "2026-10-30",
      coverUserId: 7,
      note: "Annual leave",
    });
  });
  it("says which part of a date is wrong, and refuses a last day before the first", () => {
    const messages = (v: unknown) => LeaveSchema.safeParse(v).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages(form(["", "", ""], ["31", "2", "2026"]))).toEqual([`start.day: ${LEAVE_MESSAGES.start.required}`, `end.day: ${LEAVE_MESSAGES.end.real}`]);
    expect(messages(form(["2", "11", "2026"], ["1", "11", "2026"]))).toEqual([`end.day: ${LEAVE_MESSAGES.endBeforeStart}`]);
    expect(messages({ ...form(["2", "11", "2026"], ["2", "11", "2026"]), kind: "holiday", cover: "me" })?.map((m) => m.split(":")[0])).toEqual(["kind", "cover"]);
  });
  it("finds overlaps, dates inclusive, leaving out the period being edited", () => {
    const existing = [period(1, 5, "2026-11-02", "2026-11-06"), period(2, 5, "2026-12-21", "2026-12-31")];
    expect(firstOverlap(existing, { startDate: "2026-11-06", endDate: "2026-11-09" })?.id).toBe(1);
    expect(firstOverlap(existing, { startDate: "2026-11-07", endDate: "2026-12-20" })).toBeNull();
    expect(firstOverlap(existing, { startDate: "2026-11-01", endDate: "2026-11-03" }, 1)).toBeNull();
    expect(LEAVE_MESSAGES.overlaps("2026-11-02", "2026-11-06")).toBe("This overlaps leave already recorded from 02/11/2026 to 06/11/2026");
  });
  it("is away on London dates, either side of the clock changes", () => {
    // Leave on Saturday 24 October 2026 only; the clocks go back at 02:00 BST on Sunday 25th.
    const leave = [period(1, 5, "2026-10-24", "2026-10-24")];
    const at = (iso: string) => awayOn(leave, 5, londonDate(new Date(iso)));
    expect(at("2026-10-23T23:30:00Z")).not.toBeNull(); // 00:30 BST on the 24th
    expect(at("2026-10-24T22:59:00Z")).not.toBeNull(); // 23:59 BST on the 24th
    expect(at("2026-10-24T23:00:00Z")).toBeNull(); // 00:00 BST on the 25th
    // Leave on Sunday 29 March 2026: the clocks go forward at 01:00 GMT that day.
    const spring = [period(2, 5, "2026-03-29", "2026-03-29")];
    expect(awayOn(spring, 5, londonDate(new Date("2026-03-28T23:59:00Z")))).toBeNull(); // 23:59 GMT on the 28th
    expect(awayOn(spring, 5, londonDate(new Date("2026-03-29T00:00:00Z")))).not.toBeNull();
    expect(awayOn(spring, 5, londonDate(new Date("2026-03-29T22:59:00Z")))).not.toBeNull(); // 23:59 BST
    expect(awayOn(spring, 5, londonDate(new Date("2026-03-29T23:00:00Z")))).toBeNull(); // 00:00 BST on the 30th
  });
  it("says who covers: the named cover, their cover when they are away too, nobody round a circle", () => {
    const day = "2026-11-03";
    expect(whoCovers([period(1, 5, "2026-11-02", "2026-11-06", 6)], 5, day)?.cover).toBe(6);
    expect(whoCovers([period(1, 5, "2026-11-02", "2026-11-06", 6)], 6, day)).toBeNull();
    expect(whoCovers([period(1, 5, day, day, 6), period(2, 6, day, day, 7)], 5, day)?.cover).toBe(7);
    expect(whoCovers([period(1, 5, day, day, 6), period(2, 6, day, day, 5)], 5, day)?.cover).toBeNull();
    expect(whoCovers([period(1, 5, day, day, null)], 5, day)).toEqual({ leave: period(1, 5, day, day, null), cover: null });
    // The cover's leave starts the next day: they still cover today.
    expect(whoCovers([period(1, 5, day, day, 6), period(2, 6, "2026-11-04", "2026-11-05", 7)], 5, day)?.cover).toBe(6);
  });
});

describe("the calendar", () => {
  it("reads the view from the query, anything odd being this month", () => {
    expect(readView({ view: "week", date: "2026-10-25" }, "2026-11-27")).toEqual({ view: "week", date: "2026-10-25" });
    expect(readView({ view: "x", date: "2026-02-30" }, "2026-11-27")).toEqual({ view: "month", date: "2026-11-27" });
    expect(readView({ date: "1900-01-01" }, "2026-11-27").date).toBe("2026-11-27");
  });
  it("shows a month as whole weeks from Monday, and links to the months either side", () => {
    const v = viewDays("month", "2026-11-27");
    expect(v.title).toBe("November 2026");
    expect(v.weeks[0][0]).toBe("2026-10-26");
    expect(v.weeks.at(-1)?.at(-1)).toBe("2026-12-06");
    expect([v.previous, v.next]).toEqual(["2026-10-01", "2026-12-01"]);
    const w = viewDays("week", "2026-10-25");
    expect(w.weeks[0]).toEqual(["2026-10-19", "2026-10-20", "2026-10-21", "2026-10-22", "2026-10-23", "2026-10-24", "2026-10-25"]);
    expect([w.previous, w.next, w.title]).toEqual(["2026-10-12", "2026-10-26", "Week of Monday 19 October 2026"]);
  });
  it("puts sessions, leave and consultations on their London days across the clock change", () => {
    const days = calendarDays({
      view: "week",
      date: "2026-10-22",
      today: "2026-10-22",
      userId: 5,
      pattern: [
        { day: "friday", session: 1, start: "09:00", end: "13:00" },
        { day: "sunday", session: 1, start: "10:00", end: "12:00" },
        { day: "thursday", session: 1, start: "09:00", end: "17:00" },
      ],
      leave: [period(9, 5, "2026-10-23", "2026-10-23", 6)],
      consultations: [
        { id: 1, scheduledFor: new Date("2026-10-24T23:30:00Z"), status: "scheduled" }, // 00:30 BST, Sunday 25th
        { id: 2, scheduledFor: new Date("2026-10-25T23:30:00Z"), status: "scheduled" }, // 23:30 GMT, still Sunday 25th
      ],
    })[0];
    const byDate = Object.fromEntries(days.map((d) => [d.date, d]));
    expect(byDate["2026-10-22"].sessions).toEqual([{ start: "09:00", end: "17:00" }]);
    expect(byDate["2026-10-22"].isToday).toBe(true);
    expect(byDate["2026-10-23"].sessions).toEqual([]);
    expect(byDate["2026-10-23"].leave).toEqual({ id: 9, kind: "leave", coverUserId: 6 });
    expect(byDate["2026-10-24"].consultations).toEqual([]);
    expect(byDate["2026-10-25"].consultations.map((c) => c.id)).toEqual([1, 2]);
  });
});
