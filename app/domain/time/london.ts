/**
 * Europe/London time, the practice's clock whatever the server's zone: every "today", every
 * date shown and every day or hour boundary is read through here.
 */
const ZONE = "Europe/London";

const ymd = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** YYYY-MM-DD of an instant in Europe/London. */
export function londonDate(instant: Date): string {
  return ymd.format(instant);
}

/** Today's date in Europe/London as a UTC midnight, which is how dates of birth are compared. */
export function londonToday(now: Date): Date {
  return new Date(`${londonDate(now)}T00:00:00Z`);
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "DD/MM/YYYY HH:mm" of an instant in Europe/London (spec 3 §3 formatting). */
export function formatLondonDateTime(instant: Date): string {
  const parts = dateTime.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}/${get("month")}/${get("year")} ${get("hour")}:${get("minute")}`;
}

const hm = new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** HH:mm of an instant in Europe/London. */
export function londonTime(instant: Date): string {
  return hm.format(instant);
}

/**
 * The instant a Europe/London wall-clock date and time (YYYY-MM-DD, HH:mm) names, across clock
 * changes. A time the spring change skips (01:00–01:59 on its Sunday) is read an hour later, as
 * a clock would show it; one the autumn change repeats is its first (BST) occurrence.
 */
export function londonInstant(date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  // London is UTC or UTC+1: try the offset that holds at each guess.
  for (const offsetHours of [1, 0]) {
    const guess = new Date(wall - offsetHours * 3_600_000);
    if (londonDate(guess) === date && londonTime(guess) === time) return guess;
  }
  return new Date(wall); // skipped hour (spring forward): as GMT, i.e. one hour later on the clock
}

/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** A YYYY-MM-DD date moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
