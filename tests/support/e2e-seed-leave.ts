/**
 * The leave/calendar journey's people (tests/e2e/leave-calendar.spec.ts), per project at demo: a GP
 * with no working pattern or leave yet, the GP who will cover them, a receptionist, and a patient
 * without an account with one request the reception wrote for them, waiting unassigned. Distinct
 * people per project, so the js-off and js-on runs never meet.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { answers, patientEntries, patients, practiceMemberships, users } from "~/db/schema";
import { applyInboxChange } from "~/domain/inbox/counters.server";
import { indexRequestText } from "~/domain/requests/request-text.server";
import { E2E_PROJECTS, e2eLeavePeople } from "./e2e-users";

export async function seedE2eLeavePeople(db: Db, practiceId: number, passwordHash: string): Promise<void> {
  for (const project of E2E_PROJECTS) {
    const people = e2eLeavePeople(project);
    const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${people.gp.email}`);
    if (existing) continue;
    await db.transaction(async (tx) => {
      const ids: Record<"gp" | "cover" | "reception", number> = { gp: 0, cover: 0, reception: 0 };
      for (const [key, role] of [
        ["gp", "gp"],
        ["cover", "gp"],
        ["reception", "receptionist"],
      ] as const) {
        const person = people[key];
        const [user] = await tx
          .insert(users)
          .values({ email: person.email, firstName: person.firstName, lastName: person.lastName, passwordHash, emailVerifiedAt: sql`now()` })
          .returning({ id: users.id });
        await tx.insert(practiceMemberships).values({ userId: user.id, practiceId, role });
        ids[key] = user.id;
      }
      const known = await tx.select({ id: patients.id }).from(patients).where(and(eq(patients.practiceId, practiceId), eq(patients.lastName, people.patient.lastName)));
      if (known.length > 0) return;
      const [patient] = await tx
        .insert(patients)
        .values({ practiceId, firstName: people.patient.firstName, lastName: people.patient.lastName, dateOfBirth: people.patient.dateOfBirth })
        .returning({ id: patients.id });
      const now = new Date();
      const [entry] = await tx
        .insert(patientEntries)
        .values({ practiceId, patientId: patient.id, createdByUserId: ids.reception, requester: "staff", issueTypeId: 4, stage: "submitted", startedAt: now, submittedAt: now })
        .returning();
      await tx.insert(answers).values([
        { patientEntryId: entry.id, questionId: 31, answer: "letter" },
        { patientEntryId: entry.id, questionId: 32, answer: people.patient.request },
      ]);
      await applyInboxChange(tx, practiceId, null, entry);
      await indexRequestText(tx, entry.id);
    });
  }
}
