/**
 * The patient's reply in the chat of a request: its limits and messages. Text is optional when
 * a file comes with it; its length is counted with HTML tags stripped (spec 2 §5: "The {field}
 * field may not be greater than {n} characters."). The rule itself is in reply-schema.ts, read
 * by the action only (the page imports this module and validates nothing in the browser, so
 * zod stays out of its scripts: decision 0137).
 * The text itself is stored as typed and escaped on output.
 */
import { visibleLength } from "~/validation/text-length";

export const REPLY_MAX_LENGTH = 2000;

export const REPLY_MESSAGES = {
  empty: "Enter a message or add a file",
  tooLong: `The message field may not be greater than ${REPLY_MAX_LENGTH} characters.`,
  closed: "This request is closed. To ask something new, make a new request.",
  sent: "Your reply has been sent.",
} as const;

export { visibleLength };
