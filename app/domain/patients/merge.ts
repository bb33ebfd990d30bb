/**
 * Merging a duplicate patient record into the one the practice keeps (spec 3 §2 Patients,
 * merging; docs/decisions/0110-merging-patients.md). Pure rules: which details can be chosen,
 * the form's schema, which records look like duplicates, and the 14-day undo window.
 */
import * as z from "zod";
import { idField } from "~/validation/ids";

/** Days a merge can be undone. */
export const MERGE_UNDO_DAYS = 14;

/** The details staff choose between, side by side, in the order they are shown. */
export const MERGE_FIELDS = [
  { key: "firstName", label: "First name" },
  { key: "lastName", label: "Last name" },
  { key: "dateOfBirth", label: "Date of birth" },
  { key: "nhsNumber", label: "NHS number" },
  { key: "gender", label: "Gender" },
  { key: "email", label: "Email address" },
  { key: "mobile", label: "Mobile phone number" },
  { key: "phone", label: "Other phone number" },
  { key: "addressLine1", label: "Address line" },
  { key: "town", label: "Town or city" },
  { key: "postcode", label: "Postcode" },
] as const;

export type MergeFieldKey = (typeof MERGE_FIELDS)[number]["key"];
export type MergeDetails = Record<MergeFieldKey, string | null>;

export const MERGE_MESSAGES = {
  duplicateRequired: "Choose the duplicate record to merge",
  sameRecord: "Choose a different record: a record cannot be merged into itself",
  choiceRequired: "Choose which value to keep",
  nameRequired: "The kept record needs a first name, last name and date of birth",
  notFound: "That record is no longer available to merge: search again",
  alreadyMerged: "This merge has already been undone",
  undoExpired: `A merge can only be undone within ${MERGE_UNDO_DAYS} days`,
  merged: "Records merged.",
  undone: "Merge undone. The two records are separate again.",
} as const;

const choice = z.enum(["kept", "duplicate"], { error: MERGE_MESSAGES.choiceRequired });

/** The merge form: the duplicate's id and, for each detail, whose value the kept record takes. */
export const MergeSchema = z.object({
  duplicate: idField(MERGE_MESSAGES.duplicateRequired),
  ...(Object.fromEntries(MERGE_FIELDS.map((f) => [f.key, choice.default("kept")])) as Record<MergeFieldKey, z.ZodDefault<typeof choice>>),
});
export type MergeForm = z.infer<typeof MergeSchema>;

export const UndoMergeSchema = z.object({ intent: z.literal("undo") });

/** The kept record's details after the merge: each field from the side staff chose. */
export function mergedDetails(kept: MergeDetails, duplicate: MergeDetails, choices: Partial<Record<MergeFieldKey, "kept" | "duplicate">>): MergeDetails {
  const out = { ...kept };
  for (const { key } of MERGE_FIELDS) if (choices[key] === "duplicate") out[key] = duplicate[key];
  return out;
}

/** The details that differ between the two records (only those need a choice). */
export function differingFields(a: MergeDetails, b: MergeDetails): MergeFieldKey[] {
  const norm = (v: string | null) => (v ?? "").trim().toLowerCase();
  return MERGE_FIELDS.filter((f) => norm(a[f.key]) !== norm(b[f.key])).map((f) => f.key);
}

/**
 * Whether a record looks like a duplicate of another: the same NHS number, or the same date of
 * birth and the same last or first name (a guest who typed their name slightly differently).
 */
export function looksLikeDuplicate(a: Pick<MergeDetails, "firstName" | "lastName" | "dateOfBirth" | "nhsNumber">, b: typeof a): boolean {
  if (a.nhsNumber && b.nhsNumber && a.nhsNumber === b.nhsNumber) return true;
  if (!a.dateOfBirth || a.dateOfBirth !== b.dateOfBirth) return false;
  const same = (x: string | null, y: string | null) => Boolean(x && y && x.trim().toLowerCase() === y.trim().toLowerCase());
  return same(a.lastName, b.lastName) || same(a.firstName, b.firstName);
}

/** Whether a merge made at `mergedAt` can still be undone at `now`. */
export function canUndoMerge(mergedAt: Date, now: Date, undoneAt: Date | null): boolean {
  if (undoneAt) return false;
  return now.getTime() - mergedAt.getTime() <= MERGE_UNDO_DAYS * 24 * 60 * 60 * 1000;
}

/** The last moment an undo is allowed. */
export function undoDeadline(mergedAt: Date): Date {
  return new Date(mergedAt.getTime() + MERGE_UNDO_DAYS * 24 * 60 * 60 * 1000);
}
