import { describe, expect, it } from "vitest";
import { DEFAULT_FFT_EXPIRY_DAYS, fftExpiresAt, fftExpiryDays, fftLinkState, FftSchema, FFT_MESSAGES, FFT_OPTIONS, isTokenShaped } from "./fft";
import { FeedbackSchema, FEEDBACK_MESSAGES } from "./feedback";

describe("the friends and family test link's expiry", () => {
  const sent = new Date("2026-11-01T12:00:00Z");
  it("reads fft_link_expiry as days, 14 when unset or nonsense", () => {
    expect(fftExpiryDays(7)).toBe(7);
    expect(fftExpiryDays(null)).toBe(DEFAULT_FFT_EXPIRY_DAYS);
    expect(fftExpiryDays(0)).toBe(14);
    expect(fftExpiryDays(-3)).toBe(14);
    expect(fftExpiryDays(10_000)).toBe(14);
  });

  it("is open until the instant it expires, then expired; used beats expired", () => {
    const expiresAt = fftExpiresAt(sent, 7);
    expect(expiresAt.toISOString()).toBe("2026-11-08T12:00:00.000Z");
    expect(fftLinkState({ expiresAt, usedAt: null }, new Date("2026-11-08T11:59:59Z"))).toBe("open");
    expect(fftLinkState({ expiresAt, usedAt: null }, expiresAt)).toBe("expired");
    expect(fftLinkState({ expiresAt, usedAt: sent }, new Date("2026-12-01T00:00:00Z"))).toBe("used");
    expect(fftLinkState(null, sent)).toBe("unknown");
  });

  it("looks up only tokens shaped as issued", () => {
    expect(isTokenShaped("A".repeat(43))).toBe(true);
    expect(isTokenShaped("A".repeat(42))).toBe(false);
    expect(isTokenShaped(`${"A".repeat(42)}/`)).toBe(false);
    expect(isTokenShaped(undefined)).toBe(false);
  });
});

describe("the answers", () => {
  it("offers the NHS five-point scale and Don't know", () => {
    expect(FFT_OPTIONS.map((o) => o.label)).toEqual(["Very good", "Good", "Neither good nor poor", "Poor", "Very poor", "Don't know"]);
  });

  it("needs an answer; the reason is optional and limited", () => {
    expect(FftSchema.safeParse({}).error?.issues[0]?.message).toBe(FFT_MESSAGES.answer);
    expect(FftSchema.parse({ answer: "dont_know", reason: "  " })).toEqual({ answer: "dont_know", reason: null });
    expect(FftSchema.safeParse({ answer: "good", reason: "x".repeat(1001) }).error?.issues[0]?.message).toBe(FFT_MESSAGES.tooLong);
  });

  it("feedback needs what it is about and a rating; consent is a yes", () => {
    const issues = FeedbackSchema.safeParse({}).error!.issues.map((i) => i.message);
    expect(issues).toEqual([FEEDBACK_MESSAGES.target, FEEDBACK_MESSAGES.rating]);
    expect(FeedbackSchema.parse({ feedbackFor: "practice", rating: "3", mayContact: "yes" })).toEqual({ feedbackFor: "practice", rating: 3, comment: null, mayContact: true });
    // Tags do not count towards the length (spec 2 §5).
    expect(FeedbackSchema.safeParse({ feedbackFor: "practice", rating: "3", comment: `<b>${"x".repeat(2000)}</b>` }).success).toBe(true);
  });
});
