/** The suggestion form's rule, shared by the browser (live validation) and the server. */
import * as z from "zod";
import { copy } from "~/copy";

export const SUGGESTION_MAX_LENGTH = 2000;

export const SuggestionSchema = z.object({
  comment: z
    .string({ error: copy.suggestion.empty })
    .trim()
    .min(1, copy.suggestion.empty)
    .max(SUGGESTION_MAX_LENGTH, `Your suggestion must be ${SUGGESTION_MAX_LENGTH} characters or fewer.`),
});
