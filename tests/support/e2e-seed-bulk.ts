/**
 * The bulk message journey's people (tests/e2e/bulk-messages.spec.ts), per project at demo, all
 * with NHS numbers, mobiles and e-mail addresses (the journey's uploaded list names them all):
 * - three bookers (Bea, Ben, Bridget), 65 and over and linked to online services, so they can book;
 * - Cal, 65 and over but not linked: his booking link tells him to call (the practice sees it),
 *   and a reminder already sent for another appointment gives him an unsubscribe link (a known
 *   token) the journey follows;
 * - Dee, under 65: on the uploaded list, left out by the age filter.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
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

type Person = { firstName: string; nhsNumber: string; mobile: string; email: string; dateOfBirth: string };

export function e2eBulkPeople(project: string) {
  const off = project === "js-off";
  const person = (firstName: string, seed: number, mobile: string, dateOfBirth: string): Person => ({
    firstName,
    nhsNumber: nhs(off ? seed : seed + 1),
    mobile: `077009007${off ? mobile : String(Number(mobile) + 10)}`,
    email: `e2e.bulk.${firstName.toLowerCase()}.${project}@example.com`,
    dateOfBirth,
  });
  return {
    lastName: off ? "Bulkoff" : "Bulkon",
    bookers: [person("Bea", 71, "11", "1950-05-05"), person("Ben", 75, "12", "1948-03-03"), person("Bridget", 77, "13", "1955-09-09")],
    other: person("Cal", 73, "31", "1952-06-06"),
    young: person("Dee", 79, "51", "1990-01-01"),
    unsubscribeToken: `e2e-bulk-unsubscribe-${project}-0000000000`,
  };
}

export async function seedE2eBulkPeople(db: Db, practiceId: number): Promise<void> {
  // A future appointment of Cal's that a reminder was sent for (unsubscribing does not expire).
  const [slot] = await db
    .select({ id: gpSlots.id, startTime: gpSlots.startTime })
    .from(gpSlots)
    .where(and(eq(gpSlots.practiceId, practiceId), gt(gpSlots.startTime, new Date())))
    .orderBy(asc(gpSlots.startTime))
    .limit(1);
  for (const project of E2E_PROJECTS) {
    const people = e2eBulkPeople(project);
    const existing = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.practiceId, practiceId), eq(patients.lastName, people.lastName)));
    if (existing.length > 0) continue;
    for (const [i, booker] of people.bookers.entries()) {
      const [row] = await db.insert(patients).values({ practiceId, lastName: people.lastName, ...booker }).returning({ id: patients.id });
      await db.insert(gpLinks).values({ patientId: row!.id, accountId: `E2EBULK${project}${i}`, status: "linked", linkedAt: new Date() });
    }
    await db.insert(patients).values({ practiceId, lastName: people.lastName, ...people.young });
    const [other] = await db.insert(patients).values({ practiceId, lastName: people.lastName, ...people.other }).returning({ id: patients.id });
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
