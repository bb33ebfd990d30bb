import { describe, expect, it } from "vitest";
import { CONSENT_FEATURES, CONSENT_MESSAGES, CONSENT_TERMS, consentIsCurrent, consentRequiredFor, ConsentSchema, consentState, flagsNeedingConsent } from "./consents";

describe("consentRequiredFor", () => {
  it("is true for bulk messaging, video and AI triage, false for any other feature", () => {
    expect(CONSENT_FEATURES.map(consentRequiredFor)).toEqual([true, true, true]);
    for (const other of ["translation_gp", "mfa", "notifications", ""]) expect(consentRequiredFor(other)).toBe(false);
  });
  it("every feature has terms with a version and text", () => {
    for (const f of CONSENT_FEATURES) {
      expect(CONSENT_TERMS[f].version).toMatch(/^\d{4}-\d{2}$/);
      expect(CONSENT_TERMS[f].sections.flatMap((s) => s.paragraphs).length).toBeGreaterThan(2);
    }
  });
});

describe("consentState", () => {
  const at = new Date("2026-02-01T10:00:00Z");
  it("none, agreed, outdated (earlier terms) or withdrawn", () => {
    expect(consentState(null, "2026-01")).toBe("none");
    expect(consentState({ termsVersion: "2026-01", agreedAt: at, withdrawnAt: null }, "2026-01")).toBe("agreed");
    expect(consentState({ termsVersion: "2025-06", agreedAt: at, withdrawnAt: null }, "2026-01")).toBe("outdated");
    expect(consentState({ termsVersion: "2026-01", agreedAt: at, withdrawnAt: at }, "2026-01")).toBe("withdrawn");
  });
  it("only an agreement to the current terms lets the feature be on", () => {
    expect(consentIsCurrent({ termsVersion: "2026-01", agreedAt: at, withdrawnAt: null }, "2026-01")).toBe(true);
    expect(consentIsCurrent({ termsVersion: "2025-06", agreedAt: at, withdrawnAt: null }, "2026-01")).toBe(false);
    expect(consentIsCurrent(null, "2026-01")).toBe(false);
  });
});

describe("ConsentSchema", () => {
  it("agreeing needs the box ticked; withdrawing needs the consequence acknowledged", () => {
    expect(ConsentSchema.safeParse({ intent: "agree", agree: "yes" }).success).toBe(true);
    expect(ConsentSchema.safeParse({ intent: "agree" }).error?.issues[0]?.message).toBe(CONSENT_MESSAGES.agreeRequired);
    expect(ConsentSchema.safeParse({ intent: "withdraw", understood: "yes" }).success).toBe(true);
    expect(ConsentSchema.safeParse({ intent: "withdraw" }).error?.issues[0]?.message).toBe(CONSENT_MESSAGES.understoodRequired);
    expect(ConsentSchema.safeParse({}).success).toBe(false);
  });
});

describe("flagsNeedingConsent", () => {
  const off = { allowVideo: false, bulkMessagingEnabled: false };
  it("names the consent features a change switches on", () => {
    expect(flagsNeedingConsent(off, { allowVideo: true, bulkMessagingEnabled: true })).toEqual(["allowVideo", "bulkMessagingEnabled"]);
    expect(flagsNeedingConsent(off, { allowVideo: false })).toEqual([]);
  });
  it("leaves alone what is on already, or switched off", () => {
    expect(flagsNeedingConsent({ allowVideo: true, bulkMessagingEnabled: true }, { allowVideo: true, bulkMessagingEnabled: false })).toEqual([]);
  });
});
