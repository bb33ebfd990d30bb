/**
 * The video pages' loaders and actions against a real database: scheduling (with the spec's
 * override-mobile message and the invitation sent), the practice's video flag, the patient's
 * tokened waiting room, joins, leaves and duration through the signalling endpoint (and in the
 * request's history), cancelling.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, entryEvents, patients, practices, videoConsultations, videoSignals } from "~/db/schema";
import { sweepSignals } from "~/domain/video/call.server";
import { videoHistoryText } from "~/domain/video/history";
import { scheduledMessage, VIDEO_MESSAGES } from "~/domain/video/schedule";
import { flashOf, refusingNotifier } from "../../../tests/support/refusing-notifier";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { staffPractice, submittedRequest } from "../../../tests/support/inbox-fixtures";
import { messagesTo } from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { FakeClock } from "~/domain/clock";
import * as schedulesRoute from "./$practiceCode.videoschedules";
import * as cancelRoute from "./$practiceCode.videoschedules_.$consultationId.cancel";
import * as roomRoute from "./$practiceCode.video.$consultationId";
import * as signalRoute from "./$practiceCode.video.$consultationId_.signal";
import * as waitingRoute from "./$practiceCode.waitingroom";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

async function setUp(allowVideo = true) {
  const here = await staffPractice(context);
  await t.db.update(practices).set({ allowVideo }).where(eq(practices.id, here.practice.id));
  const { patient, entry } = await submittedRequest(context, here.practice.id);
  const nhsNumber = String(9_990_000_000 + patient.patientId).slice(0, 9);
  const digits = `${nhsNumber}0`.slice(0, 10);
  await t.db.update(patients).set({ nhsNumber: digits }).where(eq(patients.id, patient.patientId));
  return { ...here, patient, entry, nhsNumber: digits, code: here.practice.urlCode };
}

const tomorrow = (context: TestContext) => {
  const d = new Date(context.clock.now().getTime() + 86_400_000);
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "numeric" }).format(d);
};

async function schedule(w: Awaited<ReturnType<typeof setUp>>, extra: Record<string, string> = {}) {
  return callAction(schedulesRoute.action, {
    request: postRequest(`/${w.code}/videoschedules`, { nhsNumber: w.nhsNumber, date: tomorrow(context), time: "10:30", clinician: String(w.gp.id), request: String(w.entry.id), notesForPatient: "Have your inhaler with you.", ...extra }, { cookie: w.receptionist.cookie }),
    params: { practiceCode: w.code },
    context,
  });
}

describe("video schedules", () => {
  it("schedules a consultation, sends the patient the tokened link and records it", async () => {
    const w = await setUp();
    const res = await schedule(w, { sendSms: "on", overrideMobile: "07700 900 999" });
    expect(res.status).toBe(303);
    const [row] = await t.db.select().from(videoConsultations).where(eq(videoConsultations.patientId, w.patient.patientId));
    expect(row).toMatchObject({ status: "scheduled", assignedToId: w.gp.id, sendSms: true, overrideMobile: "07700900999", patientEntryId: w.entry.id });
    const sms = await messagesTo(context, "07700900999", "video-invitation");
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toMatch(new RegExp(`/${w.code}/waitingroom\\?token=`));
    expect(await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "video.scheduled"), eq(auditEvents.subjectId, String(row.id))))).toHaveLength(1);
    expect(await t.db.select().from(entryEvents).where(and(eq(entryEvents.patientEntryId, w.entry.id), eq(entryEvents.kind, "video_scheduled")))).toHaveLength(1);

    const page = await readJson<{ rows: Array<{ id: number; status: string }> }>(
      await callLoader(schedulesRoute.loader, { request: getRequest(`/${w.code}/videoschedules?day=${row.scheduledFor.toISOString().slice(0, 10)}`, { cookie: w.gp.cookie }), params: { practiceCode: w.code }, context }),
    );
    expect(page.rows.map((r) => [r.id, r.status])).toEqual([[row.id, "scheduled"]]);
  });

  it("tells staff when GOV.UK Notify refused the patient's mobile: the consultation stands, the e-mail went (decision 0153)", async () => {
    const w = await setUp();
    const outbox = context.notifier;
    const notifier = refusingNotifier((m) => m.channel === "sms", context.notifier);
    context.notifier = notifier;
    try {
      const res = await schedule(w, { sendSms: "on", overrideMobile: "07700 900 998" });
      expect(res.status).toBe(303);
      expect(flashOf(context.config.sessionSecret, res)).toEqual({
        kind: "success",
        text: "Video consultation scheduled. We could not text the patient: GOV.UK Notify refused their mobile number. Contact them another way. The patient has been sent the link by email.",
      });
      expect(notifier.refused.map((m) => m.to)).toEqual(["07700900998"]);
    } finally {
      context.notifier = outbox;
    }
    expect(await t.db.select().from(videoConsultations).where(eq(videoConsultations.patientId, w.patient.patientId))).toHaveLength(1);
    expect(await messagesTo(context, `patient${w.patient.patientId}@example.com`, "video-invitation")).toHaveLength(1);
    // Everything refused: no "has been sent" at all.
    expect(scheduledMessage([], ["email", "sms"])).toBe(
      "Video consultation scheduled. We could not email or text the patient: GOV.UK Notify refused their email address and mobile number. Contact them another way.",
    );
    expect(scheduledMessage(["email"], [])).toBe(VIDEO_MESSAGES.scheduled);
  });

  it("refuses an override mobile that is not one, with the spec's message", async () => {
    const w = await setUp();
    const res = await schedule(w, { sendSms: "on", overrideMobile: "0123" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await readJson(res))).toContain("Mobile number is invalid.");
    expect(VIDEO_MESSAGES.overrideMobile).toBe("Mobile number is invalid.");
  });

  it("denies staff at a practice without video", async () => {
    const w = await setUp(false);
    const res = await callLoader(schedulesRoute.loader, { request: getRequest(`/${w.code}/videoschedules`, { cookie: w.gp.cookie }), params: { practiceCode: w.code }, context });
    expect(res.headers.get("Location")).toBe(`/${w.code}/permission-denied`);
  });
});

describe("the call", () => {
  it("records both sides' joins and leaves, the duration and the request's history; the clinician ends it", async () => {
    const clock = new FakeClock(new Date("2026-11-27T10:00:00Z"));
    context = { ...context, clock };
    const w = await setUp();
    await schedule(w);
    const [sms] = await messagesTo(context, `patient${w.patient.patientId}@example.com`, "video-invitation");
    const token = /token=([A-Za-z0-9_-]+)/.exec(sms.body)![1];
    const [row] = await t.db.select().from(videoConsultations).where(eq(videoConsultations.patientId, w.patient.patientId));
    const params = { practiceCode: w.code, consultationId: String(row.id) };

    const room = await readJson<{ kind: string; consultation: { id: number } }>(
      await callLoader(waitingRoute.loader, { request: getRequest(`/${w.code}/waitingroom?token=${token}`), params: { practiceCode: w.code }, context }),
    );
    expect(room).toMatchObject({ kind: "room", consultation: { id: row.id } });
    const wrong = await callLoader(waitingRoute.loader, { request: getRequest(`/${w.code}/waitingroom?token=${"x".repeat(32)}`), params: { practiceCode: w.code }, context });
    expect(wrong.status).toBe(410);

    const signal = (fields: Record<string, string>, cookie?: string) =>
      callAction(signalRoute.action, { request: postRequest(`/${w.code}/video/${row.id}/signal`, { data: "null", ...fields }, { cookie }), params, context });
    expect((await signal({ kind: "hello", token })).status).toBe(200);
    clock.advance(60_000);
    expect((await signal({ kind: "hello" }, w.gp.cookie)).status).toBe(200);
    clock.advance(125_000);
    expect((await signal({ kind: "bye", token })).status).toBe(200);
    // Someone else's signal: not found, nothing recorded.
    expect((await signal({ kind: "hello", token: "y".repeat(32) })).status).toBe(404);

    const [after] = await t.db.select().from(videoConsultations).where(eq(videoConsultations.id, row.id));
    expect(after.durationSeconds).toBe(125);
    expect(after.patientJoinedAt?.toISOString()).toBe("2026-11-27T10:00:00.000Z");
    expect(after.clinicianJoinedAt?.toISOString()).toBe("2026-11-27T10:01:00.000Z");
    const history = await t.db.select({ kind: entryEvents.kind }).from(entryEvents).where(eq(entryEvents.patientEntryId, w.entry.id)).orderBy(entryEvents.id);
    expect(history.map((h) => h.kind)).toEqual(["submitted", "video_scheduled", "video_joined", "video_joined", "video_left"].filter((k) => k !== "submitted" || history[0]?.kind === "submitted"));

    const end = await callAction(roomRoute.action, { request: postRequest(`/${w.code}/video/${row.id}`, { intent: "end" }, { cookie: w.gp.cookie }), params, context });
    expect(end.status).toBe(303);
    const [done] = await t.db.select().from(videoConsultations).where(eq(videoConsultations.id, row.id));
    expect(done.status).toBe("complete");
    // A patient cannot open the clinician's room.
    const patientRoom = await callLoader(roomRoute.loader, { request: getRequest(`/${w.code}/video/${row.id}`, { cookie: w.patient.cookie }), params, context });
    expect(patientRoom.headers.get("Location")).toMatch(/permission-denied/);
  });

  it("cancels a scheduled consultation; the link then says so", async () => {
    const w = await setUp();
    await schedule(w);
    const [row] = await t.db.select().from(videoConsultations).where(eq(videoConsultations.patientId, w.patient.patientId));
    const params = { practiceCode: w.code, consultationId: String(row.id) };
    const res = await callAction(cancelRoute.action, { request: postRequest(`/${w.code}/videoschedules/${row.id}/cancel`, {}, { cookie: w.receptionist.cookie }), params, context });
    expect(res.status).toBe(303);
    const again = await callAction(cancelRoute.action, { request: postRequest(`/${w.code}/videoschedules/${row.id}/cancel`, {}, { cookie: w.receptionist.cookie }), params, context });
    expect(again.status).toBe(409);
    const [after] = await t.db.select().from(videoConsultations).where(eq(videoConsultations.id, row.id));
    expect(after.status).toBe("cancelled");
  });
});

describe("signalling rows", () => {
  const rowsOf = (id: number) => t.db.select({ id: videoSignals.id }).from(videoSignals).where(eq(videoSignals.consultationId, id));

  it("are deleted when both sides have left, and when the clinician ends the call; the history says it in words", async () => {
    const clock = new FakeClock(new Date("2026-11-27T10:00:00Z"));
    context = { ...context, clock };
    const w = await setUp();
    await schedule(w);
    const [sms] = await messagesTo(context, `patient${w.patient.patientId}@example.com`, "video-invitation");
    const token = /token=([A-Za-z0-9_-]+)/.exec(sms.body)![1];
    const [row] = await t.db.select().from(videoConsultations).where(eq(videoConsultations.patientId, w.patient.patientId));
    const params = { practiceCode: w.code, consultationId: String(row.id) };
    const signal = (fields: Record<string, string>, cookie?: string) =>
      callAction(signalRoute.action, { request: postRequest(`/${w.code}/video/${row.id}/signal`, { data: "null", ...fields }, { cookie }), params, context });

    await signal({ kind: "hello", token });
    await signal({ kind: "hello" }, w.gp.cookie);
    await signal({ kind: "offer", data: JSON.stringify({ type: "offer", sdp: "v=0" }) }, w.gp.cookie);
    expect(await rowsOf(row.id)).toHaveLength(3);
    clock.advance(65_000);
    await signal({ kind: "bye", token });
    expect((await rowsOf(row.id)).length).toBeGreaterThan(0); // the clinician is still in
    await signal({ kind: "bye" }, w.gp.cookie);
    expect(await rowsOf(row.id)).toHaveLength(0);

    // Again, then the clinician ends it: its rows go, and a late signal is not kept.
    await signal({ kind: "hello", token });
    await signal({ kind: "hello" }, w.gp.cookie);
    clock.advance(30_000);
    expect(await rowsOf(row.id)).toHaveLength(2);
    const end = await callAction(roomRoute.action, { request: postRequest(`/${w.code}/video/${row.id}`, { intent: "end" }, { cookie: w.gp.cookie }), params, context });
    expect(end.status).toBe(303);
    expect(await rowsOf(row.id)).toHaveLength(0);
    expect((await signal({ kind: "bye", token })).status).toBe(409);
    expect(await rowsOf(row.id)).toHaveLength(0);

    const history = await t.db.select({ kind: entryEvents.kind, detail: entryEvents.detail }).from(entryEvents).where(eq(entryEvents.patientEntryId, w.entry.id)).orderBy(entryEvents.id);
    const words = history.map((h) => videoHistoryText(h.kind, h.detail as never)).filter(Boolean);
    expect(words).toEqual([
      expect.stringMatching(/^Video consultation scheduled for \d\d\/\d\d\/\d{4} 10:30$/),
      "Patient joined the video consultation",
      "Clinician joined the video consultation",
      "Patient left the video consultation after 1 minute 5 seconds in the call",
      "Clinician left the video consultation",
      "Patient joined the video consultation",
      "Clinician joined the video consultation",
      "Clinician left the video consultation after 30 seconds in the call",
      "Video consultation completed: call length 1 minute 35 seconds",
      "Patient left the video consultation",
    ]);
  });

  it("older than a day are swept, whatever the call's state", async () => {
    const w = await setUp();
    await schedule(w);
    const [row] = await t.db.select().from(videoConsultations).where(eq(videoConsultations.patientId, w.patient.patientId));
    const now = context.clock.now();
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
    await t.db.insert(videoSignals).values([
      { consultationId: row.id, fromSide: "clinician", body: { kind: "hello" }, createdAt: at(25) },
      { consultationId: row.id, fromSide: "patient", body: { kind: "hello" }, createdAt: at(23) },
    ]);
    expect(await sweepSignals(t.db, now)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ createdAt: videoSignals.createdAt }).from(videoSignals).where(eq(videoSignals.consultationId, row.id));
    expect(left.map((r) => r.createdAt.toISOString())).toEqual([at(23).toISOString()]);
  });
});
