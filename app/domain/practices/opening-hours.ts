/** Opening hours per weekday in Europe/London time. Default: Monday to Friday open, weekend closed. */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type OpeningDay = { day: Weekday; closed: boolean; opens: string | null; closes: string | null };

export const DEFAULT_OPENING_HOURS: OpeningDay[] = WEEKDAYS.map((day) => {
  const weekend = day === "saturday" || day === "sunday";
  return { day, closed: weekend, opens: weekend ? null : "08:00", closes: weekend ? null : "18:30" };
});

export function dayLabel(day: Weekday): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** The weekday and HH:mm of an instant in Europe/London, whatever the server's timezone. */
// Made once: an Intl.DateTimeFormat costs far more to make than to use, and this runs on every
// request page (the practice's opening hours decide whether requests are open).
const weekdayAndTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "long",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function londonWeekdayAndTime(instant: Date): { day: Weekday; time: string } {
  const parts = weekdayAndTime.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: get("weekday").toLowerCase() as Weekday, time: `${get("hour")}:${get("minute")}` };
}

/** Whether the practice is open at this instant (closing time exclusive). */
export function isOpenAt(hours: OpeningDay[], instant: Date): boolean {
  const { day, time } = londonWeekdayAndTime(instant);
  const today = hours.find((h) => h.day === day);
  if (!today || today.closed || !today.opens || !today.closes) return false;
  return time >= today.opens && time < today.closes;
}
