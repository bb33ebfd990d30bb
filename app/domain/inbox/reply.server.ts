/**
 * A practice message to the patient: written into the request's conversation, the request
 * moves to awaiting response, and the patient is told by e-mail (and SMS when we have a
 * mobile) with a link scoped to this request only (/security/{token}, date of birth check).
 */
import type { AppContext } from "~/context.server";
import { notifyPatientOfMessage, type NoticeRefused } from "~/domain/requests/message-notice.server";
import { storeEntryFiles } from "~/domain/files/entry-files.server";
import type { AcceptedUpload } from "~/domain/files/file-types";
import { changeRequest, insertPracticeMessage, type Actor, type ChangeResult } from "./request-handling.server";

export const MAX_REPLY_LENGTH = 2000;

export async function replyToPatient(
  context: Pick<AppContext, "db" | "clock" | "config" | "notifier" | "files">,
  actor: Actor,
  input: { entryId: number; version: number | null; body: string; origin: string; uploads?: AcceptedUpload[]; sensitive?: boolean },
): Promise<ChangeResult & { noticeRefused?: NoticeRefused }> {
  const now = context.clock.now();
  let messageId: number | null = null;
  const result = await changeRequest(context, actor, { entryId: input.entryId, version: input.version, command: { kind: "reply" } }, async (tx, entry) => {
    messageId = (await insertPracticeMessage(tx, entry.id, actor.userId, input.body, now)).id;
  });
  // Staff attachments pass the patient uploads' checks (type by content, size, the per-request
  // limit: app/web/files/uploads.server.ts, storeEntryFiles) and belong to the message.
  if (result.status === "ok" && input.uploads?.length) {
    await storeEntryFiles(context, { entryId: input.entryId, uploads: input.uploads, sensitive: Boolean(input.sensitive), userId: actor.userId, messageId });
  }
  if (result.status === "ok") return { ...result, noticeRefused: await notifyPatientOfMessage(context as AppContext, result.entry, input.origin) };
  return result;
}
