/**
 * The report's sections (spec 3 §2 "Report types"): each has an id, a type, a name and the roles
 * that may see it, and comes out as the same shape whatever it counts: categories (the rows of
 * the table, the bars of the chart) and one series per column (one per practice when practices
 * are compared). The chart, the table and the CSV are all drawn from that one shape, so the CSV
 * holds exactly the numbers on the page (docs/decisions/0091-report-sections.md).
 */
export const REPORT_ROLES = ["gp", "receptionist", "practice_admin", "admin", "ccg_admin"] as const;
export type ReportRole = (typeof REPORT_ROLES)[number];

export type SectionType = "feedback" | "patients" | "requests" | "access" | "pharmacy" | "telephone";
export type SectionDef = {
  id: string;
  type: SectionType;
  name: string;
  /** What the chart shows, in a sentence (the SVG's description). */
  description: string;
  chart: "bar" | "line";
  /** The heading of the table's first column. */
  categoryHeading: string;
  /** The heading of the number column when one practice (or all together) is shown. */
  valueHeading: string;
  roles: readonly ReportRole[];
};

const EVERYONE = REPORT_ROLES;
const MANAGERS: readonly ReportRole[] = ["gp", "practice_admin", "admin", "ccg_admin"];

export const SECTIONS = [
  { id: "requests-monthly", type: "requests", name: "Requests by month", description: "Number of requests sent in each month of the period.", chart: "line", categoryHeading: "Month", valueHeading: "Requests", roles: EVERYONE },
  { id: "requests-weekly", type: "requests", name: "Requests by week", description: "Number of requests sent in each week (Monday to Sunday) of the period.", chart: "line", categoryHeading: "Week beginning", valueHeading: "Requests", roles: EVERYONE },
  { id: "requests-by-type", type: "requests", name: "Requests by type", description: "Number of requests of each type.", chart: "bar", categoryHeading: "Type", valueHeading: "Requests", roles: EVERYONE },
  { id: "requests-by-hour", type: "requests", name: "Requests by hour of the day", description: "Number of requests sent in each hour of the day, UK time.", chart: "bar", categoryHeading: "Hour", valueHeading: "Requests", roles: EVERYONE },
  { id: "requests-by-weekday", type: "requests", name: "Requests by day of the week", description: "Number of requests sent on each day of the week, UK time.", chart: "bar", categoryHeading: "Day", valueHeading: "Requests", roles: EVERYONE },
  { id: "requests-by-age", type: "requests", name: "Requests by age", description: "Number of requests by the patient's age when the request was sent.", chart: "bar", categoryHeading: "Age", valueHeading: "Requests", roles: EVERYONE },
  { id: "submitted-by", type: "requests", name: "Submitted by", description: "Number of requests sent by patients, carers, staff on a patient's behalf, and through the NHS App.", chart: "bar", categoryHeading: "Submitted by", valueHeading: "Requests", roles: EVERYONE },
  { id: "request-details", type: "requests", name: "Request details", description: "Number of the requests sent in the period by where they are now: open, completed, rejected or cancelled.", chart: "bar", categoryHeading: "Status now", valueHeading: "Requests", roles: EVERYONE },
  { id: "core-hours", type: "access", name: "Requests inside core hours", description: "Number of requests sent inside core hours (08:00 to 18:30, Monday to Friday) and outside them.", chart: "bar", categoryHeading: "When", valueHeading: "Requests", roles: MANAGERS },
  { id: "requests-by-user", type: "requests", name: "Requests by user", description: "Number of requests each staff member completed or rejected.", chart: "bar", categoryHeading: "Staff member", valueHeading: "Requests", roles: MANAGERS },
  { id: "triage-decision", type: "requests", name: "Triage decisions", description: "Number of triage decisions staff made: the urgency they gave a request, and completing, rejecting or cancelling it.", chart: "bar", categoryHeading: "Decision", valueHeading: "Decisions", roles: EVERYONE },
  { id: "first-response-percentiles", type: "access", name: "Time to first response: median and 90th percentile", description: "The median and the 90th percentile of the time from a request being sent to its first response, in minutes.", chart: "bar", categoryHeading: "Measure", valueHeading: "Minutes", roles: MANAGERS },
  { id: "first-response", type: "access", name: "Time to first response", description: "Number of first responses (a staff message or the request's closing) by how long after the request they came.", chart: "bar", categoryHeading: "Time to first response", valueHeading: "Responses", roles: MANAGERS },
  { id: "closures", type: "access", name: "Exceptional closures", description: "Hours online consultation was closed by exceptional closures, by the month the closure started.", chart: "bar", categoryHeading: "Month", valueHeading: "Hours closed", roles: MANAGERS },
  { id: "pharmacy-first-links", type: "pharmacy", name: "Pharmacy First links shown", description: "Number of requests on which a patient was shown a Pharmacy First link, by condition.", chart: "bar", categoryHeading: "Condition", valueHeading: "Links shown", roles: EVERYONE },
  { id: "pharmacy-first-clicks", type: "pharmacy", name: "Pharmacy First link clicks", description: "Number of times patients followed a Pharmacy First link, by condition.", chart: "bar", categoryHeading: "Condition", valueHeading: "Clicks", roles: EVERYONE },
  { id: "telephone-counts", type: "telephone", name: "Telephone appointments by month", description: "Number of telephone appointments booked with the practice, by the month they took place.", chart: "line", categoryHeading: "Month", valueHeading: "Calls", roles: EVERYONE },
  { id: "telephone-by-hour", type: "telephone", name: "Telephone appointments by hour of the day", description: "Number of booked telephone appointments starting in each hour of the day, UK time.", chart: "bar", categoryHeading: "Hour", valueHeading: "Calls", roles: EVERYONE },
  { id: "telephone-by-weekday", type: "telephone", name: "Telephone appointments by day of the week", description: "Number of booked telephone appointments on each day of the week, UK time.", chart: "bar", categoryHeading: "Day", valueHeading: "Calls", roles: EVERYONE },
  { id: "patient-feedback", type: "feedback", name: "Patient feedback", description: "Number of feedback ratings patients gave, from very good to very poor.", chart: "bar", categoryHeading: "Rating", valueHeading: "Feedback", roles: EVERYONE },
  { id: "friends-and-family", type: "feedback", name: "Friends and family test", description: "Number of friends and family test answers of each kind.", chart: "bar", categoryHeading: "Answer", valueHeading: "Answers", roles: EVERYONE },
  { id: "registrations", type: "patients", name: "New patient registrations", description: "Number of patients added to the practice in each month of the period.", chart: "line", categoryHeading: "Month", valueHeading: "Patients", roles: EVERYONE },
  { id: "registered-patients", type: "patients", name: "Registered patients", description: "Number of patients the practice has now, with and without an online account.", chart: "bar", categoryHeading: "Patients", valueHeading: "Patients", roles: EVERYONE },
] as const satisfies readonly SectionDef[];

export type SectionId = (typeof SECTIONS)[number]["id"];
export const SECTION_IDS = SECTIONS.map((s) => s.id) as SectionId[];

export function sectionsFor(roles: readonly ReportRole[]): SectionDef[] {
  return SECTIONS.filter((s) => s.roles.some((r) => roles.includes(r)));
}

export type Category = { key: string; label: string; href?: string };
export type Series = { name: string; values: number[] };
/**
 * A section that also lists its items one by one (only "Request details"): the columns, the
 * rows of this page (or every row, for its CSV), how many there are and which page this is.
 */
export type SectionList = { columns: string[]; rows: { cells: string[]; href?: string }[]; total: number; page: number; pages: number };
export type SectionData = SectionDef & { categories: Category[]; series: Series[]; summary: string[]; list?: SectionList };

/** A listing section's rows as cells, heading row first: the CSV of its list. */
export function sectionListTable(list: SectionList): string[][] {
  return [list.columns, ...list.rows.map((r) => r.cells)];
}

/** The table as rows of cells: the heading row, then one row per category. Chart, table and CSV read this. */
export function sectionTable(section: Pick<SectionData, "categoryHeading" | "categories" | "series">): (string | number)[][] {
  return [[section.categoryHeading, ...section.series.map((s) => s.name)], ...section.categories.map((c, i) => [c.label, ...section.series.map((s) => s.values[i] ?? 0)])];
}

export const WEEKDAY_LABELS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00 to ${String(h).padStart(2, "0")}:59`;
export const RATING_LABELS: Record<number, string> = { 5: "Very good (5)", 4: "Good (4)", 3: "Neither good nor poor (3)", 2: "Poor (2)", 1: "Very poor (1)" };
export const FFT_ANSWERS = ["very_good", "good", "neither", "poor", "very_poor", "dont_know"] as const;
export const FFT_LABELS: Record<string, string> = {
  very_good: "Very good",
  good: "Good",
  neither: "Neither good nor poor",
  poor: "Poor",
  very_poor: "Very poor",
  dont_know: "Don't know",
};
/** The rating (5 very good … 1 very poor) an FFT answer stands for; "don't know" has none. */
export const FFT_RATING: Record<string, number | undefined> = { very_good: 5, good: 4, neither: 3, poor: 2, very_poor: 1, dont_know: undefined };

/** The triage decisions the report counts, in order (rollup measure "triage", decision 0092). */
export const TRIAGE_DECISIONS = [
  { key: "urgency:1", label: "Urgency set to routine" },
  { key: "urgency:2", label: "Urgency set to soon" },
  { key: "urgency:3", label: "Urgency set to urgent" },
  { key: "complete", label: "Completed" },
  { key: "reject", label: "Rejected" },
  { key: "cancel", label: "Cancelled" },
] as const;
