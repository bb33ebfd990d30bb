/**
 * Message templates (spec 3 §2): the form's rules and the placeholders a body may hold, filled
 * in when staff start a reply from the template (or previewed with example values). Pure.
 * Decision 0085 records the placeholder syntax and the tag rules.
 */
import * as z from "zod";
import { tooLongMessage, visibleLength } from "~/validation/text-length";

export const PLACEHOLDERS = [
  { key: "patient_name", label: "The patient's name", example: "Jane Smith" },
  { key: "practice_name", label: "The practice's name", example: "Riverside Surgery" },
  { key: "booking_link", label: "A link to book an appointment", example: "https://example.nhs.uk/riverside/appointments" },
] as const;

export type PlaceholderKey = (typeof PLACEHOLDERS)[number]["key"];
export type PlaceholderValues = Record<PlaceholderKey, string>;

export const TEMPLATE_TITLE_MAX = 100;
export const TEMPLATE_BODY_MAX = 2000;
export const TAG_MAX_LENGTH = 30;
export const TAGS_MAX = 5;

export const TEMPLATE_MESSAGES = {
  title: "Enter a title",
  titleTooLong: tooLongMessage("title", TEMPLATE_TITLE_MAX),
  body: "Enter the message",
  bodyTooLong: tooLongMessage("message", TEMPLATE_BODY_MAX),
  unknownPlaceholder: (name: string) => `{${name}} is not a placeholder. Use {patient_name}, {practice_name} or {booking_link}`,
  tagTooLong: `Each tag must be ${TAG_MAX_LENGTH} characters or fewer`,
  tooManyTags: `Enter ${TAGS_MAX} tags or fewer`,
  tagCharacters: "Tags may only contain letters, numbers, spaces and hyphens",
} as const;

const m = TEMPLATE_MESSAGES;
const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;
const KNOWN = new Set<string>(PLACEHOLDERS.map((p) => p.key));

/** The names in braces that are not placeholders, in order of first use. */
export function unknownPlaceholders(body: string): string[] {
  const out: string[] = [];
  for (const match of body.matchAll(PLACEHOLDER)) {
    if (!KNOWN.has(match[1]) && !out.includes(match[1])) out.push(match[1]);
  }
  return out;
}

/** The body with each placeholder replaced by its value (unknown names are left as typed). */
export function renderTemplate(body: string, values: PlaceholderValues): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => (KNOWN.has(name) ? values[name as PlaceholderKey] : whole));
}

/** The example values the preview uses. */
export function exampleValues(practiceName?: string): PlaceholderValues {
  const values = Object.fromEntries(PLACEHOLDERS.map((p) => [p.key, p.example])) as PlaceholderValues;
  if (practiceName) values.practice_name = practiceName;
  return values;
}

/** "asthma, Flu clinic,asthma" → ["asthma", "flu clinic"]: trimmed, lower case, once each. */
export function parseTags(value: string): string[] {
  const out: string[] = [];
  for (const raw of value.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ").toLowerCase();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

export function tagsProblem(tags: readonly string[]): string | null {
  if (tags.length > TAGS_MAX) return m.tooManyTags;
  if (tags.some((t) => Array.from(t).length > TAG_MAX_LENGTH)) return m.tagTooLong;
  if (tags.some((t) => !/^[\p{L}\p{N} -]+$/u.test(t))) return m.tagCharacters;
  return null;
}

/** Tags typed as one comma-separated field. */
export const tagsField = z
  .string()
  .optional()
  .transform((v) => parseTags(v ?? ""))
  .superRefine((tags, ctx) => {
    const problem = tagsProblem(tags);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const TemplateSchema = z.object({
  intent: z.enum(["preview", "save"]).optional().transform((v) => v ?? "save"),
  title: z
    .string({ error: m.title })
    .trim()
    .min(1, m.title)
    .refine((v) => visibleLength(v) <= TEMPLATE_TITLE_MAX, m.titleTooLong),
  body: z
    .string({ error: m.body })
    .trim()
    .min(1, m.body)
    .refine((v) => visibleLength(v) <= TEMPLATE_BODY_MAX, m.bodyTooLong)
    .superRefine((v, ctx) => {
      const [first] = unknownPlaceholders(v);
      if (first) ctx.addIssue({ code: "custom", message: m.unknownPlaceholder(first) });
    }),
  tags: tagsField,
});

export type TemplateInput = { title: string; body: string; tags: string[] };
