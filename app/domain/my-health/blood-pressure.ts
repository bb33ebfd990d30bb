/**
 * Home blood pressure readings (spec 2 §2.9 /{code}/my-health/blood-pressure): the plausible
 * ranges a reading must fall in, the NICE home-reading thresholds (NG136: stage 1 hypertension
 * from an average of 135/85 mmHg, stage 2 from 150/95 mmHg), what a reading or a set of
 * readings means against them, and the form's schema and messages.
 * docs/decisions/0105-blood-pressure-readings.md.
 */
import * as z from "zod";

/** Plausible for a home monitor; outside these the number was almost certainly mistyped. */
export const RANGES = {
  systolic: { min: 70, max: 250 },
  diastolic: { min: 40, max: 150 },
  pulse: { min: 30, max: 200 },
} as const;

/** NICE NG136 home (ABPM/HBPM average) thresholds, mmHg. */
export const THRESHOLDS = {
  stage1: { systolic: 135, diastolic: 85 },
  stage2: { systolic: 150, diastolic: 95 },
  /** Severe: the patient should not wait for the practice to read their readings. */
  severe: { systolic: 180, diastolic: 120 },
} as const;

export type Band = "normal" | "stage1" | "stage2" | "severe";
export const BAND_LABELS: Record<Band, string> = {
  normal: "Below 135/85",
  stage1: "Stage 1 high blood pressure range (135/85 or higher)",
  stage2: "Stage 2 high blood pressure range (150/95 or higher)",
  severe: "Very high (180/120 or higher)",
};

/** The band of one reading (or an average): the higher of what the two numbers say. */
export function bandOf(reading: { systolic: number; diastolic: number }): Band {
  const { systolic: s, diastolic: d } = reading;
  if (s >= THRESHOLDS.severe.systolic || d >= THRESHOLDS.severe.diastolic) return "severe";
  if (s >= THRESHOLDS.stage2.systolic || d >= THRESHOLDS.stage2.diastolic) return "stage2";
  if (s >= THRESHOLDS.stage1.systolic || d >= THRESHOLDS.stage1.diastolic) return "stage1";
  return "normal";
}

/** The average of a set of readings, rounded to whole mmHg (NICE reads home readings as an average). */
export function averageOf(readings: readonly { systolic: number; diastolic: number; pulse: number }[]) {
  if (readings.length === 0) return null;
  const mean = (pick: (r: (typeof readings)[number]) => number) => Math.round(readings.reduce((sum, r) => sum + pick(r), 0) / readings.length);
  return { systolic: mean((r) => r.systolic), diastolic: mean((r) => r.diastolic), pulse: mean((r) => r.pulse) };
}

export const MESSAGES = {
  systolic: {
    required: "Enter the systolic blood pressure (the top, higher number)",
    whole: "Systolic blood pressure must be a whole number, like 120",
    range: `Systolic blood pressure must be between ${RANGES.systolic.min} and ${RANGES.systolic.max}`,
  },
  diastolic: {
    required: "Enter the diastolic blood pressure (the bottom, lower number)",
    whole: "Diastolic blood pressure must be a whole number, like 80",
    range: `Diastolic blood pressure must be between ${RANGES.diastolic.min} and ${RANGES.diastolic.max}`,
    notBelow: "Diastolic blood pressure (the bottom number) must be lower than the systolic (the top number)",
  },
  pulse: {
    required: "Enter the pulse (beats per minute)",
    whole: "Pulse must be a whole number, like 70",
    range: `Pulse must be between ${RANGES.pulse.min} and ${RANGES.pulse.max} beats per minute`,
  },
  date: {
    required: "Enter the date you took the reading",
    day: "Date of the reading must include a day",
    month: "Date of the reading must include a month",
    year: "Date of the reading must include a year",
    real: "Date of the reading must be a real date",
    future: "Date of the reading must be today or in the past",
    tooOld: "Date of the reading must be within the last 12 months",
  },
  time: {
    required: "Enter the time you took the reading",
    format: "Enter the time in the 24-hour clock, like 08:30 or 19:45",
    future: "Time of the reading must be now or in the past",
  },
  send: { none: "Add at least one reading before you send them to the practice" },
  deleted: (r: { systolic: number; diastolic: number }) => `Reading deleted: ${r.systolic}/${r.diastolic} mmHg.`,
} as const;

type FieldName = "systolic" | "diastolic" | "pulse";

function wholeNumber(field: FieldName) {
  const m = MESSAGES[field];
  const { min, max } = RANGES[field];
  return z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required, abort: true })
    .regex(/^\d{1,3}$/, { error: m.whole, abort: true })
    .transform(Number)
    .pipe(z.number().min(min, m.range).max(max, m.range));
}

/** "8:30", "08:30", "0830" and "8.30" are all half past eight; hours 0–23, minutes 0–59. */
export function parseTime(raw: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(raw.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return { hour, minute };
}

/** London wall-clock date and time to the instant (either side of a clock change, as the clock on the wall said). */
export function londonInstant(year: number, month: number, day: number, hour: number, minute: number): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date(instant));
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute")) - instant;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

const DateSchema = z.object({ day: z.string().optional(), month: z.string().optional(), year: z.string().optional() });

/**
 * The reading form. `now` decides "in the past" and "within 12 months"; the browser passes its
 * own clock, the server the practice clock (the server's answer is the one that counts). Each
 * field is checked on its own (every message at once), then the two that depend on each other.
 */
export function readingSchema(now: Date) {
  return z
    .object({
      systolic: wholeNumber("systolic"),
      diastolic: wholeNumber("diastolic"),
      pulse: wholeNumber("pulse"),
      date: DateSchema.superRefine((parts, ctx) => {
        const result = readingDate(parts, now);
        if (!result.ok) ctx.addIssue({ code: "custom", path: [result.field], message: result.message });
      }),
      time: z
        .string({ error: MESSAGES.time.required })
        .trim()
        .min(1, { error: MESSAGES.time.required, abort: true })
        .refine((t) => parseTime(t) !== null, MESSAGES.time.format),
    })
    .superRefine((value, ctx) => {
      // Runs even when a field failed (zod 4 does not abort): compare only what parsed.
      const inRange = (field: FieldName, v: unknown) => typeof v === "number" && v >= RANGES[field].min && v <= RANGES[field].max;
      if (inRange("systolic", value.systolic) && inRange("diastolic", value.diastolic) && value.diastolic >= value.systolic) {
        ctx.addIssue({ code: "custom", path: ["diastolic"], message: MESSAGES.diastolic.notBelow });
      }
      const at = readingDate(value.date ?? {}, now).ok ? readingInstant(value.date, value.time ?? "") : null;
      if (at && at.getTime() > now.getTime() + 60_000) ctx.addIssue({ code: "custom", path: ["time"], message: MESSAGES.time.future });
    })
    .transform((value) => ({ systolic: value.systolic, diastolic: value.diastolic, pulse: value.pulse, takenAt: readingInstant(value.date, value.time)! }));
}
export type ReadingInput = z.output<ReturnType<typeof readingSchema>>;

type DateResult = { ok: true; year: number; month: number; day: number } | { ok: false; field: "day" | "month" | "year"; message: string };

/** The date parts, each checked with its own message: real, not after today, within 12 months. */
export function readingDate(parts: { day?: string; month?: string; year?: string }, now: Date): DateResult {
  const day = (parts.day ?? "").trim();
  const month = (parts.month ?? "").trim();
  const year = (parts.year ?? "").trim();
  const m = MESSAGES.date;
  if (!day && !month && !year) return { ok: false, field: "day", message: m.required };
  if (!day) return { ok: false, field: "day", message: m.day };
  if (!month) return { ok: false, field: "month", message: m.month };
  if (!year) return { ok: false, field: "year", message: m.year };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) {
    return { ok: false, field: /^\d{4}$/.test(year) ? "day" : "year", message: m.real };
  }
  const [d, mo, y] = [Number(day), Number(month), Number(year)];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return { ok: false, field: "day", message: m.real };
  const iso = `${year}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now);
  if (iso > today) return { ok: false, field: "day", message: m.future };
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  if (iso < yearAgo) return { ok: false, field: "year", message: m.tooOld };
  return { ok: true, year: y, month: mo, day: d };
}

/** The instant of a valid date and time (null when either is not). */
export function readingInstant(parts: { day?: string; month?: string; year?: string }, time: string): Date | null {
  const t = parseTime(time);
  const [d, mo, y] = [Number(parts.day), Number(parts.month), Number(parts.year)];
  if (!t || !Number.isInteger(d) || !Number.isInteger(mo) || !Number.isInteger(y)) return null;
  return londonInstant(y, mo, d, t.hour, t.minute);
}

export const SendReadingsSchema = z.object({ intent: z.literal("send") });

/** The text of the request the practice receives: one line a reading, oldest first, and the average. */
export function readingsMessage(readings: readonly { systolic: number; diastolic: number; pulse: number; takenAt: string }[]): string {
  const average = averageOf(readings);
  const lines = readings.map((r) => `${r.takenAt}: ${r.systolic}/${r.diastolic} mmHg, pulse ${r.pulse}`);
  return [
    `Home blood pressure readings (${readings.length}):`,
    ...lines,
    average ? `Average: ${average.systolic}/${average.diastolic} mmHg, pulse ${average.pulse} (${BAND_LABELS[bandOf(average)]}).` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * A reading may be deleted (a mistyped one) only while it is the patient's own notebook: once
 * sent it is part of a request the practice holds, and the request is the record.
 */
export function mayDeleteReading(reading: { sent: boolean }): boolean {
  return !reading.sent;
}
