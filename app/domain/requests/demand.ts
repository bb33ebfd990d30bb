/**
 * Practice demand controls (issue 4): when a practice takes online requests. Pure, so every
 * rule is tested by moving a clock. Rules, in order:
 * - the practice switched requests off for today (requests_closed_on);
 * - global allowed times (allowed_time_start/end; start rounded up to the hour, end down);
 * - opening hours, for practices that take requests only while open;
 * - the daily cap: submitted today plus drafts in progress (ongoing submissions).
 * A draft that was started while requests were open may always be submitted: patients are
 * never cut off mid-request (docs/decisions/0017-request-demand-controls.md).
 *
 * Core-hours compliance (docs/decisions/0074-core-hours-compliance.md): before all of these,
 * a recorded exceptional closure in force closes the form; otherwise, in compliance mode,
 * inside 08:00–18:30 on a weekday the form is open whatever the other rules say.
 */
import { activeClosure, isCoreHours } from "~/domain/practices/core-hours";
import { londonWeekdayAndTime, type OpeningDay } from "~/domain/practices/opening-hours";
import { londonDate } from "~/domain/time/london";

export type DemandSettings = {
  hours: OpeningDay[];
  inOpeningHoursOnly: boolean;
  allowedTimeStart: string | null;
  allowedTimeEnd: string | null;
  /** YYYY-MM-DD (Europe/London) the practice switched requests off for. */
  closedOn: string | null;
  dailyLimit: number | null;
  /** England's core-hours rule: open 08:00–18:30 on weekdays whatever the caps and hours say. */
  coreHoursCompliance?: boolean;
  /** Exceptional closures not yet over (cancelled ones left out or marked). */
  closures?: ClosurePeriod[];
};

export type ClosurePeriod = { startsAt: Date; endsAt: Date; cancelledAt: Date | null; alternative: string };

export type DemandLoad = { submittedToday: number; ongoingDrafts: number };

export type ClosedReason = "exceptional_closure" | "switched_off" | "outside_allowed_times" | "outside_hours" | "daily_limit";
export type DemandDecision =
  | { open: true }
  | { open: false; reason: ClosedReason; reopensAt: Date | null; closure?: { endsAt: Date; alternative: string } };

/** YYYY-MM-DD of an instant in Europe/London (one formatter for the whole app: ~/domain/time/london). */
export { londonDate };

/** The instant of a Europe/London wall-clock time (DST-correct). */
export function londonInstant(date: string, time: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  // London is UTC or UTC+1: read the offset at the guess and correct once (then once more
  // for the hour around a change).
  let instant = guess - offsetMinutes(new Date(guess)) * 60_000;
  instant = guess - offsetMinutes(new Date(instant)) * 60_000;
  return new Date(instant);
}

function offsetMinutes(instant: Date): number {
  const { time } = londonWeekdayAndTime(instant);
  const [h, m] = time.split(":").map(Number);
  const utc = instant.getUTCHours() * 60 + instant.getUTCMinutes();
  let diff = h * 60 + m - utc;
  if (diff > 12 * 60) diff -= 24 * 60;
  if (diff < -12 * 60) diff += 24 * 60;
  return diff;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Allowed times are whole hours: start rounded up, end rounded down (spec 1 §9). */
export function roundAllowedTimes(start: string | null, end: string | null): { start: string | null; end: string | null } {
  const up = (t: string) => {
    const [h, m] = t.split(":").map(Number);
    return `${String(m > 0 ? h + 1 : h).padStart(2, "0")}:00`;
  };
  const down = (t: string) => `${t.slice(0, 2)}:00`;
  return { start: start ? up(start.slice(0, 5)) : null, end: end ? down(end.slice(0, 5)) : null };
}

function withinAllowedTimes(settings: DemandSettings, time: string): boolean {
  const { start, end } = roundAllowedTimes(settings.allowedTimeStart, settings.allowedTimeEnd);
  if (start && time < start) return false;
  if (end && time >= end) return false;
  return true;
}

function withinOpeningHours(settings: DemandSettings, instant: Date): boolean {
  const { day, time } = londonWeekdayAndTime(instant);
  const today = settings.hours.find((h) => h.day === day);
  if (!today || today.closed || !today.opens || !today.closes) return false;
  return time >= today.opens && time < today.closes;
}

/** Whether a new request may be started now, and if not, why and from when. */
export function decideDemand(settings: DemandSettings, load: DemandLoad, now: Date): DemandDecision {
  const reason = closedReason(settings, load, now);
  if (!reason) return { open: true };
  const decision: DemandDecision = { open: false, reason, reopensAt: nextOpening(settings, now) };
  if (reason === "exceptional_closure") {
    const closure = activeClosure(settings.closures ?? [], now)!;
    return { ...decision, closure: { endsAt: closure.endsAt, alternative: closure.alternative } };
  }
  return decision;
}

function closedReason(settings: DemandSettings, load: DemandLoad, now: Date): ClosedReason | null {
  if (activeClosure(settings.closures ?? [], now)) return "exceptional_closure";
  if (settings.coreHoursCompliance && isCoreHours(now)) return null;
  const { time } = londonWeekdayAndTime(now);
  if (settings.closedOn && settings.closedOn === londonDate(now)) return "switched_off";
  if (!withinAllowedTimes(settings, time)) return "outside_allowed_times";
  if (settings.inOpeningHoursOnly && !withinOpeningHours(settings, now)) return "outside_hours";
  if (settings.dailyLimit !== null && load.submittedToday + load.ongoingDrafts >= settings.dailyLimit) return "daily_limit";
  return null;
}

/**
 * The first instant after `now` when requests open again, looking a week ahead. Candidate
 * instants are the starts of days, allowed-time starts and opening times; a new day starts
 * with no requests counted.
 */
export function nextOpening(settings: DemandSettings, now: Date): Date | null {
  const today = londonDate(now);
  const { start } = roundAllowedTimes(settings.allowedTimeStart, settings.allowedTimeEnd);
  const fresh: DemandLoad = { submittedToday: 0, ongoingDrafts: 0 };
  for (let offset = 0; offset <= 8; offset++) {
    const date = addDays(today, offset);
    const times = new Set<string>(["00:00"]);
    if (start) times.add(start);
    if (settings.coreHoursCompliance) times.add("08:00");
    const weekday = londonWeekdayAndTime(londonInstant(date, "12:00")).day;
    const opens = settings.hours.find((h) => h.day === weekday)?.opens;
    if (opens) times.add(opens);
    if (start && opens && opens < start) times.add(start);
    const candidates = [...times].map((time) => londonInstant(date, time));
    // The end of an exceptional closure that ends on this date is a moment the form may reopen.
    for (const c of settings.closures ?? []) if (!c.cancelledAt && londonDate(c.endsAt) === date) candidates.push(c.endsAt);
    candidates.sort((a, b) => a.getTime() - b.getTime());
    for (const candidate of candidates) {
      if (candidate <= now) continue;
      // Later on the same day the cap is still full (but core hours open whatever the cap);
      // from tomorrow it starts again.
      const coreOpen = settings.coreHoursCompliance && isCoreHours(candidate);
      if (offset === 0 && settings.dailyLimit !== null && !coreOpen) continue;
      if (!closedReason(settings, fresh, candidate)) return candidate;
    }
  }
  return null;
}

/** "08:00 on Monday 23 November": when requests reopen, as patients read it. */
const reopening = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function formatReopening(instant: Date): string {
  const parts = reopening.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("hour")}:${get("minute")} on ${get("weekday")} ${get("day")} ${get("month")}`;
}

export function closedMessage(practiceName: string, decision: Extract<DemandDecision, { open: false }>): string {
  const when = decision.reopensAt ? ` You can send a request from ${formatReopening(decision.reopensAt)}.` : "";
  switch (decision.reason) {
    case "exceptional_closure":
      return `${practiceName} has closed online consultation until ${formatReopening(decision.closure?.endsAt ?? decision.reopensAt ?? new Date(0))}.${
        decision.reopensAt && decision.closure && decision.reopensAt.getTime() !== decision.closure.endsAt.getTime() ? when : ""
      }`;
    case "switched_off":
      return `${practiceName} is not taking online requests for the rest of today.${when}`;
    case "daily_limit":
      return `${practiceName} has had as many online requests today as it can safely answer.${when}`;
    case "outside_allowed_times":
    case "outside_hours":
      return `${practiceName} is not taking online requests at the moment.${when}`;
  }
}
