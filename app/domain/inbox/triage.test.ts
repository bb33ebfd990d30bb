import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { HandlingSchema } from "./handling-forms";
import { parseLtcFilter, parseReviewDate, parseReviewFilter, TRIAGE_MESSAGES, triageFromForm, triageSummary } from "./triage";

const now = new Date("2026-11-27T23:30:00Z"); // 27/11/2026 in London (GMT)
const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries({ intent: "triage", version: "0", ...fields })) for (const one of [v].flat()) data.append(k, one);
  return parseWithZod(data, { schema: HandlingSchema });
};

describe("triage", () => {
  it("takes any mix of known answers, and none", () => {
    const full = form({ difficulty: "complex", role: "nurse", actions: ["phone_call", "appointment"], topics: "long_term_condition" });
    expect(full.status).toBe("success");
    const empty = form({});
    expect(empty.status).toBe("success");
    if (empty.status === "success" && empty.value.intent === "triage") expect(triageFromForm(empty.value, null)).toEqual({ difficulty: null, role: null, actions: [], topics: [], longTermCondition: false, reviewDate: null });
  });

  it("refuses answers that are not on the lists", () => {
    const bad = form({ difficulty: "easy", role: "consultant", actions: "surgery", topics: ["nothing"] });
    expect(bad.status).toBe("error");
    const errors = bad.status === "error" ? bad.error : {};
    expect(errors?.difficulty).toEqual([TRIAGE_MESSAGES.difficulty]);
    expect(errors?.role).toEqual([TRIAGE_MESSAGES.role]);
    expect(JSON.stringify(errors)).toContain(TRIAGE_MESSAGES.action);
    expect(JSON.stringify(errors)).toContain(TRIAGE_MESSAGES.topic);
  });

  it("orders the lists as the options are, without repeats, and flags a long-term condition from its topic", () => {
    const t = triageFromForm({ difficulty: "simple", role: "gp", actions: ["test", "appointment", "test"], topics: ["medication", "long_term_condition"], reviewDay: "", reviewMonth: "", reviewYear: "" }, "2027-03-15");
    expect(t.actions).toEqual(["appointment", "test"]);
    expect(t.topics).toEqual(["long_term_condition", "medication"]);
    expect(t.longTermCondition).toBe(true);
    expect(triageSummary(t)).toBe("Difficulty: Simple; To resolve: GP; Actions: Book an appointment, Test or investigation; Topics: Long-term condition, Medication; Review on 15/03/2027");
    expect(triageSummary({ difficulty: null, role: null, actions: [], topics: [], reviewDate: null })).toBe("Triage cleared");
  });

  it("reads the review date: empty is none; a real date from today (London) to two years on", () => {
    const d = (day: string, month: string, year: string) => parseReviewDate({ day, month, year }, now);
    expect(d("", "", "")).toEqual({ ok: true, iso: null });
    expect(d("27", "11", "2026")).toEqual({ ok: true, iso: "2026-11-27" });
    expect(d("1", "3", "2027")).toEqual({ ok: true, iso: "2027-03-01" });
    expect(d("26", "11", "2026")).toMatchObject({ ok: false, message: TRIAGE_MESSAGES.reviewPast });
    expect(d("31", "2", "2027")).toMatchObject({ ok: false, message: TRIAGE_MESSAGES.reviewReal });
    expect(d("1", "", "2027")).toMatchObject({ ok: false, message: TRIAGE_MESSAGES.reviewIncomplete, field: "reviewMonth" });
    expect(d("aa", "1", "2027")).toMatchObject({ ok: false, message: TRIAGE_MESSAGES.reviewReal });
    expect(d("27", "11", "2028")).toEqual({ ok: true, iso: "2028-11-27" });
    expect(d("28", "11", "2028")).toMatchObject({ ok: false, message: TRIAGE_MESSAGES.reviewTooFar });
  });

  it("in summer London is an hour ahead: 23:30 UTC on 30 June is already 1 July", () => {
    expect(parseReviewDate({ day: "30", month: "6", year: "2027" }, new Date("2027-06-30T23:30:00Z"))).toMatchObject({ ok: false, message: TRIAGE_MESSAGES.reviewPast });
  });

  it("reads the inbox filters, ignoring anything else", () => {
    expect(parseLtcFilter("hide")).toBe("hide");
    expect(parseLtcFilter("only")).toBe("only");
    expect(parseLtcFilter("x")).toBeNull();
    expect(parseReviewFilter("due")).toBe("due");
    expect(parseReviewFilter(null)).toBeNull();
  });
});
