import { createRequire } from "node:module";
import type { NotifyClient as NotifyClientType } from "notifications-node-client";
import type { Config } from "~/config.server";
import type { Db } from "~/db/client.server";
import { OutboxNotifier, type Notifier } from "./notifier.server";
import { NotifyNotifier } from "./notify.server";

/**
 * notifications-node-client (and axios under it) is loaded only when Notify is configured:
 * every start without it (development, the demo, tests) skipped ~0.1 s of CPU (decision 0138).
 * It is CommonJS, so `require` loads it synchronously, where createNotifier needs it.
 */
function notifyClient(apiKey: string): NotifyClientType {
  const { NotifyClient } = createRequire(import.meta.url)("notifications-node-client") as { NotifyClient: typeof NotifyClientType };
  return new NotifyClient(apiKey);
}

/** GOV.UK Notify when configured (NOTIFY_API_KEY and NOTIFY_TEMPLATE_IDS), else the outbox. */
export function createNotifier(config: Config, db: Db): Notifier {
  if (config.notify) {
    return new NotifyNotifier(notifyClient(config.notify.apiKey), config.notify.templateIds, {
      retries: { db, secret: config.sessionSecret, now: () => new Date() },
    });
  }
  return new OutboxNotifier(db);
}
