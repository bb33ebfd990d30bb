/**
 * The NHS friends and family test (spec 2 §2.10): one question, the five-point scale plus
 * "Don't know", and a free-text reason, answered once through a link sent after an appointment.
 * The link expires after the global setting fft_link_expiry (days; 14 when unset) and works once.
 * docs/decisions/0107-friends-and-family-test.md.
 */
import * as z from "zod";
import { FFT_ANSWERS, FFT_LABELS } from "~/domain/reports/sections";

export const FFT_QUESTION = "Overall, how was your experience of our service?";
export const FFT_OPTIONS = FFT_ANSWERS.map((value) => ({ value, label: FFT_LABELS[value]! }));
export const DEFAULT_FFT_EXPIRY_DAYS = 14;
export const REASON_MAX_LENGTH = 1000;

export const FFT_MESSAGES = {
  answer: "Select how your experience of our service was overall",
  tooLong: `The reason field may not be greater than ${REASON_MAX_LENGTH} characters.`,
  thanks: "Thank you for your feedback",
  expired: "This link has expired",
  used: "You have already answered",
  unknown: "This link does not work",
} as const;

export const FftSchema = z.object({
  answer: z.enum(FFT_ANSWERS, { error: FFT_MESSAGES.answer }),
  reason: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || v.replace(/<[^>]*>/g, "").length <= REASON_MAX_LENGTH, FFT_MESSAGES.tooLong),
});
export type FftInput = z.output<typeof FftSchema>;

/** fft_link_expiry in days: unset, zero or nonsense falls back to 14. */
export function fftExpiryDays(setting: number | null | undefined): number {
  return setting && Number.isInteger(setting) && setting > 0 && setting <= 365 ? setting : DEFAULT_FFT_EXPIRY_DAYS;
}

export function fftExpiresAt(sentAt: Date, days: number): Date {
  return new Date(sentAt.getTime() + days * 24 * 60 * 60 * 1000);
}

export type LinkState = "open" | "expired" | "used" | "unknown";

/** What a link is now: used beats expired (the person answered), expiry is strict at the instant. */
export function fftLinkState(invitation: { expiresAt: Date; usedAt: Date | null } | null, now: Date): LinkState {
  if (!invitation) return "unknown";
  if (invitation.usedAt) return "used";
  if (now.getTime() >= invitation.expiresAt.getTime()) return "expired";
  return "open";
}

/** A token in a URL: what we issue (43 base64url characters), nothing else is looked up. */
export const isTokenShaped = (token: string | undefined): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
