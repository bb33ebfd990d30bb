/**
 * The questionnaire editor's form (create and edit, practice and national; decision 0088): a
 * title, description and tags, then a list of typed questions typed as plain text fields
 * (options one a line, the range as two whole numbers), turned into question definitions and
 * checked by the one QuestionSchema, so the editor and the upload refuse the same things with
 * the same messages. Client-safe: the browser repeats these checks when JS runs.
 */
import * as z from "zod";
import { tagsField } from "./placeholders";
import { QUESTION_KINDS, QUESTION_MESSAGES, QUESTIONS_MAX, QuestionSchema, type QuestionDefinition, type QuestionnaireInput } from "./questions";

const m = QUESTION_MESSAGES;

/** The fields of one question as the form (or a CSV line) carries them: all text. */
export type QuestionFields = {
  text?: string;
  hint?: string;
  kind?: string;
  required?: string;
  unit?: string;
  min?: string;
  max?: string;
  options?: string;
};

/** "I used to smoke" → "i_used_to_smoke": an option's stored value, from its label. */
export function optionValue(label: string, index: number): string {
  const slug = label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60);
  return slug || `option_${index + 1}`;
}

/** Options typed one a line (or split by `|` in a file): blank lines ignored. */
export function parseOptions(text: string, separator: RegExp = /\r?\n/): { value: string; label: string }[] {
  return text
    .split(separator)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((label, i) => ({ value: optionValue(label, i), label }));
}

const wholeNumber = (v: string | undefined): number | null | undefined => {
  const t = v?.trim();
  if (!t) return null;
  // Not a whole number: left as NaN, which the schema refuses with its message.
  return /^-?\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
};

const YES = new Set(["on", "true", "yes", "y", "1", "required"]);

/** One question's fields as a definition (not yet checked). */
export function questionFromFields(f: QuestionFields, optionSeparator?: RegExp): Record<string, unknown> {
  const kind = (f.kind ?? "").trim().toLowerCase();
  const options = f.options?.trim() ? parseOptions(f.options, optionSeparator) : null;
  return {
    text: f.text ?? "",
    hint: f.hint?.trim() || null,
    kind,
    required: YES.has((f.required ?? "").trim().toLowerCase()),
    unit: f.unit?.trim() || null,
    min: wholeNumber(f.min),
    max: wholeNumber(f.max),
    options,
  };
}

/** The field a QuestionSchema problem is shown against (options' own paths fold into `options`). */
export type QuestionProblem = { field: keyof QuestionFields; message: string };

/** Checks one question's fields: the definition, or each problem with its field. */
export function checkQuestion(f: QuestionFields, optionSeparator?: RegExp): { ok: true; question: QuestionDefinition } | { ok: false; problems: QuestionProblem[] } {
  const parsed = QuestionSchema.safeParse(questionFromFields(f, optionSeparator));
  if (parsed.success) return { ok: true, question: parsed.data as QuestionDefinition };
  const problems: QuestionProblem[] = [];
  for (const issue of parsed.error.issues) {
    const first = String(issue.path[0] ?? "text");
    const field = (["text", "hint", "kind", "required", "unit", "min", "max", "options"].includes(first) ? first : "text") as keyof QuestionFields;
    if (!problems.some((p) => p.field === field)) problems.push({ field, message: issue.message });
  }
  return { ok: false, problems };
}

const questionFields = z.object({
  text: z.string().optional(),
  hint: z.string().optional(),
  kind: z.string().optional(),
  required: z.string().optional(),
  unit: z.string().optional(),
  min: z.string().optional(),
  max: z.string().optional(),
  options: z.string().optional(),
});

export const QuestionnaireFormSchema = z
  .object({
    title: z.string({ error: m.title }).trim().min(1, m.title).max(100, m.titleTooLong),
    description: z.string().trim().max(1000, m.descriptionTooLong).optional(),
    tags: tagsField,
    questions: z.array(questionFields.optional(), { error: m.none }).min(1, m.none).max(QUESTIONS_MAX, m.tooMany),
  })
  .transform((value, ctx): QuestionnaireInput => {
    const questions: QuestionDefinition[] = [];
    value.questions.forEach((fields, index) => {
      const checked = checkQuestion(fields ?? {});
      if (checked.ok) questions.push(checked.question);
      else for (const p of checked.problems) ctx.addIssue({ code: "custom", path: ["questions", index, p.field], message: p.message });
    });
    return { title: value.title, description: value.description ?? "", tags: value.tags, questions };
  });

/** A stored question as the form's fields (editing, or copying a national questionnaire). */
export function fieldsFromQuestion(q: QuestionDefinition): Required<QuestionFields> {
  return {
    text: q.text,
    hint: q.hint ?? "",
    kind: q.kind,
    required: q.required ? "on" : "",
    unit: q.unit ?? "",
    min: q.min == null ? "" : String(q.min),
    max: q.max == null ? "" : String(q.max),
    options: (q.options ?? []).map((o) => o.label).join("\n"),
  };
}

export const EMPTY_QUESTION: QuestionFields = { kind: "free_text" };
export { QUESTION_KINDS };
