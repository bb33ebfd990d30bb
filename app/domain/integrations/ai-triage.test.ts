import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { agreementRates, REVIEW_MESSAGES, ReviewSchema, rulesTriageModel } from "./ai-triage";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  const result = parseWithZod(data, { schema: ReviewSchema });
  return { status: result.status, error: result.status === "error" ? result.error : null };
};

describe("the rules-based triage stand-in", () => {
  it("urgent words go to a GP as urgent, whatever the type", () => {
    expect(rulesTriageModel({ issueKind: "admin", issueName: "Admin", text: "I had chest pain last night" })).toMatchObject({ urgencyId: 3, role: "gp" });
  });
  it("clinical requests go to a GP, soon when a warning word appears", () => {
    expect(rulesTriageModel({ issueKind: "clinical", issueName: "New problem", text: "A rash that has spread" })).toMatchObject({ urgencyId: 2, role: "gp" });
    expect(rulesTriageModel({ issueKind: "clinical", issueName: "New problem", text: "Earwax" })).toMatchObject({ urgencyId: 1, role: "gp" });
  });
  it("admin requests go to reception as routine", () => {
    expect(rulesTriageModel({ issueKind: "admin", issueName: "Admin", text: "A fit note please" })).toMatchObject({ urgencyId: 1, role: "receptionist" });
  });
});

describe("the review form", () => {
  it("needs an answer, and a correction when the reviewer disagrees", () => {
    expect(form({}).error).toEqual({ agreed: [REVIEW_MESSAGES.agreed] });
    expect(form({ agreed: "no" }).error).toEqual({ urgencyId: [REVIEW_MESSAGES.urgency], role: [REVIEW_MESSAGES.role] });
    expect(form({ agreed: "no", urgencyId: "2", role: "gp" }).status).toBe("success");
    expect(form({ agreed: "yes" }).status).toBe("success");
  });
});

describe("agreement rates", () => {
  it("count whole agreements, and urgency and role kept in a correction", () => {
    const rates = agreementRates([
      { agreed: true, suggestedUrgencyId: 1, suggestedRole: "gp", correctedUrgencyId: null, correctedRole: null },
      { agreed: false, suggestedUrgencyId: 1, suggestedRole: "gp", correctedUrgencyId: 2, correctedRole: "gp" },
      { agreed: false, suggestedUrgencyId: 3, suggestedRole: "gp", correctedUrgencyId: 3, correctedRole: "receptionist" },
      { agreed: true, suggestedUrgencyId: 2, suggestedRole: "receptionist", correctedUrgencyId: null, correctedRole: null },
    ]);
    expect(rates).toEqual({ reviewed: 4, overall: 50, urgency: 75, role: 75 });
    expect(agreementRates([]).overall).toBeNull();
  });
});
