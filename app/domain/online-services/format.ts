/**
 * Dates, times and addresses as online services show them (spec 2 §3): appointment dates
 * 'dddd DD MMMM YYYY', other dates DD/MM/YYYY, times HH:mm, all in Europe/London; empty
 * values 'No information provided'. Pure, so pages and loaders share them.
 */
import { copy } from "~/copy";

const ZONE = "Europe/London";

/**
 * One formatter per set of options, made once: making an Intl.DateTimeFormat costs far more
 * than using one (the demo seed's slots spent ~0.3 s here; a page of appointments formats
 * each of them). Only the few option sets of this module ever come here.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, ...options });
    formatters.set(key, made);
  }
  return made;
}

function parts(value: string | Date, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatter(options).formatToParts(new Date(value))) {
    out[p.type] = p.value;
  }
  return out;
}

/** 'dddd DD MMMM YYYY', e.g. "Monday 07 December 2026". */
export function formatAppointmentDate(value: string | Date): string {
  const p = parts(value, { weekday: "long", day: "2-digit", month: "long", year: "numeric" });
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** HH:mm, 24-hour. */
export function formatTime(value: string | Date): string {
  const p = parts(value, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${p.hour}:${p.minute}`;
}

/** DD/MM/YYYY of a moment, in London. */
export function formatLondonDate(value: string | Date): string {
  const p = parts(value, { day: "2-digit", month: "2-digit", year: "numeric" });
  return `${p.day}/${p.month}/${p.year}`;
}

/** The London calendar date of a moment, as YYYY-MM-DD. */
export function londonDay(value: string | Date): string {
  const p = parts(value, { day: "2-digit", month: "2-digit", year: "numeric" });
  return `${p.year}-${p.month}-${p.day}`;
}

/** The instant of a London wall-clock time (handles BST and GMT). */
export function londonTime(day: string, hhmm: string): Date {
  const guess = new Date(`${day}T${hhmm}:00Z`);
  const p = parts(guess, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", day: "2-digit", month: "2-digit", year: "numeric" });
  const shown = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return new Date(guess.getTime() - (shown - guess.getTime()));
}

export function orNoInformation(value: string | null | undefined): string {
  return value && value.trim() ? value : copy.noInformation;
}

/**
 * The address of an appointment's location: village, town and postcode, with the street
 * number in front when it differs from the village (spec 2 §3).
 */
export function buildAddress(location: {
  streetNumber: string | null;
  village: string | null;
  town: string | null;
  postcode: string | null;
}): string {
  const clean = (v: string | null) => (v && v.trim() ? v.trim() : null);
  const village = clean(location.village);
  const street = clean(location.streetNumber);
  const pieces = [street && street !== village ? street : null, village, clean(location.town), clean(location.postcode)];
  return pieces.filter(Boolean).join(", ");
}
