/**
 * An answer as people read it: option labels instead of values, dates as DD/MM/YYYY, yes/no
 * in words. Shared by the patient's check-answers and chat and the staff request details.
 */
import { formatDate } from "~/validation/dates";

export const NO_INFORMATION = "No information provided";

type QuestionLike = { kind: string; options: { value: string; label: string }[] | null };

export function displayAnswer(question: QuestionLike, answer: string | string[] | null | undefined): string {
  if (answer === null || answer === undefined || answer === "" || (Array.isArray(answer) && answer.length === 0)) return NO_INFORMATION;
  const label = (value: string) => question.options?.find((o) => o.value === value)?.label ?? value;
  switch (question.kind) {
    case "multiple_choice":
      return (Array.isArray(answer) ? answer : [answer]).map(label).join(", ");
    case "single_choice":
      return label(String(answer));
    case "yes_no":
      return answer === "yes" ? "Yes" : answer === "no" ? "No" : String(answer);
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(String(answer)) ? formatDate(String(answer)) : String(answer);
    default:
      return Array.isArray(answer) ? answer.join(", ") : answer;
  }
}

/** Europe/London date and time, DD/MM/YYYY HH:mm. */
export function formatDateTime(instant: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}/${get("month")}/${get("year")} ${get("hour")}:${get("minute")}`;
}
