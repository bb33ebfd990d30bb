/**
 * Staff triage of a request (spec 3 §3 Request: difficulty_id, role_id, action_ids,
 * request_topic_id with checked, review_date; §7 Triage): how hard it is to resolve, who should
 * resolve it, what has to happen, what it is about, and when to look at it again. One form on
 * the request's page; the latest answers live on the request, each save in its history
 * (docs/decisions/0112-triage-and-review-date.md). Pure rules, client-safe.
 */
import * as z from "zod";
import { londonDate } from "~/domain/time/london";

type Option = { readonly value: string; readonly label: string };

export const TRIAGE_DIFFICULTIES = [
  { value: "simple", label: "Simple" },
  { value: "moderate", label: "Moderate" },
  { value: "complex", label: "Complex" },
] as const satisfies readonly Option[];

export const TRIAGE_ROLES = [
  { value: "gp", label: "GP" },
  { value: "nurse", label: "Practice nurse" },
  { value: "pharmacist", label: "Clinical pharmacist" },
  { value: "receptionist", label: "Receptionist" },
  { value: "other", label: "Another team member" },
] as const satisfies readonly Option[];

export const TRIAGE_ACTIONS = [
  { value: "appointment", label: "Book an appointment" },
  { value: "phone_call", label: "Telephone call" },
  { value: "video", label: "Video consultation" },
  { value: "prescription", label: "Prescription" },
  { value: "test", label: "Test or investigation" },
  { value: "referral", label: "Referral" },
  { value: "letter", label: "Letter, form or fit note" },
  { value: "advice", label: "Advice only" },
] as const satisfies readonly Option[];

/** `long_term_condition` also sets the request's long-term-condition flag (the inbox filter). */
export const TRIAGE_TOPICS = [
  { value: "long_term_condition", label: "Long-term condition" },
  { value: "new_symptom", label: "New symptom" },
  { value: "medication", label: "Medication" },
  { value: "mental_health", label: "Mental health" },
  { value: "test_results", label: "Test results" },
  { value: "administration", label: "Administration" },
] as const satisfies readonly Option[];

export const LONG_TERM_CONDITION_TOPIC = "long_term_condition";

/** The furthest ahead a review may be set. */
export const REVIEW_MAX_YEARS = 2;

export const TRIAGE_MESSAGES = {
  difficulty: "Choose how difficult this request is to resolve",
  role: "Choose who should resolve this request",
  action: "Choose the actions from the list",
  topic: "Choose the topics from the list",
  reviewIncomplete: "Review date must include a day, month and year",
  reviewReal: "Review date must be a real date",
  reviewPast: "Review date must be today or in the future",
  reviewTooFar: "Review date must be within the next 2 years",
} as const;

const values = (options: readonly Option[]) => options.map((o) => o.value) as [string, ...string[]];

/** Several ticked boxes arrive as an array, one as a string, none as nothing. */
const ticked = (options: readonly Option[], message: string) =>
  z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(values(options), { error: message }), { error: message }).max(options.length, message));

/** The triage form's fields (the request page adds intent and version). */
export const triageFields = {
  difficulty: z.union([z.literal(""), z.enum(values(TRIAGE_DIFFICULTIES))], { error: TRIAGE_MESSAGES.difficulty }).default(""),
  role: z.union([z.literal(""), z.enum(values(TRIAGE_ROLES))], { error: TRIAGE_MESSAGES.role }).default(""),
  actions: ticked(TRIAGE_ACTIONS, TRIAGE_MESSAGES.action),
  topics: ticked(TRIAGE_TOPICS, TRIAGE_MESSAGES.topic),
  reviewDay: z.string().trim().max(4).default(""),
  reviewMonth: z.string().trim().max(4).default(""),
  reviewYear: z.string().trim().max(6).default(""),
};

export type TriageForm = {
  difficulty: string;
  role: string;
  actions: string[];
  topics: string[];
  reviewDay: string;
  reviewMonth: string;
  reviewYear: string;
};

export type Triage = {
  difficulty: string | null;
  role: string | null;
  actions: string[];
  topics: string[];
  longTermCondition: boolean;
  /** YYYY-MM-DD, or null for none. */
  reviewDate: string | null;
};

export type ReviewDateResult = { ok: true; iso: string | null } | { ok: false; message: string; field: "reviewDay" | "reviewMonth" | "reviewYear" };

/** The three review-date fields: all empty is no review; otherwise a real date from today to 2 years on (London). */
export function parseReviewDate(parts: { day: string; month: string; year: string }, now: Date): ReviewDateResult {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (!day && !month && !year) return { ok: true, iso: null };
  if (!day || !month || !year) return { ok: false, message: TRIAGE_MESSAGES.reviewIncomplete, field: !day ? "reviewDay" : !month ? "reviewMonth" : "reviewYear" };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return { ok: false, message: TRIAGE_MESSAGES.reviewReal, field: "reviewDay" };
  const d = Number(day);
  const m = Number(month);
  const y = Number(year);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return { ok: false, message: TRIAGE_MESSAGES.reviewReal, field: "reviewDay" };
  const iso = `${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  const today = londonDate(now);
  if (iso < today) return { ok: false, message: TRIAGE_MESSAGES.reviewPast, field: "reviewDay" };
  // The same day two years on (a string bound, so 29 February needs no special case).
  const latest = `${Number(today.slice(0, 4)) + REVIEW_MAX_YEARS}${today.slice(4)}`;
  if (iso > latest) return { ok: false, message: TRIAGE_MESSAGES.reviewTooFar, field: "reviewYear" };
  return { ok: true, iso };
}

/** The stored triage from a valid form: lists in the options' order, no repeats; the LTC flag from the topics. */
export function triageFromForm(form: TriageForm, reviewDate: string | null): Triage {
  const inOrder = (options: readonly Option[], chosen: string[]) => options.map((o) => o.value).filter((v) => chosen.includes(v));
  const topics = inOrder(TRIAGE_TOPICS, form.topics);
  return {
    difficulty: form.difficulty || null,
    role: form.role || null,
    actions: inOrder(TRIAGE_ACTIONS, form.actions),
    topics,
    longTermCondition: topics.includes(LONG_TERM_CONDITION_TOPIC),
    reviewDate,
  };
}

const labelOf = (options: readonly Option[], value: string | null) => options.find((o) => o.value === value)?.label ?? null;

/** One line for the request's history and page: the parts that are set, in words. */
export function triageSummary(t: Pick<Triage, "difficulty" | "role" | "actions" | "topics" | "reviewDate">): string {
  const parts = [
    t.difficulty ? `Difficulty: ${labelOf(TRIAGE_DIFFICULTIES, t.difficulty)}` : null,
    t.role ? `To resolve: ${labelOf(TRIAGE_ROLES, t.role)}` : null,
    t.actions.length ? `Actions: ${t.actions.map((a) => labelOf(TRIAGE_ACTIONS, a)).join(", ")}` : null,
    t.topics.length ? `Topics: ${t.topics.map((a) => labelOf(TRIAGE_TOPICS, a)).join(", ")}` : null,
    t.reviewDate ? `Review on ${t.reviewDate.slice(8, 10)}/${t.reviewDate.slice(5, 7)}/${t.reviewDate.slice(0, 4)}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join("; ") : "Triage cleared";
}

export const difficultyLabel = (value: string | null) => labelOf(TRIAGE_DIFFICULTIES, value);
export const roleLabel = (value: string | null) => labelOf(TRIAGE_ROLES, value);
export const actionLabels = (values: readonly string[] | null) => (values ?? []).map((v) => labelOf(TRIAGE_ACTIONS, v) ?? v);
export const topicLabels = (values: readonly string[] | null) => (values ?? []).map((v) => labelOf(TRIAGE_TOPICS, v) ?? v);

/** The inbox's long-term-condition filter (spec 3 §7 hide_ltc_issues): all, hide them, or only them. */
export type LtcFilter = "hide" | "only" | null;
export function parseLtcFilter(value: string | null | undefined): LtcFilter {
  return value === "hide" || value === "only" ? value : null;
}

/** The review-date filter (spec 3 §7 review_date): requests whose review is due today or before. */
export type ReviewFilter = "due" | null;
export function parseReviewFilter(value: string | null | undefined): ReviewFilter {
  return value === "due" ? "due" : null;
}
