/**
 * A person's calendar (spec 3 §2 calendar): which days a month or week view shows, where the
 * previous and next links go, and what each day holds (sessions of the weekly pattern, video
 * consultations, leave). Dates are Europe/London calendar dates; instants are placed on a day by
 * `londonDate`, so a consultation just after midnight on a clock-change Sunday lands on that Sunday.
 */
import { addDays, isoWeekday, londonDate } from "~/domain/time/london";
import { WEEKDAYS, type PatternSession } from "./availability";
import { awayOn, type LeavePeriod } from "./leave";

export type CalendarView = "month" | "week";
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The Monday of a date's week. */
export const mondayOf = (date: string) => addDays(date, 1 - isoWeekday(date));

/**
 * The view a query asks for: `view=week|month` and `date=YYYY-MM-DD` (any day in it); anything
 * else is this month around today.
 */
export function readView(params: { view?: string | null; date?: string | null }, today: string): { view: CalendarView; date: string } {
  const view: CalendarView = params.view === "week" ? "week" : "month";
  const raw = params.date ?? "";
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) && new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw);
  const year = ok ? Number(raw.slice(0, 4)) : 0;
  return { view, date: ok && year >= 2000 && year <= 2100 ? raw : today };
}

/** The days a view shows: whole weeks, Monday first (a month's grid includes its neighbours' days). */
export function viewDays(view: CalendarView, date: string): { first: string; weeks: string[][]; title: string; previous: string; next: string } {
  if (view === "week") {
    const monday = mondayOf(date);
    const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    return { first: monday, weeks: [days], title: `Week of ${longDate(monday)}`, previous: addDays(monday, -7), next: addDays(monday, 7) };
  }
  const monthStart = `${date.slice(0, 8)}01`;
  const nextMonth = addMonths(monthStart, 1);
  const weeks: string[][] = [];
  for (let monday = mondayOf(monthStart); monday < nextMonth; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  }
  return { first: monthStart, weeks, title: monthTitle(monthStart), previous: addMonths(monthStart, -1), next: nextMonth };
}

/** The first of the month so many months on (YYYY-MM-01). */
export function addMonths(date: string, months: number): string {
  const d = new Date(`${date.slice(0, 8)}01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

export const monthTitle = (date: string) => `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** "Monday 26 October 2026": the product's long date. */
export function longDate(date: string): string {
  const day = WEEKDAYS[isoWeekday(date) - 1];
  return `${day.charAt(0).toUpperCase()}${day.slice(1)} ${Number(date.slice(8, 10))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}

export type CalendarConsultation = { id: number; scheduledFor: Date; status: string };
export type CalendarDay = {
  date: string;
  /** In the month shown (a month grid greys out its neighbours' days). */
  inView: boolean;
  isToday: boolean;
  sessions: { start: string; end: string }[];
  leave: { id: number; kind: LeavePeriod["kind"]; coverUserId: number | null } | null;
  consultations: CalendarConsultation[];
};

/**
 * Each shown day with what it holds. A day of leave shows the leave and no sessions (the person is
 * not working); video consultations are shown whatever else the day holds (one booked in error on
 * a day of leave should be seen, not hidden).
 */
export function calendarDays(input: {
  view: CalendarView;
  date: string;
  today: string;
  userId: number;
  pattern: readonly PatternSession[];
  leave: readonly LeavePeriod[];
  consultations: readonly CalendarConsultation[];
}): CalendarDay[][] {
  const { weeks, first } = viewDays(input.view, input.date);
  const byDay = new Map<string, CalendarConsultation[]>();
  for (const c of [...input.consultations].sort((a, b) => a.scheduledFor.getTime() - b.scheduledFor.getTime())) {
    const day = londonDate(c.scheduledFor);
    byDay.set(day, [...(byDay.get(day) ?? []), c]);
  }
  return weeks.map((week) =>
    week.map((date) => {
      const away = awayOn(input.leave, input.userId, date);
      const weekday = WEEKDAYS[isoWeekday(date) - 1];
      return {
        date,
        inView: input.view === "week" || date.slice(0, 7) === first.slice(0, 7),
        isToday: date === input.today,
        sessions: away
          ? []
          : input.pattern
              .filter((s) => s.day === weekday)
              .sort((a, b) => a.session - b.session)
              .map((s) => ({ start: s.start, end: s.end })),
        leave: away ? { id: away.id, kind: away.kind, coverUserId: away.coverUserId } : null,
        consultations: byDay.get(date) ?? [],
      };
    }),
  );
}
