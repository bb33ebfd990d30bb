/**
 * Core-hours compliance (docs/decisions/0074-core-hours-compliance.md). From 1 October 2025
 * NHS England requires practices to keep online consultation open for non-urgent requests
 * 08:00–18:30 on weekdays; caps that close it early are not allowed. A practice in compliance
 * mode may close inside those hours only by recording an exceptional closure.
 *
 * Pure: every rule is tested with fixed instants (GMT and BST, weekends, the edge minutes).
 */
import { dayLabel, londonWeekdayAndTime, WEEKDAYS, type OpeningDay, type Weekday } from "./opening-hours";

export const CORE_START = "08:00";
export const CORE_END = "18:30";
export const CORE_DAYS: readonly Weekday[] = WEEKDAYS.slice(0, 5);

export type Country = "england" | "wales" | "scotland" | "northern_ireland";

export const isCoreDay = (day: Weekday) => CORE_DAYS.includes(day);

/** Whether the instant falls inside core hours: Monday to Friday, 08:00 inclusive to 18:30 exclusive, London time. */
export function isCoreHours(instant: Date): boolean {
  const { day, time } = londonWeekdayAndTime(instant);
  return isCoreDay(day) && time >= CORE_START && time < CORE_END;
}

export const CORE_HOURS_MESSAGES = {
  dayClosed: (day: Weekday) =>
    `${dayLabel(day)}: online consultation must stay open from ${CORE_START} to ${CORE_END} on weekdays. To close on a particular day, record an exceptional closure`,
  opensLate: (day: Weekday) => `${dayLabel(day)}: opening time must be ${CORE_START} or earlier on weekdays`,
  closesEarly: (day: Weekday) => `${dayLabel(day)}: closing time must be ${CORE_END} or later on weekdays`,
  inHoursOnly: (day: Weekday) =>
    `Requests only in opening hours would close online consultation inside ${CORE_START} to ${CORE_END} on ${dayLabel(day)}. Change the opening hours first, or take requests at any time`,
  switchOff: (day: Weekday) =>
    `You cannot switch online requests off on ${dayLabel(day)} before ${CORE_END}: online consultation must stay open from ${CORE_START} to ${CORE_END} on weekdays. Record an exceptional closure instead`,
  dailyCap: `Remove the daily request cap: a cap would close online consultation before ${CORE_END} on weekdays (Monday to Friday) once it is reached. In England a practice may close inside core hours only by recording an exceptional closure`,
  turnOff: "Only a system administrator can turn core-hours compliance off, and only for a practice outside England",
} as const;

export type DayProblem = { day: Weekday; message: string };
export type HoursProblem = DayProblem & { part: "closed" | "opens" | "closes" };

/** What in these opening hours would close online consultation inside core hours, one problem per weekday. */
export function openingHoursProblems(hours: readonly OpeningDay[]): HoursProblem[] {
  const problems: HoursProblem[] = [];
  for (const day of CORE_DAYS) {
    const today = hours.find((h) => h.day === day);
    if (!today || today.closed || !today.opens || !today.closes) {
      problems.push({ day, part: "closed", message: CORE_HOURS_MESSAGES.dayClosed(day) });
      continue;
    }
    if (today.opens > CORE_START) problems.push({ day, part: "opens", message: CORE_HOURS_MESSAGES.opensLate(day) });
    else if (today.closes < CORE_END) problems.push({ day, part: "closes", message: CORE_HOURS_MESSAGES.closesEarly(day) });
  }
  return problems;
}

/** Requests only in opening hours is allowed while the opening hours cover core hours; the first day they do not. */
export function inHoursOnlyProblem(hours: readonly OpeningDay[]): DayProblem | null {
  const first = openingHoursProblems(hours)[0];
  return first ? { day: first.day, message: CORE_HOURS_MESSAGES.inHoursOnly(first.day) } : null;
}

/**
 * Switching requests off for the rest of today closes inside core hours on a weekday before
 * 18:30 (after 18:30, or at the weekend, the rest of the day is outside core hours).
 */
export function switchOffProblem(now: Date): DayProblem | null {
  const { day, time } = londonWeekdayAndTime(now);
  return isCoreDay(day) && time < CORE_END ? { day, message: CORE_HOURS_MESSAGES.switchOff(day) } : null;
}

/** Any daily cap can be reached inside core hours, so none is allowed in compliance mode. */
export function dailyCapProblem(limit: number | null): string | null {
  return limit === null ? null : CORE_HOURS_MESSAGES.dailyCap;
}

/** Compliance may be turned off only by a system admin, and only outside England. */
export function mayTurnComplianceOff(actor: { isSystemAdmin: boolean }, country: Country): boolean {
  return actor.isSystemAdmin && country !== "england";
}

/** The closure that is in force at this instant (start inclusive, end exclusive), if any. */
export function activeClosure<C extends { startsAt: Date; endsAt: Date; cancelledAt: Date | null }>(closures: readonly C[], now: Date): C | null {
  return closures.find((c) => !c.cancelledAt && c.startsAt <= now && now < c.endsAt) ?? null;
}
