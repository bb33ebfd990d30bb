/**
 * Dates and times as patients read them (spec 2 §3): DD/MM/YYYY and HH:mm, in
 * Europe/London whatever the server's zone; empty values say "No information provided".
 */
import { copy } from "~/copy";

const dateFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** 02/03/2026 */
export function formatDate(at: Date): string {
  return dateFormat.format(at);
}

/** 09:05 */
export function formatTime(at: Date): string {
  return timeFormat.format(at);
}

/** 02/03/2026 09:05 */
export function formatDateTime(at: Date): string {
  return `${formatDate(at)} ${formatTime(at)}`;
}

/** A calendar date kept as ISO yyyy-mm-dd (a date answer), shown DD/MM/YYYY without any zone shift. */
export function formatIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

export function orNoInformation(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === "" ? copy.noInformation : value;
}
