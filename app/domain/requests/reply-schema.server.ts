/**
 * The rule the chat's action applies to a patient's reply (decision 0137: the server only).
 * Text is optional when a file comes with it; its length is counted with HTML tags stripped.
 */
import * as z from "zod";
import { REPLY_MAX_LENGTH, REPLY_MESSAGES, visibleLength } from "./reply-form";

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
