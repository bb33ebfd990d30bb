/**
 * Appointment reminders (spec 2 §2.5): the day before each booked appointment (a GP-system slot
 * booked by a patient), one reminder by SMS (else e-mail) with two single-use links that work
 * without signing in: /appointment_reminders/cancel/{token} and /unsubscribe/{token}. Tokens
 * are random; only their hashes are stored. One reminder per appointment (unique slot and
 * patient, inserted before sending: never twice). Decision 0122.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointmentReminderOptOuts, appointmentReminders, gpSlots, patients, practices } from "~/db/schema";
import type { GpSystem } from "~/domain/gp-system/gp-system";
import type { Notifier } from "~/domain/notify/notifier.server";
import { addDays, formatLondonDateTime, londonDate, londonInstant } from "~/domain/time/london";
import { tokenHash } from "./sender.server";

export type ReminderDeps = { db: Db; notifier: Notifier; secret: string };

export const cancelPath = (token: string) => `/appointment_reminders/cancel/${token}`;
export const unsubscribePath = (token: string) => `/appointment_reminders/unsubscribe/${token}`;

/** Sends the reminders due: appointments tomorrow (London) not yet reminded, patients not opted out. */
export async function sendDueReminders(deps: ReminderDeps, origin: string, now: Date): Promise<number> {
  const tomorrow = addDays(londonDate(now), 1);
  const from = londonInstant(tomorrow, "00:00");
  const to = londonInstant(addDays(tomorrow, 1), "00:00");
  const due = await deps.db
    .select({
      slotId: gpSlots.id,
      startTime: gpSlots.startTime,
      patientId: patients.id,
      practiceId: practices.id,
      practiceName: practices.name,
      mobile: patients.mobile,
      email: patients.email,
    })
    .from(gpSlots)
    .innerJoin(patients, eq(patients.id, gpSlots.bookedByPatientId))
    .innerJoin(practices, eq(practices.id, gpSlots.practiceId))
    .where(
      and(
        isNotNull(gpSlots.bookedByPatientId),
        gt(gpSlots.startTime, from),
        lt(gpSlots.startTime, to),
        gt(gpSlots.startTime, now),
        or(sql`coalesce(trim(${patients.mobile}), '') <> ''`, sql`coalesce(trim(${patients.email}), '') <> ''`),
        notExists(deps.db.select({ x: sql`1` }).from(appointmentReminderOptOuts).where(eq(appointmentReminderOptOuts.patientId, patients.id))),
        notExists(
          deps.db
            .select({ x: sql`1` })
            .from(appointmentReminders)
            .where(and(eq(appointmentReminders.slotId, gpSlots.id), eq(appointmentReminders.patientId, patients.id))),
        ),
      ),
    )
    .limit(1000);
  let sent = 0;
  let refused: unknown = null;
  for (const row of due) {
    const cancel = randomBytes(32).toString("base64url");
    const unsubscribe = randomBytes(32).toString("base64url");
    const [made] = await deps.db
      .insert(appointmentReminders)
      .values({
        practiceId: row.practiceId,
        patientId: row.patientId,
        slotId: row.slotId,
        startTime: row.startTime,
        cancelTokenHash: tokenHash(cancel),
        unsubscribeTokenHash: tokenHash(unsubscribe),
        sentAt: now,
        expiresAt: row.startTime,
      })
      .onConflictDoNothing()
      .returning({ id: appointmentReminders.id });
    if (!made) continue;
    const values = {
      practiceName: row.practiceName,
      when: formatLondonDateTime(row.startTime),
      cancelLink: `${origin}${cancelPath(cancel)}`,
      unsubscribeLink: `${origin}${unsubscribePath(unsubscribe)}`,
    };
    const mobile = row.mobile?.trim();
    try {
      await deps.notifier.send(
        mobile
          ? { channel: "sms", to: mobile, template: "appointment-reminder", values, reference: `reminder-${made.id}` }
          : { channel: "email", to: row.email!.trim(), template: "appointment-reminder", values, reference: `reminder-${made.id}` },
      );
    } catch (error) {
      // Refused for good (a failure that may pass is kept and retried by the notifier, decision
      // 0153): this reminder stays unsent, and the others still go.
      refused ??= error;
      continue;
    }
    sent++;
  }
  // The job's log says one was refused; the reminders that went are sent.
  if (refused) throw refused;
  return sent;
}

export type ReminderLink =
  | { state: "unknown" }
  | { state: "used" | "expired" | "open"; practiceName: string; when: string; reminderId: number; patientId: number; practiceId: number; slotId: number };

/** What a reminder link leads to: its appointment, or why it no longer works. */
export async function openReminderLink(db: Db, kind: "cancel" | "unsubscribe", token: string | undefined, now: Date): Promise<ReminderLink> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { state: "unknown" };
  const column = kind === "cancel" ? appointmentReminders.cancelTokenHash : appointmentReminders.unsubscribeTokenHash;
  const [row] = await db
    .select({ r: appointmentReminders, practiceName: practices.name })
    .from(appointmentReminders)
    .innerJoin(practices, eq(practices.id, appointmentReminders.practiceId))
    .where(eq(column, tokenHash(token)));
  if (!row) return { state: "unknown" };
  const used = kind === "cancel" ? row.r.cancelledAt : row.r.unsubscribedAt;
  const state = used ? "used" : kind === "cancel" && row.r.expiresAt <= now ? "expired" : "open";
  return { state, practiceName: row.practiceName, when: formatLondonDateTime(row.r.startTime), reminderId: row.r.id, patientId: row.r.patientId, practiceId: row.r.practiceId, slotId: row.r.slotId };
}

/** Cancels the appointment once: the link is spent first, then the GP system frees the slot. */
export async function cancelByReminder(db: Db, gp: GpSystem, token: string | undefined, now: Date): Promise<"cancelled" | "used" | "expired" | "unknown" | "failed"> {
  const link = await openReminderLink(db, "cancel", token, now);
  if (link.state !== "open") return link.state;
  const [spent] = await db
    .update(appointmentReminders)
    .set({ cancelledAt: now })
    .where(and(eq(appointmentReminders.id, link.reminderId), isNull(appointmentReminders.cancelledAt)))
    .returning({ id: appointmentReminders.id });
  if (!spent) return "used";
  const result = await gp.cancelAppointment({ patientId: link.patientId, practiceId: link.practiceId }, String(link.slotId));
  if (!result.ok) {
    await db.update(appointmentReminders).set({ cancelledAt: null }).where(eq(appointmentReminders.id, link.reminderId));
    return "failed";
  }
  return "cancelled";
}

/** Stops reminders for the patient, once per link. */
export async function unsubscribeByReminder(db: Db, token: string | undefined, now: Date): Promise<"unsubscribed" | "used" | "unknown"> {
  const link = await openReminderLink(db, "unsubscribe", token, now);
  if (link.state === "unknown") return "unknown";
  if (link.state === "used") return "used";
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(appointmentReminders)
      .set({ unsubscribedAt: now })
      .where(and(eq(appointmentReminders.id, link.reminderId), isNull(appointmentReminders.unsubscribedAt)))
      .returning({ id: appointmentReminders.id });
    if (!spent) return "used" as const;
    await tx.insert(appointmentReminderOptOuts).values({ patientId: link.patientId, createdAt: now }).onConflictDoNothing();
    return "unsubscribed" as const;
  });
}
