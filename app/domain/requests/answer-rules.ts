/**
 * The rules of a question page, built from the question rows (docs/decisions/0018): field
 * names, options, the date check, saving and showing answers. Pure: no database, no clock (today
 * is given). The page's zod schema is in answer-schema.ts, read by the actions only (a `.server` module: the browser build gets an empty one): the pages
 * import this module, and zod here would ship to the browser with it (decision 0137).
 *
 * Field names are `q{question id}`; a date is three fields `q{id}.day`, `.month`, `.year`;
 * a multiple choice is a checkbox group posting `q{id}` once per ticked box.
 */
import { formatDate } from "~/validation/dates";
import { copy } from "~/copy";

export type RuleQuestion = {
  id: number;
  kind: "free_text" | "number" | "single_choice" | "multiple_choice" | "date" | "yes_no";
  required: boolean;
  maxLength: number | null;
  minValue: number | null;
  maxValue: number | null;
  options: { value: string; label: string }[] | null;
  emergencyValues?: string[] | null;
};

export type AnswerValue = string | string[];
export type GivenAnswer = { questionId: number; answer: AnswerValue | null };

/** The option that means "none of the above": it cannot be ticked with another. */
export const NONE_VALUE = "none";

export const YES_NO_OPTIONS = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

export const ANSWER_MESSAGES = {
  required: "This question is required.",
  numeric: "This question only accepts numeric answers.",
  tooLong: (n: number) => `The answer field may not be greater than ${n} characters.`,
  between: (min: number, max: number) => `The answer must be between ${min} and ${max}.`,
  atLeast: (min: number) => `The answer must be ${min} or more.`,
  atMost: (max: number) => `The answer must be ${max} or less.`,
  notAnOption: "Select one of the options.",
  noneExclusive: 'Select "None of these" on its own, or the options that apply.',
  dateDay: "The date must include a day",
  dateMonth: "The date must include a month",
  dateYear: "The date must include a year",
  dateReal: "The date must be a real date",
  dateFuture: "The date must be today or in the past",
} as const;

const m = ANSWER_MESSAGES;

export const fieldName = (q: Pick<RuleQuestion, "id">) => `q${q.id}`;

/** Text as the length rule counts it (spec 2 §5): HTML tags stripped. */
export function stripTags(text: string): string {
  return text.replace(/<[^>]*>/g, "");
}

/** Characters as people count them (an emoji is one), not UTF-16 units. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

export function optionsOf(q: Pick<RuleQuestion, "kind" | "options">): { value: string; label: string }[] {
  if (q.kind === "yes_no") return [...YES_NO_OPTIONS];
  return q.options ?? [];
}

export type DateParts = { day?: string; month?: string; year?: string };
export type DateCheck = { ok: true; iso: string | null } | { ok: false; message: string; part: "day" | "month" | "year" };

/** A date from its three parts: real, and not after today (UTC midnight of London's today). */
export function checkDate(parts: DateParts | undefined, required: boolean, today: Date): DateCheck {
  const day = (parts?.day ?? "").trim();
  const month = (parts?.month ?? "").trim();
  const year = (parts?.year ?? "").trim();
  if (!day && !month && !year) return required ? { ok: false, message: m.required, part: "day" } : { ok: true, iso: null };
  if (!day) return { ok: false, message: m.dateDay, part: "day" };
  if (!month) return { ok: false, message: m.dateMonth, part: "month" };
  if (!year) return { ok: false, message: m.dateYear, part: "year" };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) {
    return { ok: false, message: m.dateReal, part: !/^\d{1,2}$/.test(day) ? "day" : !/^\d{1,2}$/.test(month) ? "month" : "year" };
  }
  const d = Number(day);
  const mo = Number(month);
  const y = Number(year);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return { ok: false, message: m.dateReal, part: "day" };
  }
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > todayUtc) return { ok: false, message: m.dateFuture, part: "day" };
  return { ok: true, iso: `${year}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
}

/** The parsed page value as answers to save (empty optional answers as null: saveAnswers clears them). */
export function answersFromValue(questions: readonly RuleQuestion[], value: Record<string, unknown>): GivenAnswer[] {
  return questions.map((q) => {
    const raw = value[fieldName(q)];
    if (raw === undefined || raw === null || raw === "") return { questionId: q.id, answer: null };
    if (Array.isArray(raw)) return { questionId: q.id, answer: raw.length ? raw.map(String) : null };
    return { questionId: q.id, answer: String(raw) };
  });
}

/** Saved answers as the form's default value (dates back into their three parts). */
export function formDefaults(questions: readonly RuleQuestion[], saved: ReadonlyMap<number, AnswerValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const q of questions) {
    const answer = saved.get(q.id);
    if (answer === undefined) continue;
    if (q.kind === "date" && typeof answer === "string") {
      const [year, month, day] = answer.split("-");
      out[fieldName(q)] = { day: String(Number(day)), month: String(Number(month)), year };
    } else out[fieldName(q)] = answer;
  }
  return out;
}

/** An answer as "check your answers" shows it: labels for choices, DD/MM/YYYY for dates. */
export function displayAnswer(q: Pick<RuleQuestion, "kind" | "options">, answer: AnswerValue | null | undefined): string[] {
  if (answer === null) return [copy.noInformation];
  if (answer === undefined || answer === "" || (Array.isArray(answer) && answer.length === 0)) return [copy.noInformation];
  const label = (value: string) => optionsOf(q).find((o) => o.value === value)?.label ?? value;
  switch (q.kind) {
    case "multiple_choice":
      return (Array.isArray(answer) ? answer : [answer]).map(label);
    case "single_choice":
    case "yes_no":
      return [label(String(answer))];
    case "date":
      return [/^\d{4}-\d{2}-\d{2}$/.test(String(answer)) ? formatDate(String(answer)) : String(answer)];
    default:
      return [String(answer)];
  }
}

/** Whether an answer to this question names an emergency (the red-flag screen, page 0). */
export function isEmergency(q: RuleQuestion, answer: AnswerValue | null | undefined): boolean {
  if (!q.emergencyValues?.length || answer === null || answer === undefined) return false;
  const chosen = Array.isArray(answer) ? answer : [answer];
  return chosen.some((v) => q.emergencyValues!.includes(v));
}
