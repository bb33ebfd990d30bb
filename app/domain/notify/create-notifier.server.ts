import type { Config } from "~/config.server";
import type { Db } from "~/db/client.server";
import { OutboxNotifier, type Notifier } from "./notifier.server";

/** The outbox unless GOV.UK Notify is configured (see notify.server.ts). */
export function createNotifier(_config: Config, db: Db): Notifier {
  return new OutboxNotifier(db);
}
