/** Suggestion feedback (spec 1 §4, §8): stored for the product team to read. */
export { SUGGESTION_MAX_LENGTH, SuggestionSchema } from "./suggestion-schema";
import type { Db } from "~/db/client.server";
import { suggestions } from "~/db/schema";

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
