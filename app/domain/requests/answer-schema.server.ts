/**
 * The zod schema of one question page (docs/decisions/0018), built from the rules of
 * answer-rules.ts. The server's actions are its only users (decision 0137): the questions page
 * validates nothing in the browser, so zod stays out of its scripts.
 */
import * as z from "zod";
import { ANSWER_MESSAGES as m, characterCount, checkDate, fieldName, NONE_VALUE, optionsOf, stripTags, type RuleQuestion } from "./answer-rules";

/**
 * Missing and empty are both "" (Conform turns empty fields into undefined). Built per call, not
 * at the top level: a route module imports this file for its action, and a top-level zod call
 * would make the bundler keep the file (and zod) in the page's scripts as a side effect.
 */
const optionalString = () =>
  z
    .string()
    .optional()
    .transform((v) => v ?? "");

function textRule(q: RuleQuestion) {
  return optionalString().superRefine((value, ctx) => {
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
  return optionalString().superRefine((value, ctx) => {
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
  return optionalString().superRefine((value, ctx) => {
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
  // Built once per page and day (issue "speed", decision 0146): the request journey's pages come
  // from the cached question set, so the same array arrives on every post of that page, and a
  // zod schema is never changed by parsing. A new array (an edited set, another form) builds anew.
  const day = today.getTime();
  const hit = built.get(questions);
  if (hit && hit.day === day) return hit.schema;
  const shape: Record<string, z.ZodType<unknown>> = {};
  for (const q of questions) shape[fieldName(q)] = ruleFor(q, today);
  const schema = z.object(shape);
  built.set(questions, { day, schema });
  return schema;
}

const built = new WeakMap<readonly RuleQuestion[], { day: number; schema: z.ZodObject<Record<string, z.ZodType<unknown>>> }>();

