/**
 * Where a patient is in the question pages of a request (GOV.UK forms-runner style): which
 * pages are complete, the first one that is not, and whether a page may be shown at all. A
 * page beyond the first incomplete one is refused (the route sends the patient back), so a
 * request can never reach "check your answers" with a required answer missing.
 *
 * A page is complete when every required question on it has an answer, no answer on it names
 * an emergency, and no answer on it matches a signposting rule the patient has not chosen to
 * go past. Pages with only optional questions are always complete: they never block.
 */
import { stepJourney, type StepJourney } from "~/domain/journeys/step-journey";
import { isEmergency, type AnswerValue, type RuleQuestion } from "./answer-rules";

export type JourneyPage = { page: number; questions: readonly RuleQuestion[] };
export type JourneyRule = { id: number; questionId: number; matchValue: string };
export type SignpostState = { ruleId: number | null; continued: boolean };

/** A request's question pages as a step journey (app/domain/journeys/step-journey.ts). */
export type Journey = StepJourney<number> & {
  /** Page numbers in order (page 0 is the emergency screen of a clinical type). */
  pages: readonly number[];
};

/** The signposting rule the answers match, if any (first by question order). */
export function matchingRule(
  pages: readonly JourneyPage[],
  rules: readonly JourneyRule[],
  answers: ReadonlyMap<number, AnswerValue>,
): JourneyRule | null {
  for (const page of pages) {
    for (const q of page.questions) {
      const answer = answers.get(q.id);
      if (answer === undefined) continue;
      const chosen = Array.isArray(answer) ? answer : [answer];
      const rule = rules.find((r) => r.questionId === q.id && chosen.includes(r.matchValue));
      if (rule) return rule;
    }
  }
  return null;
}

function hasAnswer(answer: AnswerValue | undefined): boolean {
  if (answer === undefined || answer === null) return false;
  return Array.isArray(answer) ? answer.length > 0 : String(answer).trim() !== "";
}

export function journey(
  pages: readonly JourneyPage[],
  answers: ReadonlyMap<number, AnswerValue>,
  rules: readonly JourneyRule[] = [],
  signpost: SignpostState = { ruleId: null, continued: false },
): Journey {
  const steps = pages.map((page) => {
    const ids = new Set(page.questions.map((q) => q.id));
    const required = page.questions.every((q) => !q.required || hasAnswer(answers.get(q.id)));
    const emergency = page.questions.some((q) => isEmergency(q, answers.get(q.id)));
    const rule = matchingRule([page], rules.filter((r) => ids.has(r.questionId)), answers);
    const signposted = rule !== null && !(signpost.continued && signpost.ruleId === rule.id);
    return { id: page.page, complete: required && !emergency && !signposted };
  });
  const walk = stepJourney(steps);
  return { ...walk, pages: walk.steps };
}
