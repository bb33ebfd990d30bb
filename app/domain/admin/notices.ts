/**
 * Global notices (spec 3 §2 /admin/notices, spec 1 §7 /notices/global): when a notice is live,
 * and the cookie that remembers an anonymous reader's dismissals. Pure. The form's schema is in
 * notice-schema.ts: the root route imports this module, so a zod schema here would ship zod to
 * every page (decision 0137).
 */
import { londonWeekdayAndTime } from "~/domain/practices/opening-hours";
import { londonInstant } from "~/domain/requests/demand";
import { londonDate } from "~/domain/time/london";

export const NOTICE_MESSAGES = {
  title: "Enter a title",
  titleTooLong: "Title must be 120 characters or fewer",
  body: "Enter the notice text",
  bodyTooLong: "Notice text must be 2000 characters or fewer",
  welshTitleTooLong: "Welsh title must be 120 characters or fewer",
  welshBodyTooLong: "Welsh text must be 2000 characters or fewer",
  welshPair: "Enter both the Welsh title and the Welsh text, or neither",
  date: "Enter a real date in the format DD/MM/YYYY, for example 01/12/2026",
  time: "Enter a time in the format HH:mm, for example 09:30",
  timeWithoutDate: "Enter the date as well as the time",
  endsBeforeStart: "The end must be after the start",
} as const;

const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** DD/MM/YYYY as an ISO date, or null when it is not a real date. */
export function parseUkDate(value: string): string | null {
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [d, mo, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 2000 || y > 2100 || mo < 1 || mo > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > days) return null;
  return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** HH:mm (H:mm accepted) as HH:mm, or null. */
export function parseTime(value: string): string | null {
  const match = TIME.exec(value.trim());
  return match ? `${match[1].padStart(2, "0")}:${match[2]}` : null;
}

/** A London date and time as an instant; an empty date means none (the time defaults to 00:00). */
export function londonDateTime(date: string, time: string): Date | null | "bad_date" | "bad_time" | "time_without_date" {
  if (date.trim() === "") return time.trim() === "" ? null : "time_without_date";
  const iso = parseUkDate(date);
  if (!iso) return "bad_date";
  const hhmm = time.trim() === "" ? "00:00" : parseTime(time);
  if (!hhmm) return "bad_time";
  return londonInstant(iso, hhmm);
}


/** Shown from `startsAt` (inclusive) until `endsAt` (exclusive); null ends are open. */
export function isNoticeLive(notice: { active: boolean; startsAt: Date | null; endsAt: Date | null }, now: Date): boolean {
  if (!notice.active) return false;
  if (notice.startsAt && now < notice.startsAt) return false;
  if (notice.endsAt && now >= notice.endsAt) return false;
  return true;
}

export type NoticeState = "live" | "scheduled" | "ended" | "inactive";

export function noticeState(notice: { active: boolean; startsAt: Date | null; endsAt: Date | null }, now: Date): NoticeState {
  if (!notice.active) return "inactive";
  if (notice.endsAt && now >= notice.endsAt) return "ended";
  if (notice.startsAt && now < notice.startsAt) return "scheduled";
  return "live";
}

/** The form's fields for an instant: DD/MM/YYYY and HH:mm in London time. */
export function dateTimeFields(instant: Date | null): { date: string; time: string } {
  if (!instant) return { date: "", time: "" };
  const [y, mo, d] = londonDate(instant).split("-");
  return { date: `${d}/${mo}/${y}`, time: londonWeekdayAndTime(instant).time };
}

/** DD/MM/YYYY HH:mm in London time (spec 3 §3 formatting), or an empty string. */
export function formatDateTime(instant: Date | null): string {
  const { date, time } = dateTimeFields(instant);
  return date ? `${date} ${time}` : "";
}

// ---- anonymous dismissals -----------------------------------------------------------------

export const DISMISSED_NOTICES_COOKIE = "fd_notices_dismissed";
/** The newest dismissals are kept: a cookie stays small whatever the reader does. */
export const MAX_DISMISSED_IN_COOKIE = 20;

/** The ids in the cookie ("3.7.12"); anything malformed is ignored. */
export function parseDismissedCookie(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .split(".")
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
}

export function addDismissed(value: string | undefined, id: number): string {
  const ids = parseDismissedCookie(value).filter((existing) => existing !== id);
  ids.push(id);
  return ids.slice(-MAX_DISMISSED_IN_COOKIE).join(".");
}

/** The notice in the reader's language: Welsh when they read Welsh and a Welsh text exists. */
export function noticeText(notice: { title: string; body: string; welshTitle: string | null; welshBody: string | null }, lang: string) {
  if (lang === "cy" && notice.welshTitle && notice.welshBody) return { title: notice.welshTitle, body: notice.welshBody, lang: "cy" as const };
  return { title: notice.title, body: notice.body, lang: "en" as const };
}
