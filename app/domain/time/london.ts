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
