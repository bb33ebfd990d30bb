/**
 * Friends and family test invitations after appointments, against a real database: two runs at
 * once (two web processes' ticks) send one invitation per appointment and leave one row each; a
 * later run sends nothing; the unique index refuses a second invitation for an appointment; and
 * migration 0035 renames existing duplicates, deleting none, before it builds that index
 * (decision 0151).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, inArray, sql, TransactionRollbackError } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "~/db/client.server";
import { fftInvitations, fftResponses, gpSessions, gpSlots, patients, practices } from "~/db/schema";
import type { Message, Notifier } from "~/domain/notify/notifier.server";
import type { TemplateName } from "~/domain/notify/templates";
import { createPatient } from "../../../tests/support/registration-fixtures";
import { refusingNotifier } from "../../../tests/support/refusing-notifier";
import { makePractice, useTestWorld } from "../../../tests/support/world";
import { createFftInvitation, inviteAfterAppointments } from "./fft.server";

const world = useTestWorld();
const ORIGIN = "https://frontdoor.example";
let practice: typeof practices.$inferSelect;

/** Keeps what it was asked to send. */
class RecordingNotifier implements Notifier {
  readonly sent: Message<TemplateName>[] = [];
  async send<T extends TemplateName>(message: Message<T>) {
    this.sent.push(message as Message<TemplateName>);
  }
  sends() {
    return true;
  }
}

beforeAll(async () => {
  const { context } = world;
  context.clock.set("2026-11-27T10:00:00Z");
  practice = await makePractice(context, { name: "Alder Surgery" });
});

describe("invitations after appointments", () => {
  it("two runs at once send one invitation per appointment and leave one row each; a later run sends nothing", async () => {
    const { context } = world;
    const [session] = await context.db.insert(gpSessions).values({ practiceId: practice.id, name: "Morning", staffName: "Dr Lee" }).returning();
    const people = [];
    for (const [i, contact] of [{ mobile: "07700900201" }, { mobile: "07700900202" }, { email: "ffttest203@example.com" }].entries()) {
      const person = await createPatient(context, practice.id, { firstName: `Pat${i}` });
      await context.db.update(patients).set(contact).where(eq(patients.id, person!.id));
      people.push(person!);
    }
    const slots = await context.db
      .insert(gpSlots)
      .values(
        people.map((person, i) => ({
          sessionId: session!.id,
          practiceId: practice.id,
          startTime: new Date(`2026-11-27T0${i + 7}:00:00Z`),
          endTime: new Date(`2026-11-27T0${i + 7}:10:00Z`),
          slotType: "gp",
          bookedByPatientId: person.id,
        })),
      )
      .returning({ id: gpSlots.id });

    const notifier = new RecordingNotifier();
    const deps = { db: context.db, notifier, productName: "Frontdoor" };
    const [first, second] = await Promise.all([
      inviteAfterAppointments(deps, ORIGIN, context.clock.now()),
      inviteAfterAppointments(deps, ORIGIN, context.clock.now()),
    ]);
    expect(first + second).toBe(3);
    expect(notifier.sent.map((m) => m.to).sort()).toEqual(["07700900201", "07700900202", "ffttest203@example.com"]);
    const rows = await context.db
      .select({ ref: fftInvitations.appointmentRef })
      .from(fftInvitations)
      .where(inArray(fftInvitations.patientId, people.map((p) => p.id)));
    expect(rows.map((r) => r.ref).sort()).toEqual(slots.map((s) => `slot:${s.id}`).sort());

    expect(await inviteAfterAppointments(deps, ORIGIN, context.clock.now())).toBe(0);
    expect(notifier.sent).toHaveLength(3);
  });

  it("an address Notify refuses does not hold back the other invitations of the run, and the run says so", async () => {
    const { context } = world;
    const other = await makePractice(context, { name: "Birch Surgery" });
    const [session] = await context.db.insert(gpSessions).values({ practiceId: other.id, name: "Morning", staffName: "Dr Shah" }).returning();
    const mobiles = ["07700900301", "07700900302"];
    for (const [i, mobile] of mobiles.entries()) {
      const person = await createPatient(context, other.id, { firstName: `Refused${i}` });
      await context.db.update(patients).set({ mobile }).where(eq(patients.id, person!.id));
      await context.db.insert(gpSlots).values({
        sessionId: session!.id,
        practiceId: other.id,
        startTime: new Date(`2026-11-27T0${i + 7}:30:00Z`),
        endTime: new Date(`2026-11-27T0${i + 7}:40:00Z`),
        slotType: "gp",
        bookedByPatientId: person!.id,
      });
    }
    const refusing = refusingNotifier((m) => m.to === mobiles[0]);
    const deps = { db: context.db, notifier: refusing, productName: "Frontdoor" };
    await expect(inviteAfterAppointments(deps, ORIGIN, context.clock.now())).rejects.toThrow("400 ValidationError");
    expect(refusing.sent.map((m) => m.to)).toEqual([mobiles[1]]);
    // Refused for good: not tried again on the next run.
    expect(await inviteAfterAppointments(deps, ORIGIN, context.clock.now())).toBe(0);
  });

  it("refuses a second invitation for one appointment; invitations for no appointment are not limited", async () => {
    const { context } = world;
    const input = { practiceId: practice.id, patientId: null, now: context.clock.now(), expiryDays: 14 };
    await createFftInvitation(context.db, { ...input, appointmentRef: "slot:index-test" });
    await expect(createFftInvitation(context.db, { ...input, appointmentRef: "slot:index-test" })).rejects.toThrow();
    const other = await makePractice(context);
    await expect(createFftInvitation(context.db, { ...input, practiceId: other.id, appointmentRef: "slot:index-test" })).resolves.toBeDefined();
    await createFftInvitation(context.db, { ...input, appointmentRef: null });
    await expect(createFftInvitation(context.db, { ...input, appointmentRef: null })).resolves.toBeDefined();
  });
});

describe("migration 0035", () => {
  it("keeps the earliest invitation of an appointment, renames the later ones' reference, deletes none, then builds the index", async () => {
    const { context } = world;
    const statements = readFileSync(join(migrationsFolder(), "0035_fft_invitation_once.sql"), "utf8").split("--> statement-breakpoint");
    const sentAt = context.clock.now();
    const row = (appointmentRef: string | null, tokenHash: string) => ({ practiceId: practice.id, appointmentRef, tokenHash, sentAt, expiresAt: sentAt });
    // The table as two web processes could leave it before the index, then the migration, in a
    // transaction rolled back at the end.
    try {
      await context.db.transaction(async (tx) => {
        await tx.execute(sql`drop index fft_invitations_appointment_key`);
        const made = await tx
          .insert(fftInvitations)
          .values([row("slot:dup-a", "dup1"), row("slot:dup-a", "dup2"), row("slot:dup-a", "dup3"), row("slot:dup-b", "dup4"), row(null, "dup5"), row(null, "dup6")])
          .returning({ id: fftInvitations.id });
        const ids = made.map((m) => m.id);
        await tx.insert(fftResponses).values({ practiceId: practice.id, invitationId: ids[1], answer: "good" });

        for (const statement of statements) await tx.execute(sql.raw(statement));

        const after = await tx.select({ ref: fftInvitations.appointmentRef }).from(fftInvitations).where(inArray(fftInvitations.id, ids)).orderBy(fftInvitations.id);
        expect(after.map((r) => r.ref)).toEqual(["slot:dup-a", `slot:dup-a#duplicate-${ids[1]}`, `slot:dup-a#duplicate-${ids[2]}`, "slot:dup-b", null, null]);
        expect(await tx.select({ id: fftResponses.invitationId }).from(fftResponses).where(eq(fftResponses.invitationId, ids[1]!))).toHaveLength(1);
        await expect(tx.transaction((inner) => inner.insert(fftInvitations).values(row("slot:dup-a", "dup7")))).rejects.toThrow();
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    const index = (await context.db.execute(sql`select indexdef from pg_indexes where indexname = 'fft_invitations_appointment_key'`)) as unknown as { rows: unknown[] };
    expect(index.rows).toHaveLength(1);
  });
});
