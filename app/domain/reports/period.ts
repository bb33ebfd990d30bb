/**
 * The report period (spec 3 §4, §5, §9): 12 months (the default), 12 weeks, 14 days, or a custom
 * From/To. All dates are Europe/London calendar dates (YYYY-MM-DD) and both ends are included.
 * Pure: "today" comes in from the caller's clock.
 */
import * as z from "zod";

export const PERIODS = ["12-months", "12-weeks", "14-days", "custom"] as const;
export type PeriodKind = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<PeriodKind, string> = {
  "12-months": "12 months",
  "12-weeks": "12 weeks",
  "14-days": "14 days",
  custom: "Custom period",
};

export const PERIOD_MESSAGES = {
  fromRequired: "Enter a from date",
  toRequired: "Enter a to date",
  fromInvalid: "From date must be a real date",
  toInvalid: "To date must be a real date",
  fromAfterTo: "From date must be the same as or before the to date",
  fromFuture: "From date must be today or in the past",
  toFuture: "To date must be today or in the past",
} as const;

export type Period = { kind: PeriodKind; from: string; to: string };
export type PeriodInput = { period?: string | null; from?: string | null; to?: string | null };
export type PeriodErrors = Partial<Record<"from" | "to", string>>;

const ISO = /^\d{4}-\d{2}-\d{2}$/;

export function isRealDate(value: string): boolean {
  if (!ISO.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The same day n months earlier (the last day of the month when it has no such day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The query's fields as the GET form sends them (anything unknown is the default period). */
export const PeriodQuerySchema = z.object({
  period: z.enum(PERIODS).catch("12-months"),
  from: z.string().trim().max(20).catch(""),
  to: z.string().trim().max(20).catch(""),
});

/** The period the form asks for, or the messages of spec 3 §5 for a custom period that does not hold. */
export function resolvePeriod(input: PeriodInput, today: string): { ok: true; period: Period } | { ok: false; errors: PeriodErrors } {
  const q = PeriodQuerySchema.parse({ period: input.period ?? undefined, from: input.from ?? undefined, to: input.to ?? undefined });
  switch (q.period) {
    case "12-months":
      return { ok: true, period: { kind: q.period, from: addDays(addMonths(today, -12), 1), to: today } };
    case "12-weeks":
      return { ok: true, period: { kind: q.period, from: addDays(today, -83), to: today } };
    case "14-days":
      return { ok: true, period: { kind: q.period, from: addDays(today, -13), to: today } };
    case "custom": {
      const errors: PeriodErrors = {};
      if (!q.from) errors.from = PERIOD_MESSAGES.fromRequired;
      else if (!isRealDate(q.from)) errors.from = PERIOD_MESSAGES.fromInvalid;
      if (!q.to) errors.to = PERIOD_MESSAGES.toRequired;
      else if (!isRealDate(q.to)) errors.to = PERIOD_MESSAGES.toInvalid;
      if (!errors.to && q.to > today) errors.to = PERIOD_MESSAGES.toFuture;
      if (!errors.from && q.from > today) errors.from = PERIOD_MESSAGES.fromFuture;
      else if (!errors.from && !errors.to && q.from > q.to) errors.from = PERIOD_MESSAGES.fromAfterTo;
      if (errors.from || errors.to) return { ok: false, errors };
      return { ok: true, period: { kind: "custom", from: q.from, to: q.to } };
    }
  }
}

/** The query string that asks for this period again (for CSV and drill-down links). */
export function periodQuery(period: Period): string {
  const q = new URLSearchParams({ period: period.kind });
  if (period.kind === "custom") {
    q.set("from", period.from);
    q.set("to", period.to);
  }
  return q.toString();
}

/** Every month (YYYY-MM) the period touches, in order. */
export function monthsOf(period: Pick<Period, "from" | "to">): string[] {
  const out: string[] = [];
  let m = period.from.slice(0, 7);
  const end = period.to.slice(0, 7);
  while (m <= end) {
    out.push(m);
    m = addMonths(`${m}-01`, 1).slice(0, 7);
  }
  return out;
}

/**
 * The months the period covers from their first day to their last, as [first, after): the first
 * day of the first such month and the first day after the last (YYYY-MM-DD), or null when it
 * covers no month whole. Reports read those months' sums and the days either side (decision 0119).
 */
export function wholeMonths(period: Pick<Period, "from" | "to">): { first: string; after: string } | null {
  const first = period.from.endsWith("-01") ? period.from : `${addMonths(`${period.from.slice(0, 7)}-01`, 1)}`;
  const nextDay = addDays(period.to, 1);
  const after = nextDay.endsWith("-01") ? nextDay : `${period.to.slice(0, 7)}-01`;
  return first < after ? { first, after } : null;
}

/** The Monday (YYYY-MM-DD) of the week a date falls in. */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((day + 6) % 7));
}

/** Every week (its Monday) the period touches, in order. */
export function weeksOf(period: Pick<Period, "from" | "to">): string[] {
  const out: string[] = [];
  for (let w = mondayOf(period.from); w <= period.to; w = addDays(w, 7)) out.push(w);
  return out;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
/** "DD/MM/YYYY" of a calendar date. */
export const dateLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
