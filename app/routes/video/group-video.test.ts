/**
 * Group video's loaders and actions against a real database: the practice setting, setting a
 * call up (staff and patients by NHS number, patients e-mailed the link), who may open the room
 * and signal, the mesh's directed signals, joins and leaves with the call's length, ending it
 * (signalling deleted), and the sweep of old group signalling.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, groupChatEvents, groupChatMembers, groupChats, groupChatSignals, patients, practices, users } from "~/db/schema";
import { FakeClock } from "~/domain/clock";
import { sweepSignals } from "~/domain/video/call.server";
import { GROUP_MESSAGES, groupCreatedMessage } from "~/domain/video/group";
import { flashOf, refusingNotifier } from "../../../tests/support/refusing-notifier";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { staffPractice } from "../../../tests/support/inbox-fixtures";
import { messagesTo } from "../../../tests/support/registration-fixtures";
import { signedInPatient } from "../../../tests/support/request-fixtures";
import { createPatient } from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { useTestWorld } from "../../../tests/support/world";
import * as listRoute from "./$practiceCode.group_chats";
import * as roomRoute from "./$practiceCode.group_chat.video.$groupChatId";
import * as signalRoute from "./$practiceCode.group_chat.video.$groupChatId_.signal";

const t = useTestWorld();
let context: TestContext;
let clock: FakeClock;
beforeEach(() => {
  clock = new FakeClock(new Date("2026-11-27T10:00:00Z"));
  context = { ...makeContext(t.db), clock };
});

let nhs = 9_990_100_000;
async function patientWithNumber(practiceId: number) {
  const p = await signedInPatient(context, practiceId);
  const nhsNumber = String(nhs++);
  await t.db.update(patients).set({ nhsNumber, email: `group${p.patientId}@example.com` }).where(eq(patients.id, p.patientId));
  return { ...p, nhsNumber };
}

async function setUp(groupChatSetting = true) {
  const here = await staffPractice(context);
  await t.db.update(practices).set({ groupChatSetting }).where(eq(practices.id, here.practice.id));
  const anna = await patientWithNumber(here.practice.id);
  const ben = await patientWithNumber(here.practice.id);
  return { ...here, anna, ben, code: here.practice.urlCode };
}

const create = (w: Awaited<ReturnType<typeof setUp>>, fields: Record<string, string | string[]>, cookie = w.receptionist.cookie) =>
  callAction(listRoute.action, { request: postRequest(`/${w.code}/group_chats`, fields as never, { cookie }), params: { practiceCode: w.code }, context });

const valid = (w: Awaited<ReturnType<typeof setUp>>) => ({
  title: "Diabetes education group",
  date: "28/11/2026",
  time: "14:00",
  staff: [String(w.gp.id), String(w.receptionist.id)],
  patients: `${w.anna.nhsNumber}\n${w.ben.nhsNumber.slice(0, 3)} ${w.ben.nhsNumber.slice(3, 6)} ${w.ben.nhsNumber.slice(6)}`,
});

describe("group video calls: setting one up", () => {
  it("sets a call up with staff and patients, e-mails the patients the link and lists it", async () => {
    const w = await setUp();
    const res = await create(w, valid(w));
    expect(res.status).toBe(303);
    const [chat] = await t.db.select().from(groupChats).where(eq(groupChats.practiceId, w.practice.id));
    expect(res.headers.get("Location")).toBe(`/${w.code}/group_chat/video/${chat.id}`);
    expect(chat).toMatchObject({ title: "Diabetes education group", scheduledFor: new Date("2026-11-28T14:00:00Z"), endedAt: null });
    expect(await t.db.select().from(groupChatMembers).where(eq(groupChatMembers.groupChatId, chat.id))).toHaveLength(4);
    const mail = await messagesTo(context, `group${w.anna.patientId}@example.com`, "group-video-invitation");
    expect(mail[0].body).toContain(`/${w.code}/group_chat/video/${chat.id}`);
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.action, "group_video.created"))).toHaveLength(1);

    const page = await readJson<{ rows: Array<{ id: number; title: string; members: number; status: string }> }>(
      await callLoader(listRoute.loader, { request: getRequest(`/${w.code}/group_chats`, { cookie: w.practiceAdmin.cookie }), params: { practiceCode: w.code }, context }),
    );
    expect(page.rows).toEqual([expect.objectContaining({ id: chat.id, title: "Diabetes education group", members: 4, status: "scheduled" })]);
  });

  it("names the patients whose invitation GOV.UK Notify refused; the call stands and the others are invited (decision 0153)", async () => {
    const w = await setUp();
    const outbox = context.notifier;
    const notifier = refusingNotifier((m) => m.to === `group${w.anna.patientId}@example.com`, context.notifier);
    context.notifier = notifier;
    let res: Response;
    try {
      res = await create(w, valid(w));
    } finally {
      context.notifier = outbox;
    }
    expect(res.status).toBe(303);
    const spaced = `${w.anna.nhsNumber.slice(0, 3)} ${w.anna.nhsNumber.slice(3, 6)} ${w.anna.nhsNumber.slice(6)}`;
    expect(flashOf(context.config.sessionSecret, res)).toEqual({
      kind: "success",
      text: `Group call set up. We could not email the link to the patient with NHS number ${spaced}: GOV.UK Notify refused their email address. Contact them another way. The other patients have been sent the link.`,
    });
    expect(await t.db.select().from(groupChats).where(eq(groupChats.practiceId, w.practice.id))).toHaveLength(1);
    expect(await messagesTo(context, `group${w.ben.patientId}@example.com`, "group-video-invitation")).toHaveLength(1);
    expect(groupCreatedMessage(2, [])).toBe(GROUP_MESSAGES.created);
    expect(groupCreatedMessage(2, ["9990000018", "9990000026"])).toBe(
      "Group call set up. We could not email the link to the patients with NHS numbers 999 000 0018, 999 000 0026: GOV.UK Notify refused their email addresses. Contact them another way.",
    );
  });

  it("invites a patient with no e-mail address on their record at their account's address", async () => {
    const w = await setUp();
    await t.db.update(patients).set({ email: null }).where(eq(patients.id, w.ben.patientId));
    const [account] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, w.ben.userId));
    expect((await create(w, valid(w))).status).toBe(303);
    expect(await messagesTo(context, account.email, "group-video-invitation")).toHaveLength(1);
    expect(await messagesTo(context, `group${w.anna.patientId}@example.com`, "group-video-invitation")).toHaveLength(1);
  });

  it("refuses what cannot be a call, with its reason", async () => {
    const w = await setUp();
    const noAccount = await createPatient(context, w.practice.id);
    await t.db.update(patients).set({ nhsNumber: "9990199999" }).where(eq(patients.id, noAccount.id));
    const cases: Array<[Record<string, string | string[]>, string]> = [
      [{ ...valid(w), title: "" }, GROUP_MESSAGES.title],
      [{ ...valid(w), staff: [] }, GROUP_MESSAGES.staff],
      [{ ...valid(w), patients: "" }, GROUP_MESSAGES.patients],
      [{ ...valid(w), patients: "12345" }, GROUP_MESSAGES.nhsNumber("12345")],
      [{ ...valid(w), date: "26/11/2026" }, GROUP_MESSAGES.datePast],
      [{ ...valid(w), patients: "9990188888" }, GROUP_MESSAGES.patientUnknown("9990188888")],
      [{ ...valid(w), patients: "9990199999" }, GROUP_MESSAGES.patientNoAccount("9990199999")],
      [{ ...valid(w), patients: ["9990100101", "9990100102", "9990100103", "9990100104", "9990100105"].join("\n") }, GROUP_MESSAGES.tooMany],
    ];
    for (const [fields, message] of cases) {
      const res = await create(w, fields);
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(await readJson(res))).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect(await t.db.select().from(groupChats).where(eq(groupChats.practiceId, w.practice.id))).toHaveLength(0);
  });

  it("is denied where the practice has no group video", async () => {
    const w = await setUp(false);
    const res = await callLoader(listRoute.loader, { request: getRequest(`/${w.code}/group_chats`, { cookie: w.gp.cookie }), params: { practiceCode: w.code }, context });
    expect(res.headers.get("Location")).toBe(`/${w.code}/permission-denied`);
  });
});

describe("group video calls: the call", () => {
  it("records joins and leaves, the call's length, directed signals; staff end it and the signalling goes", async () => {
    const w = await setUp();
    await create(w, { ...valid(w), staff: [String(w.gp.id)] });
    const [chat] = await t.db.select().from(groupChats).where(eq(groupChats.practiceId, w.practice.id));
    const params = { practiceCode: w.code, groupChatId: String(chat.id) };
    const members = await t.db.select().from(groupChatMembers).where(eq(groupChatMembers.groupChatId, chat.id));
    const gpMember = members.find((m) => m.userId === w.gp.id)!;
    const annaMember = members.find((m) => m.patientId === w.anna.patientId)!;
    const signal = (cookie: string, fields: Record<string, string>) =>
      callAction(signalRoute.action, { request: postRequest(`/${w.code}/group_chat/video/${chat.id}/signal`, { data: "null", ...fields }, { cookie }), params, context });

    // A patient member sees the room; a patient who is not a member, and a receptionist who is not, cannot signal.
    const room = await readJson<{ me: number; canJoin: boolean; isStaff: boolean }>(await callLoader(roomRoute.loader, { request: getRequest(`/${w.code}/group_chat/video/${chat.id}`, { cookie: w.anna.cookie }), params, context }));
    expect(room).toMatchObject({ me: annaMember.id, canJoin: true, isStaff: false });
    const stranger = await patientWithNumber(w.practice.id);
    const strangerRoom = await callLoader(roomRoute.loader, { request: getRequest(`/${w.code}/group_chat/video/${chat.id}`, { cookie: stranger.cookie }), params, context });
    expect(strangerRoom.status).toBe(404);
    expect((await signal(stranger.cookie, { kind: "hello" })).status).toBe(404);
    expect((await signal(w.receptionist.cookie, { kind: "hello" })).status).toBe(404);

    expect((await signal(w.gp.cookie, { kind: "hello" })).status).toBe(200);
    clock.advance(30_000);
    expect((await signal(w.anna.cookie, { kind: "hello" })).status).toBe(200);
    // Directed kinds need a member to go to.
    expect((await signal(w.gp.cookie, { kind: "offer", data: "{}" })).status).toBe(400);
    expect((await signal(w.gp.cookie, { kind: "offer", data: "{}", to: String(gpMember.id) })).status).toBe(400);
    expect((await signal(w.gp.cookie, { kind: "offer", data: JSON.stringify({ type: "offer", sdp: "v=0" }), to: String(annaMember.id) })).status).toBe(200);
    const [offer] = await t.db.select().from(groupChatSignals).where(eq(groupChatSignals.toMemberId, annaMember.id));
    expect(offer).toMatchObject({ fromMemberId: gpMember.id, body: { kind: "offer" } });
    clock.advance(90_000);
    expect((await signal(w.anna.cookie, { kind: "bye" })).status).toBe(200);
    const [paused] = await t.db.select().from(groupChats).where(eq(groupChats.id, chat.id));
    expect(paused).toMatchObject({ durationSeconds: 90, callStartedAt: null });

    // A patient cannot end the call; staff can, once.
    const end = (cookie: string) => callAction(roomRoute.action, { request: postRequest(`/${w.code}/group_chat/video/${chat.id}`, { intent: "end" }, { cookie }), params, context });
    expect((await end(w.anna.cookie)).status).toBe(400);
    clock.advance(10_000);
    expect((await end(w.receptionist.cookie)).status).toBe(303);
    expect((await end(w.receptionist.cookie)).status).toBe(409);
    expect(await t.db.select().from(groupChatSignals).where(eq(groupChatSignals.groupChatId, chat.id))).toHaveLength(0);
    const events = await t.db.select({ memberId: groupChatEvents.memberId, kind: groupChatEvents.kind }).from(groupChatEvents).where(eq(groupChatEvents.groupChatId, chat.id)).orderBy(groupChatEvents.id);
    expect(events).toEqual([
      { memberId: gpMember.id, kind: "joined" },
      { memberId: annaMember.id, kind: "joined" },
      { memberId: annaMember.id, kind: "left" },
      { memberId: gpMember.id, kind: "left" },
    ]);
    expect((await signal(w.anna.cookie, { kind: "hello" })).status).toBe(409);

    const after = await readJson<{ status: string; duration: number; members: Array<{ id: number; seconds: number | null }>; events: unknown[] }>(
      await callLoader(roomRoute.loader, { request: getRequest(`/${w.code}/group_chat/video/${chat.id}`, { cookie: w.gp.cookie }), params, context }),
    );
    expect(after).toMatchObject({ status: "ended", duration: 90 });
    expect(after.members.find((m) => m.id === gpMember.id)?.seconds).toBe(130);
    expect(after.members.find((m) => m.id === annaMember.id)?.seconds).toBe(90);
  });

  it("sweeps group signalling older than a day", async () => {
    const w = await setUp();
    await create(w, valid(w));
    const [chat] = await t.db.select().from(groupChats).where(eq(groupChats.practiceId, w.practice.id));
    const now = clock.now();
    await t.db.insert(groupChatSignals).values([
      { groupChatId: chat.id, fromMemberId: 1, body: { kind: "hello" }, createdAt: new Date(now.getTime() - 25 * 3_600_000) },
      { groupChatId: chat.id, fromMemberId: 1, body: { kind: "hello" }, createdAt: new Date(now.getTime() - 3_600_000) },
    ]);
    await sweepSignals(t.db, now);
    expect(await t.db.select().from(groupChatSignals).where(eq(groupChatSignals.groupChatId, chat.id))).toHaveLength(1);
  });
});
