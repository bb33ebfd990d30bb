/**
 * The rules of a question page, built from the question rows (docs/decisions/0018): one zod
 * schema per page, used by the server (the authority) and again in the browser for live
 * validation. Pure: no database, no clock (today is given).
 *
 * Field names are `q{question id}`; a date is three fields `q{id}.day`, `.month`, `.year`;
 * a multiple choice is a checkbox group posting `q{id}` once per ticked box.
 */
import * as z from "zod";
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
function characterCount(text: string): number {
  return Array.from(text).length;
}

export function optionsOf(q: Pick<RuleQuestion, "kind" | "options">): { value: string; label: string }[] {
  if (q.kind === "yes_no") return [...YES_NO_OPTIONS];
  return q.options ?? [];
}

/** Missing and empty are both "" (Conform turns empty fields into undefined). */
const optionalString = z
  .string()
  .optional()
  .transform((v) => v ?? "");

function textRule(q: RuleQuestion) {
  return optionalString.superRefine((value, ctx) => {
    if (value.trim() === "") {
      if (q.required) ctx.addIssue({ code: "custom", message: m.required });
      return;
    }
    if (q.maxLength !== null && characterCount(stripTags(value)) > q.maxLength) {
      ctx.addIssue({ code: "custom", message: m.tooLong(q.maxLength) });
    }
  });
}

function numberRule(q: RuleQuestion) {
  return optionalString.superRefine((value, ctx) => {
    const trimmed = value.trim();
    if (trimmed === "") {
      if (q.required) ctx.addIssue({ code: "custom", message: m.required });
      return;
    }
    if (!/^-?\d+$/.test(trimmed)) {
      ctx.addIssue({ code: "custom", message: m.numeric });
      return;
    }
    const n = Number(trimmed);
    const tooLow = q.minValue !== null && n < q.minValue;
    const tooHigh = q.maxValue !== null && n > q.maxValue;
    if (!tooLow && !tooHigh) return;
    const message =
      q.minValue !== null && q.maxValue !== null ? m.between(q.minValue, q.maxValue) : tooLow ? m.atLeast(q.minValue!) : m.atMost(q.maxValue!);
    ctx.addIssue({ code: "custom", message });
  });
}

function singleChoiceRule(q: RuleQuestion) {
  const values = new Set(optionsOf(q).map((o) => o.value));
  return optionalString.superRefine((value, ctx) => {
    if (value === "") {
      if (q.required) ctx.addIssue({ code: "custom", message: m.required });
      return;
    }
    if (!values.has(value)) ctx.addIssue({ code: "custom", message: m.notAnOption });
  });
}

function multipleChoiceRule(q: RuleQuestion) {
  const values = new Set(optionsOf(q).map((o) => o.value));
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((v) => v !== ""))
    .superRefine((chosen, ctx) => {
      if (chosen.length === 0) {
        if (q.required) ctx.addIssue({ code: "custom", message: m.required });
        return;
      }
      if (chosen.some((v) => !values.has(v))) {
        ctx.addIssue({ code: "custom", message: m.notAnOption });
        return;
      }
      if (values.has(NONE_VALUE) && chosen.includes(NONE_VALUE) && chosen.length > 1) {
        ctx.addIssue({ code: "custom", message: m.noneExclusive });
      }
    })
    .transform((chosen) => [...new Set(chosen)]);
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

function dateRule(q: RuleQuestion, today: Date) {
  return z
    .object({ day: z.string().optional(), month: z.string().optional(), year: z.string().optional() })
    .optional()
    .superRefine((parts, ctx) => {
      const result = checkDate(parts, q.required, today);
      if (!result.ok) ctx.addIssue({ code: "custom", path: [result.part], message: result.message });
    })
    .transform((parts) => {
      const result = checkDate(parts, q.required, today);
      return result.ok ? result.iso : null;
    });
}

function ruleFor(q: RuleQuestion, today: Date): z.ZodType<unknown> {
  switch (q.kind) {
    case "free_text":
      return textRule(q);
    case "number":
      return numberRule(q).transform((v) => v.trim());
    case "single_choice":
    case "yes_no":
      return singleChoiceRule(q);
    case "multiple_choice":
      return multipleChoiceRule(q);
    case "date":
      return dateRule(q, today);
  }
}

/** The schema of one page: a field per question. `today`: London's date as a UTC midnight. */
export function pageSchema(questions: readonly RuleQuestion[], today: Date) {
  const shape: Record<string, z.ZodType<unknown>> = {};
  for (const q of questions) shape[fieldName(q)] = ruleFor(q, today);
  return z.object(shape);
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
