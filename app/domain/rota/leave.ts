/**
 * Leave and out-of-office (spec 3 §2 leave): whole Europe/London dates, first and last day
 * inclusive, with who covers (decision 0098). Pure: the form, overlaps, who is away on a date
 * and who covers them. Queries are in rota.server.ts; "today" is `londonDate` of the clock.
 */
import * as z from "zod";
import { formatDate } from "~/validation/dates";

export const LEAVE_KINDS = ["leave", "out_of_office"] as const;
export type LeaveKind = (typeof LEAVE_KINDS)[number];
export const LEAVE_KIND_LABELS: Record<LeaveKind, string> = { leave: "Leave", out_of_office: "Out of office" };

/** A stored period of leave: YYYY-MM-DD dates, both days included. */
export type LeavePeriod = { id: number; userId: number; kind: LeaveKind; startDate: string; endDate: string; coverUserId: number | null };

export const LEAVE_MESSAGES = {
  kind: "Select leave or out of office",
  start: {
    required: "Enter the first day",
    day: "The first day must include a day",
    month: "The first day must include a month",
    year: "The first day must include a year",
    real: "The first day must be a real date",
  },
  end: {
    required: "Enter the last day",
    day: "The last day must include a day",
    month: "The last day must include a month",
    year: "The last day must include a year",
    real: "The last day must be a real date",
  },
  endBeforeStart: "The last day must be the same as or after the first day",
  tooLong: "Leave can be at most 366 days: record a longer absence in parts",
  cover: "Select who covers, or nobody",
  coverSelf: "Select someone else to cover",
  note: "The note must be 200 characters or fewer",
  overlaps: (from: string, to: string) => `This overlaps leave already recorded from ${formatDate(from)} to ${formatDate(to)}`,
  added: "Leave recorded.",
  updated: "Leave updated.",
  cancelled: "Leave cancelled.",
} as const;

type DateParts = { day?: string; month?: string; year?: string };
type DateMessages = Record<"required" | "day" | "month" | "year" | "real", string>;
type DateResult = { ok: true; iso: string } | { ok: false; field: "day" | "month" | "year"; message: string };

/** The three-field date input to YYYY-MM-DD, each part checked with its own message. */
export function readLeaveDate(parts: DateParts, m: DateMessages): DateResult {
  const day = (parts.day ?? "").trim();
  const month = (parts.month ?? "").trim();
  const year = (parts.year ?? "").trim();
  if (!day && !month && !year) return { ok: false, field: "day", message: m.required };
  if (!day) return { ok: false, field: "day", message: m.day };
  if (!month) return { ok: false, field: "month", message: m.month };
  if (!year) return { ok: false, field: "year", message: m.year };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return { ok: false, field: /^\d{4}$/.test(year) ? "day" : "year", message: m.real };
  const [d, mo, y] = [Number(day), Number(month), Number(year)];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 2000 || y > 2100 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return { ok: false, field: "day", message: m.real };
  return { ok: true, iso: date.toISOString().slice(0, 10) };
}

/** Whole days from one date to another (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const DateSchema = z.object({ day: z.string().optional(), month: z.string().optional(), year: z.string().optional() });

/** The leave form (add and edit). `cover` is "none" or a staff member's id (checked by the query). */
export const LeaveSchema = z
  .object({
    kind: z.enum(LEAVE_KINDS, { error: LEAVE_MESSAGES.kind }),
    start: DateSchema.superRefine((parts, ctx) => {
      const r = readLeaveDate(parts, LEAVE_MESSAGES.start);
      if (!r.ok) ctx.addIssue({ code: "custom", path: [r.field], message: r.message });
    }),
    end: DateSchema.superRefine((parts, ctx) => {
      const r = readLeaveDate(parts, LEAVE_MESSAGES.end);
      if (!r.ok) ctx.addIssue({ code: "custom", path: [r.field], message: r.message });
    }),
    cover: z.string({ error: LEAVE_MESSAGES.cover }).regex(/^(none|[1-9]\d{0,9})$/, LEAVE_MESSAGES.cover),
    note: z.preprocess((v) => (typeof v === "string" && v.trim() ? v.trim() : undefined), z.string().max(200, LEAVE_MESSAGES.note).optional()),
  })
  .superRefine((value, ctx) => {
    const start = readLeaveDate(value.start ?? {}, LEAVE_MESSAGES.start);
    const end = readLeaveDate(value.end ?? {}, LEAVE_MESSAGES.end);
    if (!start.ok || !end.ok) return;
    if (end.iso < start.iso) ctx.addIssue({ code: "custom", path: ["end", "day"], message: LEAVE_MESSAGES.endBeforeStart });
    else if (daysBetween(start.iso, end.iso) >= 366) ctx.addIssue({ code: "custom", path: ["end", "day"], message: LEAVE_MESSAGES.tooLong });
  })
  .transform((value) => ({
    kind: value.kind,
    startDate: (readLeaveDate(value.start, LEAVE_MESSAGES.start) as { iso: string }).iso,
    endDate: (readLeaveDate(value.end, LEAVE_MESSAGES.end) as { iso: string }).iso,
    coverUserId: value.cover === "none" ? null : Number(value.cover),
    note: value.note ?? null,
  }));
export type LeaveInput = z.output<typeof LeaveSchema>;

/** The form's values for stored leave (edit). */
export function leaveFormValues(l: { kind: LeaveKind; startDate: string; endDate: string; coverUserId: number | null; note: string | null }) {
  const parts = (iso: string) => ({ day: String(Number(iso.slice(8, 10))), month: String(Number(iso.slice(5, 7))), year: iso.slice(0, 4) });
  return { kind: l.kind, start: parts(l.startDate), end: parts(l.endDate), cover: l.coverUserId ? String(l.coverUserId) : "none", note: l.note ?? "" };
}

/** Both periods share at least one day (dates inclusive). */
export const overlaps = (a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }) => a.startDate <= b.endDate && b.startDate <= a.endDate;

/** The first of a person's other periods the candidate shares a day with (not itself when editing). */
export function firstOverlap<T extends { id: number; startDate: string; endDate: string }>(existing: readonly T[], candidate: { startDate: string; endDate: string }, editingId?: number): T | null {
  return [...existing].sort((a, b) => a.startDate.localeCompare(b.startDate)).find((l) => l.id !== editingId && overlaps(l, candidate)) ?? null;
}

/** The period a person is away in on a date (YYYY-MM-DD, Europe/London), if any. */
export function awayOn<T extends { userId: number; startDate: string; endDate: string }>(periods: readonly T[], userId: number, date: string): T | null {
  return periods.find((p) => p.userId === userId && p.startDate <= date && date <= p.endDate) ?? null;
}

/**
 * Who covers a person on a date: nobody if they are not away; otherwise the cover named on their
 * leave, and if that person is away too, whoever covers them, and so on (at most five steps, never
 * round in a circle). `cover` is null when the chain ends with nobody named.
 */
export function whoCovers(periods: readonly LeavePeriod[], userId: number, date: string): { leave: LeavePeriod; cover: number | null } | null {
  const leave = awayOn(periods, userId, date);
  if (!leave) return null;
  const seen = new Set([userId]);
  let cover = leave.coverUserId;
  for (let step = 0; cover !== null && step < 5; step++) {
    if (seen.has(cover)) return { leave, cover: null };
    const theirs = awayOn(periods, cover, date);
    if (!theirs) return { leave, cover };
    seen.add(cover);
    cover = theirs.coverUserId;
  }
  return { leave, cover: null };
}
