import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { NATIONAL_QUESTIONNAIRES } from "~/db/seed-templates.server";
import { checkQuestion, fieldsFromQuestion, optionValue, QuestionnaireFormSchema } from "./questionnaire-form";
import { QUESTION_MESSAGES as m } from "./questions";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  const submission = parseWithZod(data, { schema: QuestionnaireFormSchema });
  return { ...submission, error: submission.status === "success" ? undefined : submission.error };
};
const problems = (fields: Parameters<typeof checkQuestion>[0]) => {
  const r = checkQuestion(fields);
  return r.ok ? [] : r.problems;
};

describe("the questionnaire editor's rules", () => {
  it("turns typed fields into a question: options one a line, a range of whole numbers, the required tick", () => {
    expect(checkQuestion({ text: "Do you smoke?", kind: "single_choice", required: "on", options: "Never\nI used to smoke\n\n" })).toEqual({
      ok: true,
      question: { text: "Do you smoke?", hint: null, kind: "single_choice", required: true, unit: null, min: null, max: null, options: [{ value: "never", label: "Never" }, { value: "i_used_to_smoke", label: "I used to smoke" }] },
    });
    expect(checkQuestion({ text: "Top number", kind: "number", unit: "mmHg", min: "50", max: "260" })).toMatchObject({ ok: true, question: { required: false, unit: "mmHg", min: 50, max: 260 } });
    expect(optionValue("?!", 2)).toBe("option_3");
  });

  it("refuses each bad question with its message, against its field", () => {
    expect(problems({ text: "", kind: "free_text" })).toEqual([{ field: "text", message: m.text }]);
    expect(problems({ text: "Pick", kind: "colour" })).toEqual([{ field: "kind", message: m.kind }]);
    expect(problems({ text: "Pick", kind: "single_choice", options: "Only one" })).toEqual([{ field: "options", message: m.options }]);
    expect(problems({ text: "Pick", kind: "multiple_choice", options: "Same\nSame" })).toEqual([{ field: "options", message: m.duplicateOption }]);
    expect(problems({ text: "Say", kind: "free_text", options: "A\nB" })).toEqual([{ field: "options", message: m.optionsNotAllowed }]);
    expect(problems({ text: "When", kind: "date", unit: "kg" })).toEqual([{ field: "unit", message: m.unitNotAllowed }]);
    expect(problems({ text: "BP", kind: "number", min: "ten" })).toEqual([{ field: "min", message: m.minNumber }]);
    expect(problems({ text: "BP", kind: "number", max: "2.5" })).toEqual([{ field: "max", message: m.maxNumber }]);
    expect(problems({ text: "BP", kind: "number", min: "10", max: "5" })).toEqual([{ field: "min", message: m.range }]);
    expect(problems({ text: "x".repeat(501), kind: "yes_no" })).toEqual([{ field: "text", message: m.textTooLong }]);
  });

  it("reads back every national questionnaire's questions unchanged through the form's fields", () => {
    for (const q of NATIONAL_QUESTIONNAIRES) {
      for (const question of q.questions) {
        const back = checkQuestion(fieldsFromQuestion(question));
        expect(back.ok).toBe(true);
        if (back.ok) expect({ ...back.question, options: back.question.options?.map((o) => o.label) ?? null }).toMatchObject({ text: question.text, kind: question.kind, required: question.required, options: question.options?.map((o) => o.label) ?? null });
      }
    }
  });

  it("checks the whole form: a title, at least one question, each question's problems at its path", () => {
    expect(form({}).error).toMatchObject({ title: [m.title], questions: [m.none] });
    const bad = form({ title: "Review", "questions[0].text": "Weight", "questions[0].kind": "number", "questions[1].text": "Pick", "questions[1].kind": "single_choice", "questions[1].options": "A" });
    expect(bad.error).toEqual({ "questions[1].options": [m.options] });
    const ok = form({ title: "Review", tags: "Asthma, review", "questions[0].text": "Weight", "questions[0].kind": "number", "questions[0].unit": "kg", "questions[0].required": "on" });
    expect(ok.status).toBe("success");
    if (ok.status === "success") expect(ok.value).toEqual({ title: "Review", description: "", tags: ["asthma", "review"], questions: [{ text: "Weight", hint: null, kind: "number", required: true, unit: "kg", min: null, max: null, options: null }] });
  });
});
