/** Suggestion feedback (spec 1 §4, §8): stored for the product team to read. */
import * as z from "zod";
import type { Db } from "~/db/client.server";
import { suggestions } from "~/db/schema";
import { copy } from "~/copy";

export const SUGGESTION_MAX_LENGTH = 2000;

export const SuggestionSchema = z.object({
  comment: z
    .string({ error: copy.suggestion.empty })
    .trim()
    .min(1, copy.suggestion.empty)
    .max(SUGGESTION_MAX_LENGTH, `Your suggestion must be ${SUGGESTION_MAX_LENGTH} characters or fewer.`),
});

export async function submitSuggestion(
  db: Db,
  input: { comment: string; feedbackFor: string; userId?: number | null; fromPath?: string | null },
) {
  const [row] = await db
    .insert(suggestions)
    .values({
      comment: input.comment,
      feedbackFor: input.feedbackFor,
      userId: input.userId ?? null,
      fromPath: input.fromPath ?? null,
    })
    .returning({ id: suggestions.id });
  return row;
}
