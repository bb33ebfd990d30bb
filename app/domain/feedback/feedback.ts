/**
 * Patient feedback (spec 2 §2.9 /feedback, §7.8 feedback_for): a rating from 1 (very poor) to
 * 5 (very good) and a comment, about the practice or about Frontdoor itself, with consent to be
 * contacted about it. Stored in patient_feedback, which the staff page /{code}/patient-feedback
 * and the reports read (app/domain/reports/feedback.server.ts): `feedback_for` is "practice" or
 * "frontdoor" there too. docs/decisions/0106-patient-feedback.md.
 */
import * as z from "zod";

export const FEEDBACK_TARGETS = ["practice", "frontdoor"] as const;
export type FeedbackTarget = (typeof FEEDBACK_TARGETS)[number];

export const RATINGS = [
  { value: "5", label: "Very good" },
  { value: "4", label: "Good" },
  { value: "3", label: "Neither good nor poor" },
  { value: "2", label: "Poor" },
  { value: "1", label: "Very poor" },
] as const;

export const COMMENT_MAX_LENGTH = 2000;

export const FEEDBACK_MESSAGES = {
  target: "Please choose what your feedback is about.",
  rating: "Please choose a rating.",
  /** Spec 2 §5's text length rule. */
  tooLong: `The comment field may not be greater than ${COMMENT_MAX_LENGTH} characters.`,
  /** Spec 2 §8, as for a suggestion. */
  failed: "There was an error submitting your feedback.",
  succeeded: (name: string) => `Your feedback has been submitted. Thanks for helping to improve ${name}!`,
} as const;

/** Spec 2 §5: the length counts the text with any HTML tags stripped. */
export const visibleLength = (text: string) => text.replace(/<[^>]*>/g, "").length;

export const FeedbackSchema = z.object({
  feedbackFor: z.enum(FEEDBACK_TARGETS, { error: FEEDBACK_MESSAGES.target }),
  rating: z.enum(["1", "2", "3", "4", "5"], { error: FEEDBACK_MESSAGES.rating }).transform(Number),
  comment: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || visibleLength(v) <= COMMENT_MAX_LENGTH, FEEDBACK_MESSAGES.tooLong),
  mayContact: z
    .literal("yes")
    .optional()
    .transform((v) => v === "yes"),
});
export type FeedbackInput = z.output<typeof FeedbackSchema>;
