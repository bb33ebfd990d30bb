import { describe, expect, it } from "vitest";
import { ADMIN_HUB_TOPICS, firstAnswerFor } from "./admin-hub";

describe("the admin hub's topics", () => {
  it("offers fit notes, letters, test results and repeat medication questions", () => {
    expect(ADMIN_HUB_TOPICS.map((t) => t.value)).toEqual(["fit_note", "letter", "test_results", "repeat_medication"]);
  });

  it("starts the admin question set with its first answer", () => {
    expect(firstAnswerFor("fit_note")).toEqual({ questionId: 31, answer: "fit_note" });
    expect(firstAnswerFor("test_results")).toEqual({ questionId: 31, answer: "test_results" });
    // A repeat medication question is "Something else" to the question set; Tell us more says which.
    expect(firstAnswerFor("repeat_medication")).toEqual({ questionId: 31, answer: "other" });
  });

  it("refuses anything not offered", () => {
    expect(firstAnswerFor("referral")).toBeNull();
    expect(firstAnswerFor(undefined)).toBeNull();
  });
});
