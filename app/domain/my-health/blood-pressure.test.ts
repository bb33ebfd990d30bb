import { describe, expect, it } from "vitest";
import { averageOf, bandOf, londonInstant, mayDeleteReading, MESSAGES, parseTime, readingDate, readingSchema, readingsMessage } from "./blood-pressure";
import { chartGeometry, yOf } from "./chart";

const now = new Date("2026-11-27T10:00:00Z");
const valid = { systolic: "128", diastolic: "82", pulse: "66", date: { day: "27", month: "11", year: "2026" }, time: "08:30" };
const errorsOf = (input: Record<string, unknown>) => {
  const result = readingSchema(now).safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the reading's plausible ranges", () => {
  it("accepts a reading inside every range, at London time", () => {
    const result = readingSchema(now).parse(valid);
    expect(result).toEqual({ systolic: 128, diastolic: 82, pulse: 66, takenAt: new Date("2026-11-27T08:30:00Z") });
  });

  it("names each field that is missing, with every message at once", () => {
    expect(errorsOf({ systolic: "", diastolic: "", pulse: "", date: {}, time: "" })).toEqual({
      systolic: MESSAGES.systolic.required,
      diastolic: MESSAGES.diastolic.required,
      pulse: MESSAGES.pulse.required,
      "date.day": MESSAGES.date.required,
      time: MESSAGES.time.required,
    });
  });

  it.each([
    ["systolic", "69", MESSAGES.systolic.range],
    ["systolic", "251", MESSAGES.systolic.range],
    ["systolic", "12a", MESSAGES.systolic.whole],
    ["systolic", "120.5", MESSAGES.systolic.whole],
    ["diastolic", "39", MESSAGES.diastolic.range],
    ["diastolic", "151", MESSAGES.diastolic.range],
    ["pulse", "29", MESSAGES.pulse.range],
    ["pulse", "201", MESSAGES.pulse.range],
  ])("refuses %s %s", (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })[field]).toBe(message);
  });

  it("accepts the edges of each range", () => {
    expect(errorsOf({ ...valid, systolic: "250", diastolic: "150", pulse: "200" })).toEqual({});
    expect(errorsOf({ ...valid, systolic: "70", diastolic: "40", pulse: "30" })).toEqual({});
  });

  it("refuses a diastolic not below the systolic", () => {
    expect(errorsOf({ ...valid, systolic: "90", diastolic: "90" })).toEqual({ diastolic: MESSAGES.diastolic.notBelow });
  });

  it("refuses a date that is not real, in the future, or over a year ago, and a time later than now", () => {
    expect(errorsOf({ ...valid, date: { day: "31", month: "2", year: "2026" } })).toEqual({ "date.day": MESSAGES.date.real });
    expect(errorsOf({ ...valid, date: { day: "28", month: "11", year: "2026" } })).toEqual({ "date.day": MESSAGES.date.future });
    expect(errorsOf({ ...valid, date: { day: "26", month: "11", year: "2025" } })).toEqual({ "date.year": MESSAGES.date.tooOld });
    expect(errorsOf({ ...valid, date: { day: "27", month: "11" } })).toEqual({ "date.year": MESSAGES.date.year });
    expect(errorsOf({ ...valid, time: "10:30" })).toEqual({ time: MESSAGES.time.future });
    expect(errorsOf({ ...valid, time: "25:00" })).toEqual({ time: MESSAGES.time.format });
  });

  it("reads the usual ways of writing a time", () => {
    expect(parseTime("8:30")).toEqual({ hour: 8, minute: 30 });
    expect(parseTime("0830")).toEqual({ hour: 8, minute: 30 });
    expect(parseTime("19.45")).toEqual({ hour: 19, minute: 45 });
    expect(parseTime("24:00")).toBeNull();
    expect(parseTime("noon")).toBeNull();
  });

  it("turns London wall-clock time into the instant, summer and winter", () => {
    expect(londonInstant(2026, 7, 1, 8, 30).toISOString()).toBe("2026-07-01T07:30:00.000Z");
    expect(londonInstant(2026, 1, 1, 8, 30).toISOString()).toBe("2026-01-01T08:30:00.000Z");
    expect(readingDate({ day: "27", month: "11", year: "2026" }, now)).toEqual({ ok: true, year: 2026, month: 11, day: 27 });
  });
});

describe("the NICE home-reading thresholds", () => {
  it.each([
    [134, 84, "normal"],
    [135, 70, "stage1"],
    [120, 85, "stage1"],
    [149, 94, "stage1"],
    [150, 80, "stage2"],
    [130, 95, "stage2"],
    [180, 100, "severe"],
    [160, 120, "severe"],
  ] as const)("%s/%s is %s", (systolic, diastolic, band) => {
    expect(bandOf({ systolic, diastolic })).toBe(band);
  });

  it("averages a set of readings to whole mmHg", () => {
    expect(averageOf([])).toBeNull();
    expect(averageOf([{ systolic: 130, diastolic: 80, pulse: 60 }, { systolic: 141, diastolic: 91, pulse: 71 }])).toEqual({ systolic: 136, diastolic: 86, pulse: 66 });
  });

  it("writes the request the practice receives, with the average and its band", () => {
    const text = readingsMessage([
      { systolic: 150, diastolic: 96, pulse: 70, takenAt: "26/11/2026 08:30" },
      { systolic: 152, diastolic: 98, pulse: 72, takenAt: "26/11/2026 19:30" },
    ]);
    expect(text).toContain("26/11/2026 08:30: 150/96 mmHg, pulse 70");
    expect(text).toContain("Average: 151/97 mmHg, pulse 71 (Stage 2 high blood pressure range (150/95 or higher)).");
  });
});

describe("the chart", () => {
  it("draws the thresholds at their heights and the readings left to right", () => {
    const g = chartGeometry([
      { systolic: 120, diastolic: 80, label: "a" },
      { systolic: 160, diastolic: 100, label: "b" },
    ]);
    expect(g.thresholds.map((t) => t.y)).toEqual([yOf(150), yOf(135), yOf(95), yOf(85)]);
    expect(yOf(150)).toBeLessThan(yOf(135));
    expect(g.points[0]!.x).toBeLessThan(g.points[1]!.x);
    expect(g.systolicPath).toBe(`M${g.points[0]!.x} ${yOf(120)} L${g.points[1]!.x} ${yOf(160)}`);
    expect(yOf(400)).toBe(yOf(220));
  });
});

describe("deleting a reading", () => {
  it("is for a reading not yet sent only, and says which reading went", () => {
    expect(mayDeleteReading({ sent: false })).toBe(true);
    expect(mayDeleteReading({ sent: true })).toBe(false);
    expect(MESSAGES.deleted({ systolic: 148, diastolic: 92 })).toBe("Reading deleted: 148/92 mmHg.");
  });
});
