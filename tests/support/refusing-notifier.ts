/**
 * GOV.UK Notify refusing some addresses for good (decision 0153), for tests: messages `refuse`
 * picks throw Notify's 400 ValidationError; the others are recorded in `sent` and handed to
 * `inner` when there is one (a test context's outbox notifier). A test that swapped its
 * context's notifier puts back `inner` after.
 */
import type { Message, Notifier } from "~/domain/notify/notifier.server";
import { NotifySendError } from "~/domain/notify/notify.server";
import { readFlash, type Flash } from "~/web/flash.server";

export type RefusingNotifier = Notifier & { inner: Notifier | undefined; refused: Message[]; sent: Message[] };

export function refusingNotifier(refuse: (message: Message) => boolean, inner?: Notifier): RefusingNotifier {
  const refused: Message[] = [];
  const sent: Message[] = [];
  return {
    inner,
    refused,
    sent,
    sends: (channel) => (inner ? inner.sends(channel) : true),
    send: async (message) => {
      if (refuse(message as Message)) {
        refused.push(message as Message);
        throw new NotifySendError(`GOV.UK Notify refused the ${message.template} ${message.channel}: 400 ValidationError`, 400, "ValidationError");
      }
      sent.push(message as Message);
      if (inner) await inner.send(message);
    },
  };
}

/** The flash a redirect set (its Set-Cookie), as the next page would read it. */
export function flashOf(secret: string, response: Response): Flash | null {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
  return cookie ? readFlash(secret, new Request("http://localhost/", { headers: { cookie } })) : null;
}
