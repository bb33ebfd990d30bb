/**
 * The NHS App's admin hub (spec 2 §2.4): the administrative requests a patient makes from the
 * app, each starting the administrative question set with its first answer ("What do you
 * need?", question 31 of drizzle/0002_question_sets.sql) already given.
 */
export const ADMIN_FIRST_QUESTION_ID = 31;

export const ADMIN_HUB_TOPICS = [
  { value: "fit_note", label: "A fit note (sick note)", hint: "If you are not well enough to work", answer: "fit_note" },
  { value: "letter", label: "A letter", hint: "For example for work, school or housing", answer: "letter" },
  { value: "test_results", label: "Test results", hint: "Ask about the results of a test you have had", answer: "test_results" },
  { value: "repeat_medication", label: "A question about repeat medication", hint: "To order your repeat medication, use Prescriptions in the NHS App", answer: "other" },
] as const;

export type AdminHubTopic = (typeof ADMIN_HUB_TOPICS)[number]["value"];

export const ADMIN_HUB_MESSAGES = {
  title: "What do you need help with?",
  topicMissing: "Select what you need help with",
} as const;

/** The first answer a topic gives, or null for anything not offered. */
export function firstAnswerFor(topic: unknown): { questionId: number; answer: string } | null {
  const found = ADMIN_HUB_TOPICS.find((t) => t.value === topic);
  return found ? { questionId: ADMIN_FIRST_QUESTION_ID, answer: found.answer } : null;
}
