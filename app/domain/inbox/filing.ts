/**
 * Filing a request to the clinical record (spec 3 §4 "autofiled"; decision 0113): the rules
 * that need no database. A SNOMED CT concept id is checked as SNOMED International defines an
 * SCTID (6 to 18 digits, no leading zero, partition "00" or "10" for a concept, and a Verhoeff
 * check digit), so a mistyped or made-up code never reaches the record. Client-safe.
 */
import * as z from "zod";
import { tooLongMessage, visibleLength } from "~/validation/text-length";

/** The most codes one consultation carries. */
export const MAX_FILING_CODES = 10;
export const FILING_SUMMARY_MAX = 2000;

export const FILING_MESSAGES = {
  noCodes: "Choose at least one SNOMED code",
  badCode: "Choose SNOMED codes from the list",
  tooMany: `Choose no more than ${MAX_FILING_CODES} SNOMED codes`,
  summaryRequired: "Enter a summary for the consultation",
  searchShort: "Enter at least 2 characters to search for SNOMED codes",
  unavailable: "The GP system could not file this request. Try again later.",
} as const;

// Verhoeff's dihedral-group tables.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
// The position permutations: the first applied 0 to 7 times (P[i] = F^i), built rather than typed.
const F = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4];
const P: number[][] = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]];
for (let i = 1; i < 8; i++) P.push(P[i - 1].map((v) => F[v]));

/** Whether the digits pass Verhoeff's check (the last digit being the check digit). */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const reversed = digits.split("").reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c][P[i % 8][Number(reversed[i])]];
  return c === 0;
}

/** A SNOMED CT concept id: an SCTID whose partition identifier names a concept. */
export function isSnomedConceptId(value: string): boolean {
  if (!/^[1-9]\d{5,17}$/.test(value)) return false;
  const partition = value.slice(-3, -1);
  if (partition !== "00" && partition !== "10") return false;
  return verhoeffValid(value);
}

const ticked = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string().refine(isSnomedConceptId, FILING_MESSAGES.badCode)).max(MAX_FILING_CODES, FILING_MESSAGES.tooMany),
);

const summary = z
  .string({ error: FILING_MESSAGES.summaryRequired })
  .trim()
  .min(1, FILING_MESSAGES.summaryRequired)
  .refine((v) => visibleLength(v) <= FILING_SUMMARY_MAX, tooLongMessage("summary", FILING_SUMMARY_MAX));

/**
 * The filing page's one form: "search" looks codes up and shows the form again with the ticks
 * kept (no JS needed); "file" files. Codes repeat across the two lists, so they are de-duplicated.
 */
export const FilingSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("search"), q: z.string().trim().max(100).default(""), codes: ticked, summary: z.string().max(20_000).default("") }),
  z.object({
    intent: z.literal("file"),
    q: z.string().max(100).optional(),
    codes: ticked.refine((codes) => codes.length > 0, FILING_MESSAGES.noCodes).transform((codes) => [...new Set(codes)]),
    summary,
  }),
]);

/** The consultation's default summary: the request's type and answers, trimmed to fit. */
export function defaultFilingSummary(input: { reference: string; issueTypeName: string; answers: { question: string; answer: string }[] }): string {
  const lines = [`Online request ${input.reference}: ${input.issueTypeName}`, ...input.answers.filter((a) => a.answer).map((a) => `${a.question}: ${a.answer}`)];
  const text = lines.join("\n");
  return text.length > FILING_SUMMARY_MAX ? `${text.slice(0, FILING_SUMMARY_MAX - 1)}…` : text;
}

/** Who the request shows as having filed it when the practice's automatic filing did (decision 0133). */
export const AUTOMATIC_FILING = "Automatic filing";
