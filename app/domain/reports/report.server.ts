/**
 * The numbers of each report section for a set of practices and a period. Request sections read
 * only the hourly rollup (report_hourly), never patient_entries; the others count small tables
 * (feedback, patients, closures) with the practice in the WHERE clause. Who may see which
 * practices is decided before this is called (scope.server.ts); every query here is limited to
 * the practice ids it is given.
 */
import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { exceptionalClosures, fftResponses, gpSlots, issueTypes, patientFeedback, patients, reportDaily, reportHourly, reportMonthly, signpostEvents, signpostingRules, users } from "~/db/schema";
import { londonInstant } from "~/domain/requests/demand";
import { addDays, dateLabel, monthLabel, monthsOf, weeksOf, wholeMonths, type Period } from "./period";
import { DETAILS_CSV_CAP, DETAILS_PAGE_SIZE, detailsPage, REQUEST_STATES, requestDetailsColumns, requestDetailsRow } from "./request-details";
import { requestDetailsRecords, requestStateCounts } from "./request-details.server";
import { AGE_BANDS, bucketLabel, exactQuantile, minutesLabel, OVER, RESPONSE_BUCKETS, SUBMITTER_LABELS, SUBMITTERS } from "./rollup";
import {
  FFT_ANSWERS,
  FFT_LABELS,
  FFT_RATING,
  hourLabel,
  RATING_LABELS,
  SECTIONS,
  TRIAGE_DECISIONS,
  WEEKDAY_LABELS,
  type Category,
  type ReportRole,
  type SectionData,
  type SectionDef,
  type SectionId,
} from "./sections";

export type ReportPractice = { id: number; name: string; urlCode: string };
/**
 * The practices a report covers. `compare`: one column per practice (the regional portal);
 * otherwise one column adding them all up. `drillDown`: links to the practice's patient feedback
 * list (its gp, receptionist or practice admin); `inboxLinks`: to its inboxes (gp, receptionist).
 */
export type ReportScope = { practices: ReportPractice[]; compare: boolean; drillDown: boolean; inboxLinks?: boolean };

type Counts = Map<number, Map<string, number>>;
type Group = "key" | "hour" | "weekday" | "month" | "week";

/**
 * How many of `measure` per practice and group in the period. The hour of the day needs the
 * hourly rollup; every other grouping reads the London day and month sums (decision 0119): the
 * months the period covers whole from report_monthly, the days either side from report_daily.
 */
async function rollupCounts(db: Db, ids: number[], measure: string, period: Period, group: Group): Promise<Counts> {
  if (group === "hour") {
    const rows = await db
      .select({ practiceId: reportHourly.practiceId, k: sql<string>`${reportHourly.londonHour}::text`, n: sql<number>`sum(${reportHourly.count})::int` })
      .from(reportHourly)
      .where(and(inArray(reportHourly.practiceId, ids), eq(reportHourly.measure, measure), gte(reportHourly.londonDate, period.from), lte(reportHourly.londonDate, period.to)))
      .groupBy(reportHourly.practiceId, reportHourly.londonHour);
    return toCounts(rows);
  }
  const whole = group === "key" || group === "month" ? wholeMonths(period) : null;
  const dayKey = {
    key: sql`${reportDaily.key}`,
    month: sql`to_char(${reportDaily.londonDate}, 'YYYY-MM')`,
    week: sql`to_char(date_trunc('week', ${reportDaily.londonDate}::timestamp), 'YYYY-MM-DD')`,
    weekday: sql`extract(isodow from ${reportDaily.londonDate})::int::text`,
  }[group];
  const inPeriod = and(gte(reportDaily.londonDate, period.from), lte(reportDaily.londonDate, period.to));
  const days = db
    .select({ practiceId: reportDaily.practiceId, k: sql<string>`${dayKey}`, n: sql<number>`sum(${reportDaily.count})::int` })
    .from(reportDaily)
    .where(
      and(
        inArray(reportDaily.practiceId, ids),
        eq(reportDaily.measure, measure),
        inPeriod,
        whole ? or(lt(reportDaily.londonDate, whole.first), gte(reportDaily.londonDate, whole.after)) : undefined,
      ),
    )
    .groupBy(reportDaily.practiceId, sql`2`);
  const monthKey = group === "month" ? sql`to_char(${reportMonthly.londonMonth}, 'YYYY-MM')` : sql`${reportMonthly.key}`;
  const months = whole
    ? db
        .select({ practiceId: reportMonthly.practiceId, k: sql<string>`${monthKey}`, n: sql<number>`sum(${reportMonthly.count})::int` })
        .from(reportMonthly)
        .where(and(inArray(reportMonthly.practiceId, ids), eq(reportMonthly.measure, measure), gte(reportMonthly.londonMonth, whole.first), lt(reportMonthly.londonMonth, whole.after)))
        .groupBy(reportMonthly.practiceId, sql`2`)
    : Promise.resolve([]);
  const [a, b] = await Promise.all([days, months]);
  return toCounts([...a, ...b]);
}

function toCounts(rows: { practiceId: number; k: string | number | null; n: number | string }[]): Counts {
  const out: Counts = new Map();
  for (const r of rows) {
    const m = out.get(r.practiceId) ?? new Map<string, number>();
    m.set(String(r.k), (m.get(String(r.k)) ?? 0) + Number(r.n));
    out.set(r.practiceId, m);
  }
  return out;
}

function instants(period: Period) {
  return { start: londonInstant(period.from, "00:00"), end: londonInstant(addDays(period.to, 1), "00:00") };
}

function build(def: SectionDef, scope: ReportScope, categories: Category[], counts: Counts, summary: string[] = []): SectionData {
  const valuesOf = (ids: number[]) => categories.map((c) => round1(ids.reduce((s, id) => s + (counts.get(id)?.get(c.key) ?? 0), 0)));
  const series = scope.compare
    ? scope.practices.map((p) => ({ name: p.name, values: valuesOf([p.id]) }))
    : [{ name: def.valueHeading, values: valuesOf(scope.practices.map((p) => p.id)) }];
  return { ...def, categories, series, summary };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const single = (scope: ReportScope) => (scope.drillDown && scope.practices.length === 1 ? scope.practices[0] : null);

/** What a page asks of the request details list: a page of it (from the query), or all of it for the CSV. */
export type ListOptions = { detailsPage?: string | null; detailsAll?: boolean };
type Builder = (db: Db, scope: ReportScope, period: Period, def: SectionDef, options: ListOptions) => Promise<SectionData>;

const BUILDERS: Record<SectionId, Builder> = {
  "requests-monthly": async (db, scope, period, def) =>
    build(def, scope, monthsOf(period).map((m) => ({ key: m, label: monthLabel(m) })), await rollupCounts(db, ids(scope), "submitted", period, "month")),
  "requests-weekly": async (db, scope, period, def) =>
    build(def, scope, weeksOf(period).map((w) => ({ key: w, label: dateLabel(w) })), await rollupCounts(db, ids(scope), "submitted", period, "week")),
  "requests-by-hour": async (db, scope, period, def) =>
    build(def, scope, Array.from({ length: 24 }, (_, h) => ({ key: String(h), label: hourLabel(h) })), await rollupCounts(db, ids(scope), "submitted", period, "hour")),
  "requests-by-weekday": async (db, scope, period, def) =>
    build(def, scope, WEEKDAY_LABELS.map((label, i) => ({ key: String(i + 1), label })), await rollupCounts(db, ids(scope), "submitted", period, "weekday")),
  "requests-by-type": async (db, scope, period, def) => {
    const [types, counts] = await Promise.all([
      db.select({ id: issueTypes.id, code: issueTypes.code, name: issueTypes.name }).from(issueTypes).orderBy(issueTypes.position, issueTypes.id),
      rollupCounts(db, ids(scope), "type", period, "key"),
    ]);
    const seen = new Set([...counts.values()].flatMap((m) => [...m.keys()]));
    const one = scope.inboxLinks ? single(scope) : null;
    const categories = types
      .filter((t) => seen.has(t.code))
      .map((t) => ({ key: t.code, label: t.name, href: one ? `/${one.urlCode}/inboxes/issue_type/${t.id}` : undefined }));
    return build(def, scope, categories, counts);
  },
  "requests-by-age": async (db, scope, period, def) =>
    build(def, scope, AGE_BANDS.map((b) => ({ key: b, label: b === "75+" ? "75 and over" : b.replace("-", " to ") })), await rollupCounts(db, ids(scope), "age", period, "key")),
  "submitted-by": async (db, scope, period, def) =>
    build(def, scope, SUBMITTERS.map((s) => ({ key: s, label: SUBMITTER_LABELS[s] })), await rollupCounts(db, ids(scope), "submitted_by", period, "key")),
  "request-details": async (db, scope, period, def, options) => {
    const range = instants(period);
    const section = build(
      def,
      scope,
      REQUEST_STATES.map((st) => ({ key: st.key, label: st.label })),
      toCounts(await requestStateCounts(db, ids(scope), range)),
    );
    // The list: one column per practice when the report covers several; links to the inbox for its gp and receptionists.
    const total = section.series.reduce((sum, s) => sum + s.values.reduce((a, b) => a + b, 0), 0);
    const withPractice = scope.practices.length > 1;
    const inboxLinks = Boolean(scope.inboxLinks && scope.practices.length === 1);
    const page = options.detailsAll ? 1 : detailsPage(options.detailsPage ?? null, total);
    const limit = options.detailsAll ? DETAILS_CSV_CAP : DETAILS_PAGE_SIZE;
    const records = await requestDetailsRecords(db, ids(scope), range, total, limit, (page - 1) * DETAILS_PAGE_SIZE);
    section.list = {
      columns: requestDetailsColumns(withPractice),
      rows: records.map((r) => requestDetailsRow(r, { withPractice, inboxLinks })),
      total,
      page,
      pages: Math.max(1, Math.ceil(total / DETAILS_PAGE_SIZE)),
    };
    return section;
  },
  "core-hours": async (db, scope, period, def) => {
    const counts = await rollupCounts(db, ids(scope), "core_hours", period, "key");
    const section = build(def, scope, [{ key: "inside", label: "Inside core hours" }, { key: "outside", label: "Outside core hours" }], counts);
    section.summary = section.series.map((s) => {
      const total = s.values[0]! + s.values[1]!;
      return `${s.name}: ${total === 0 ? "no requests" : `${Math.round((s.values[0]! / total) * 100)}% inside core hours`}.`;
    });
    return section;
  },
  "first-response": async (db, scope, period, def) => {
    const bounds = [...RESPONSE_BUCKETS, OVER];
    // The exact median and 90th percentile are the section before this one (reading the minutes once per page).
    return build(def, scope, bounds.map((b) => ({ key: String(b), label: bucketLabel(b) })), await rollupCounts(db, ids(scope), "first_response", period, "key"));
  },
  "first-response-percentiles": async (db, scope, period, def) => {
    const quantiles = await responseQuantiles(db, scope, period);
    const categories = [
      { key: "median", label: "Median" },
      { key: "p90", label: "90th percentile" },
    ];
    // Rounded to the minute, as the summary says them (a period without responses shows 0).
    const series = quantiles.map((q) => ({ name: scope.compare ? q.name : def.valueHeading, values: [Math.round(q.median ?? 0), Math.round(q.p90 ?? 0)] }));
    const summary = quantiles.map((q) => (q.median === null || q.p90 === null ? `${q.name}: no responses in this period.` : `${q.name}: median ${minutesLabel(q.median)}; 90th percentile ${minutesLabel(q.p90)}.`));
    return { ...def, categories, series, summary };
  },
  "requests-by-user": async (db, scope, period, def) => {
    const counts = await rollupCounts(db, ids(scope), "by_user", period, "key");
    const seen = [...new Set([...counts.values()].flatMap((m) => [...m.keys()]))].map(Number).filter((n) => Number.isInteger(n));
    const people = seen.length
      ? await db
          .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
          .from(users)
          .where(inArray(users.id, seen))
          .orderBy(users.lastName, users.firstName, users.id)
      : [];
    return build(def, scope, people.map((u) => ({ key: String(u.id), label: u.name })), counts);
  },
  "triage-decision": async (db, scope, period, def) =>
    build(def, scope, TRIAGE_DECISIONS.map((d) => ({ key: d.key, label: d.label })), await rollupCounts(db, ids(scope), "triage", period, "key")),
  "pharmacy-first-links": (db, scope, period, def) => signpostSection(db, scope, period, def, "shown"),
  "pharmacy-first-clicks": (db, scope, period, def) => signpostSection(db, scope, period, def, "clicked"),
  "telephone-counts": async (db, scope, period, def) =>
    build(def, scope, monthsOf(period).map((m) => ({ key: m, label: monthLabel(m) })), await telephoneCounts(db, scope, period, sql`to_char(${gpSlots.startTime} at time zone 'Europe/London', 'YYYY-MM')`)),
  "telephone-by-hour": async (db, scope, period, def) =>
    build(def, scope, Array.from({ length: 24 }, (_, h) => ({ key: String(h), label: hourLabel(h) })), await telephoneCounts(db, scope, period, sql`extract(hour from ${gpSlots.startTime} at time zone 'Europe/London')::int::text`)),
  "telephone-by-weekday": async (db, scope, period, def) =>
    build(def, scope, WEEKDAY_LABELS.map((label, i) => ({ key: String(i + 1), label })), await telephoneCounts(db, scope, period, sql`extract(isodow from ${gpSlots.startTime} at time zone 'Europe/London')::int::text`)),
  closures: async (db, scope, period, def) => {
    const { start, end } = instants(period);
    const rows = await db
      .select({
        practiceId: exceptionalClosures.practiceId,
        k: sql<string>`to_char(${exceptionalClosures.startsAt} at time zone 'Europe/London', 'YYYY-MM')`,
        n: sql<number>`sum(extract(epoch from ${exceptionalClosures.endsAt} - ${exceptionalClosures.startsAt}) / 3600.0)`,
      })
      .from(exceptionalClosures)
      .where(and(inArray(exceptionalClosures.practiceId, ids(scope)), isNull(exceptionalClosures.cancelledAt), gte(exceptionalClosures.startsAt, start), lt(exceptionalClosures.startsAt, end)))
      .groupBy(exceptionalClosures.practiceId, sql`2`);
    return build(def, scope, monthsOf(period).map((m) => ({ key: m, label: monthLabel(m) })), toCounts(rows));
  },
  "patient-feedback": async (db, scope, period, def) => {
    const { start, end } = instants(period);
    const rows = await db
      .select({ practiceId: patientFeedback.practiceId, k: patientFeedback.rating, n: sql<number>`count(*)::int` })
      .from(patientFeedback)
      .where(and(inArray(patientFeedback.practiceId, ids(scope)), gte(patientFeedback.createdAt, start), lt(patientFeedback.createdAt, end)))
      .groupBy(patientFeedback.practiceId, patientFeedback.rating);
    const one = single(scope);
    const categories = [5, 4, 3, 2, 1].map((r) => ({ key: String(r), label: RATING_LABELS[r]!, href: one ? `/${one.urlCode}/patient-feedback?rating=${r}` : undefined }));
    return build(def, scope, categories, toCounts(rows));
  },
  "friends-and-family": async (db, scope, period, def) => {
    const { start, end } = instants(period);
    const rows = await db
      .select({ practiceId: fftResponses.practiceId, k: fftResponses.answer, n: sql<number>`count(*)::int` })
      .from(fftResponses)
      .where(and(inArray(fftResponses.practiceId, ids(scope)), gte(fftResponses.createdAt, start), lt(fftResponses.createdAt, end)))
      .groupBy(fftResponses.practiceId, fftResponses.answer);
    const one = single(scope);
    const categories = FFT_ANSWERS.map((a) => ({ key: a, label: FFT_LABELS[a]!, href: one ? `/${one.urlCode}/patient-feedback?${FFT_RATING[a] ? `for=fft&rating=${FFT_RATING[a]}` : "for=fft"}` : undefined }));
    return build(def, scope, categories, toCounts(rows));
  },
  registrations: async (db, scope, period, def) => {
    const { start, end } = instants(period);
    const rows = await db
      .select({ practiceId: patients.practiceId, k: sql<string>`to_char(${patients.createdAt} at time zone 'Europe/London', 'YYYY-MM')`, n: sql<number>`count(*)::int` })
      .from(patients)
      .where(and(inArray(patients.practiceId, ids(scope)), gte(patients.createdAt, start), lt(patients.createdAt, end)))
      .groupBy(patients.practiceId, sql`2`);
    return build(def, scope, monthsOf(period).map((m) => ({ key: m, label: monthLabel(m) })), toCounts(rows));
  },
  "registered-patients": async (db, scope, _period, def) => {
    const rows = await db
      .select({
        practiceId: patients.practiceId,
        k: sql<string>`case when ${patients.userId} is null then 'offline' else 'online' end`,
        n: sql<number>`count(*)::int`,
      })
      .from(patients)
      .where(inArray(patients.practiceId, ids(scope)))
      .groupBy(patients.practiceId, sql`2`);
    return build(def, scope, [{ key: "online", label: "With an online account" }, { key: "offline", label: "Without an online account" }], toCounts(rows));
  },
};

/**
 * The exact median and 90th percentile of the time to first response, per column (each practice
 * when compared, else all together), from the rollup's whole-minute counts (decision 0093).
 */
async function responseQuantiles(db: Db, scope: ReportScope, period: Period): Promise<{ name: string; median: number | null; p90: number | null }[]> {
  const counts = await rollupCounts(db, ids(scope), "response_minutes", period, "key");
  const columns = scope.compare ? scope.practices.map((p) => ({ name: p.name, ids: [p.id] })) : [{ name: "All responses", ids: scope.practices.map((p) => p.id) }];
  return columns.map((c) => {
    const merged = new Map<number, number>();
    for (const id of c.ids) for (const [k, n] of counts.get(id) ?? []) merged.set(Number(k), (merged.get(Number(k)) ?? 0) + n);
    const values = [...merged].map(([value, count]) => ({ value, count }));
    return { name: c.name, median: exactQuantile(values, 0.5), p90: exactQuantile(values, 0.9) };
  });
}

/** Pharmacy First links shown or clicked in the period, by signposting rule (its condition). */
async function signpostSection(db: Db, scope: ReportScope, period: Period, def: SectionDef, kind: "shown" | "clicked"): Promise<SectionData> {
  const { start, end } = instants(period);
  const [rules, rows] = await Promise.all([
    db.select({ id: signpostingRules.id, title: signpostingRules.title }).from(signpostingRules).orderBy(signpostingRules.id),
    db
      .select({ practiceId: signpostEvents.practiceId, k: signpostEvents.signpostRuleId, n: sql<number>`count(*)::int` })
      .from(signpostEvents)
      .where(and(inArray(signpostEvents.practiceId, ids(scope)), eq(signpostEvents.kind, kind), gte(signpostEvents.createdAt, start), lt(signpostEvents.createdAt, end)))
      .groupBy(signpostEvents.practiceId, signpostEvents.signpostRuleId),
  ]);
  return build(def, scope, rules.map((r) => ({ key: String(r.id), label: r.title })), toCounts(rows));
}

/** Booked telephone appointments (the GP system's "Telephone" slots) starting in the period, grouped by `k`. */
async function telephoneCounts(db: Db, scope: ReportScope, period: Period, k: ReturnType<typeof sql>): Promise<Counts> {
  const { start, end } = instants(period);
  const rows = await db
    .select({ practiceId: gpSlots.practiceId, k: sql<string>`${k}`, n: sql<number>`count(*)::int` })
    .from(gpSlots)
    .where(and(inArray(gpSlots.practiceId, ids(scope)), eq(gpSlots.slotType, "Telephone"), sql`${gpSlots.bookedByPatientId} is not null`, gte(gpSlots.startTime, start), lt(gpSlots.startTime, end)))
    .groupBy(gpSlots.practiceId, sql`2`);
  return toCounts(rows);
}

const ids = (scope: ReportScope) => (scope.practices.length ? scope.practices.map((p) => p.id) : [-1]);

/** The sections these roles may see (or the one asked for), with their numbers. */
export async function reportSections(db: Db, scope: ReportScope, period: Period, roles: readonly ReportRole[], only?: string, options: ListOptions = {}): Promise<SectionData[]> {
  const defs = SECTIONS.filter((s) => s.roles.some((r) => roles.includes(r)) && (only === undefined || s.id === only));
  const out: SectionData[] = [];
  // One at a time: a report is a dozen small index reads, and the pool is shared with every page.
  for (const def of defs) out.push(await BUILDERS[def.id](db, scope, period, def, options));
  return out;
}
