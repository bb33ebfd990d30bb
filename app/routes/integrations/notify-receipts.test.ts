/**
 * GOV.UK Notify's delivery receipts on a real database, through the route layer production wraps the
 * module in (no CSRF token: a machine route; decision 0129): a bulk message sent (rows "sent", as with
 * Notify), then receipts move rows to delivered or failed and the progress counts follow; a wrong or
 * missing token is 401 and changes nothing; bad JSON or not a receipt is 400; an unknown reference,
 * a receipt for something else, a repeat and a non-final status are 200 with nothing changed.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/context.server";
import { bulkMessageRecipients } from "~/db/schema";
import { createDraft, progressOf, queueBulkMessage, saveDraft } from "~/domain/bulk/bulk-messages.server";
import { callbackTokenMatches } from "~/domain/bulk/receipts.server";
import { NO_FILTERS } from "~/domain/bulk/rules";
import { sendBatch } from "~/domain/bulk/sender.server";
import { OutboxNotifier } from "~/domain/notify/notifier.server";
import { guardAction } from "~/server/route-layer.server";
import { bulkPatients, bulkPractice } from "../../../tests/support/bulk-fixtures";
import { callAction } from "../../../tests/support/requests";
import { useTestWorld } from "../../../tests/support/world";
import * as receipts from "./notify.delivery-receipts";

const world = useTestWorld();
const TOKEN = "notify-callback-token-0123456789abcdef";
const action = guardAction("routes/notify.delivery-receipts", receipts.action);
let context: AppContext;
let messageId = 0;
let keys: string[] = [];

beforeAll(async () => {
  context = { ...world.context, config: { ...world.context.config, notifyCallbackToken: TOKEN } };
  const staff = await bulkPractice(world.context);
  await bulkPatients(world.context, staff.practice.id, 3, { email: null });
  const now = world.context.clock.now();
  messageId = await createDraft(world.db, now, staff.practice.id, { userId: staff.receptionist.id });
  await saveDraft(world.db, now, staff.practice.id, messageId, { title: "Flu clinic", body: "Book your flu jab.", channels: ["sms"], filters: NO_FILTERS });
  await queueBulkMessage(world.db, now, staff.practice.id, messageId, { userId: staff.receptionist.id }, { scheduledFor: null, linkOrigin: "https://frontdoor.test" });
  // As with Notify: sent, waiting for the receipt.
  await sendBatch({ db: world.db, notifier: new OutboxNotifier(world.db), secret: "test-secret", simulateReceipts: false }, now);
  const rows = await world.db.select().from(bulkMessageRecipients).where(eq(bulkMessageRecipients.bulkMessageId, messageId));
  keys = rows.map((r) => r.idempotencyKey).sort();
  expect(rows.map((r) => r.state)).toEqual(["sent", "sent", "sent"]);
});

function receipt(reference: string | null, status: string) {
  return {
    id: "740e5834-3a29-46b4-9a6f-16142fde533a",
    reference,
    to: "07700900123",
    status,
    created_at: "2026-11-27T10:00:00.000Z",
    completed_at: "2026-11-27T10:00:05.000Z",
    sent_at: "2026-11-27T10:00:01.000Z",
    notification_type: "sms",
  };
}

const call = (body: unknown, options: { token?: string | null; contentType?: string; raw?: string } = {}) => {
  const headers: Record<string, string> = { "Content-Type": options.contentType ?? "application/json", Host: "localhost" };
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  return callAction(action, {
    request: new Request("http://localhost/notify/delivery-receipts", { method: "POST", headers, body: options.raw ?? JSON.stringify(body) }),
    context,
  });
};

const progress = async () => (await progressOf(world.db, [messageId])).get(messageId)!.sms;

describe("Notify delivery receipts", () => {
  it("refuses a missing or wrong token with 401 and changes nothing", async () => {
    expect((await call(receipt(keys[0]!, "delivered"), { token: null })).status).toBe(401);
    expect((await call(receipt(keys[0]!, "delivered"), { token: `${TOKEN}x` })).status).toBe(401);
    const unconfigured = await callAction(action, {
      request: new Request("http://localhost/notify/delivery-receipts", { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKEN}` }, body: "{}" }),
      context: world.context,
    });
    expect(unconfigured.status).toBe(401);
    expect(await progress()).toMatchObject({ sent: 3, delivered: 0, failed: 0 });
    expect(callbackTokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(callbackTokenMatches("short", TOKEN)).toBe(false);
    expect(callbackTokenMatches(TOKEN, undefined)).toBe(false);
  });

  it("answers bad JSON or a body that is not a receipt with 400", async () => {
    expect((await call(null, { raw: "{not json" })).status).toBe(400);
    expect((await call({ status: "delivered" })).status).toBe(400);
    expect((await call(receipt(keys[0]!, "delivered"), { contentType: "text/plain" })).status).toBe(400);
  });

  it("records delivered and failed, and the progress counts follow", async () => {
    const delivered = await call(receipt(keys[0]!, "delivered"));
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ status: "recorded" });
    expect((await call(receipt(keys[1]!, "permanent-failure"))).status).toBe(200);
    expect(await progress()).toMatchObject({ sent: 1, delivered: 1, failed: 1 });
    const [row] = await world.db.select().from(bulkMessageRecipients).where(eq(bulkMessageRecipients.idempotencyKey, keys[0]!));
    expect(row!.deliveredAt?.toISOString()).toBe("2026-11-27T10:00:05.000Z");
    const [failed] = await world.db.select().from(bulkMessageRecipients).where(eq(bulkMessageRecipients.idempotencyKey, keys[1]!));
    expect(failed!.failure).toBe("Notify: permanent-failure");
  });

  it("answers 200 and changes nothing for an unknown reference, another message, a repeat or a non-final status", async () => {
    for (const body of [receipt("bm999999-p1-sms", "delivered"), receipt(null, "delivered"), receipt("password-reset-123", "delivered"), receipt(keys[0]!, "permanent-failure"), receipt(keys[2]!, "sending")]) {
      const response = await call(body);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ignored" });
    }
    expect(await progress()).toMatchObject({ sent: 1, delivered: 1, failed: 1 });
  });
});
