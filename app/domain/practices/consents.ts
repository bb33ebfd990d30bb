/**
 * Feature consents (spec 3 §2 /practices/{practice_code}/consents/{feature}): a feature that
 * changes what the practice does with patients' data or how it talks to them is switched on
 * only once the practice has agreed to its terms. The terms carry a version: agreeing records
 * it, and new terms need a new agreement. Decision 0075.
 */
import * as z from "zod";

export const CONSENT_FEATURES = ["bulk_messaging", "video", "ai_triage"] as const;
export type ConsentFeature = (typeof CONSENT_FEATURES)[number];

export const isConsentFeature = (value: unknown): value is ConsentFeature => CONSENT_FEATURES.includes(value as ConsentFeature);

/**
 * Whether switching a feature on needs the practice's agreement first. For /practices/edit:
 * the names are the features of the practice settings form (bulk_messaging, video, ai_triage
 * need it; any other feature, e.g. translation or mfa, does not).
 */
export function consentRequiredFor(feature: string): feature is ConsentFeature {
  return isConsentFeature(feature);
}

/** The practice settings' feature flags that switch on a consent feature. */
export const FEATURE_FLAG_CONSENTS = { allowVideo: "video", bulkMessagingEnabled: "bulk_messaging" } as const satisfies Record<string, ConsentFeature>;
export type ConsentFlag = keyof typeof FEATURE_FLAG_CONSENTS;

/** The flags this change switches on (off before, on after) whose feature needs an agreement first. */
export function flagsNeedingConsent(before: Record<ConsentFlag, boolean>, after: Partial<Record<ConsentFlag, boolean>>): ConsentFlag[] {
  return (Object.keys(FEATURE_FLAG_CONSENTS) as ConsentFlag[]).filter((flag) => after[flag] === true && !before[flag]);
}

export const consentNeededMessage = (title: string) => `Agree to the ${title.toLowerCase()} terms before switching it on`;

export type ConsentTerms = { title: string; version: string; summary: string; sections: { heading: string; paragraphs: string[] }[] };

export const CONSENT_TERMS: Record<ConsentFeature, ConsentTerms> = {
  bulk_messaging: {
    title: "Bulk messaging",
    version: "2026-01",
    summary: "Send the same text or email message to many patients at once, for example to invite them for a vaccination.",
    sections: [
      {
        heading: "What the practice agrees to",
        paragraphs: [
          "The practice is the data controller for every message it sends. It chooses who receives a message and is responsible for its content.",
          "The practice sends bulk messages only for the direct care of its patients or for purposes they would reasonably expect, such as recalls, invitations and service changes. It does not send marketing.",
          "The practice checks each list of recipients before sending, and honours patients who have asked not to be contacted by text or email.",
          "Text messages are charged to the practice at the rate in its contract. A message sent cannot be recalled.",
        ],
      },
      {
        heading: "What we do",
        paragraphs: [
          "We send the messages through NHS Notify and keep a record of each message, its recipients and its delivery for 8 years, as the NHS Records Management Code of Practice requires for patient correspondence.",
        ],
      },
    ],
  },
  video: {
    title: "Video consultations",
    version: "2026-01",
    summary: "Hold video consultations with patients, one to one or in groups, from the inbox.",
    sections: [
      {
        heading: "What the practice agrees to",
        paragraphs: [
          "Clinicians use video only when it is clinically appropriate, and offer another way to be seen when it is not.",
          "Clinicians hold video consultations from a private space, confirm the patient's identity at the start, and record the consultation in the patient's record as they would a face-to-face one.",
          "Consultations are not recorded. Neither the practice nor the patient may record a consultation without the other's explicit agreement.",
          "For group consultations, the practice tells every participant that others will see and hear them, and asks for their agreement before the session.",
        ],
      },
      {
        heading: "What we do",
        paragraphs: [
          "Video and sound travel encrypted between the participants and are not stored. We keep when a consultation took place, who took part and how long it lasted, for 8 years.",
        ],
      },
    ],
  },
  ai_triage: {
    title: "AI-assisted triage",
    version: "2026-01",
    summary: "Show staff a suggested urgency and care route for each request, produced by an AI model from the patient's answers.",
    sections: [
      {
        heading: "What the practice agrees to",
        paragraphs: [
          "Suggestions support clinical judgement and never replace it. A member of the clinical team remains responsible for every triage decision.",
          "The practice has completed a clinical safety assessment (DCB0160) for its use of AI-assisted triage and names a Clinical Safety Officer.",
          "The practice updates its privacy notice to tell patients that their answers are analysed to suggest an urgency, and reports any suggestion it believes unsafe to us and through the Yellow Card scheme.",
        ],
      },
      {
        heading: "What we do",
        paragraphs: [
          "The model runs within our UK hosting. Patients' answers are not used to train it. Every suggestion is kept with the request, with the model's version, for audit.",
          "Patients are never told a suggestion: only what the practice decides.",
        ],
      },
    ],
  },
};

export const CONSENT_MESSAGES = {
  agreeRequired: "Confirm that you have read the terms and agree to them for the practice",
  understoodRequired: "Confirm that you understand the feature will be switched off",
  agreed: (title: string) => `${title}: terms agreed. The feature can now be switched on in the practice settings.`,
  withdrawn: (title: string) => `${title}: agreement withdrawn. The feature has been switched off.`,
  conflict: "The agreement changed while you were on this page. Check it and try again.",
} as const;

export const ConsentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("agree"), agree: z.literal("yes", { error: CONSENT_MESSAGES.agreeRequired }) }),
  z.object({ intent: z.literal("withdraw"), understood: z.literal("yes", { error: CONSENT_MESSAGES.understoodRequired }) }),
]);

export type ConsentRecord = { termsVersion: string; agreedAt: Date; withdrawnAt: Date | null } | null;

/** The state of a practice's agreement against the current terms. */
export function consentState(record: ConsentRecord, currentVersion: string): "none" | "agreed" | "outdated" | "withdrawn" {
  if (!record) return "none";
  if (record.withdrawnAt) return "withdrawn";
  return record.termsVersion === currentVersion ? "agreed" : "outdated";
}

/** Whether a feature may be on: an agreement to the current terms, not withdrawn. */
export const consentIsCurrent = (record: ConsentRecord, currentVersion: string) => consentState(record, currentVersion) === "agreed";
