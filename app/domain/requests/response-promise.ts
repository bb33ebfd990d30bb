/**
 * The practice's response promise shown after a request is sent: a reply by the end of the
 * next working day, which is the closing time of the first open day after the day of
 * submission (Europe/London), from the practice's own opening hours. Pure, clock-tested.
 */
import type { OpeningDay } from "~/domain/practices/opening-hours";
import { londonWeekdayAndTime } from "~/domain/practices/opening-hours";
import { formatReopening, londonDate, londonInstant } from "./demand";

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The closing instant of the next working day after `submittedAt`'s day; null if never open. */
export function responseDeadline(hours: readonly OpeningDay[], submittedAt: Date): Date | null {
  const today = londonDate(submittedAt);
  for (let offset = 1; offset <= 14; offset++) {
    const date = addDays(today, offset);
    const weekday = londonWeekdayAndTime(londonInstant(date, "12:00")).day;
    const day = hours.find((h) => h.day === weekday);
    if (day && !day.closed && day.closes) return londonInstant(date, day.closes);
  }
  return null;
}

/** "18:30 on Tuesday 24 November", or a plain promise when the practice has no open days. */
export function responsePromise(hours: readonly OpeningDay[], submittedAt: Date): string {
  const deadline = responseDeadline(hours, submittedAt);
  return deadline ? formatReopening(deadline) : "the end of the next working day";
}
