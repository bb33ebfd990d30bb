/**
 * Bulk messages against a real database, through the routes: a receptionist builds a message
 * step by step (a jump ahead is refused, a bad NHS number file and no channel are 400s), sends it
 * with a booking invitation; the queue sends it; the linked patient books from the link's token,
 * the unlinked one is told to call; a patient reads and replies; the reminder's cancel and
 * unsubscribe links work once without signing in; another practice's staff get 404, and a
 * practice without consent gets 404.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingInvitations, bulkMessageReplies, gpSlots, outbox, patients, practiceConsents, practices } from "~/db/schema";
import { sendBatch } from "~/domain/bulk/sender.server";
import { sendDueReminders } from "~/domain/bulk/reminders.server";
import { OutboxNotifier } from "~/domain/notify/notifier.server";
import * as booking from "../appointments-and-prescriptions/$practiceCode.appointment-booking.$invitationId";
import * as cancel from "../appointments-and-prescriptions/appointment_reminders.cancel.$token";
import * as unsubscribe from "../appointments-and-prescriptions/appointment_reminders.unsubscribe.$token";
import { makeGpPractice, type GpPractice, type GpTestPatient } from "../../../tests/support/online-services-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { bulkGpPractice } from "../../../tests/support/bulk-fixtures";
import { useTestWorld } from "../../../tests/support/world";
import * as builder from "./$practiceCode.bulk-message.$bulkMessageId";
import * as list from "./$practiceCode.bulk-messages";
import * as mine from "./patient_bulk_messages.patient";
import * as reply from "./patient_bulk_messages.$bulkMessageId.request";

const world = useTestWorld();
let practice: GpPractice;
let reception: string;
let otherGp: string;
let linked: GpTestPatient;
let unlinked: GpTestPatient;

beforeAll(async () => {
  const { context } = world;
  ({ practice, reception, linked, unlinked } = await bulkGpPractice(context, {
    linked: { mobile: "07700900111", email: "linked@example.com" },
    unlinked: { mobile: "07700900222", dateOfBirth: "1950-01-01" },
  }));
  const other = await makeGpPractice(context);
  const g = await makeUser(context, { memberships: [{ practiceId: other.id, role: "gp" }] });
  otherGp = (await signInAs(context, g.id)).cookie;
});

const code = () => practice.urlCode;
const post = (id: number, fields: Record<string, string | string[]> | FormData, cookie = reception, query = "") =>
  callAction(builder.action, { request: postRequest(`/${code()}/bulk-message/${id}${query}`, fields, { cookie, csrf: world.context }), params: { practiceCode: code(), bulkMessageId: String(id) }, context: world.context });
const load = (id: number, query = "", cookie = reception) =>
  callLoader(builder.loader, { request: getRequest(`/${code()}/bulk-message/${id}${query}`, { cookie }), params: { practiceCode: code(), bulkMessageId: String(id) }, context: world.context });

let messageId = 0;

describe("building and sending a bulk message", () => {
  it("makes a draft, refuses a jump ahead, and saves each step", async () => {
    const created = await callAction(list.action, { request: postRequest(`/${code()}/bulk-messages`, {}, { cookie: reception, csrf: world.context }), params: { practiceCode: code() }, context: world.context });
    expect(created.status).toBe(303);
    messageId = Number(/bulk-message\/(\d+)/.exec(created.headers.get("Location")!)![1]);
    const ahead = await readJson<{ view: string }>(await load(messageId, "?step=check"));
    expect(ahead.view).toBe("recipients");

    const badFile = new FormData();
    badFile.set("intent", "recipients");
    badFile.set("nhsNumbersFile", new File(["1234567890\n"], "list.csv", { type: "text/csv" }));
    const refused = await post(messageId, badFile);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Line 1 is not a valid NHS number");

    expect((await post(messageId, { intent: "recipients", minAge: "70", maxAge: "65" })).status).toBe(400);
    expect((await post(messageId, { intent: "recipients", excludeNonDigital: "on" })).headers.get("Location")).toContain("step=message");
    expect((await post(messageId, { intent: "message", title: "", body: "" })).status).toBe(400);
    const saved = await post(messageId, { intent: "message", title: "Flu clinic", body: "Dear {patient_name}, book your flu jab at {practice_name}: {booking_link}", bookingSlotType: "Face to face" });
    expect(saved.headers.get("Location")).toContain("step=channels");
    expect((await post(messageId, { intent: "channels" })).status).toBe(400);
    expect((await post(messageId, { intent: "channels", channels: ["sms", "email"] })).headers.get("Location")).toContain("step=check");
    const check = await readJson<{ view: string; counts: { patients: number; byChannel: { sms: number; email: number } }; preview: string }>(await load(messageId, "?step=check"));
    expect(check.counts).toMatchObject({ patients: 2, byChannel: { sms: 2, email: 1 } });
    expect(check.preview).toContain("Dear ");
  });

  it("sends: three messages queued, sent once each by the queue, progress shown; another practice's staff are refused", async () => {
    const sent = await post(messageId, { intent: "send" });
    expect(sent.status).toBe(303);
    await sendBatch({ db: world.db, notifier: new OutboxNotifier(world.db), secret: world.context.config.sessionSecret, simulateReceipts: true }, world.context.clock.now());
    const progress = await readJson<{ view: string; state: string; progress: { sms: { delivered: number }; email: { delivered: number } } }>(await load(messageId));
    expect(progress).toMatchObject({ view: "progress", state: "sent", progress: { sms: { delivered: 2 }, email: { delivered: 1 } } });
    const again = await post(messageId, { intent: "send" });
    expect(again.status).toBe(303);
    const foreign = await load(messageId, "", otherGp);
    expect(foreign.status).toBe(302);
    expect(foreign.headers.get("Location")).toContain("permission-denied");
  });

  it("books from the link's token; a patient who cannot book online is told to call, and the practice sees both", async () => {
    const [sms] = await world.db.select().from(outbox).where(eq(outbox.recipient, "07700900111"));
    const link = new URL(/https?:\/\/\S+appointment-booking\S+/.exec(sms!.body)![0]);
    const params = { practiceCode: code(), invitationId: link.pathname.split("/").pop()! };
    const page = await readJson<{ view: string; slots: { id: string }[] }>(await callLoader(booking.loader, { request: getRequest(`${link.pathname}${link.search}`), params, context: world.context }));
    expect(page.view).toBe("slots");
    const slotId = page.slots[0]!.id;
    const booked = await callAction(booking.action, { request: postRequest(`${link.pathname}${link.search}`, { slotId }, { csrf: world.context }), params, context: world.context });
    expect(booked.status).toBe(303);
    const [slot] = await world.db.select().from(gpSlots).where(eq(gpSlots.id, Number(slotId)));
    expect(slot!.bookedByPatientId).toBe(linked.patientId);
    // Without the token (and not signed in as that patient): page-not-found.
    const noToken = await callLoader(booking.loader, { request: getRequest(link.pathname), params, context: world.context });
    expect(noToken.status).toBe(404);

    const [other] = await world.db.select().from(outbox).where(eq(outbox.recipient, "07700900222"));
    const otherLink = new URL(/https?:\/\/\S+appointment-booking\S+/.exec(other!.body)![0]);
    const call = await readJson<{ view: string }>(
      await callLoader(booking.loader, { request: getRequest(`${otherLink.pathname}${otherLink.search}`), params: { practiceCode: code(), invitationId: otherLink.pathname.split("/").pop()! }, context: world.context }),
    );
    expect(call.view).toBe("call");
    const progress = await readJson<{ bookings: { booked: boolean }[] }>(await load(messageId));
    expect(progress.bookings.map((b) => b.booked).sort()).toEqual([false, true]);
    const invitations = await world.db.select().from(bookingInvitations).where(and(eq(bookingInvitations.bulkMessageId, messageId)));
    expect(invitations).toHaveLength(2);
  });

  it("the patient reads the message and replies; the practice sees the reply", async () => {
    const listed = await readJson<{ messages: { id: number; title: string }[] }>(await callLoader(mine.loader, { request: getRequest("/patient_bulk_messages/patient", { cookie: linked.cookie }), context: world.context }));
    expect(listed.messages.map((m) => m.title)).toEqual(["Flu clinic"]);
    const params = { bulkMessageId: String(messageId) };
    expect((await callAction(reply.action, { request: postRequest(`/patient_bulk_messages/${messageId}/request`, { reply: "" }, { cookie: linked.cookie, csrf: world.context }), params, context: world.context })).status).toBe(400);
    const sent = await callAction(reply.action, { request: postRequest(`/patient_bulk_messages/${messageId}/request`, { reply: "Booked, thank you" }, { cookie: linked.cookie, csrf: world.context }), params, context: world.context });
    expect(sent.status).toBe(303);
    expect(await world.db.select().from(bulkMessageReplies).where(eq(bulkMessageReplies.bulkMessageId, messageId))).toHaveLength(1);
    const progress = await readJson<{ replies: { body: string }[] }>(await load(messageId));
    expect(progress.replies.map((r) => r.body)).toEqual(["Booked, thank you"]);
  });

  it("sends a reminder the day before; cancel and unsubscribe work once, without signing in", async () => {
    const [invitation] = await world.db.select().from(bookingInvitations).where(and(eq(bookingInvitations.bulkMessageId, messageId), eq(bookingInvitations.patientId, linked.patientId)));
    const [slot] = await world.db.select().from(gpSlots).where(eq(gpSlots.id, invitation!.bookedSlotId!));
    world.context.clock.set(new Date(slot!.startTime.getTime() - 20 * 3600_000));
    const deps = { db: world.db, notifier: new OutboxNotifier(world.db), secret: "s" };
    const sent = await sendDueReminders(deps, "https://frontdoor.test", world.context.clock.now());
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await sendDueReminders(deps, "https://frontdoor.test", world.context.clock.now())).toBe(0);
    const [reminder] = await world.db.select().from(outbox).where(and(eq(outbox.recipient, "07700900111"), eq(outbox.template, "appointment-reminder")));
    const [cancelUrl, unsubscribeUrl] = [...reminder!.body.matchAll(/https:\/\/frontdoor\.test(\S+)/g)].map((m) => m[1]!);
    const token = (path: string) => path.split("/").pop()!;
    const open = await readJson<{ state: string }>(await callLoader(cancel.loader, { request: getRequest(cancelUrl!), params: { token: token(cancelUrl!) }, context: world.context }));
    expect(open.state).toBe("open");
    const done = await callAction(cancel.action, { request: postRequest(cancelUrl!, {}, { csrf: world.context }), params: { token: token(cancelUrl!) }, context: world.context });
    expect((await readJson<{ state: string }>(done)).state).toBe("cancelled");
    const [freed] = await world.db.select().from(gpSlots).where(eq(gpSlots.id, slot!.id));
    expect(freed!.bookedByPatientId).toBeNull();
    const twice = await callAction(cancel.action, { request: postRequest(cancelUrl!, {}, { csrf: world.context }), params: { token: token(cancelUrl!) }, context: world.context });
    expect(twice.status).toBe(410);
    const off = await callAction(unsubscribe.action, { request: postRequest(unsubscribeUrl!, {}, { csrf: world.context }), params: { token: token(unsubscribeUrl!) }, context: world.context });
    expect((await readJson<{ state: string }>(off)).state).toBe("unsubscribed");
    const offTwice = await callLoader(unsubscribe.loader, { request: getRequest(unsubscribeUrl!), params: { token: token(unsubscribeUrl!) }, context: world.context });
    expect(offTwice.status).toBe(410);
  });

  it("is page-not-found where the practice has not agreed to the terms", async () => {
    await world.db.update(practiceConsents).set({ withdrawnAt: world.context.clock.now() }).where(eq(practiceConsents.practiceId, practice.id));
    const r = await makeUser(world.context, { memberships: [{ practiceId: practice.id, role: "receptionist" }] });
    const cookie = (await signInAs(world.context, r.id)).cookie;
    const response = await callLoader(list.loader, { request: getRequest(`/${code()}/bulk-messages`, { cookie }), params: { practiceCode: code() }, context: world.context });
    expect(response.status).toBe(404);
  });
});
