/**
 * The patient's reply in the chat of a request: the rule the server applies and the
 * browser repeats. Text is optional when a file comes with it; its length is counted with
 * HTML tags stripped (spec 2 §5: "The {field} field may not be greater than {n} characters.").
 * The text itself is stored as typed and escaped on output.
 */
import * as z from "zod";
import { visibleLength } from "~/validation/text-length";

export const REPLY_MAX_LENGTH = 2000;

export const REPLY_MESSAGES = {
  empty: "Enter a message or add a file",
  tooLong: `The message field may not be greater than ${REPLY_MAX_LENGTH} characters.`,
  closed: "This request is closed. To ask something new, make a new request.",
  sent: "Your reply has been sent.",
} as const;

export { visibleLength };

/** `hasFiles`: whether a file came with the reply (accepted or refused: a refusal speaks for itself). */
export function replySchema(options: { hasFiles: boolean }) {
  return z
    .object({
      body: z.string().optional(),
      sensitive: z.boolean().optional(),
    })
    .superRefine((value, ctx) => {
      const body = value.body ?? "";
      if (body.trim() === "" && !options.hasFiles) ctx.addIssue({ code: "custom", path: ["body"], message: REPLY_MESSAGES.empty });
      if (visibleLength(body) > REPLY_MAX_LENGTH) ctx.addIssue({ code: "custom", path: ["body"], message: REPLY_MESSAGES.tooLong });
    });
}

export type ReplyInput = z.infer<ReturnType<typeof replySchema>>;
