/**
 * The bulk message journey's people (tests/e2e/bulk-messages.spec.ts), per project at demo: two
 * patients with NHS numbers, mobiles and e-mail addresses (the journey's uploaded list names only
 * them), the first linked to online services so it can book; and a reminder already sent for the
 * second, whose unsubscribe link (a known token) the journey follows.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointmentReminders, gpLinks, gpSlots, patients } from "~/db/schema";
import { nhsCheckDigit } from "~/domain/patients/nhs-number";
import { E2E_PROJECTS } from "./e2e-users";

function nhs(seed: number): string {
  for (let j = 0; ; j++) {
    const nine = `99900${String(seed).padStart(2, "0")}${String(j).padStart(2, "0")}`;
    const check = nhsCheckDigit(nine);
    if (check !== null) return `${nine}${check}`;
  }
}

export function e2eBulkPeople(project: string) {
  const off = project === "js-off";
  return {
    lastName: off ? "Bulkoff" : "Bulkon",
    booker: { firstName: "Bea", nhsNumber: nhs(off ? 71 : 72), mobile: off ? "07700900711" : "07700900721", email: `e2e.bulk.bea.${project}@example.com` },
    other: { firstName: "Cal", nhsNumber: nhs(off ? 73 : 74), mobile: off ? "07700900731" : "07700900741", email: `e2e.bulk.cal.${project}@example.com` },
    unsubscribeToken: `e2e-bulk-unsubscribe-${project}-0000000000`,
  };
}

export async function seedE2eBulkPeople(db: Db, practiceId: number): Promise<void> {
  const [slot] = await db.select({ id: gpSlots.id, startTime: gpSlots.startTime }).from(gpSlots).where(eq(gpSlots.practiceId, practiceId)).limit(1);
  for (const project of E2E_PROJECTS) {
    const people = e2eBulkPeople(project);
    const existing = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.practiceId, practiceId), eq(patients.lastName, people.lastName)));
    if (existing.length > 0) continue;
    const [booker] = await db.insert(patients).values({ practiceId, lastName: people.lastName, dateOfBirth: "1950-05-05", ...people.booker }).returning({ id: patients.id });
    const [other] = await db.insert(patients).values({ practiceId, lastName: people.lastName, dateOfBirth: "1952-06-06", ...people.other }).returning({ id: patients.id });
    await db.insert(gpLinks).values({ patientId: booker!.id, accountId: `E2EBULK${project}`, status: "linked", linkedAt: new Date() });
    if (slot) {
      const hash = (t: string) => createHash("sha256").update(t).digest("base64url");
      await db.insert(appointmentReminders).values({
        practiceId,
        patientId: other!.id,
        slotId: slot.id,
        startTime: slot.startTime,
        cancelTokenHash: hash(`${people.unsubscribeToken}-cancel`),
        unsubscribeTokenHash: hash(people.unsubscribeToken),
        sentAt: new Date(),
        expiresAt: slot.startTime,
      });
    }
  }
}
