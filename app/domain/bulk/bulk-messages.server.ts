/**
 * Bulk messages (spec 3 §2; issue "templates"): drafts built step by step, the recipients the
 * filters choose, queueing (one row per patient and channel, in one statement), stopping,
 * progress per channel, and the patients' replies. Only where the practice has bulk messaging on
 * and its consent recorded. Staff changes are audited. Sending: sender.server.ts.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookingInvitations, bulkMessageRecipients, bulkMessageReplies, bulkMessages, gpSlots, patients, practices } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { NotFound } from "~/domain/outcomes";
import { hasConsent } from "~/domain/practices/consents.server";
import { londonDate } from "~/domain/time/london";
import {
  addressFor,
  BULK_CHANNELS,
  birthDateRange,
  emptyProgress,
  idempotencyKey,
  NO_FILTERS,
  type BulkChannel,
  type BulkState,
  type Progress,
  type RecipientFilters,
  type RecipientState,
} from "./rules";

export type BulkPractice = { id: number; name: string; urlCode: string };

/** The practice, if bulk messaging is on there and its terms agreed; otherwise NotFound. */
export async function requireBulkPractice(db: Db, practiceId: number): Promise<BulkPractice> {
  const [p] = await db
    .select({ id: practices.id, name: practices.name, urlCode: practices.urlCode, on: practices.bulkMessagingEnabled })
    .from(practices)
    .where(eq(practices.id, practiceId));
  if (!p?.on || !(await hasConsent(db, practiceId, "bulk_messaging"))) throw new NotFound("bulk messaging is off");
  return { id: p.id, name: p.name, urlCode: p.urlCode };
}

export type BulkMessage = {
  id: number;
  practiceId: number;
  state: BulkState;
  title: string;
  body: string;
  bookingSlotType: string | null;
  questionnaireId: number | null;
  channels: BulkChannel[];
  filters: RecipientFilters;
  /** Which steps of the draft are saved (recipients, message, channels). */
  done: { recipients: boolean; message: boolean; channels: boolean };
  scheduledFor: Date | null;
  queuedAt: Date | null;
  finishedAt: Date | null;
  stoppedAt: Date | null;
  createdAt: Date;
};

function toMessage(row: typeof bulkMessages.$inferSelect): BulkMessage {
  return {
    id: row.id,
    practiceId: row.practiceId,
    state: row.state as BulkState,
    title: row.title,
    body: row.body,
    bookingSlotType: row.bookingSlotType,
    questionnaireId: row.questionnaireId,
    channels: (row.channels ?? []).filter((c): c is BulkChannel => (BULK_CHANNELS as readonly string[]).includes(c)),
    filters: { ...NO_FILTERS, ...((row.filters ?? {}) as Partial<RecipientFilters>) },
    done: { recipients: row.filters !== null, message: Boolean(row.title && row.body), channels: (row.channels ?? []).length > 0 },
    scheduledFor: row.scheduledFor,
    queuedAt: row.queuedAt,
    finishedAt: row.finishedAt,
    stoppedAt: row.stoppedAt,
    createdAt: row.createdAt,
  };
}

export async function findBulkMessage(db: Db, practiceId: number, id: number): Promise<BulkMessage> {
  const [row] = await db
    .select()
    .from(bulkMessages)
    .where(and(eq(bulkMessages.id, id), eq(bulkMessages.practiceId, practiceId)));
  if (!row) throw new NotFound("bulk message");
  return toMessage(row);
}

export type Actor = { userId: number };

export async function createDraft(db: Db, now: Date, practiceId: number, actor: Actor): Promise<number> {
  const [row] = await db
    .insert(bulkMessages)
    .values({ practiceId, createdByUserId: actor.userId, createdAt: now, updatedAt: now })
    .returning({ id: bulkMessages.id });
  await audit(db, { actorUserId: actor.userId, practiceId, action: "bulk_message.create", subjectType: "bulk_message", subjectId: row!.id, at: now });
  return row!.id;
}

/** A draft's step saved (only while it is a draft: a queued message does not change). */
export async function saveDraft(
  db: Db,
  now: Date,
  practiceId: number,
  id: number,
  values: Partial<{ title: string; body: string; templateId: number | null; bookingSlotType: string | null; questionnaireId: number | null; channels: BulkChannel[]; filters: RecipientFilters }>,
): Promise<boolean> {
  const rows = await db
    .update(bulkMessages)
    .set({ ...values, updatedAt: now })
    .where(and(eq(bulkMessages.id, id), eq(bulkMessages.practiceId, practiceId), eq(bulkMessages.state, "draft")))
    .returning({ id: bulkMessages.id });
  return rows.length > 0;
}

/** The SQL of the filters (rules.ts `matchesFilters` says the same for one patient). */
function filterWhere(practiceId: number, filters: RecipientFilters, now: Date): SQL {
  const { from, to } = birthDateRange(londonDate(now), filters.minAge, filters.maxAge);
  const parts: SQL[] = [eq(patients.practiceId, practiceId), isNull(patients.mergedIntoPatientId)];
  if (from) parts.push(gte(patients.dateOfBirth, from));
  if (to) parts.push(lte(patients.dateOfBirth, to));
  if (filters.excludeNonDigital) parts.push(eq(patients.nonDigital, false));
  if (filters.nhsNumbers) parts.push(filters.nhsNumbers.length ? inArray(patients.nhsNumber, filters.nhsNumbers) : sql`false`);
  return and(...parts)!;
}

export type RecipientCounts = { patients: number; byChannel: Record<BulkChannel, number>; unreachable: number };

/** How many patients match, and how many can be reached on each chosen channel. */
export async function countRecipients(db: Db, practiceId: number, filters: RecipientFilters, channels: BulkChannel[], now: Date): Promise<RecipientCounts> {
  const [row] = await db
    .select({
      patients: sql<number>`count(*)::int`,
      sms: sql<number>`count(*) filter (where coalesce(trim(${patients.mobile}), '') <> '')::int`,
      email: sql<number>`count(*) filter (where coalesce(trim(${patients.email}), '') <> '')::int`,
      nhsApp: sql<number>`count(*) filter (where ${patients.userId} is not null)::int`,
      unreachable: sql<number>`count(*) filter (where not (
        (${channels.includes("sms")} and coalesce(trim(${patients.mobile}), '') <> '') or
        (${channels.includes("email")} and coalesce(trim(${patients.email}), '') <> '') or
        (${channels.includes("nhs_app")} and ${patients.userId} is not null)))::int`,
    })
    .from(patients)
    .where(filterWhere(practiceId, filters, now));
  return {
    patients: row?.patients ?? 0,
    byChannel: { sms: channels.includes("sms") ? row!.sms : 0, email: channels.includes("email") ? row!.email : 0, nhs_app: channels.includes("nhs_app") ? row!.nhsApp : 0 },
    unreachable: row?.unreachable ?? 0,
  };
}

/** A few matching patients, for the preview (the first one's name fills the placeholders). */
export async function sampleRecipients(db: Db, practiceId: number, filters: RecipientFilters, now: Date, limit = 5) {
  return db
    .select({ id: patients.id, firstName: patients.firstName, lastName: patients.lastName, dateOfBirth: patients.dateOfBirth })
    .from(patients)
    .where(filterWhere(practiceId, filters, now))
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(limit);
}

/** The clinic types a booking invitation can name: the practice's slot types in the GP system. */
export async function clinicTypes(db: Db, practiceId: number): Promise<string[]> {
  const rows = await db.selectDistinct({ t: gpSlots.slotType }).from(gpSlots).where(eq(gpSlots.practiceId, practiceId)).orderBy(asc(gpSlots.slotType));
  return rows.map((r) => r.t);
}

/**
 * Queues a draft: one recipient row per matching patient and reachable channel, in one
 * statement, and the message to sending (or scheduled). Conditional on the draft state, so a
 * second press (or two staff at once) queues nothing more; the unique keys make a repeat a no-op.
 */
export async function queueBulkMessage(
  db: Db,
  now: Date,
  practiceId: number,
  id: number,
  actor: Actor,
  options: { scheduledFor: Date | null; linkOrigin: string },
): Promise<{ queued: number } | { refused: "not_draft" | "incomplete" }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bulkMessages)
      .where(and(eq(bulkMessages.id, id), eq(bulkMessages.practiceId, practiceId)))
      .for("update");
    if (!row) throw new NotFound("bulk message");
    const message = toMessage(row);
    if (message.state !== "draft") return { refused: "not_draft" as const };
    if (!message.done.recipients || !message.done.message || !message.done.channels) return { refused: "incomplete" as const };
    const scheduled = options.scheduledFor && options.scheduledFor > now ? options.scheduledFor : null;
    let queued = 0;
    for (const channel of message.channels) {
      const address =
        channel === "sms" ? sql`trim(${patients.mobile})` : channel === "email" ? sql`trim(${patients.email})` : sql`'user:' || ${patients.userId}`;
      const reachable =
        channel === "sms"
          ? sql`coalesce(trim(${patients.mobile}), '') <> ''`
          : channel === "email"
            ? sql`coalesce(trim(${patients.email}), '') <> ''`
            : sql`${patients.userId} is not null`;
      const key = sql`${`bm${id}-p`} || ${patients.id} || ${`-${channel}`}`;
      const result = await tx.execute(sql`
        insert into bulk_message_recipients (bulk_message_id, patient_id, channel, address, idempotency_key, state, next_attempt_at)
        select ${id}, ${patients.id}, ${channel}, ${address}, ${key}, 'queued', ${(scheduled ?? now).toISOString()}
          from ${patients}
         where ${filterWhere(practiceId, message.filters, now)} and ${reachable}
        on conflict do nothing`);
      queued += (result as unknown as { affectedRows?: number; rowCount?: number }).rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows ?? 0;
    }
    await tx
      .update(bulkMessages)
      .set({ state: scheduled ? "scheduled" : "sending", scheduledFor: scheduled, queuedAt: now, linkOrigin: options.linkOrigin, updatedAt: now })
      .where(eq(bulkMessages.id, id));
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId,
      action: scheduled ? "bulk_message.schedule" : "bulk_message.send",
      subjectType: "bulk_message",
      subjectId: id,
      detail: { recipients: queued, channels: message.channels.join(",") },
      at: now,
    });
    return { queued };
  });
}

/** Stop: what is not yet sent is not sent (rows in flight finish). */
export async function stopBulkMessage(db: Db, now: Date, practiceId: number, id: number, actor: Actor): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [stopped] = await tx
      .update(bulkMessages)
      .set({ state: "stopped", stoppedAt: now, updatedAt: now })
      .where(and(eq(bulkMessages.id, id), eq(bulkMessages.practiceId, practiceId), inArray(bulkMessages.state, ["scheduled", "sending"])))
      .returning({ id: bulkMessages.id });
    if (!stopped) return null;
    const rows = await tx
      .update(bulkMessageRecipients)
      .set({ state: "stopped" })
      .where(and(eq(bulkMessageRecipients.bulkMessageId, id), eq(bulkMessageRecipients.state, "queued")))
      .returning({ id: bulkMessageRecipients.id });
    await audit(tx as unknown as Db, { actorUserId: actor.userId, practiceId, action: "bulk_message.stop", subjectType: "bulk_message", subjectId: id, detail: { notSent: rows.length }, at: now });
    return rows.length;
  });
}

export async function deleteDraft(db: Db, now: Date, practiceId: number, id: number, actor: Actor): Promise<boolean> {
  const rows = await db
    .delete(bulkMessages)
    .where(and(eq(bulkMessages.id, id), eq(bulkMessages.practiceId, practiceId), eq(bulkMessages.state, "draft")))
    .returning({ id: bulkMessages.id });
  if (rows.length) await audit(db, { actorUserId: actor.userId, practiceId, action: "bulk_message.delete", subjectType: "bulk_message", subjectId: id, at: now });
  return rows.length > 0;
}

export async function progressOf(db: Db, ids: number[]): Promise<Map<number, Progress>> {
  const out = new Map<number, Progress>(ids.map((id) => [id, emptyProgress()]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: bulkMessageRecipients.bulkMessageId, channel: bulkMessageRecipients.channel, state: bulkMessageRecipients.state, n: sql<number>`count(*)::int` })
    .from(bulkMessageRecipients)
    .where(inArray(bulkMessageRecipients.bulkMessageId, ids))
    .groupBy(bulkMessageRecipients.bulkMessageId, bulkMessageRecipients.channel, bulkMessageRecipients.state);
  for (const r of rows) {
    const p = out.get(r.id)!;
    if (r.channel in p) p[r.channel as BulkChannel][r.state as RecipientState] = r.n;
  }
  return out;
}

/** The practice's bulk messages, newest first, with their counts. */
export async function listBulkMessages(db: Db, practiceId: number, limit = 50) {
  const rows = await db.select().from(bulkMessages).where(eq(bulkMessages.practiceId, practiceId)).orderBy(desc(bulkMessages.id)).limit(limit);
  const progress = await progressOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...toMessage(r), progress: progress.get(r.id)! }));
}

export async function repliesTo(db: Db, practiceId: number, id: number) {
  return db
    .select({ id: bulkMessageReplies.id, body: bulkMessageReplies.body, createdAt: bulkMessageReplies.createdAt, firstName: patients.firstName, lastName: patients.lastName })
    .from(bulkMessageReplies)
    .innerJoin(bulkMessages, eq(bulkMessages.id, bulkMessageReplies.bulkMessageId))
    .innerJoin(patients, eq(patients.id, bulkMessageReplies.patientId))
    .where(and(eq(bulkMessageReplies.bulkMessageId, id), eq(bulkMessages.practiceId, practiceId)))
    .orderBy(desc(bulkMessageReplies.id))
    .limit(200);
}

/** Booking invitations of a message: how many booked, and who was told to call. */
export async function bookingsOf(db: Db, practiceId: number, id: number) {
  return db
    .select({ firstName: patients.firstName, lastName: patients.lastName, bookedAt: bookingInvitations.bookedAt, cannotBookAt: bookingInvitations.cannotBookAt })
    .from(bookingInvitations)
    .innerJoin(patients, eq(patients.id, bookingInvitations.patientId))
    .where(
      and(
        eq(bookingInvitations.bulkMessageId, id),
        eq(bookingInvitations.practiceId, practiceId),
        sql`(${bookingInvitations.bookedAt} is not null or ${bookingInvitations.cannotBookAt} is not null)`,
      ),
    )
    .orderBy(asc(patients.lastName))
    .limit(500);
}

// ---- the patient's side -----------------------------------------------------------------

/** The bulk messages sent to a patient (any channel), newest first. */
export async function messagesForPatient(db: Db, patientId: number) {
  return db
    .selectDistinctOn([bulkMessages.id], {
      id: bulkMessages.id,
      title: bulkMessages.title,
      practiceName: practices.name,
      sentAt: bulkMessages.queuedAt,
    })
    .from(bulkMessageRecipients)
    .innerJoin(bulkMessages, eq(bulkMessages.id, bulkMessageRecipients.bulkMessageId))
    .innerJoin(practices, eq(practices.id, bulkMessages.practiceId))
    .where(and(eq(bulkMessageRecipients.patientId, patientId), inArray(bulkMessageRecipients.state, ["sent", "delivered"])))
    .orderBy(desc(bulkMessages.id))
    .limit(100);
}

/** One message as the patient received it, or NotFound when it was not sent to them. */
export async function messageForPatient(db: Db, patientId: number, id: number) {
  const [row] = await db
    .select({ id: bulkMessages.id, title: bulkMessages.title, body: bulkMessages.body, practiceName: practices.name, sentAt: bulkMessages.queuedAt })
    .from(bulkMessageRecipients)
    .innerJoin(bulkMessages, eq(bulkMessages.id, bulkMessageRecipients.bulkMessageId))
    .innerJoin(practices, eq(practices.id, bulkMessages.practiceId))
    .where(and(eq(bulkMessageRecipients.bulkMessageId, id), eq(bulkMessageRecipients.patientId, patientId), inArray(bulkMessageRecipients.state, ["sent", "delivered"])))
    .limit(1);
  if (!row) throw new NotFound("bulk message");
  const [p] = await db.select({ first: patients.firstName, last: patients.lastName }).from(patients).where(eq(patients.id, patientId));
  return { ...row, body: row.body.replace(/\{patient_name\}/g, p ? `${p.first} ${p.last}` : "").replace(/\{practice_name\}/g, row.practiceName).replace(/\{booking_link\}/g, "(the link in your message)").replace(/\{questionnaire_link\}/g, "(the link in your message)") };
}

export const REPLY_MAX = 2000;

export async function replyToMessage(db: Db, now: Date, patientId: number, id: number, body: string): Promise<void> {
  await messageForPatient(db, patientId, id);
  await db.insert(bulkMessageReplies).values({ bulkMessageId: id, patientId, body, createdAt: now });
}
