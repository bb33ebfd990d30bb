/**
 * A notice about a change already committed (a request sent, a reply written, a video call
 * booked). GOV.UK Notify refusing it for good (an address it will never take, such as a landline
 * given as a mobile) must not turn the saved change into an error page, which invites doing the
 * change again; a failure that may pass is kept and retried by the notifier itself (decision
 * 0153). Any other error (a bug, the database) still reaches the caller.
 */
import type { TemplateName } from "./templates";
import type { Message, Notifier } from "./notifier.server";
import { NotifySendError } from "./notify.server";

/** Sends `message`; false when Notify refused it for good. */
export async function sendAfterCommit<T extends TemplateName>(notifier: Notifier, message: Message<T>): Promise<boolean> {
  try {
    await notifier.send(message);
    return true;
  } catch (error) {
    if (error instanceof NotifySendError) return false;
    throw error;
  }
}
