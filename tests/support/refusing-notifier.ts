/**
 * GOV.UK Notify refusing some addresses for good (decision 0153), for route tests: wraps the test
 * context's notifier so that messages `refuse` picks throw Notify's 400 ValidationError, and the
 * rest go to the outbox as usual. Restore with `context.notifier = refusing.inner`.
 */
import type { Message, Notifier } from "~/domain/notify/notifier.server";
import { NotifySendError } from "~/domain/notify/notify.server";
import { readFlash, type Flash } from "~/web/flash.server";

export type RefusingNotifier = Notifier & { inner: Notifier; refused: Message[] };

export function refusingNotifier(inner: Notifier, refuse: (message: Message) => boolean): RefusingNotifier {
  const refused: Message[] = [];
  return {
    inner,
    refused,
    sends: (channel) => inner.sends(channel),
    send: async (message) => {
      if (!refuse(message as Message)) return inner.send(message);
      refused.push(message as Message);
      throw new NotifySendError(`GOV.UK Notify refused the ${message.template} ${message.channel}: 400 ValidationError`, 400, "ValidationError");
    },
  };
}

/** The flash a redirect set (its Set-Cookie), as the next page would read it. */
export function flashOf(secret: string, response: Response): Flash | null {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
  return cookie ? readFlash(secret, new Request("http://localhost/", { headers: { cookie } })) : null;
}
