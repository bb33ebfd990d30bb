/**
 * The patient feedback page's filters (spec 3 §2, §7: sort, page, limit 20, feedback_for, filters):
 * what the feedback is for (the practice, Frontdoor itself, or the friends and family test) and
 * the rating (5 very good … 1 very poor; an FFT answer counts as the rating it stands for).
 * Anything unknown in the query is "all".
 */
import * as z from "zod";
import { FFT_LABELS } from "./sections";

export const FEEDBACK_FOR = ["all", "practice", "frontdoor", "fft"] as const;
export type FeedbackFor = (typeof FEEDBACK_FOR)[number];
export const FEEDBACK_FOR_LABELS: Record<FeedbackFor, string> = {
  all: "All feedback",
  practice: "The practice",
  frontdoor: "This website",
  fft: "Friends and family test",
};
export const FEEDBACK_PAGE_SIZE = 20;

export const FeedbackFilterSchema = z.object({
  for: z.enum(FEEDBACK_FOR).catch("all"),
  rating: z.coerce.number().int().min(1).max(5).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(9999).catch(1),
});
export type FeedbackFilter = z.infer<typeof FeedbackFilterSchema>;

export function parseFeedbackFilter(q: { for?: string | null; rating?: string | null; page?: string | null }): FeedbackFilter {
  return FeedbackFilterSchema.parse({ for: q.for ?? undefined, rating: q.rating ? q.rating : null, page: q.page ?? undefined });
}

/** The name staff see beside feedback: "Anonymous" when the practice anonymises it or nobody is known. */
export function feedbackAuthor(anonymise: boolean, person: { firstName: string | null; lastName: string | null }): string {
  if (anonymise || !person.firstName) return "Anonymous";
  return `${person.firstName} ${person.lastName ?? ""}`.trim();
}

export const answerLabel = (answer: string) => FFT_LABELS[answer] ?? answer;
