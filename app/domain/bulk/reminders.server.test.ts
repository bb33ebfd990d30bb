/**
 * Appointment reminders against a real database: an address GOV.UK Notify refuses for good does
 * not hold back the other reminders of the run, the run reports it, and that reminder is not
 * tried again (a failure that may pass is the notifier's to retry, decision 0153).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointmentReminders, gpSessions, gpSlots, patients } from "~/db/schema";
import { createPatient } from "../../../tests/support/registration-fixtures";
import { refusingNotifier } from "../../../tests/support/refusing-notifier";
import { makePractice, useTestWorld } from "../../../tests/support/world";
import { sendDueReminders } from "./reminders.server";

const world = useTestWorld();

describe("appointment reminders", () => {
  it("an address Notify refuses does not hold back the others, the run says so, and it is not tried again", async () => {
    const { context } = world;
    context.clock.set("2026-11-27T10:00:00Z");
    const practice = await makePractice(context, { name: "Cedar Surgery" });
    const [session] = await context.db.insert(gpSessions).values({ practiceId: practice.id, name: "Morning", staffName: "Dr Khan" }).returning();
    const mobiles = ["07700900401", "07700900402"];
    for (const [i, mobile] of mobiles.entries()) {
      const person = await createPatient(context, practice.id, { firstName: `Reminded${i}` });
      await context.db.update(patients).set({ mobile }).where(eq(patients.id, person!.id));
      await context.db.insert(gpSlots).values({
        sessionId: session!.id,
        practiceId: practice.id,
        startTime: new Date(Date.UTC(2026, 10, 28, 9 + i)),
        endTime: new Date(Date.UTC(2026, 10, 28, 9 + i, 10)),
        slotType: "gp",
        bookedByPatientId: person!.id,
      });
    }
    const notifier = refusingNotifier((m) => m.to === mobiles[0]);
    const deps = { db: context.db, notifier, secret: "reminder-test-secret" };

    await expect(sendDueReminders(deps, "https://frontdoor.test", context.clock.now())).rejects.toThrow("400 ValidationError");
    expect(notifier.sent.map((m) => m.to)).toEqual([mobiles[1]]);
    expect(await context.db.select().from(appointmentReminders)).toHaveLength(2);
    expect(await sendDueReminders(deps, "https://frontdoor.test", context.clock.now())).toBe(0);
    expect(notifier.sent.map((m) => m.to)).toEqual([mobiles[1]]);
  });
});
