/**
 * Booking for a question on a real database with the simulated GP system: a linked patient sees
 * the free slots of the clinic type; one who finds none is told to call, and the practice sees it
 * (the invitation records when, once), as it does for a patient who is not linked.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingInvitations, bulkMessages } from "~/db/schema";
import { makeGpPatient, makeGpPractice } from "../../../tests/support/online-services-fixtures";
import { useTestWorld } from "../../../tests/support/world";
import { bookFromInvitation, offerSlots, openInvitation } from "./booking.server";
import { tokenHash } from "./sender.server";

const world = useTestWorld();
let n = 0;

async function invitation(slotType: string, linked: boolean) {
  const { context } = world;
  const practice = await makeGpPractice(context);
  const patient = await makeGpPatient(context, practice, { linked });
  const now = context.clock.now();
  const token = `a-token-of-twenty-chars-${++n}`;
  const [message] = await context.db.insert(bulkMessages).values({ practiceId: practice.id, title: "Flu clinic", bookingSlotType: slotType }).returning({ id: bulkMessages.id });
  const [row] = await context.db
    .insert(bookingInvitations)
    .values({ practiceId: practice.id, bulkMessageId: message!.id, patientId: patient.patientId, slotType, tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + 14 * 86_400_000) })
    .returning({ id: bookingInvitations.id });
  const opened = await openInvitation(context.db, practice.urlCode, row!.id, { token, patientIds: [] }, now);
  const cannotBookAt = async () => (await context.db.select({ at: bookingInvitations.cannotBookAt }).from(bookingInvitations).where(eq(bookingInvitations.id, row!.id)))[0]!.at;
  return { opened, cannotBookAt };
}

describe("offerSlots", () => {
  it("offers the clinic type's free slots to a linked patient, and records nothing", async () => {
    const { opened, cannotBookAt } = await invitation("Face to face", true);
    const offer = await offerSlots(world.db, world.context.gpSystem, opened, world.context.clock.now());
    expect(offer.kind).toBe("slots");
    expect(offer.kind === "slots" && offer.slots.length).toBeGreaterThan(0);
    expect(await cannotBookAt()).toBeNull();
  });

  it("records a linked patient who finds no free slot of the type as told to call, once", async () => {
    const { opened, cannotBookAt } = await invitation("Home visit", true);
    const first = world.context.clock.now();
    expect(await offerSlots(world.db, world.context.gpSystem, opened, first)).toEqual({ kind: "slots", slots: [] });
    expect(await cannotBookAt()).toEqual(first);
    world.context.clock.advance(60_000);
    await offerSlots(world.db, world.context.gpSystem, opened, world.context.clock.now());
    expect(await cannotBookAt()).toEqual(first);
    expect(await bookFromInvitation(world.db, world.context.gpSystem, opened, 1, world.context.clock.now())).toEqual({ ok: false, reason: "slot_gone" });
  });

  it("tells a patient who is not linked to call, and records it", async () => {
    const { opened, cannotBookAt } = await invitation("Face to face", false);
    expect(await offerSlots(world.db, world.context.gpSystem, opened, world.context.clock.now())).toEqual({ kind: "call" });
    expect(await cannotBookAt()).not.toBeNull();
  });
});
