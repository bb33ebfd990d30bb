import { describe, expect, it } from "vitest";
import type { AnswerValue, RuleQuestion } from "./answer-rules";
import { journey, matchingRule, type JourneyPage } from "./journey";
import { responseDeadline, responsePromise } from "./response-promise";
import { DEFAULT_OPENING_HOURS } from "~/domain/practices/opening-hours";
import { londonInstant } from "./demand";

const q = (id: number, kind: RuleQuestion["kind"], required = true, extra: Partial<RuleQuestion> = {}): RuleQuestion => ({
  id,
  kind,
  required,
  maxLength: null,
  minValue: null,
  maxValue: null,
  options: null,
  ...extra,
});
const pages: JourneyPage[] = [
  { page: 0, questions: [q(1, "multiple_choice", true, { emergencyValues: ["chest_pain"] })] },
  { page: 1, questions: [q(2, "free_text")] },
  { page: 2, questions: [q(3, "date"), q(4, "yes_no")] },
  { page: 3, questions: [q(6, "single_choice")] },
  { page: 4, questions: [q(7, "free_text", false)] },
];
const rules = [{ id: 9, questionId: 6, matchValue: "sore_throat" }];
const answers = (entries: [number, AnswerValue][]) => new Map(entries);

describe("journey", () => {
  it("starts at the first page and refuses jumps ahead", () => {
    const j = journey(pages, answers([]), rules);
    expect(j.firstIncomplete).toBe(0);
    expect(j.allowed(0)).toBe(true);
    expect(j.allowed(1)).toBe(false);
    expect(j.allowed(99)).toBe(false);
    expect(j.ready).toBe(false);
  });

  it("moves on as pages are complete; a page half answered is not complete", () => {
    const j = journey(pages, answers([[1, ["none"]], [2, "Rash"], [3, "2026-11-01"]]), rules);
    expect(j.complete(1)).toBe(true);
    expect(j.complete(2)).toBe(false);
    expect(j.firstIncomplete).toBe(2);
    expect(j.allowed(1)).toBe(true);
    expect(j.allowed(3)).toBe(false);
    expect(j.next(2)).toBe(3);
    expect(j.previous(0)).toBeNull();
    expect(j.previous(2)).toBe(1);
  });

  it("never lets an emergency answer through", () => {
    const j = journey(pages, answers([[1, ["chest_pain"]]]), rules);
    expect(j.firstIncomplete).toBe(0);
  });

  it("holds a signposted answer until the patient chooses to continue", () => {
    const all: [number, AnswerValue][] = [[1, ["none"]], [2, "Throat"], [3, "2026-11-01"], [4, "no"], [6, "sore_throat"]];
    expect(matchingRule(pages, rules, answers(all))?.id).toBe(9);
    expect(journey(pages, answers(all), rules).firstIncomplete).toBe(3);
    expect(journey(pages, answers(all), rules, { ruleId: 9, continued: true }).ready).toBe(true);
    // Optional pages never block.
    const other: [number, AnswerValue][] = [...all.slice(0, 4), [6, "none"]];
    const j = journey(pages, answers(other), rules);
    expect(j.ready).toBe(true);
    expect(j.allowed(4)).toBe(true);
    expect(j.next(4)).toBeNull();
  });
});

describe("response promise", () => {
  it("is the end of the next working day", () => {
    // Monday 23 November 2026 at 10:00 → Tuesday 18:30.
    expect(responseDeadline(DEFAULT_OPENING_HOURS, londonInstant("2026-11-23", "10:00"))).toEqual(londonInstant("2026-11-24", "18:30"));
    expect(responsePromise(DEFAULT_OPENING_HOURS, londonInstant("2026-11-23", "10:00"))).toBe("18:30 on Tuesday 24 November");
    // Friday evening and Saturday → Monday.
    expect(responsePromise(DEFAULT_OPENING_HOURS, londonInstant("2026-11-27", "20:00"))).toBe("18:30 on Monday 30 November");
    expect(responsePromise(DEFAULT_OPENING_HOURS, londonInstant("2026-11-28", "09:00"))).toBe("18:30 on Monday 30 November");
    // Summer time.
    expect(responseDeadline(DEFAULT_OPENING_HOURS, londonInstant("2026-07-06", "09:00"))?.toISOString()).toBe("2026-07-07T17:30:00.000Z");
  });

  it("has a plain promise for a practice that is never open", () => {
    const closed = DEFAULT_OPENING_HOURS.map((d) => ({ ...d, closed: true, opens: null, closes: null }));
    expect(responsePromise(closed, londonInstant("2026-11-23", "10:00"))).toBe("the end of the next working day");
  });
});
