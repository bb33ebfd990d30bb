/**
 * The AI-testing review area's model stand-in (spec 3 §2, decision 0118): the triage a model
 * would suggest for a request, made by plain rules (no network, no model), behind the interface
 * a real model would have: a request's type and words in, a suggested urgency and the role to
 * resolve it out, with the reason. And the review's form and the agreement rates.
 */
import * as z from "zod";

export const TRIAGE_ROLES = [
  { value: "gp", label: "GP" },
  { value: "receptionist", label: "Receptionist" },
] as const;
export type TriageRole = (typeof TRIAGE_ROLES)[number]["value"];
export const TRIAGE_URGENCIES = [
  { value: "1", label: "Routine" },
  { value: "2", label: "Soon" },
  { value: "3", label: "Urgent" },
] as const;

export type TriageInput = { issueKind: string; issueName: string; text: string };
export type TriageSuggestion = { urgencyId: 1 | 2 | 3; role: TriageRole; reason: string };

/** The model's interface: the suggestion for one request. */
export type TriageModel = (input: TriageInput) => TriageSuggestion;

const URGENT_WORDS = ["chest pain", "breathless", "can't breathe", "cannot breathe", "bleeding", "faint", "collapsed", "suicid", "overdose"];
const SOON_WORDS = ["worse", "spread", "swollen", "swelling", "fever", "temperature", "sick", "vomit", "infection", "rash", "side effect", "higher", "pain"];

export const rulesTriageModel: TriageModel = ({ issueKind, issueName, text }) => {
  const words = text.toLowerCase();
  const urgent = URGENT_WORDS.find((w) => words.includes(w));
  if (urgent) return { urgencyId: 3, role: "gp", reason: `The request mentions "${urgent}".` };
  const clinical = issueKind !== "admin";
  const soon = SOON_WORDS.find((w) => words.includes(w));
  if (clinical && soon) return { urgencyId: 2, role: "gp", reason: `A ${issueName.toLowerCase()} request that mentions "${soon}".` };
  if (clinical) return { urgencyId: 1, role: "gp", reason: `A ${issueName.toLowerCase()} request with no warning words.` };
  return { urgencyId: 1, role: "receptionist", reason: "An administrative request." };
};

export const REVIEW_MESSAGES = {
  agreed: "Select yes if you agree with the suggestion",
  urgency: "Select the urgency you would give",
  role: "Select who should resolve the request",
} as const;

export const ReviewSchema = z
  .object({
    agreed: z.enum(["yes", "no"], { error: REVIEW_MESSAGES.agreed }),
    urgencyId: z.enum(["1", "2", "3"], { error: REVIEW_MESSAGES.urgency }).optional(),
    role: z.enum(["gp", "receptionist"], { error: REVIEW_MESSAGES.role }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.agreed !== "no") return;
    if (!value.urgencyId) ctx.addIssue({ code: "custom", path: ["urgencyId"], message: REVIEW_MESSAGES.urgency });
    if (!value.role) ctx.addIssue({ code: "custom", path: ["role"], message: REVIEW_MESSAGES.role });
  });

export type CompletedReview = { agreed: boolean; suggestedUrgencyId: number; suggestedRole: string; correctedUrgencyId: number | null; correctedRole: string | null };

const percent = (n: number, of: number) => (of === 0 ? null : Math.round((n / of) * 100));

/** Agreement rates: whole suggestions, urgency alone, role alone (a correction may keep one). */
export function agreementRates(reviews: readonly CompletedReview[]) {
  const urgencyKept = reviews.filter((r) => r.agreed || r.correctedUrgencyId === r.suggestedUrgencyId).length;
  const roleKept = reviews.filter((r) => r.agreed || r.correctedRole === r.suggestedRole).length;
  return {
    reviewed: reviews.length,
    overall: percent(reviews.filter((r) => r.agreed).length, reviews.length),
    urgency: percent(urgencyKept, reviews.length),
    role: percent(roleKept, reviews.length),
  };
}

export const roleLabel = (role: string | null) => TRIAGE_ROLES.find((r) => r.value === role)?.label ?? "Not set";
export const urgencyName = (id: number | null) => TRIAGE_URGENCIES.find((u) => u.value === String(id))?.label ?? "Not set";
