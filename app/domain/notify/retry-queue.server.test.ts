import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { notifyRetries } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/db";
import { NotifyNotifier, NotifySendError, type NotifySender } from "./notify.server";
import { retryNotifySends } from "./retry-queue.server";
import { templateNames, type TemplateName } from "./templates";

const templateIds = Object.fromEntries(templateNames.map((name, i) => [name, `tpl-${i}`])) as Record<TemplateName, string>;
const SECRET = "a-server-secret-of-at-least-32-characters!";
const start = new Date("2026-11-29T09:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

/** Notify's answers, in turn: "ok", an HTTP status, "network" (no answer) or "dns" (never reached). */
function notifyAnswering(...answers: Array<"ok" | number | "network" | "dns">) {
  const answer = () => {
    const next = answers.shift() ?? "ok";
    if (next === "ok") return Promise.resolve({ data: { id: "n-1" } });
    if (next === "dns") return Promise.reject(Object.assign(new Error("getaddrinfo ENOTFOUND api.notifications.service.gov.uk"), { code: "ENOTFOUND" }));
    if (next === "network") return Promise.reject(Object.assign(new Error("socket hang up to sarah@example.com"), { code: "ECONNRESET" }));
    return Promise.reject({ response: { status: next, data: { errors: [{ error: next === 429 ? "RateLimitError" : "BadRequestError", message: "07700900123 is not a UK mobile" }] } } });
  };
  return {
    sendEmail: vi.fn<NotifySender["sendEmail"]>(answer),
    sendSms: vi.fn<NotifySender["sendSms"]>(answer),
    getNotifications: vi.fn<NonNullable<NotifySender["getNotifications"]>>(),
  };
}

const sms = { channel: "sms" as const, to: "07700900123", template: "request-message" as const, values: { product: "Frontdoor", practiceName: "Riverside", link: "https://frontdoor.example/msg/message/auth/secret-token" } };

let t: TestDatabase;
let now = start;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(notifyRetries);
  now = start;
});

function notifierWith(client: ReturnType<typeof notifyAnswering>, secret = SECRET) {
  return new NotifyNotifier(client, templateIds, { newReference: () => "request-message-ref-1", retries: { db: t.db, secret, now: () => now } });
}
const store = (secret = SECRET) => ({ db: t.db, secret });

describe("a GOV.UK Notify send that fails", () => {
  it("for a while (503) is kept, sealed, and the send resolves", async () => {
    const client = notifyAnswering(503);
    await expect(notifierWith(client).send(sms)).resolves.toBeUndefined();

    const [row] = await t.db.select().from(notifyRetries);
    expect(row).toMatchObject({ channel: "sms", template: "request-message", reference: "request-message-ref-1", attempts: 1, unanswered: false, nextAttemptAt: at(1) });
    expect(row!.failure).toBe("GOV.UK Notify refused the request-message sms: 503 BadRequestError");
    // Neither the number nor the link's token can be read from the row.
    expect(JSON.stringify(row)).not.toContain("07700900123");
    expect(JSON.stringify(row)).not.toContain("secret-token");
  });

  it("for good (400) throws, and nothing is kept", async () => {
    const error = await notifierWith(notifyAnswering(400)).send(sms).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotifySendError);
    expect((error as NotifySendError).status).toBe(400);
    expect(await t.db.select().from(notifyRetries)).toEqual([]);
  });

  it("throws, and nothing is kept, when the caller retries itself (bulk messages)", async () => {
    await expect(notifierWith(notifyAnswering(503)).send({ ...sms, retries: "caller" })).rejects.toBeInstanceOf(NotifySendError);
    expect(await t.db.select().from(notifyRetries)).toEqual([]);
  });
});

describe("retryNotifySends", () => {
  it("sends a kept message when it is due, with its reference and values, and forgets it", async () => {
    const client = notifyAnswering(503, "ok");
    const notifier = notifierWith(client);
    await notifier.send(sms);

    expect(await retryNotifySends(store(), notifier, at(0.5))).toEqual({ sent: 0, retried: 0, givenUp: [] });
    expect(client.sendSms).toHaveBeenCalledTimes(1);

    expect(await retryNotifySends(store(), notifier, at(1))).toEqual({ sent: 1, retried: 0, givenUp: [] });
    expect(client.sendSms).toHaveBeenCalledTimes(2);
    expect(client.sendSms.mock.calls[1]).toEqual([templateIds["request-message"], "07700900123", { personalisation: sms.values, reference: "request-message-ref-1" }]);
    expect(await t.db.select().from(notifyRetries)).toEqual([]);
  });

  it("waits longer after each failure, and gives up a failure that will not pass without naming the recipient", async () => {
    const client = notifyAnswering(503, 429, 400);
    const notifier = notifierWith(client);
    await notifier.send(sms);

    expect(await retryNotifySends(store(), notifier, at(1))).toEqual({ sent: 0, retried: 1, givenUp: [] });
    const [row] = await t.db.select().from(notifyRetries);
    expect(row).toMatchObject({ attempts: 2, nextAttemptAt: at(3), failure: "GOV.UK Notify refused the request-message sms: 429 RateLimitError" });

    const run = await retryNotifySends(store(), notifier, at(3));
    expect(run).toEqual({ sent: 0, retried: 0, givenUp: [{ template: "request-message", failure: "GOV.UK Notify refused the request-message sms: 400 BadRequestError" }] });
    expect(JSON.stringify(run)).not.toContain("07700900123");
    expect(await t.db.select().from(notifyRetries)).toEqual([]);
  });

  it("after no answer, asks Notify first and does not send a message it already has", async () => {
    const client = notifyAnswering("network");
    const notifier = notifierWith(client);
    await notifier.send(sms);
    const [row] = await t.db.select().from(notifyRetries);
    expect(row).toMatchObject({ unanswered: true, failure: "GOV.UK Notify could not be reached to send the request-message sms: ECONNRESET" });

    client.getNotifications.mockResolvedValue({ data: { notifications: [{ id: "n-1" }] } });
    expect(await retryNotifySends(store(), notifier, at(1))).toEqual({ sent: 1, retried: 0, givenUp: [] });
    expect(client.getNotifications).toHaveBeenCalledWith(undefined, undefined, "request-message-ref-1");
    expect(client.sendSms).toHaveBeenCalledTimes(1);
    expect(await t.db.select().from(notifyRetries)).toEqual([]);
  });

  it("after a failure that never reached Notify (its name did not resolve), sends again without asking", async () => {
    const client = notifyAnswering("dns", "dns");
    const notifier = notifierWith(client);
    await notifier.send(sms);
    expect((await t.db.select().from(notifyRetries))[0]).toMatchObject({ unanswered: false, failure: "GOV.UK Notify could not be reached to send the request-message sms: ENOTFOUND" });
    expect(await retryNotifySends(store(), notifier, at(1))).toEqual({ sent: 0, retried: 1, givenUp: [] });
    expect((await t.db.select().from(notifyRetries))[0]).toMatchObject({ unanswered: false, attempts: 2 });
    now = at(3);
    expect(await retryNotifySends(store(), notifier, at(3))).toEqual({ sent: 1, retried: 0, givenUp: [] });
    expect(client.getNotifications).not.toHaveBeenCalled();
    expect(client.sendSms).toHaveBeenCalledTimes(3);
  });

  it("gives up a message sealed under another server secret", async () => {
    const notifier = notifierWith(notifyAnswering(503), "an-older-server-secret-of-32-characters-or-more");
    await notifier.send(sms);
    expect(await retryNotifySends(store(), notifier, at(1))).toEqual({
      sent: 0,
      retried: 0,
      givenUp: [{ template: "request-message", failure: "sealed under another server secret" }],
    });
  });

  it("two runs at once send each message once", async () => {
    const client = notifyAnswering(503, 503, 503);
    const notifier = notifierWith(client);
    let n = 0;
    const newReference = () => `ref-${++n}`;
    const queuing = new NotifyNotifier(client, templateIds, { newReference, retries: { db: t.db, secret: SECRET, now: () => now } });
    for (let i = 0; i < 3; i++) await queuing.send(sms);
    expect(await t.db.select().from(notifyRetries)).toHaveLength(3);

    const [a, b] = await Promise.all([retryNotifySends(store(), notifier, at(1)), retryNotifySends(store(), notifier, at(1))]);
    expect(a.sent + b.sent).toBe(3);
    expect(client.sendSms).toHaveBeenCalledTimes(6);
    expect(new Set(client.sendSms.mock.calls.slice(3).map((call) => call[2].reference))).toEqual(new Set(["ref-1", "ref-2", "ref-3"]));
  });
});
