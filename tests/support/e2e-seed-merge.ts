/**
 * The merge journey's people (tests/e2e/merge-patients.spec.ts), per project at demo: a
 * registered patient with an NHS number, and the same person's guest record (a guest account,
 * a slightly different mobile) with one completed request the guest sent.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { patientEntries, patients, users } from "~/db/schema";
import { applyInboxChange } from "~/domain/inbox/counters.server";
import { E2E_PROJECTS } from "./e2e-users";

export function e2eMergePerson(project: string) {
  const on = project === "js-off" ? "off" : "on";
  return { firstName: "Mervyn", lastName: `Merge${on}`, dateOfBirth: on === "off" ? "1966-02-03" : "1966-02-04", nhsNumber: on === "off" ? "9990001115" : "9990001123" };
}

export async function seedE2eMergePeople(db: Db, practiceId: number): Promise<void> {
  for (const project of E2E_PROJECTS) {
    const person = e2eMergePerson(project);
    const existing = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.practiceId, practiceId), eq(patients.lastName, person.lastName)));
    if (existing.length > 0) continue;
    await db.transaction(async (tx) => {
      await tx.insert(patients).values({ practiceId, firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth, nhsNumber: person.nhsNumber, mobile: "07700900111" });
      const [guest] = await tx
        .insert(users)
        .values({ email: `e2e.merge.guest.${project}@example.com`, firstName: person.firstName, lastName: person.lastName, isGuestAccount: true, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      const [record] = await tx
        .insert(patients)
        .values({ practiceId, userId: guest.id, firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth, mobile: "07700900222" })
        .returning({ id: patients.id });
      const now = new Date();
      const [entry] = await tx
        .insert(patientEntries)
        .values({ practiceId, patientId: record.id, createdByUserId: guest.id, issueTypeId: 4, stage: "completed", startedAt: now, submittedAt: now, closedAt: now })
        .returning();
      await applyInboxChange(tx, practiceId, null, entry);
    });
  }
}
