/**
 * A practice message to the patient: written into the request's conversation, the request
 * moves to awaiting response, and the patient is told by e-mail (and SMS when we have a
 * mobile) with a link scoped to this request only (/security/{token}, date of birth check).
 */
import type { AppContext } from "~/context.server";
import { notifyPatientOfMessage } from "~/domain/requests/message-notice.server";
import { changeRequest, insertPracticeMessage, type Actor, type ChangeResult } from "./request-handling.server";

export const MAX_REPLY_LENGTH = 2000;

export async function replyToPatient(
  context: Pick<AppContext, "db" | "clock" | "config" | "notifier">,
  actor: Actor,
  input: { entryId: number; version: number | null; body: string; origin: string },
): Promise<ChangeResult> {
  const now = context.clock.now();
  const result = await changeRequest(context, actor, { entryId: input.entryId, version: input.version, command: { kind: "reply" } }, async (tx, entry) => {
    await insertPracticeMessage(tx, entry.id, actor.userId, input.body, now);
  });
  if (result.status === "ok") await notifyPatientOfMessage(context as AppContext, result.entry, input.origin);
  return result;
}
