/**
 * The filing journey's request (tests/e2e/staff-filing.spec.ts), per project at demo: a patient
 * without an account, and one request the reception wrote for them, waiting unassigned.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { answers, patientEntries, patients, users } from "~/db/schema";
import { applyInboxChange } from "~/domain/inbox/counters.server";
import { indexRequestText } from "~/domain/requests/request-text.server";
import { E2E_PROJECTS, e2eFilingPatient } from "./e2e-users";

export async function seedE2eFilingRequests(db: Db, practiceId: number): Promise<void> {
  const [reception] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = 'demo.reception@nhs.net'`);
  for (const project of E2E_PROJECTS) {
    const person = e2eFilingPatient(project);
    const existing = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.practiceId, practiceId), eq(patients.lastName, person.lastName)));
    if (existing.length > 0) continue;
    await db.transaction(async (tx) => {
      const [patient] = await tx
        .insert(patients)
        .values({ practiceId, firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth })
        .returning({ id: patients.id });
      const now = new Date();
      const [entry] = await tx
        .insert(patientEntries)
        .values({ practiceId, patientId: patient.id, createdByUserId: reception.id, requester: "staff", issueTypeId: 4, stage: "submitted", startedAt: now, submittedAt: now })
        .returning();
      await tx.insert(answers).values([
        { patientEntryId: entry.id, questionId: 31, answer: "other" },
        { patientEntryId: entry.id, questionId: 32, answer: person.request },
      ]);
      await applyInboxChange(tx, practiceId, null, entry);
      await indexRequestText(tx, entry.id);
    });
  }
}
