/**
 * A staff member's weekly working pattern (spec 3 §2 availability): up to two sessions a
 * weekday (morning and afternoon, decision 0097), each a Europe/London wall-clock start and end.
 * Pure: the form's schema and its rules; the queries are in rota.server.ts.
 */
import * as z from "zod";

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};
export const SESSIONS = [1, 2] as const;
export type SessionNumber = (typeof SESSIONS)[number];
const SESSION_WORDS: Record<SessionNumber, string> = { 1: "first", 2: "second" };

/** One session of the pattern: HH:mm times, start before end. */
export type PatternSession = { day: Weekday; session: SessionNumber; start: string; end: string };

/** The form's field for a session's start or end, e.g. `monday1Start`. */
export const fieldName = (day: Weekday, session: SessionNumber, edge: "Start" | "End") => `${day}${session}${edge}` as const;

export const PATTERN_MESSAGES = {
  format: (day: Weekday, session: SessionNumber, edge: "start" | "end") =>
    `Enter the ${edge} time of ${WEEKDAY_LABELS[day]}'s ${SESSION_WORDS[session]} session as HH:mm, for example 08:30`,
  missing: (day: Weekday, session: SessionNumber, edge: "start" | "end") => `Enter the ${edge} time of ${WEEKDAY_LABELS[day]}'s ${SESSION_WORDS[session]} session`,
  order: (day: Weekday, session: SessionNumber) => `The end of ${WEEKDAY_LABELS[day]}'s ${SESSION_WORDS[session]} session must be after its start`,
  secondWithoutFirst: (day: Weekday) => `Enter ${WEEKDAY_LABELS[day]}'s first session before a second one`,
  secondAfterFirst: (day: Weekday) => `${WEEKDAY_LABELS[day]}'s second session must start when the first has ended or later`,
  saved: "Working pattern saved.",
} as const;

/** "8:30", "08:30" and "8.30" are half past eight; anything else (or past 23:59) is null. */
export function parseSessionTime(value: string): string | null {
  const match = /^(\d{1,2})[:.](\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  if (h > 23 || m > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

type Issue = { field: string; message: string };
type RawPattern = Partial<Record<string, string | undefined>>;

/**
 * The pattern a form describes, or every problem with it (one per field, in page order). A
 * session left wholly blank is no session; half of one, a time that is not one, an end not
 * after its start, a second session without a first or starting before the first ends are refused.
 */
export function readPattern(raw: RawPattern): { ok: true; sessions: PatternSession[] } | { ok: false; issues: Issue[] } {
  const sessions: PatternSession[] = [];
  const issues: Issue[] = [];
  for (const day of WEEKDAYS) {
    const parsed: Partial<Record<SessionNumber, { start: string; end: string }>> = {};
    for (const session of SESSIONS) {
      const startField = fieldName(day, session, "Start");
      const endField = fieldName(day, session, "End");
      const startRaw = (raw[startField] ?? "").trim();
      const endRaw = (raw[endField] ?? "").trim();
      if (!startRaw && !endRaw) continue;
      const start = startRaw ? parseSessionTime(startRaw) : null;
      const end = endRaw ? parseSessionTime(endRaw) : null;
      if (!startRaw) issues.push({ field: startField, message: PATTERN_MESSAGES.missing(day, session, "start") });
      else if (!start) issues.push({ field: startField, message: PATTERN_MESSAGES.format(day, session, "start") });
      if (!endRaw) issues.push({ field: endField, message: PATTERN_MESSAGES.missing(day, session, "end") });
      else if (!end) issues.push({ field: endField, message: PATTERN_MESSAGES.format(day, session, "end") });
      if (start && end) {
        if (end <= start) issues.push({ field: endField, message: PATTERN_MESSAGES.order(day, session) });
        else parsed[session] = { start, end };
      }
    }
    const second = parsed[2];
    const secondGiven = Boolean((raw[fieldName(day, 2, "Start")] ?? "").trim() || (raw[fieldName(day, 2, "End")] ?? "").trim());
    const firstGiven = Boolean((raw[fieldName(day, 1, "Start")] ?? "").trim() || (raw[fieldName(day, 1, "End")] ?? "").trim());
    if (secondGiven && !firstGiven) {
      issues.push({ field: fieldName(day, 1, "Start"), message: PATTERN_MESSAGES.secondWithoutFirst(day) });
      continue;
    }
    if (parsed[1] && second && second.start < parsed[1].end) {
      issues.push({ field: fieldName(day, 2, "Start"), message: PATTERN_MESSAGES.secondAfterFirst(day) });
      continue;
    }
    for (const session of SESSIONS) {
      const s = parsed[session];
      if (s) sessions.push({ day, session, ...s });
    }
  }
  return issues.length ? { ok: false, issues } : { ok: true, sessions };
}

const timeText = z.string().max(10).optional();

/** The availability form: 28 optional times, checked together by `readPattern`. */
export const PatternSchema = z
  .object(Object.fromEntries(WEEKDAYS.flatMap((day) => SESSIONS.flatMap((s) => [[fieldName(day, s, "Start"), timeText], [fieldName(day, s, "End"), timeText]]))) as Record<string, typeof timeText>)
  .superRefine((value, ctx) => {
    const result = readPattern(value);
    if (!result.ok) for (const issue of result.issues) ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
  })
  .transform((value) => {
    const result = readPattern(value);
    return result.ok ? result.sessions : [];
  });

/** The form's values for a stored pattern. */
export function patternFormValues(sessions: readonly PatternSession[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of sessions) {
    out[fieldName(s.day, s.session, "Start")] = s.start;
    out[fieldName(s.day, s.session, "End")] = s.end;
  }
  return out;
}

/** "09:00–12:30, 14:00–18:00" for a day, or "" when not working. */
export function daySummary(sessions: readonly PatternSession[], day: Weekday): string {
  return sessions
    .filter((s) => s.day === day)
    .sort((a, b) => a.session - b.session)
    .map((s) => `${s.start}–${s.end}`)
    .join(", ");
}

/** One line for the audit trail: "monday 09:00-12:30 14:00-18:00; tuesday …" (no personal data). */
export function patternAuditText(sessions: readonly PatternSession[]): string {
  return (
    WEEKDAYS.map((day) => {
      const times = sessions.filter((s) => s.day === day).sort((a, b) => a.session - b.session).map((s) => `${s.start}-${s.end}`);
      return times.length ? `${day} ${times.join(" ")}` : null;
    })
      .filter(Boolean)
      .join("; ") || "none"
  );
}
