/**
 * The durable send of bulk messages. The bulk_message_recipients rows are the truth: one row per
 * patient and channel, its idempotency key unique. A tick claims due rows (FOR UPDATE SKIP
 * LOCKED, so two workers never take one row), sends them through the Notifier with the key as
 * the reference (the outbox keeps one row per reference; Notify can be asked by it), and marks
 * each sent, failed or due again with back-off. A row left "sending" by a crash is settled by
 * asking the Notifier whether its reference went: sent, queued again, or failed when that cannot
 * be told, never sent twice. Decision 0120; the runners are in job-queue.server.ts.
 */
import { createHash, createHmac } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookingInvitations, bulkMessageFiles, bulkMessageRecipients, bulkMessages, patients, practices } from "~/db/schema";
import type { Notifier } from "~/domain/notify/notifier.server";
import { NotifySendError } from "~/domain/notify/notify.server";
import { renderTemplate } from "~/domain/templates/placeholders";
import { attachmentsText, patientFileLinks } from "./files.server";
import { bulkQuestionnaireLink, QUESTIONNAIRE_PLACEHOLDER, withQuestionnaireLink } from "./questionnaire-links.server";
import { batchAllowance, batchSizeFor, isPermanentFailure, NOTIFY_LIMIT_PER_MINUTE, retryAt, type BulkChannel } from "./rules";

export type SendDeps = {
  db: Db;
  notifier: Notifier;
  /** Signs booking-link tokens (the session secret): the token is derived, only its hash stored. */
  secret: string;
  limitPerMinute?: number;
  /** The outbox stands for the phone: what it holds was delivered. */
  simulateReceipts?: boolean;
};

/** A row claimed longer ago than this is taken to be orphaned by a crash. */
export const LEASE_MS = 60_000;
export const BOOKING_DAYS = 28;
const SEND_CONCURRENCY = 10;

const sha = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The token of a booking invitation: derived, so every channel of one patient carries the same link. */
export function bookingToken(secret: string, invitationId: number): string {
  return createHmac("sha256", secret).update(`booking-invitation:${invitationId}`).digest("base64url");
}
export const tokenHash = sha;

export const bookingPath = (practiceCode: string, invitationId: number, token: string) =>
  `/${practiceCode}/appointment-booking/${invitationId}?token=${encodeURIComponent(token)}`;

/** Messages whose time has come move from scheduled to sending. */
async function promoteScheduled(db: Db, now: Date) {
  await db
    .update(bulkMessages)
    .set({ state: "sending", updatedAt: now })
    .where(and(eq(bulkMessages.state, "scheduled"), lt(bulkMessages.scheduledFor, new Date(now.getTime() + 1))));
}

/**
 * Rows left "sending" (a crash between claim and mark): asked of the Notifier by reference.
 * `leaseMs` 0 at the start of the only process (PGlite), LEASE_MS where others may be sending.
 */
export async function recoverOrphans(deps: SendDeps, now: Date, leaseMs = LEASE_MS): Promise<{ sent: number; requeued: number; unknown: number }> {
  const cutoff = new Date(now.getTime() - leaseMs);
  const rows = await deps.db
    .select({ id: bulkMessageRecipients.id, key: bulkMessageRecipients.idempotencyKey })
    .from(bulkMessageRecipients)
    .where(and(eq(bulkMessageRecipients.state, "sending"), sql`${bulkMessageRecipients.claimedAt} <= ${cutoff.toISOString()}`));
  const out = { sent: 0, requeued: 0, unknown: 0 };
  for (const row of rows) {
    const went = deps.notifier.wasSent ? await deps.notifier.wasSent(row.key) : null;
    const set =
      went === true
        ? { state: deps.simulateReceipts ? "delivered" : "sent", sentAt: now, deliveredAt: deps.simulateReceipts ? now : null }
        : went === false
          ? { state: "queued", nextAttemptAt: now }
          : { state: "failed", failure: "Not known whether it was sent before a restart; not sent again" };
    await deps.db
      .update(bulkMessageRecipients)
      .set(set)
      .where(and(eq(bulkMessageRecipients.id, row.id), eq(bulkMessageRecipients.state, "sending")));
    if (went === true) out.sent++;
    else if (went === false) out.requeued++;
    else out.unknown++;
  }
  return out;
}

type Claimed = { id: number; bulk_message_id: number; patient_id: number; channel: BulkChannel; address: string; idempotency_key: string; attempts: number };

async function claim(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  if (limit <= 0) return [];
  const at = now.toISOString();
  const result = await db.execute(sql`
    update bulk_message_recipients r
       set state = 'sending', claimed_at = ${at}, attempted_at = ${at}, attempts = r.attempts + 1
     where r.id in (
       select r2.id from bulk_message_recipients r2
         join bulk_messages m on m.id = r2.bulk_message_id
        where r2.state = 'queued' and r2.next_attempt_at <= ${at} and m.state = 'sending'
        order by r2.id
        limit ${limit}
        for update of r2 skip locked)
    returning r.id, r.bulk_message_id, r.patient_id, r.channel, r.address, r.idempotency_key, r.attempts`);
  return (result as unknown as { rows: Claimed[] }).rows;
}

async function attemptedLastMinute(db: Db, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 60_000).toISOString();
  const result = await db.execute(sql`select count(*)::int as n from bulk_message_recipients where attempted_at > ${since}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

type MessageText = {
  practiceName: string;
  practiceCode: string;
  title: string;
  body: string;
  bookingSlotType: string | null;
  questionnaireId: number | null;
  createdByUserId: number | null;
  origin: string;
  hasFiles: boolean;
};

async function messageTexts(db: Db, ids: number[]): Promise<Map<number, MessageText>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: bulkMessages.id,
      title: bulkMessages.title,
      body: bulkMessages.body,
      bookingSlotType: bulkMessages.bookingSlotType,
      questionnaireId: bulkMessages.questionnaireId,
      createdByUserId: bulkMessages.createdByUserId,
      origin: bulkMessages.linkOrigin,
      practiceName: practices.name,
      practiceCode: practices.urlCode,
    })
    .from(bulkMessages)
    .innerJoin(practices, eq(practices.id, bulkMessages.practiceId))
    .where(inArray(bulkMessages.id, ids));
  const withFiles = new Set(
    (await db.selectDistinct({ id: bulkMessageFiles.bulkMessageId }).from(bulkMessageFiles).where(inArray(bulkMessageFiles.bulkMessageId, ids))).map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.id, { ...r, origin: r.origin ?? "", hasFiles: withFiles.has(r.id) }]));
}

/** The booking invitation of one patient for one message: made once, whichever channel goes first. */
async function invitationLink(deps: SendDeps, text: MessageText, bulkMessageId: number, patientId: number, practiceId: number, now: Date): Promise<string> {
  const expiresAt = new Date(now.getTime() + BOOKING_DAYS * 86_400_000);
  const [made] = await deps.db
    .insert(bookingInvitations)
    .values({ practiceId, bulkMessageId, patientId, slotType: text.bookingSlotType!, tokenHash: `pending-${bulkMessageId}-${patientId}`, expiresAt })
    .onConflictDoNothing()
    .returning({ id: bookingInvitations.id });
  let id = made?.id;
  if (id !== undefined) {
    await deps.db.update(bookingInvitations).set({ tokenHash: sha(bookingToken(deps.secret, id)) }).where(eq(bookingInvitations.id, id));
  } else {
    const [row] = await deps.db
      .select({ id: bookingInvitations.id })
      .from(bookingInvitations)
      .where(and(eq(bookingInvitations.bulkMessageId, bulkMessageId), eq(bookingInvitations.patientId, patientId)));
    id = row!.id;
  }
  return `${text.origin}${bookingPath(text.practiceCode, id, bookingToken(deps.secret, id))}`;
}

async function markSent(deps: SendDeps, id: number, now: Date) {
  await deps.db
    .update(bulkMessageRecipients)
    .set({ state: deps.simulateReceipts ? "delivered" : "sent", sentAt: now, deliveredAt: deps.simulateReceipts ? now : null, failure: null })
    .where(and(eq(bulkMessageRecipients.id, id), eq(bulkMessageRecipients.state, "sending")));
}

const CHANNEL_TO_NOTIFIER = { sms: "sms", email: "email", nhs_app: "nhs_app_notif" } as const;

/** Sends one claimed row and marks it. Errors are the row's, never the batch's. */
async function sendOne(deps: SendDeps, row: Claimed, text: MessageText, patient: { name: string; practiceId: number }, now: Date): Promise<"sent" | "retry" | "failed"> {
  try {
    // A retry after an answer we could not read (a timeout) may follow a message that went.
    if (row.attempts > 1 && deps.notifier.wasSent && (await deps.notifier.wasSent(row.idempotency_key)) === true) {
      await markSent(deps, row.id, now);
      return "sent";
    }
    const bookingLink = text.bookingSlotType ? await invitationLink(deps, text, row.bulk_message_id, row.patient_id, patient.practiceId, now) : "";
    let body = renderTemplate(text.body, { patient_name: patient.name, practice_name: text.practiceName, booking_link: bookingLink });
    if (bookingLink && !text.body.includes("{booking_link}")) body += `\n\nBook an appointment: ${bookingLink}`;
    // The questionnaire: the patient's own link, in place of {questionnaire_link} or appended (decision 0131).
    if (text.questionnaireId !== null) {
      const q = await bulkQuestionnaireLink(deps.db, deps.secret, {
        bulkMessageId: row.bulk_message_id,
        questionnaireId: text.questionnaireId,
        patientId: row.patient_id,
        practiceId: patient.practiceId,
        practiceCode: text.practiceCode,
        origin: text.origin,
        sentByUserId: text.createdByUserId,
        now,
      });
      if (q) body = withQuestionnaireLink(body, q.link, q.title);
    }
    // A questionnaire removed since (its id set null) leaves no bare placeholder behind.
    body = body.split(QUESTIONNAIRE_PLACEHOLDER).join("");
    // Attachments go by link (Notify sends no files by SMS; by e-mail only by link): one per file and patient.
    if (text.hasFiles) body += attachmentsText(await patientFileLinks(deps.db, deps.secret, { bulkMessageId: row.bulk_message_id, patientId: row.patient_id, practiceCode: text.practiceCode, origin: text.origin, now }));
    await deps.notifier.send({
      channel: CHANNEL_TO_NOTIFIER[row.channel],
      to: row.address,
      template: "bulk-message",
      values: { practiceName: text.practiceName, subject: text.title, body },
      reference: row.idempotency_key,
      // The recipient's row is this message's state: it retries, and shows the failure.
      retries: "caller",
    });
    await markSent(deps, row.id, now);
    return "sent";
  } catch (error) {
    const status = error instanceof NotifySendError ? error.status : null;
    const permanent = isPermanentFailure(status) || (error instanceof Error && /cannot send NHS App/.test(error.message));
    const next = retryAt(now, row.attempts, permanent);
    const failure = error instanceof NotifySendError ? error.message : "The message could not be sent";
    await deps.db
      .update(bulkMessageRecipients)
      .set(next ? { state: "queued", nextAttemptAt: next, failure } : { state: "failed", failure })
      .where(and(eq(bulkMessageRecipients.id, row.id), eq(bulkMessageRecipients.state, "sending")));
    return next ? "retry" : "failed";
  }
}

/** Messages with nothing left to send are finished. */
async function finishMessages(db: Db, now: Date) {
  await db.execute(sql`
    update bulk_messages m set state = 'sent', finished_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
     where m.state = 'sending'
       and not exists (select 1 from bulk_message_recipients r where r.bulk_message_id = m.id and r.state in ('queued', 'sending'))`);
}

export type TickResult = { sent: number; retried: number; failed: number; allowance: number; more: boolean };

/**
 * One batch: scheduled messages due become sending, up to a second's share of the rate limit
 * (less what every process attempted in the last minute) is claimed and sent. `more` says a
 * full batch went, so the runner goes on at once (after pacing) rather than waiting to poll.
 */
export async function sendBatch(deps: SendDeps, now: Date): Promise<TickResult> {
  await promoteScheduled(deps.db, now);
  const limit = deps.limitPerMinute ?? NOTIFY_LIMIT_PER_MINUTE;
  const batchSize = batchSizeFor(limit);
  const allowance = batchAllowance({ attemptedLastMinute: await attemptedLastMinute(deps.db, now), limitPerMinute: limit, batchSize });
  const rows = await claim(deps.db, now, allowance);
  const texts = await messageTexts(deps.db, [...new Set(rows.map((r) => r.bulk_message_id))]);
  const people = rows.length
    ? await deps.db
        .select({ id: patients.id, first: patients.firstName, last: patients.lastName, practiceId: patients.practiceId })
        .from(patients)
        .where(inArray(patients.id, [...new Set(rows.map((r) => r.patient_id))]))
    : [];
  const byId = new Map(people.map((p) => [p.id, { name: `${p.first} ${p.last}`, practiceId: p.practiceId }]));
  const result: TickResult = { sent: 0, retried: 0, failed: 0, allowance, more: rows.length > 0 && rows.length === batchSize };
  // Notify is a network call: a few at once, as its limit is per minute, not per connection.
  for (let i = 0; i < rows.length; i += SEND_CONCURRENCY) {
    const outcomes = await Promise.all(rows.slice(i, i + SEND_CONCURRENCY).map((row) => sendOne(deps, row, texts.get(row.bulk_message_id)!, byId.get(row.patient_id)!, now)));
    for (const outcome of outcomes) {
      if (outcome === "sent") result.sent++;
      else if (outcome === "retry") result.retried++;
      else result.failed++;
    }
  }
  await finishMessages(deps.db, now);
  return result;
}

/** A delivery receipt (Notify's callback, by our reference): delivered, or failed with Notify's status. */
export async function recordReceipt(db: Db, reference: string, status: "delivered" | "permanent-failure" | "temporary-failure" | "technical-failure", at: Date): Promise<boolean> {
  const set = status === "delivered" ? { state: "delivered", deliveredAt: at } : { state: "failed", failure: `Notify: ${status}` };
  const rows = await db
    .update(bulkMessageRecipients)
    .set(set)
    .where(and(eq(bulkMessageRecipients.idempotencyKey, reference), inArray(bulkMessageRecipients.state, ["sent", "sending"])))
    .returning({ id: bulkMessageRecipients.id });
  return rows.length > 0;
}
