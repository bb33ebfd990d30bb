/** Reading the outbox (development only): the newest messages first. */
import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";

export async function latestOutbox(db: Db, limit = 50) {
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      template: outbox.template,
      subject: outbox.subject,
      body: outbox.body,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
}
