/**
 * Booking for a question (spec 2 §2.5): a bulk message's booking invitation opens
 * /{code}/appointment-booking/{id}, signed in as that patient or with the link's token. The
 * patient sees the free slots of the named clinic type in the GP system and books one; the
 * invitation records the booking. A patient the GP system will not book for online (not linked,
 * appointments off) or finds no free slot of the type is told to call, and the invitation records
 * that for the practice.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookingInvitations, bulkMessages, practices } from "~/db/schema";
import type { GpSlot, GpSystem } from "~/domain/gp-system/gp-system";
import { NotFound } from "~/domain/outcomes";
import { tokenHash } from "./sender.server";

export type Invitation = {
  id: number;
  practiceId: number;
  practiceName: string;
  practicePhone: string | null;
  patientId: number;
  slotType: string;
  title: string;
  bookedSlotId: number | null;
  bookedAt: Date | null;
  expired: boolean;
};

/** The invitation, if this token (or this signed-in patient) may open it; otherwise NotFound. */
export async function openInvitation(db: Db, practiceCode: string, id: number, who: { token: string | null; patientIds: number[] }, now: Date): Promise<Invitation> {
  const [row] = await db
    .select({
      id: bookingInvitations.id,
      practiceId: bookingInvitations.practiceId,
      practiceName: practices.name,
      practicePhone: practices.phone,
      patientId: bookingInvitations.patientId,
      slotType: bookingInvitations.slotType,
      tokenHash: bookingInvitations.tokenHash,
      expiresAt: bookingInvitations.expiresAt,
      bookedSlotId: bookingInvitations.bookedSlotId,
      bookedAt: bookingInvitations.bookedAt,
      title: bulkMessages.title,
    })
    .from(bookingInvitations)
    .innerJoin(practices, eq(practices.id, bookingInvitations.practiceId))
    .leftJoin(bulkMessages, eq(bulkMessages.id, bookingInvitations.bulkMessageId))
    .where(and(eq(bookingInvitations.id, id), eq(practices.urlCode, practiceCode)));
  if (!row) throw new NotFound("booking invitation");
  const byToken = who.token !== null && who.token.length <= 100 && tokenHash(who.token) === row.tokenHash;
  if (!byToken && !who.patientIds.includes(row.patientId)) throw new NotFound("booking invitation");
  return {
    id: row.id,
    practiceId: row.practiceId,
    practiceName: row.practiceName,
    practicePhone: row.practicePhone,
    patientId: row.patientId,
    slotType: row.slotType,
    title: row.title ?? "Book an appointment",
    bookedSlotId: row.bookedSlotId,
    bookedAt: row.bookedAt,
    expired: row.expiresAt <= now,
  };
}

export type Offer = { kind: "slots"; slots: GpSlot[] } | { kind: "call" } | { kind: "unavailable" };

const WINDOW_DAYS = 28;

/** The free slots of the clinic type, or "call" (recorded) when this patient cannot book online. */
export async function offerSlots(db: Db, gp: GpSystem, invitation: Invitation, now: Date): Promise<Offer> {
  const patient = { patientId: invitation.patientId, practiceId: invitation.practiceId };
  const [practice] = await db.select({ on: practices.appointmentsEnabled }).from(practices).where(eq(practices.id, invitation.practiceId));
  const result = practice?.on ? await gp.slots(patient, { start: now, end: new Date(now.getTime() + WINDOW_DAYS * 86_400_000) }) : null;
  if (!result || (!result.ok && (result.error.kind === "not_linked" || result.error.kind === "linkage_reset"))) {
    await recordCannotBook(db, invitation.id, now);
    return { kind: "call" };
  }
  if (!result.ok) return { kind: "unavailable" };
  const slots = result.value.flatMap((s) => s.slots).filter((s) => s.slotType === invitation.slotType);
  slots.sort((a, b) => a.startTime.localeCompare(b.startTime));
  // No free slot of the type: the page tells the patient to call, so the practice must see it too
  // (it is how they learn the clinic is full).
  if (slots.length === 0) await recordCannotBook(db, invitation.id, now);
  return { kind: "slots", slots: slots.slice(0, 60) };
}

/** Marks the invitation "told to call" (the first time only: the practice sees when). */
async function recordCannotBook(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(bookingInvitations)
    .set({ cannotBookAt: now })
    .where(and(eq(bookingInvitations.id, id), isNull(bookingInvitations.cannotBookAt)));
}

/** Books the slot through the GP system and records it on the invitation (once). */
export async function bookFromInvitation(
  db: Db,
  gp: GpSystem,
  invitation: Invitation,
  slotId: number,
  now: Date,
): Promise<{ ok: true } | { ok: false; reason: "already_booked" | "expired" | "slot_gone" | "call" }> {
  if (invitation.bookedAt) return { ok: false, reason: "already_booked" };
  if (invitation.expired) return { ok: false, reason: "expired" };
  const offer = await offerSlots(db, gp, invitation, now);
  if (offer.kind === "call") return { ok: false, reason: "call" };
  if (offer.kind !== "slots" || !offer.slots.some((s) => s.slotId === String(slotId))) return { ok: false, reason: "slot_gone" };
  const [claimed] = await db
    .update(bookingInvitations)
    .set({ bookedSlotId: slotId, bookedAt: now })
    .where(and(eq(bookingInvitations.id, invitation.id), isNull(bookingInvitations.bookedAt)))
    .returning({ id: bookingInvitations.id });
  if (!claimed) return { ok: false, reason: "already_booked" };
  const booked = await gp.book({ patientId: invitation.patientId, practiceId: invitation.practiceId }, { slotId: String(slotId), reason: invitation.title });
  if (!booked.ok) {
    await db.update(bookingInvitations).set({ bookedSlotId: null, bookedAt: null }).where(eq(bookingInvitations.id, invitation.id));
    return { ok: false, reason: "slot_gone" };
  }
  return { ok: true };
}
