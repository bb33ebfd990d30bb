/**
 * The rules of the reports' hourly rollup (docs/decisions/0090-report-rollup.md), pure so each is
 * tested: which age band a patient falls in, who sent a request, and the buckets of the time
 * from submission to first response.
 */

export const AGE_BANDS = ["0-15", "16-24", "25-44", "45-64", "65-74", "75+"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

export function ageBand(age: number): AgeBand {
  if (age < 16) return "0-15";
  if (age < 25) return "16-24";
  if (age < 45) return "25-44";
  if (age < 65) return "45-64";
  if (age < 75) return "65-74";
  return "75+";
}

/** Whole years between a date of birth and a date (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return on.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

export const SUBMITTERS = ["patient", "carer", "staff", "nhs_app"] as const;
export type Submitter = (typeof SUBMITTERS)[number];
export const SUBMITTER_LABELS: Record<Submitter, string> = { patient: "Patient", carer: "Carer", staff: "Staff", nhs_app: "NHS App" };

/** Who sent a request, as the report counts it: the NHS App first (whoever used it), then staff, carer, patient. */
export function submitterOf(entry: { requester: string; submittedVia: string }): Submitter {
  if (entry.submittedVia === "nhs_app") return "nhs_app";
  if (entry.requester === "staff") return "staff";
  if (entry.requester === "dependent") return "carer";
  return "patient";
}

/**
 * Upper bounds (minutes) of the first-response buckets; a response is in the first bucket whose
 * bound is at least its time. The last bucket (OVER) holds everything beyond a week.
 */
export const RESPONSE_BUCKETS = [15, 30, 60, 120, 240, 480, 1440, 2880, 4320, 10080] as const;
export const OVER = 999999;

export function responseBucket(minutes: number): number {
  for (const b of RESPONSE_BUCKETS) if (minutes <= b) return b;
  return OVER;
}

export function bucketLabel(bound: number): string {
  if (bound === OVER) return "More than 7 days";
  if (bound < 60) return `Within ${bound} minutes`;
  if (bound < 1440) return bound === 60 ? "Within 1 hour" : `Within ${bound / 60} hours`;
  return bound === 1440 ? "Within 1 day" : `Within ${bound / 1440} days`;
}

/**
 * The bucket the q-quantile (0.5 median, 0.9 90th percentile) falls in, from counts per bucket:
 * the smallest bucket whose running count reaches ceil(q × total). Null with no responses.
 */
export function quantileBucket(counts: ReadonlyArray<{ bound: number; count: number }>, q: number): number | null {
  const sorted = [...counts].sort((a, b) => a.bound - b.bound);
  const total = sorted.reduce((s, c) => s + c.count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let running = 0;
  for (const c of sorted) {
    running += c.count;
    if (running >= rank) return c.bound;
  }
  return sorted[sorted.length - 1]!.bound;
}

/** The start of the hour an instant falls in (UTC; London's offsets are whole hours). */
export function hourFloor(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / 3_600_000) * 3_600_000);
}

/**
 * The exact q-quantile (0.5 median, 0.9 90th percentile) of whole-minute values given as counts
 * per value, as PostgreSQL's percentile_cont computes it over the rows themselves: the values in
 * order, position q × (n − 1), interpolated linearly between its neighbours
 * (docs/decisions/0093-exact-response-percentiles.md). Null with no values.
 */
export function exactQuantile(counts: ReadonlyArray<{ value: number; count: number }>, q: number): number | null {
  const sorted = counts.filter((c) => c.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((s, c) => s + c.count, 0);
  if (total === 0) return null;
  const position = q * (total - 1);
  const at = (rank: number) => {
    let running = 0;
    for (const c of sorted) {
      running += c.count;
      if (rank < running) return c.value;
    }
    return sorted[sorted.length - 1]!.value;
  };
  const lower = Math.floor(position);
  const low = at(lower);
  const high = at(Math.ceil(position));
  return low + (position - lower) * (high - low);
}

/**
 * The value a response's whole minutes are kept under for the median and 90th percentile
 * (decision 0119): to the minute up to 8 hours, to the quarter-hour up to 7 days, to the hour
 * beyond. A month then has at most ~1,700 distinct values however many responses it holds,
 * and a percentile above 8 hours is exact to its quarter-hour (or hour past a week).
 * rollup.server.ts computes the same in SQL; the tests hold the two together.
 */
export function minutesKey(minutes: number): number {
  const m = Math.max(0, Math.floor(minutes));
  if (m <= 480) return m;
  if (m <= 10080) return m - (m % 15);
  return m - (m % 60);
}

/** A number of minutes in words, to the minute: "45 minutes", "3 hours 15 minutes", "2 days 1 hour". */
export function minutesLabel(minutes: number): string {
  const m = Math.round(minutes);
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const mins = m % 60;
  const part = (n: number, unit: string) => (n === 0 ? null : `${n} ${unit}${n === 1 ? "" : "s"}`);
  const parts = [part(days, "day"), part(hours, "hour"), part(mins, "minute")].filter(Boolean);
  return parts.length ? parts.join(" ") : "0 minutes";
}
