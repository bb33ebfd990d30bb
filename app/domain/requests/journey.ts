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
import { isEmergency, type AnswerValue, type RuleQuestion } from "./answer-rules";

export type JourneyPage = { page: number; questions: readonly RuleQuestion[] };
export type JourneyRule = { id: number; questionId: number; matchValue: string };
export type SignpostState = { ruleId: number | null; continued: boolean };

export type Journey = {
  /** Page numbers in order (page 0 is the emergency screen of a clinical type). */
  pages: number[];
  complete: (page: number) => boolean;
  /** The first page that is not complete; null when the request is ready to check and send. */
  firstIncomplete: number | null;
  /** Whether this page may be shown: it exists and every page before it is complete. */
  allowed: (page: number) => boolean;
  next: (page: number) => number | null;
  previous: (page: number) => number | null;
  ready: boolean;
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
  const numbers = pages.map((p) => p.page);
  const completeByPage = new Map<number, boolean>();
  for (const page of pages) {
    const ids = new Set(page.questions.map((q) => q.id));
    const required = page.questions.every((q) => !q.required || hasAnswer(answers.get(q.id)));
    const emergency = page.questions.some((q) => isEmergency(q, answers.get(q.id)));
    const rule = matchingRule([page], rules.filter((r) => ids.has(r.questionId)), answers);
    const signposted = rule !== null && !(signpost.continued && signpost.ruleId === rule.id);
    completeByPage.set(page.page, required && !emergency && !signposted);
  }
  const firstIncomplete = numbers.find((n) => !completeByPage.get(n)) ?? null;
  const index = (page: number) => numbers.indexOf(page);
  return {
    pages: numbers,
    complete: (page) => completeByPage.get(page) === true,
    firstIncomplete,
    allowed: (page) => index(page) >= 0 && (firstIncomplete === null || index(page) <= index(firstIncomplete)),
    next: (page) => numbers[index(page) + 1] ?? null,
    previous: (page) => (index(page) > 0 ? numbers[index(page) - 1] : null),
    ready: firstIncomplete === null,
  };
}
