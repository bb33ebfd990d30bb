import { NotifyClient } from "notifications-node-client";
import type { Config } from "~/config.server";
import type { Db } from "~/db/client.server";
import { OutboxNotifier, type Notifier } from "./notifier.server";
import { NotifyNotifier } from "./notify.server";

/** GOV.UK Notify when configured (NOTIFY_API_KEY and NOTIFY_TEMPLATE_IDS), else the outbox. */
export function createNotifier(config: Config, db: Db): Notifier {
  if (config.notify) return new NotifyNotifier(new NotifyClient(config.notify.apiKey), config.notify.templateIds);
  return new OutboxNotifier(db);
}
