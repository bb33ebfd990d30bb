/**
 * Questionnaires (spec 3 §3 "question sets", spec 2 §2.2 /{code}/questionnaire/{id}): typed
 * questions as stored, checked as a whole when saved or imported, and turned into the request
 * journey's answer rules (domain/requests/answer-rules.ts) so a patient's answers are validated
 * with the spec's messages ("This question is required.", "This question only accepts numeric
 * answers."). Pure.
 */
import * as z from "zod";
import { displayAnswer, type RuleQuestion } from "~/domain/requests/answer-rules";

export const QUESTION_KINDS = ["free_text", "number", "single_choice", "multiple_choice", "date", "yes_no"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const KIND_LABELS: Record<QuestionKind, string> = {
  free_text: "Text",
  number: "Number",
  single_choice: "Single choice",
  multiple_choice: "Multiple choice",
  date: "Date",
  yes_no: "Yes or no",
};

export type QuestionDefinition = {
  text: string;
  hint?: string | null;
  kind: QuestionKind;
  required: boolean;
  /** Number questions: the unit shown after the box (mmHg, kg, per day). */
  unit?: string | null;
  min?: number | null;
  max?: number | null;
  /** Text questions: the most characters (tags stripped). */
  maxLength?: number | null;
  /** Choice questions: the options, value and label. */
  options?: { value: string; label: string }[] | null;
};

export const QUESTIONS_MAX = 30;

export const QUESTION_MESSAGES = {
  text: "Each question needs its text",
  textTooLong: "A question's text must be 500 characters or fewer",
  kind: `The question type must be one of: ${QUESTION_KINDS.join(", ")}`,
  options: "A choice question needs at least 2 options",
  optionsNotAllowed: "Only choice questions have options",
  duplicateOption: "A question's options must all be different",
  range: "The smallest value must not be more than the largest",
  unitNotAllowed: "Only number questions have a unit or a range",
  none: "Add at least one question",
  tooMany: `A questionnaire may have at most ${QUESTIONS_MAX} questions`,
  title: "Enter a title",
  titleTooLong: "The title must be 100 characters or fewer",
  hintTooLong: "A question's hint must be 500 characters or fewer",
  unitTooLong: "The unit must be 20 characters or fewer",
  minNumber: "The smallest value must be a whole number",
  maxNumber: "The largest value must be a whole number",
  optionTooLong: "Each option must be 200 characters or fewer",
  tooManyOptions: "A question may have at most 20 options",
  descriptionTooLong: "The description must be 1000 characters or fewer",
} as const;

const m = QUESTION_MESSAGES;

const optionSchema = z.object({ value: z.string().trim().min(1).max(60), label: z.string().trim().min(1, m.options).max(200, m.optionTooLong) });

export const QuestionSchema = z
  .object({
    text: z.string({ error: m.text }).trim().min(1, m.text).max(500, m.textTooLong),
    hint: z.string().trim().max(500, m.hintTooLong).nullish(),
    kind: z.enum(QUESTION_KINDS, { error: m.kind }),
    required: z.boolean().default(false),
    unit: z.string().trim().max(20, m.unitTooLong).nullish(),
    min: z.number({ error: m.minNumber }).int(m.minNumber).min(-1_000_000, m.minNumber).max(1_000_000, m.minNumber).nullish(),
    max: z.number({ error: m.maxNumber }).int(m.maxNumber).min(-1_000_000, m.maxNumber).max(1_000_000, m.maxNumber).nullish(),
    maxLength: z.number().int().min(1).max(5000).nullish(),
    options: z.array(optionSchema).max(20, m.tooManyOptions).nullish(),
  })
  .superRefine((q, ctx) => {
    const choice = q.kind === "single_choice" || q.kind === "multiple_choice";
    if (choice && (q.options?.length ?? 0) < 2) ctx.addIssue({ code: "custom", path: ["options"], message: m.options });
    if (!choice && q.options?.length) ctx.addIssue({ code: "custom", path: ["options"], message: m.optionsNotAllowed });
    if (q.options && new Set(q.options.map((o) => o.value)).size !== q.options.length) ctx.addIssue({ code: "custom", path: ["options"], message: m.duplicateOption });
    if (q.kind !== "number" && (q.unit || q.min != null || q.max != null)) ctx.addIssue({ code: "custom", path: ["unit"], message: m.unitNotAllowed });
    if (q.min != null && q.max != null && q.min > q.max) ctx.addIssue({ code: "custom", path: ["min"], message: m.range });
  });

export const QuestionnaireSchema = z.object({
  title: z.string({ error: m.title }).trim().min(1, m.title).max(100, m.titleTooLong),
  description: z.string().trim().max(1000, m.descriptionTooLong).default(""),
  tags: z.array(z.string()).default([]),
  questions: z.array(QuestionSchema, { error: m.none }).min(1, m.none).max(QUESTIONS_MAX, m.tooMany),
});

export type QuestionnaireInput = { title: string; description: string; tags: string[]; questions: QuestionDefinition[] };

/** Stored questions (jsonb) read back; anything that does not parse is dropped rather than shown wrongly. */
export function readQuestions(stored: unknown): QuestionDefinition[] {
  if (!Array.isArray(stored)) return [];
  const out: QuestionDefinition[] = [];
  for (const item of stored) {
    const parsed = QuestionSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data as QuestionDefinition);
  }
  return out;
}

/** The answer rules of each question (ids 1, 2, … in order: fields q1, q2, …). */
export function ruleQuestions(questions: readonly QuestionDefinition[]): (RuleQuestion & { text: string; hint: string | null; unit: string | null })[] {
  return questions.map((q, i) => ({
    id: i + 1,
    kind: q.kind,
    required: q.required,
    maxLength: q.kind === "free_text" ? (q.maxLength ?? 1000) : null,
    minValue: q.kind === "number" ? (q.min ?? null) : null,
    maxValue: q.kind === "number" ? (q.max ?? null) : null,
    options: q.options ?? null,
    text: q.text,
    hint: q.hint ?? null,
    unit: q.kind === "number" ? (q.unit ?? null) : null,
  }));
}

/** What a question's rules are, in a line for staff ("Number in mmHg, 50 to 250, required"). */
export function describeQuestion(q: QuestionDefinition): string {
  const parts: string[] = [KIND_LABELS[q.kind]];
  if (q.kind === "number") {
    if (q.unit) parts[0] += ` in ${q.unit}`;
    if (q.min != null && q.max != null) parts.push(`${q.min} to ${q.max}`);
    else if (q.min != null) parts.push(`at least ${q.min}`);
    else if (q.max != null) parts.push(`at most ${q.max}`);
  }
  if (q.options?.length) parts.push(q.options.map((o) => o.label).join(" / "));
  parts.push(q.required ? "required" : "optional");
  return parts.join(", ");
}

/** The answers as the message that comes back into the request's conversation. */
export function answersMessage(title: string, questions: readonly QuestionDefinition[], answers: Record<string, string | string[] | null>): string {
  const rules = ruleQuestions(questions);
  const lines = [`Answers to "${title}":`];
  for (const q of rules) {
    const answer = answers[`q${q.id}`];
    const shown = displayAnswer(q, answer ?? null).join(", ");
    lines.push(`${q.text}: ${shown}${q.unit && answer ? ` ${q.unit}` : ""}`);
  }
  return lines.join("\n");
}
