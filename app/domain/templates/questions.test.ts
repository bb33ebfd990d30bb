import { describe, expect, it } from "vitest";
import { pageSchema } from "~/domain/requests/answer-schema.server";
import { NATIONAL_QUESTIONNAIRES } from "~/db/seed-templates.server";
import { answersMessage, describeQuestion, QuestionnaireSchema, QuestionSchema, readQuestions, ruleQuestions, type QuestionDefinition } from "./questions";

const bp: QuestionDefinition = { text: "Top number", kind: "number", required: true, unit: "mmHg", min: 50, max: 260 };
const smoke: QuestionDefinition = { text: "Do you smoke?", kind: "yes_no", required: false };

describe("question definitions", () => {
  it("accepts every national questionnaire as seeded", () => {
    for (const q of NATIONAL_QUESTIONNAIRES) expect(QuestionnaireSchema.safeParse(q).success).toBe(true);
    expect(NATIONAL_QUESTIONNAIRES.map((q) => q.title)).toEqual(["Asthma review", "Hypertension review", "Smoking status", "Contraception pill review", "Medication review"]);
  });
  it("needs two options for a choice, none for other kinds, a unit or range only on numbers, and min ≤ max", () => {
    const issues = (q: unknown) => QuestionSchema.safeParse(q).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ text: "Pick", kind: "single_choice", options: [{ value: "a", label: "A" }] })).toEqual(["A choice question needs at least 2 options"]);
    expect(issues({ text: "Say", kind: "free_text", options: [{ value: "a", label: "A" }, { value: "b", label: "B" }] })).toEqual(["Only choice questions have options"]);
    expect(issues({ text: "When", kind: "date", unit: "kg" })).toEqual(["Only number questions have a unit or a range"]);
    expect(issues({ text: "BP", kind: "number", min: 10, max: 5 })).toEqual(["The smallest value must not be more than the largest"]);
    expect(issues({ text: "", kind: "colour" })).toEqual(["Each question needs its text", "The question type must be one of: free_text, number, single_choice, multiple_choice, date, yes_no"]);
    expect(issues({ text: "Pick", kind: "multiple_choice", options: [{ value: "a", label: "A" }, { value: "a", label: "B" }] })).toEqual(["A question's options must all be different"]);
  });
  it("drops stored questions that no longer parse rather than show them wrongly", () => {
    expect(readQuestions([bp, { text: "x", kind: "nope" }, null])).toEqual([bp]);
    expect(readQuestions("not a list")).toEqual([]);
  });
  it("describes a question's rules for staff", () => {
    expect(describeQuestion(bp)).toBe("Number in mmHg, 50 to 260, required");
    expect(describeQuestion(smoke)).toBe("Yes or no, optional");
  });
});

describe("answering (the request journey's rules, the spec's messages)", () => {
  const schema = pageSchema(ruleQuestions([bp, smoke]), new Date("2026-11-27T00:00:00Z"));
  it("requires a required question and only numbers in a number question, within its range", () => {
    expect(schema.safeParse({}).error?.issues[0]).toMatchObject({ path: ["q1"], message: "This question is required." });
    expect(schema.safeParse({ q1: "high" }).error?.issues[0].message).toBe("This question only accepts numeric answers.");
    expect(schema.safeParse({ q1: "300" }).error?.issues[0].message).toBe("The answer must be between 50 and 260.");
    expect(schema.safeParse({ q1: "120" }).success).toBe(true);
  });
  it("writes the answers back as one message, with units and labels", () => {
    expect(answersMessage("Hypertension review", [bp, smoke], { q1: "120", q2: "no" })).toBe('Answers to "Hypertension review":\nTop number: 120 mmHg\nDo you smoke?: No');
    expect(answersMessage("Hypertension review", [bp, smoke], { q1: "120" })).toBe('Answers to "Hypertension review":\nTop number: 120 mmHg\nDo you smoke?: No information provided');
  });
});
