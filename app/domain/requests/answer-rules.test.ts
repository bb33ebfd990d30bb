import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  ANSWER_MESSAGES as m,
  answersFromValue,
  checkDate,
  displayAnswer,
  formDefaults,
  isEmergency,
  stripTags,
  type RuleQuestion,
} from "./answer-rules";
import { pageSchema } from "./answer-schema.server";

const base = { required: true, maxLength: null, minValue: null, maxValue: null, options: null } as const;
const text: RuleQuestion = { ...base, id: 2, kind: "free_text", maxLength: 10 };
const optionalText: RuleQuestion = { ...base, id: 7, kind: "free_text", required: false, maxLength: 10 };
const number: RuleQuestion = { ...base, id: 5, kind: "number", minValue: 1, maxValue: 10 };
const single: RuleQuestion = { ...base, id: 31, kind: "single_choice", options: [{ value: "fit_note", label: "A fit note" }, { value: "letter", label: "A letter" }] };
const yesNo: RuleQuestion = { ...base, id: 4, kind: "yes_no" };
const multiple: RuleQuestion = {
  ...base,
  id: 1,
  kind: "multiple_choice",
  options: [{ value: "chest_pain", label: "Chest pain" }, { value: "breathing", label: "Breathing" }, { value: "none", label: "None of these" }],
  emergencyValues: ["chest_pain", "breathing"],
};
const date: RuleQuestion = { ...base, id: 3, kind: "date" };
const today = new Date("2026-11-21T00:00:00Z");

function parse(questions: RuleQuestion[], entries: [string, string][]) {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return parseWithZod(form, { schema: pageSchema(questions, today) });
}
function errors(questions: RuleQuestion[], entries: [string, string][]) {
  const s = parse(questions, entries);
  return s.status === "error" ? s.error : null;
}

describe("answer rules", () => {
  it("requires required questions of every kind, with the spec's message", () => {
    const all = [text, number, single, yesNo, multiple, date];
    const e = errors(all, []);
    expect(e).toMatchObject({ q2: [m.required], q5: [m.required], q31: [m.required], q4: [m.required], q1: [m.required], "q3.day": [m.required] });
    expect(errors([text], [["q2", "   "]])).toMatchObject({ q2: [m.required] });
  });

  it("counts free text with tags stripped, and keeps it as typed", () => {
    expect(stripTags("<b>bold</b> text")).toBe("bold text");
    const ok = parse([text], [["q2", "<b>0123456789</b>"]]);
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({ q2: "<b>0123456789</b>" });
    expect(errors([text], [["q2", "01234567890"]])).toMatchObject({ q2: ["The answer field may not be greater than 10 characters."] });
    expect(parse([text], [["q2", "😀😀😀😀😀😀😀😀😀😀"]]).status).toBe("success");
  });

  it("accepts only whole numbers within bounds", () => {
    expect(errors([number], [["q5", "seven"]])).toMatchObject({ q5: [m.numeric] });
    expect(errors([number], [["q5", "7.5"]])).toMatchObject({ q5: [m.numeric] });
    expect(errors([number], [["q5", "11"]])).toMatchObject({ q5: [m.between(1, 10)] });
    const ok = parse([number], [["q5", " 7 "]]);
    expect(ok.status === "success" && ok.value).toEqual({ q5: "7" });
  });

  it("accepts only the options of a choice, and None of these on its own", () => {
    expect(errors([single], [["q31", "bribe"]])).toMatchObject({ q31: [m.notAnOption] });
    expect(errors([yesNo], [["q4", "maybe"]])).toMatchObject({ q4: [m.notAnOption] });
    expect(parse([yesNo], [["q4", "yes"]]).status).toBe("success");
    expect(errors([multiple], [["q1", "none"], ["q1", "breathing"]])).toMatchObject({ q1: [m.noneExclusive] });
    expect(errors([multiple], [["q1", "other"]])).toMatchObject({ q1: [m.notAnOption] });
    const one = parse([multiple], [["q1", "none"]]);
    expect(one.status === "success" && one.value).toEqual({ q1: ["none"] });
    const two = parse([multiple], [["q1", "chest_pain"], ["q1", "breathing"]]);
    expect(two.status === "success" && two.value).toEqual({ q1: ["chest_pain", "breathing"] });
  });

  it("checks dates part by part, real and not in the future", () => {
    expect(checkDate({ day: "", month: "3", year: "2026" }, true, today)).toEqual({ ok: false, message: m.dateDay, part: "day" });
    expect(checkDate({ day: "1", month: "", year: "2026" }, true, today)).toMatchObject({ message: m.dateMonth, part: "month" });
    expect(checkDate({ day: "1", month: "3", year: "" }, true, today)).toMatchObject({ message: m.dateYear, part: "year" });
    expect(checkDate({ day: "31", month: "2", year: "2026" }, true, today)).toMatchObject({ message: m.dateReal });
    expect(checkDate({ day: "22", month: "11", year: "2026" }, true, today)).toMatchObject({ message: m.dateFuture });
    expect(checkDate({ day: "21", month: "11", year: "2026" }, true, today)).toEqual({ ok: true, iso: "2026-11-21" });
    expect(checkDate({}, false, today)).toEqual({ ok: true, iso: null });
    const ok = parse([date], [["q3.day", "5"], ["q3.month", "3"], ["q3.year", "2026"]]);
    expect(ok.status === "success" && ok.value).toEqual({ q3: "2026-03-05" });
    expect(errors([date], [["q3.day", "5"], ["q3.month", "13"], ["q3.year", "2026"]])).toMatchObject({ "q3.day": [m.dateReal] });
  });

  it("lets optional questions be empty, and turns values into answers and back", () => {
    const s = parse([optionalText, date, multiple], [["q1", "none"], ["q3.day", "5"], ["q3.month", "3"], ["q3.year", "2026"]]);
    expect(s.status).toBe("success");
    const given = answersFromValue([optionalText, date, multiple], s.status === "success" ? s.value : {});
    expect(given).toEqual([
      { questionId: 7, answer: null },
      { questionId: 3, answer: "2026-03-05" },
      { questionId: 1, answer: ["none"] },
    ]);
    expect(formDefaults([date, multiple], new Map<number, string | string[]>([[3, "2026-03-05"], [1, ["none"]]]))).toEqual({
      q3: { day: "5", month: "3", year: "2026" },
      q1: ["none"],
    });
  });

  it("shows answers by label, dates as DD/MM/YYYY, empty as No information provided", () => {
    expect(displayAnswer(single, "letter")).toEqual(["A letter"]);
    expect(displayAnswer(yesNo, "no")).toEqual(["No"]);
    expect(displayAnswer(multiple, ["chest_pain", "breathing"])).toEqual(["Chest pain", "Breathing"]);
    expect(displayAnswer(date, "2026-03-05")).toEqual(["05/03/2026"]);
    expect(displayAnswer(optionalText, undefined)).toEqual(["No information provided"]);
  });

  it("knows an emergency answer", () => {
    expect(isEmergency(multiple, ["none"])).toBe(false);
    expect(isEmergency(multiple, ["breathing"])).toBe(true);
    expect(isEmergency(text, "chest_pain")).toBe(false);
  });
});

describe("a page's schema, built once per page and day", () => {
  it("is the same schema for the same questions on the same day, and answers as a fresh one does", () => {
    const page = [single, date];
    expect(pageSchema(page, today)).toBe(pageSchema(page, new Date(today)));
    const outcome = (q: RuleQuestion[]) => {
      const s = parseWithZod(formOf([["q31", "letter"], ["q3.day", "1"], ["q3.month", "1"], ["q3.year", "2027"]]), { schema: pageSchema(q, today) });
      return { status: s.status, error: s.status === "error" ? s.error : null, payload: s.payload };
    };
    // Reused many times, the cached schema still answers what a new one does (a future date).
    expect(outcome(page).status).toBe("error");
    for (let i = 0; i < 3; i++) expect(outcome(page)).toEqual(outcome([...page]));
  });

  it("is built again for another day (date rules depend on today) and for another page", () => {
    const page = [date];
    const monday = pageSchema(page, today);
    const tuesday = pageSchema(page, new Date("2026-11-22T00:00:00Z"));
    expect(tuesday).not.toBe(monday);
    // A birth date of 22/11/2026 is in the future on the 21st and not on the 22nd.
    const entries: [string, string][] = [["q3.day", "22"], ["q3.month", "11"], ["q3.year", "2026"]];
    expect(parseWithZod(formOf(entries), { schema: monday }).status).toBe("error");
    expect(parseWithZod(formOf(entries), { schema: tuesday }).status).toBe(parseWithZod(formOf(entries), { schema: pageSchema([date], new Date("2026-11-22T00:00:00Z")) }).status);
    expect(pageSchema([text], today)).not.toBe(pageSchema([number], today));
  });
});

function formOf(entries: [string, string][]) {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}
