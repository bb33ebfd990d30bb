/** Reading the outbox (development only): the newest messages first. */
import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";

export async function latestOutbox(db: Db, { limit = 50, to }: { limit?: number; to?: string } = {}) {
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
    .where(to === undefined ? undefined : eq(outbox.recipient, to))
    .orderBy(desc(outbox.id))
    .limit(limit);
}
