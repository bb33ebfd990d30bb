/**
 * The call of one consultation: joins and leaves of both sides (on the consultation, as events,
 * and in the request's history), the call's duration, and the WebRTC signalling messages the
 * two browsers exchange through the database (so every app process sees them).
 */
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db, Queryable } from "~/db/client.server";
import { entryEvents, groupChatSignals, videoConsultations, videoParticipantEvents, videoSignals } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { callSeconds } from "./schedule";
import type { Consultation } from "./schedule.server";

export type Side = "clinician" | "patient";
export const otherSide = (side: Side): Side => (side === "clinician" ? "patient" : "clinician");

/** The signalling messages a browser may send (anything else is refused). */
export const SIGNAL_KINDS = ["hello", "ready", "offer", "answer", "candidate", "bye"] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];
/** An offer or answer's SDP, or a candidate, stays well under this. */
export const SIGNAL_MAX_CHARS = 20_000;

async function lastEvent(db: Queryable, consultationId: number, side: Side) {
  const [row] = await db
    .select({ kind: videoParticipantEvents.kind })
    .from(videoParticipantEvents)
    .where(and(eq(videoParticipantEvents.consultationId, consultationId), eq(videoParticipantEvents.side, side)))
    .orderBy(desc(videoParticipantEvents.id))
    .limit(1);
  return row?.kind ?? null;
}

/**
 * Records that a side joined (once per arrival: a repeated hello of someone already in is not a
 * new join). The call starts when both are in.
 */
export async function recordJoin(context: Pick<AppContext, "db" | "clock">, c: Consultation, side: Side, userId: number | null) {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await tx.select({ id: videoConsultations.id }).from(videoConsultations).where(eq(videoConsultations.id, c.id)).for("update");
    if ((await lastEvent(tx, c.id, side)) === "joined") return;
    await tx.insert(videoParticipantEvents).values({ consultationId: c.id, side, kind: "joined", userId, createdAt: now });
    const joinedColumn = side === "clinician" ? { clinicianJoinedAt: sql`coalesce(${videoConsultations.clinicianJoinedAt}, ${now})` } : { patientJoinedAt: sql`coalesce(${videoConsultations.patientJoinedAt}, ${now})` };
    await tx.update(videoConsultations).set(joinedColumn).where(eq(videoConsultations.id, c.id));
    if ((await lastEvent(tx, c.id, otherSide(side))) === "joined") {
      // Both in: a call starts (again, if it was interrupted: its time adds on).
      await tx.update(videoConsultations).set({ callStartedAt: now, callEndedAt: null }).where(eq(videoConsultations.id, c.id));
    }
    if (c.patientEntryId) {
      await tx.insert(entryEvents).values({ patientEntryId: c.patientEntryId, actorUserId: userId, kind: "video_joined", detail: { consultationId: c.id, side }, createdAt: now });
    }
  });
}

/** Records that a side left; the call (if both were in) ends and its seconds add to the duration. */
export async function recordLeave(context: Pick<AppContext, "db" | "clock">, c: Consultation, side: Side, userId: number | null) {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ callStartedAt: videoConsultations.callStartedAt, callEndedAt: videoConsultations.callEndedAt, durationSeconds: videoConsultations.durationSeconds })
      .from(videoConsultations)
      .where(eq(videoConsultations.id, c.id))
      .for("update");
    if ((await lastEvent(tx, c.id, side)) !== "joined") return;
    await tx.insert(videoParticipantEvents).values({ consultationId: c.id, side, kind: "left", userId, createdAt: now });
    // The seconds of the call this leave ends (null when the other side was not in).
    let seconds: number | null = null;
    if (row.callStartedAt && !row.callEndedAt) {
      seconds = callSeconds(row.callStartedAt, now);
      await tx.update(videoConsultations).set({ callEndedAt: now, durationSeconds: (row.durationSeconds ?? 0) + seconds }).where(eq(videoConsultations.id, c.id));
    }
    if (c.patientEntryId) {
      await tx.insert(entryEvents).values({ patientEntryId: c.patientEntryId, actorUserId: userId, kind: "video_left", detail: { consultationId: c.id, side, seconds }, createdAt: now });
    }
    // Nobody is in any more: this call's signalling is spent (a new arrival starts afresh).
    if ((await lastEvent(tx, c.id, otherSide(side))) !== "joined") await tx.delete(videoSignals).where(eq(videoSignals.consultationId, c.id));
  });
}

/** The clinician ends the consultation: it is complete (a scheduled or missed one only). */
export async function completeConsultation(context: Pick<AppContext, "db" | "clock">, c: Consultation, userId: number) {
  const now = context.clock.now();
  await recordLeave(context, c, "clinician", userId);
  await context.db.transaction(async (tx) => {
    const done = await tx
      .update(videoConsultations)
      .set({ status: "complete" })
      .where(and(eq(videoConsultations.id, c.id), sql`${videoConsultations.status} in ('scheduled', 'missed')`))
      .returning({ id: videoConsultations.id });
    if (done.length === 0) return;
    await audit(tx as unknown as Db, { actorUserId: userId, practiceId: c.practiceId, action: "video.completed", subjectType: "video_consultation", subjectId: c.id, at: now });
    if (c.patientEntryId) {
      const [row] = await tx.select({ durationSeconds: videoConsultations.durationSeconds }).from(videoConsultations).where(eq(videoConsultations.id, c.id));
      await tx.insert(entryEvents).values({ patientEntryId: c.patientEntryId, actorUserId: userId, kind: "video_completed", detail: { consultationId: c.id, durationSeconds: row?.durationSeconds ?? null }, createdAt: now });
    }
  });
  await deleteSignals(context.db, c.id);
}

/** The call is over: its signalling rows are no use to anyone (decision 0124). */
export async function deleteSignals(db: Queryable, consultationId: number) {
  await db.delete(videoSignals).where(eq(videoSignals.consultationId, consultationId));
}

/** Signalling older than this is stale whatever the call's state: the periodic sweep deletes it. */
export const SIGNAL_KEEP_MS = 24 * 3_600_000;

/**
 * Deletes every call's signalling rows (one-to-one and group) older than a day; answers how
 * many went. The job queue runs it at start and every hour (server.ts, decision 0151).
 */
export async function sweepSignals(db: Queryable, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SIGNAL_KEEP_MS);
  const one = await db.delete(videoSignals).where(lt(videoSignals.createdAt, before)).returning({ id: videoSignals.id });
  const group = await db.delete(groupChatSignals).where(lt(groupChatSignals.createdAt, before)).returning({ id: groupChatSignals.id });
  return one.length + group.length;
}

/** Who joined and left, in order (the room's record). */
export async function participantEvents(db: Queryable, consultationId: number) {
  return db
    .select({ side: videoParticipantEvents.side, kind: videoParticipantEvents.kind, createdAt: videoParticipantEvents.createdAt })
    .from(videoParticipantEvents)
    .where(eq(videoParticipantEvents.consultationId, consultationId))
    .orderBy(videoParticipantEvents.id);
}

export async function postSignal(db: Queryable, consultationId: number, from: Side, body: { kind: SignalKind; data?: unknown }) {
  await db.insert(videoSignals).values({ consultationId, fromSide: from, body });
}

/** The newest signal's id: a stream that opens now reads only what comes after it. */
export async function latestSignalId(db: Queryable, consultationId: number): Promise<number> {
  const [row] = await db
    .select({ id: videoSignals.id })
    .from(videoSignals)
    .where(eq(videoSignals.consultationId, consultationId))
    .orderBy(desc(videoSignals.id))
    .limit(1);
  return row?.id ?? 0;
}

/** The other side's signals after an id, oldest first. */
export async function signalsFor(db: Queryable, consultationId: number, to: Side, afterId: number) {
  return db
    .select({ id: videoSignals.id, body: videoSignals.body })
    .from(videoSignals)
    .where(and(eq(videoSignals.consultationId, consultationId), eq(videoSignals.fromSide, otherSide(to)), gt(videoSignals.id, afterId)))
    .orderBy(videoSignals.id)
    .limit(100);
}

/** Whether the consultation is still open to a call (not cancelled or complete) — read fresh. */
export async function callOpen(db: Queryable, consultationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: videoConsultations.id })
    .from(videoConsultations)
    .where(and(eq(videoConsultations.id, consultationId), isNull(videoConsultations.cancelledAt), sql`${videoConsultations.status} <> 'complete'`));
  return Boolean(row);
}
