/**
 * The durable send on a real database (PGlite by default): batches within the rate limit,
 * exactly one message per patient and channel, a restart mid-send (rows left "sending", one of
 * them already in the outbox) ends with no duplicates and no losses, retries with back-off,
 * Stop, and the recipient filters' SQL.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bulkMessageRecipients, bulkMessages, outbox } from "~/db/schema";
import { OutboxNotifier, type Message, type Notifier } from "~/domain/notify/notifier.server";
import { NotifySendError } from "~/domain/notify/notify.server";
import type { TemplateName } from "~/domain/notify/templates";
import { bulkPatients, bulkPractice } from "../../../tests/support/bulk-fixtures";
import { useTestWorld } from "../../../tests/support/world";
import { countRecipients, createDraft, queueBulkMessage, saveDraft, stopBulkMessage } from "./bulk-messages.server";
import { NO_FILTERS, type BulkChannel, type RecipientFilters } from "./rules";
import { recoverOrphans, sendBatch, type SendDeps } from "./sender.server";

const world = useTestWorld();

async function queued(filters: RecipientFilters = NO_FILTERS, channels: BulkChannel[] = ["sms", "email"], count = 30) {
  const { context } = world;
  const staff = await bulkPractice(context);
  const people = await bulkPatients(context, staff.practice.id, count);
  const now = context.clock.now();
  const id = await createDraft(context.db, now, staff.practice.id, { userId: staff.receptionist.id });
  await saveDraft(context.db, now, staff.practice.id, id, { title: "Flu clinic", body: "Dear {patient_name}, book your flu vaccine at {practice_name}.", channels, filters });
  const result = await queueBulkMessage(context.db, now, staff.practice.id, id, { userId: staff.receptionist.id }, { scheduledFor: null, linkOrigin: "https://frontdoor.test" });
  return { staff, people, id, result };
}

const outboxFor = (id: number) =>
  world.db
    .select({ reference: outbox.reference, n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(sql`${outbox.reference} like ${`bm${id}-%`}`)
    .groupBy(outbox.reference);

const states = async (id: number) => {
  const rows = await world.db
    .select({ state: bulkMessageRecipients.state, n: sql<number>`count(*)::int` })
    .from(bulkMessageRecipients)
    .where(eq(bulkMessageRecipients.bulkMessageId, id))
    .groupBy(bulkMessageRecipients.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
};

const deps = (notifier: Notifier = new OutboxNotifier(world.db), limitPerMinute = 3000): SendDeps => ({ db: world.db, notifier, secret: "test-secret", limitPerMinute, simulateReceipts: true });

describe("bulk send", () => {
  it("queues one row per patient and reachable channel, and sends each exactly once", async () => {
    const { id, result } = await queued();
    expect(result).toEqual({ queued: 60 });
    const now = world.context.clock.now();
    let rounds = 0;
    while ((await states(id)).queued && rounds++ < 10) {
      world.context.clock.advance(1000);
      await sendBatch(deps(), world.context.clock.now());
    }
    expect(await states(id)).toEqual({ delivered: 60 });
    const sent = await outboxFor(id);
    expect(sent).toHaveLength(60);
    expect(sent.every((r) => r.n === 1)).toBe(true);
    const [message] = await world.db.select().from(bulkMessages).where(eq(bulkMessages.id, id));
    expect(message!.state).toBe("sent");
    expect(now).toBeTruthy();
    // Sending again sends nothing more.
    await sendBatch(deps(), world.context.clock.now());
    expect(await outboxFor(id)).toHaveLength(60);
  });

  it("never attempts more than the limit in a minute, however often it runs", async () => {
    const { id } = await queued(NO_FILTERS, ["sms"], 40);
    // The limit counts every attempt of the last minute, whatever the message: start afresh.
    world.context.clock.advance(120_000);
    const at = world.context.clock.now();
    // 30 a minute: batches of 1 a second, and no more than 30 in the minute.
    for (let i = 0; i < 35; i++) await sendBatch(deps(undefined, 30), at);
    const first = await states(id);
    expect(first).toEqual({ delivered: 30, queued: 10 });
    world.context.clock.advance(61_000);
    for (let i = 0; i < 12; i++) await sendBatch(deps(undefined, 30), world.context.clock.now());
    expect((await states(id)).delivered).toBe(40);
  });

  it("after a crash mid-send (rows left sending, one already sent), a restart sends the rest once each", async () => {
    const { id } = await queued(NO_FILTERS, ["sms", "email"], 40);
    const real = new OutboxNotifier(world.db);
    let calls = 0;
    // The process "dies" on the 10th message: it reaches the outbox, then nothing more happens.
    const dying: Notifier = {
      sends: () => real.sends(),
      async send<T extends TemplateName>(message: Message<T>) {
        calls++;
        if (calls === 10) {
          await real.send(message);
          await new Promise(() => {});
        }
        await real.send(message);
      },
    };
    void sendBatch(deps(dying), world.context.clock.now());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const crashed = await states(id);
    expect(crashed.sending).toBeGreaterThan(0);
    // Restart: orphans settled from the outbox, then the rest is sent.
    const recovered = await recoverOrphans(deps(real), world.context.clock.now(), 0);
    expect(recovered.sent).toBe(1);
    for (let i = 0; i < 10; i++) {
      world.context.clock.advance(1000);
      await sendBatch(deps(real), world.context.clock.now());
    }
    expect(await states(id)).toEqual({ delivered: 80 });
    const sent = await outboxFor(id);
    expect(sent).toHaveLength(80);
    expect(sent.every((r) => r.n === 1)).toBe(true);
  });

  it("retries a temporary failure with back-off and gives up on a refused address", async () => {
    const { id } = await queued(NO_FILTERS, ["sms"], 2);
    const real = new OutboxNotifier(world.db);
    let failNext = 2;
    const flaky: Notifier = {
      sends: () => real.sends(),
      async send<T extends TemplateName>(message: Message<T>) {
        if (message.to.endsWith("900000")) throw new NotifySendError("refused", 400, "BadRequestError");
        if (failNext-- > 0) throw new NotifySendError("busy", 500, null);
        await real.send(message);
      },
      wasSent: (reference) => real.wasSent(reference),
    };
    await sendBatch(deps(flaky), world.context.clock.now());
    expect(await states(id)).toEqual({ failed: 1, queued: 1 });
    world.context.clock.advance(10_000);
    await sendBatch(deps(flaky), world.context.clock.now());
    expect(await states(id)).toEqual({ failed: 1, queued: 1 }); // not due until 30 s
    world.context.clock.advance(25_000);
    await sendBatch(deps(flaky), world.context.clock.now());
    world.context.clock.advance(125_000);
    await sendBatch(deps(flaky), world.context.clock.now());
    expect(await states(id)).toEqual({ failed: 1, delivered: 1 });
    const [row] = await world.db.select().from(bulkMessageRecipients).where(and(eq(bulkMessageRecipients.bulkMessageId, id), eq(bulkMessageRecipients.state, "delivered")));
    expect(row!.attempts).toBe(3);
  });

  it("Stop halts what is not yet sent", async () => {
    const { id, staff } = await queued(NO_FILTERS, ["sms"], 200);
    await sendBatch(deps(), world.context.clock.now());
    const stoppedCount = await stopBulkMessage(world.db, world.context.clock.now(), staff.practice.id, id, { userId: staff.gp.id });
    expect(stoppedCount).toBe(150);
    world.context.clock.advance(120_000);
    await sendBatch(deps(), world.context.clock.now());
    expect(await states(id)).toEqual({ delivered: 50, stopped: 150 });
  });

  it("chooses recipients by age range, non-digital and an uploaded NHS number list", async () => {
    const { context } = world;
    const staff = await bulkPractice(context);
    const old = await bulkPatients(context, staff.practice.id, 3, { dateOfBirth: "1940-01-01" });
    await bulkPatients(context, staff.practice.id, 2, { dateOfBirth: "2000-01-01" });
    await bulkPatients(context, staff.practice.id, 1, { dateOfBirth: "1940-01-01", nonDigital: true });
    await bulkPatients(context, staff.practice.id, 1, { dateOfBirth: "1940-01-01", mobile: null, email: null });
    const now = context.clock.now();
    const over65 = { ...NO_FILTERS, minAge: 65 };
    expect(await countRecipients(context.db, staff.practice.id, over65, ["sms"], now)).toMatchObject({ patients: 4, byChannel: { sms: 3 }, unreachable: 1 });
    expect((await countRecipients(context.db, staff.practice.id, { ...over65, excludeNonDigital: false }, ["sms"], now)).patients).toBe(5);
    expect((await countRecipients(context.db, staff.practice.id, { ...NO_FILTERS, maxAge: 30 }, ["sms"], now)).patients).toBe(2);
    const listed = { ...NO_FILTERS, nhsNumbers: [old[0]!.nhsNumber!, old[2]!.nhsNumber!] };
    expect((await countRecipients(context.db, staff.practice.id, listed, ["email"], now)).byChannel.email).toBe(2);
  });

  it("queues once: a second press or a bulk message of another practice does nothing", async () => {
    const { id, staff } = await queued(NO_FILTERS, ["sms"], 3);
    const again = await queueBulkMessage(world.db, world.context.clock.now(), staff.practice.id, id, { userId: staff.gp.id }, { scheduledFor: null, linkOrigin: "" });
    expect(again).toEqual({ refused: "not_draft" });
    const other = await bulkPractice(world.context);
    await expect(queueBulkMessage(world.db, world.context.clock.now(), other.practice.id, id, { userId: other.gp.id }, { scheduledFor: null, linkOrigin: "" })).rejects.toThrow();
  });
});
