/**
 * Video schedules: scheduling, cancelling and listing consultations, always scoped to the
 * practice (and, on the patient's side, to the patient) in the SQL itself. Staff changes are
 * audited; a consultation scheduled from a request writes the request's history.
 */
import { createHash, randomBytes } from "node:crypto";
import { aliasedTable, and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db, Queryable } from "~/db/client.server";
import { entryEvents, globalSettings, patientEntries, patients, practiceMemberships, practices, users, videoConsultations, videoSignals } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { NotFound } from "~/domain/outcomes";
import { addDays, formatLondonDateTime, londonInstant } from "~/domain/time/london";
import { effectiveStatus, smsRecipient, type ScheduleInput, type VideoStatus } from "./schedule";
import { sendAfterCommit } from "~/domain/notify/after-commit.server";
import type { NoticeRefused } from "~/domain/notify/notice-refused";

export type Actor = { userId: number };
type PracticeRef = { id: number; urlCode: string; name: string; allowVideo: boolean };

export const hashVideoToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The global video setting (spec 3 §6: video pages also need it). */
export async function videoSettingOn(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ on: globalSettings.videoEnabled }).from(globalSettings).where(eq(globalSettings.id, 1));
  return row ? row.on : true;
}

/** Whether the practice's staff can schedule video consultations: its allow_video and the global setting. */
export async function videoOnAt(db: Queryable, practiceId: number): Promise<boolean> {
  const [row] = await db.select({ on: practices.allowVideo }).from(practices).where(eq(practices.id, practiceId));
  return Boolean(row?.on) && (await videoSettingOn(db));
}

/** The patient of one of the practice's requests (to schedule a consultation from it), or null. */
export async function requestPatient(db: Queryable, practiceId: number, entryId: number) {
  const [row] = await db
    .select({ nhsNumber: patients.nhsNumber, firstName: patients.firstName, lastName: patients.lastName })
    .from(patientEntries)
    .innerJoin(patients, eq(patients.id, patientEntries.patientId))
    .where(and(eq(patientEntries.id, entryId), eq(patientEntries.practiceId, practiceId)));
  return row ?? null;
}

/** The practice's GPs: who a consultation can be with. */
export async function practiceClinicians(db: Queryable, practiceId: number) {
  return db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(practiceMemberships)
    .innerJoin(users, eq(users.id, practiceMemberships.userId))
    .where(and(eq(practiceMemberships.practiceId, practiceId), eq(practiceMemberships.role, "gp")))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** A staff member (gp or receptionist) of the practice, or NotFound: the person pages' subject. */
export async function practiceStaffMember(db: Queryable, practiceId: number, userId: number) {
  const [row] = await db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(practiceMemberships)
    .innerJoin(users, eq(users.id, practiceMemberships.userId))
    .where(and(eq(practiceMemberships.practiceId, practiceId), eq(practiceMemberships.userId, userId), inArray(practiceMemberships.role, ["gp", "receptionist"])));
  if (!row) throw new NotFound("staff member");
  return row;
}

const clinician = aliasedTable(users, "clinician");
const listColumns = {
  id: videoConsultations.id,
  scheduledFor: videoConsultations.scheduledFor,
  status: videoConsultations.status,
  patientJoinedAt: videoConsultations.patientJoinedAt,
  clinicianJoinedAt: videoConsultations.clinicianJoinedAt,
  durationSeconds: videoConsultations.durationSeconds,
  patientEntryId: videoConsultations.patientEntryId,
  assignedToId: videoConsultations.assignedToId,
  patientId: patients.id,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  nhsNumber: patients.nhsNumber,
  clinicianFirstName: clinician.firstName,
  clinicianLastName: clinician.lastName,
  clinicianFacingName: clinician.patientFacingName,
};

export type ScheduleRow = Awaited<ReturnType<typeof listSchedules>>[number];

function withStatus<T extends { status: VideoStatus; scheduledFor: Date; patientJoinedAt: Date | null }>(rows: T[], now: Date) {
  return rows.map((r) => ({ ...r, shownStatus: effectiveStatus(r, now) }));
}

/** One Europe/London day's consultations at the practice, by time then clinician. */
export async function listSchedules(db: Queryable, practiceId: number, day: string, now: Date, clinicianId?: number) {
  const rows = await db
    .select(listColumns)
    .from(videoConsultations)
    .innerJoin(patients, eq(patients.id, videoConsultations.patientId))
    .innerJoin(clinician, eq(clinician.id, videoConsultations.assignedToId))
    .where(
      and(
        eq(videoConsultations.practiceId, practiceId),
        gte(videoConsultations.scheduledFor, londonInstant(day, "00:00")),
        lt(videoConsultations.scheduledFor, londonInstant(addDays(day, 1), "00:00")),
        clinicianId ? eq(videoConsultations.assignedToId, clinicianId) : undefined,
      ),
    )
    .orderBy(asc(videoConsultations.scheduledFor), asc(clinician.lastName), asc(videoConsultations.id));
  return withStatus(rows, now);
}

/** A clinician's consultations from a date on (their list), the next 200 at most. */
export async function clinicianSchedules(db: Queryable, practiceId: number, clinicianId: number, from: Date, now: Date) {
  const rows = await db
    .select(listColumns)
    .from(videoConsultations)
    .innerJoin(patients, eq(patients.id, videoConsultations.patientId))
    .innerJoin(clinician, eq(clinician.id, videoConsultations.assignedToId))
    .where(and(eq(videoConsultations.practiceId, practiceId), eq(videoConsultations.assignedToId, clinicianId), gte(videoConsultations.scheduledFor, from)))
    .orderBy(asc(videoConsultations.scheduledFor), asc(videoConsultations.id))
    .limit(200);
  return withStatus(rows, now);
}

/** Consultations of a clinician between two instants (the calendar). */
export async function clinicianSchedulesBetween(db: Queryable, practiceId: number, clinicianId: number, from: Date, to: Date, now: Date) {
  const rows = await db
    .select(listColumns)
    .from(videoConsultations)
    .innerJoin(patients, eq(patients.id, videoConsultations.patientId))
    .innerJoin(clinician, eq(clinician.id, videoConsultations.assignedToId))
    .where(
      and(
        eq(videoConsultations.practiceId, practiceId),
        eq(videoConsultations.assignedToId, clinicianId),
        gte(videoConsultations.scheduledFor, from),
        lt(videoConsultations.scheduledFor, to),
      ),
    )
    .orderBy(asc(videoConsultations.scheduledFor), asc(videoConsultations.id));
  return withStatus(rows, now);
}

/** One consultation of the practice, with everything the room and the lists show, or NotFound. */
export async function consultationAt(db: Queryable, practiceId: number, id: number, now: Date) {
  const [row] = await db
    .select({
      ...listColumns,
      notesForPatient: videoConsultations.notesForPatient,
      notesForMedicalRecord: videoConsultations.notesForMedicalRecord,
      callStartedAt: videoConsultations.callStartedAt,
      callEndedAt: videoConsultations.callEndedAt,
      practiceId: videoConsultations.practiceId,
    })
    .from(videoConsultations)
    .innerJoin(patients, eq(patients.id, videoConsultations.patientId))
    .innerJoin(clinician, eq(clinician.id, videoConsultations.assignedToId))
    .where(and(eq(videoConsultations.practiceId, practiceId), eq(videoConsultations.id, id)));
  if (!row) throw new NotFound("video consultation");
  return withStatus([row], now)[0];
}
export type Consultation = Awaited<ReturnType<typeof consultationAt>>;

/** The consultation a patient's invitation link names (the token is the credential), or null. */
export async function consultationByToken(db: Queryable, practiceId: number, token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ id: videoConsultations.id })
    .from(videoConsultations)
    .where(and(eq(videoConsultations.practiceId, practiceId), eq(videoConsultations.patientTokenHash, hashVideoToken(token))));
  return row ? consultationAt(db, practiceId, row.id, now) : null;
}

/** A signed-in patient's consultations at the practice (theirs and their dependents'), from yesterday on. */
export async function patientConsultations(db: Queryable, practiceId: number, patientIds: number[], now: Date) {
  if (patientIds.length === 0) return [];
  const rows = await db
    .select(listColumns)
    .from(videoConsultations)
    .innerJoin(patients, eq(patients.id, videoConsultations.patientId))
    .innerJoin(clinician, eq(clinician.id, videoConsultations.assignedToId))
    .where(
      and(
        eq(videoConsultations.practiceId, practiceId),
        inArray(videoConsultations.patientId, patientIds),
        gte(videoConsultations.scheduledFor, new Date(now.getTime() - 24 * 3_600_000)),
      ),
    )
    .orderBy(asc(videoConsultations.scheduledFor))
    .limit(20);
  return withStatus(rows, now);
}

export type ScheduleResult =
  | { status: "scheduled"; id: number; token: string; noticeSent: ("email" | "sms")[]; noticeRefused: NoticeRefused }
  | { status: "invalid"; field: "nhsNumber" | "clinician" | "overrideMobile" | "request"; message: string };

/** The clinician's name as the patient reads it: the patient-facing name when they have one. */
function patientFacing(u: { firstName: string; lastName: string; patientFacingName: string | null }) {
  return u.patientFacingName ?? `${u.firstName} ${u.lastName}`;
}

/**
 * Schedules a consultation and sends the patient the tokened link: by e-mail when the record
 * has an address, by text message when asked (to the override mobile, or the record's).
 */
export async function scheduleConsultation(
  context: Pick<AppContext, "db" | "clock" | "notifier" | "config">,
  actor: Actor,
  practice: PracticeRef,
  input: ScheduleInput,
  origin: string,
  messages: { patientUnknown: string; clinician: string; noMobile: string; noContact: string },
): Promise<ScheduleResult> {
  const now = context.clock.now();
  const [patient] = await context.db
    .select({ id: patients.id, email: patients.email, mobile: patients.mobile })
    .from(patients)
    .where(and(eq(patients.practiceId, practice.id), eq(patients.nhsNumber, input.nhsNumber)));
  if (!patient) return { status: "invalid", field: "nhsNumber", message: messages.patientUnknown };
  const [gp] = await context.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, patientFacingName: users.patientFacingName })
    .from(practiceMemberships)
    .innerJoin(users, eq(users.id, practiceMemberships.userId))
    .where(and(eq(practiceMemberships.practiceId, practice.id), eq(practiceMemberships.userId, input.clinician), eq(practiceMemberships.role, "gp")));
  if (!gp) return { status: "invalid", field: "clinician", message: messages.clinician };
  const sms = smsRecipient(input, patient.mobile);
  if (input.sendSms && !sms) return { status: "invalid", field: "overrideMobile", message: messages.noMobile };
  if (!sms && !patient.email) return { status: "invalid", field: "overrideMobile", message: messages.noContact };
  if (input.request) {
    const [entry] = await context.db
      .select({ id: patientEntries.id })
      .from(patientEntries)
      .where(and(eq(patientEntries.id, input.request), eq(patientEntries.practiceId, practice.id), eq(patientEntries.patientId, patient.id)));
    if (!entry) return { status: "invalid", field: "request", message: "The request is not this patient's" };
  }

  const token = randomBytes(24).toString("base64url");
  const id = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(videoConsultations)
      .values({
        practiceId: practice.id,
        patientId: patient.id,
        patientEntryId: input.request ?? null,
        assignedToId: gp.id,
        scheduledFor: input.scheduledFor,
        sendSms: input.sendSms,
        overrideMobile: input.overrideMobile ?? null,
        notesForPatient: input.notesForPatient ?? null,
        notesForMedicalRecord: input.notesForMedicalRecord ?? null,
        patientTokenHash: hashVideoToken(token),
        createdByUserId: actor.userId,
        createdAt: now,
      })
      .returning({ id: videoConsultations.id });
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId: practice.id,
      action: "video.scheduled",
      subjectType: "video_consultation",
      subjectId: row.id,
      detail: { clinicianId: gp.id, sendSms: input.sendSms },
      at: now,
    });
    if (input.request) {
      await tx.insert(entryEvents).values({
        patientEntryId: input.request,
        actorUserId: actor.userId,
        kind: "video_scheduled",
        detail: { consultationId: row.id, scheduledFor: input.scheduledFor.toISOString() },
        createdAt: now,
      });
    }
    return row.id;
  });

  const values = {
    product: context.config.productName,
    practiceName: practice.name,
    when: formatLondonDateTime(input.scheduledFor),
    clinician: patientFacing(gp),
    link: new URL(`/${practice.urlCode}/waitingroom?token=${token}`, origin).toString(),
    notes: input.notesForPatient ?? "",
  };
  // The call is booked: an address Notify refuses does not undo it (decision 0153).
  // Staff are told when it was refused: the patient has no link unless someone gives it to them.
  const noticeSent: ("email" | "sms")[] = [];
  const noticeRefused: NoticeRefused = [];
  if (patient.email) (await sendAfterCommit(context.notifier, { channel: "email", to: patient.email, template: "video-invitation", values }) ? noticeSent : noticeRefused).push("email");
  if (sms) (await sendAfterCommit(context.notifier, { channel: "sms", to: sms, template: "video-invitation", values }) ? noticeSent : noticeRefused).push("sms");
  return { status: "scheduled", id, token, noticeSent, noticeRefused };
}

/** Cancels a consultation still to happen; false when it is not (already over or cancelled). */
export async function cancelConsultation(context: Pick<AppContext, "db" | "clock">, actor: Actor, practiceId: number, id: number): Promise<boolean> {
  const now = context.clock.now();
  const c = await consultationAt(context.db, practiceId, id, now);
  if (c.shownStatus !== "scheduled") return false;
  return context.db.transaction(async (tx) => {
    const changed = await tx
      .update(videoConsultations)
      .set({ status: "cancelled", cancelledAt: now })
      .where(and(eq(videoConsultations.id, id), eq(videoConsultations.practiceId, practiceId), eq(videoConsultations.status, "scheduled")))
      .returning({ id: videoConsultations.id });
    if (changed.length === 0) return false;
    await tx.delete(videoSignals).where(eq(videoSignals.consultationId, id));
    await audit(tx as unknown as Db, { actorUserId: actor.userId, practiceId, action: "video.cancelled", subjectType: "video_consultation", subjectId: id, at: now });
    if (c.patientEntryId) {
      await tx.insert(entryEvents).values({ patientEntryId: c.patientEntryId, actorUserId: actor.userId, kind: "video_cancelled", detail: { consultationId: id }, createdAt: now });
    }
    return true;
  });
}
