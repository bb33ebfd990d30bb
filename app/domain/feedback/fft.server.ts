/**
 * Friends and family test links: created after an appointment and sent through the Notifier,
 * looked up by the SHA-256 of the token (the token itself is never stored), and answered once
 * (one conditional update: two tabs at once give one answer). Answers are kept per practice in
 * fft_responses, which /{code}/patient-feedback and the reports read.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { fftInvitations, fftResponses, globalSettings, gpSlots, patients, practices, users } from "~/db/schema";
import { absoluteUrl } from "~/domain/accounts/email-validation.server";
import type { Notifier } from "~/domain/notify/notifier.server";
import { fftExpiresAt, fftExpiryDays, fftLinkState, isTokenShaped, type FftInput, type LinkState } from "./fft";

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

export async function linkExpiryDays(db: Db): Promise<number> {
  const [row] = await db.select({ days: globalSettings.fftLinkExpiry }).from(globalSettings).where(eq(globalSettings.id, 1));
  return fftExpiryDays(row?.days);
}

type InvitationInput = { practiceId: number; patientId: number | null; appointmentRef: string | null; now: Date; expiryDays: number };
type Invitation = { token: string; id: number; expiresAt: Date };

/** The row of a new invitation and its token (returned once, for the link; only its hash is kept). */
function newInvitation(input: InvitationInput) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = fftExpiresAt(input.now, input.expiryDays);
  const values = { practiceId: input.practiceId, patientId: input.patientId, appointmentRef: input.appointmentRef, tokenHash: hash(token), sentAt: input.now, expiresAt };
  return { token, expiresAt, values };
}

/**
 * A new invitation; the token is returned once, for the link. An appointment has one invitation
 * at most (fft_invitations_appointment_key): a second for the same appointment_ref is refused.
 */
export async function createFftInvitation(db: Db, input: InvitationInput): Promise<Invitation> {
  const { token, expiresAt, values } = newInvitation(input);
  const [row] = await db.insert(fftInvitations).values(values).returning({ id: fftInvitations.id });
  return { token, id: row!.id, expiresAt };
}

/**
 * The invitation for an appointment, or null when it has one already: the unique index decides,
 * so of two processes inviting for the same appointment at once exactly one gets it (decision 0151).
 */
async function createAppointmentInvitation(db: Db, input: InvitationInput & { appointmentRef: string }): Promise<Invitation | null> {
  const { token, expiresAt, values } = newInvitation(input);
  const [row] = await db
    .insert(fftInvitations)
    .values(values)
    .onConflictDoNothing({ target: [fftInvitations.practiceId, fftInvitations.appointmentRef], where: sql`${fftInvitations.appointmentRef} is not null` })
    .returning({ id: fftInvitations.id });
  return row ? { token, id: row.id, expiresAt } : null;
}

export const fftPath = (token: string) => `/friends-family-test/${token}`;

/** The link's state and the practice it is for (its name heads the page). */
export async function openFftLink(db: Db, token: string | undefined, now: Date): Promise<{ state: LinkState; practiceName: string | null }> {
  if (!isTokenShaped(token)) return { state: "unknown", practiceName: null };
  const [row] = await db
    .select({ expiresAt: fftInvitations.expiresAt, usedAt: fftInvitations.usedAt, practiceName: practices.name })
    .from(fftInvitations)
    .innerJoin(practices, eq(practices.id, fftInvitations.practiceId))
    .where(eq(fftInvitations.tokenHash, hash(token)));
  return { state: fftLinkState(row ?? null, now), practiceName: row?.practiceName ?? null };
}

/** Records the answer if the link is still open; otherwise says why not. */
export async function answerFft(db: Db, token: string | undefined, answer: FftInput, now: Date): Promise<LinkState | "answered"> {
  if (!isTokenShaped(token)) return "unknown";
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(fftInvitations)
      .set({ usedAt: now })
      .where(and(eq(fftInvitations.tokenHash, hash(token)), isNull(fftInvitations.usedAt), gt(fftInvitations.expiresAt, now)))
      .returning({ id: fftInvitations.id, practiceId: fftInvitations.practiceId });
    if (!used) {
      const [row] = await tx.select({ expiresAt: fftInvitations.expiresAt, usedAt: fftInvitations.usedAt }).from(fftInvitations).where(eq(fftInvitations.tokenHash, hash(token)));
      return fftLinkState(row ?? null, now);
    }
    await tx.insert(fftResponses).values({ practiceId: used.practiceId, invitationId: used.id, answer: answer.answer, reason: answer.reason, createdAt: now });
    return "answered" as const;
  });
}

/** How far back a finished appointment still gets an invitation (a server that was down catches up). */
const LOOKBACK_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Invites every patient whose booked appointment (a slot of the GP system) has ended and who was
 * not yet invited for it: one invitation per appointment (appointment_ref "slot:{id}"), sent by
 * SMS to the patient's mobile, otherwise by e-mail. Runs every 5 minutes from the job queue (a
 * pg-boss schedule on PostgreSQL); two runs at once still send one invitation per appointment,
 * as only the run whose insert made the row sends. Returns how many were sent.
 */
export async function inviteAfterAppointments(
  deps: { db: Db; notifier: Notifier; productName: string },
  origin: string,
  now: Date,
): Promise<number> {
  const { db } = deps;
  const due = await db
    .select({
      slotId: gpSlots.id,
      practiceId: gpSlots.practiceId,
      practiceName: practices.name,
      patientId: patients.id,
      mobile: patients.mobile,
      email: sql<string | null>`coalesce(${users.email}, ${patients.email})`,
    })
    .from(gpSlots)
    .innerJoin(patients, and(eq(patients.id, gpSlots.bookedByPatientId), eq(patients.practiceId, gpSlots.practiceId)))
    .innerJoin(practices, eq(practices.id, gpSlots.practiceId))
    .leftJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        sql`${gpSlots.endTime} <= ${now.toISOString()}::timestamptz`,
        sql`${gpSlots.endTime} > ${new Date(now.getTime() - LOOKBACK_MS).toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${fftInvitations} i where i.practice_id = ${gpSlots.practiceId} and i.appointment_ref = 'slot:' || ${gpSlots.id})`,
      ),
    )
    .orderBy(gpSlots.endTime)
    .limit(500);
  if (due.length === 0) return 0;
  const days = await linkExpiryDays(db);
  let sent = 0;
  let refused: unknown = null;
  for (const appointment of due) {
    if (!appointment.mobile && !appointment.email) continue;
    const invitation = await createAppointmentInvitation(db, { practiceId: appointment.practiceId, patientId: appointment.patientId, appointmentRef: `slot:${appointment.slotId}`, now, expiryDays: days });
    // Another process invited for it since the select above: it sends, not this one.
    if (!invitation) continue;
    const values = { product: deps.productName, practiceName: appointment.practiceName, link: absoluteUrl(origin, fftPath(invitation.token)), days: String(days) };
    try {
      if (appointment.mobile) await deps.notifier.send({ channel: "sms", to: appointment.mobile, template: "fft-invitation", values });
      else await deps.notifier.send({ channel: "email", to: appointment.email!, template: "fft-invitation", values });
    } catch (error) {
      // Refused for good (a failure that may pass is kept and retried by the notifier, decision
      // 0153): this patient's invitation stays unsent, and the others still go.
      refused ??= error;
      continue;
    }
    sent += 1;
  }
  // The job's log says one was refused; the invitations that went are sent.
  if (refused) throw refused;
  return sent;
}
