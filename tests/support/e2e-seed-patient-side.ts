/**
 * The patient-side journeys' people (issue "patient side"), per project, at demo: a carer
 * registered there with one approved dependent (carer-dependents.spec.ts), and a patient whose
 * details the my-details journey changes. Idempotent.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { carerDependents, patients, userGlobalRoles, users } from "~/db/schema";
import { E2E_PROJECTS, e2eDependentsCarerEmail, e2eDependentsChild, e2eMyDetailsPatientEmail } from "./e2e-users";

export async function seedE2ePatientSidePeople(db: Db, practiceId: number, passwordHash: string): Promise<void> {
  for (const project of E2E_PROJECTS) {
    const email = e2eDependentsCarerEmail(project);
    const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
    if (existing) continue;
    await db.transaction(async (tx) => {
      const [carer] = await tx
        .insert(users)
        .values({ email, firstName: "Cora", lastName: "Minder", passwordHash, emailVerifiedAt: sql`now()`, homePracticeId: practiceId })
        .returning({ id: users.id });
      await tx.insert(userGlobalRoles).values({ userId: carer.id, role: "carer_user" });
      const [child] = await tx.insert(patients).values({ practiceId, ...e2eDependentsChild(project) }).returning({ id: patients.id });
      await tx.insert(carerDependents).values({ carerUserId: carer.id, patientId: child.id, relationship: "Mother", reason: "under_16", status: "approved" });
      const patientEmail = e2eMyDetailsPatientEmail(project);
      const [patientUser] = await tx
        .insert(users)
        .values({ email: patientEmail, firstName: "Dana", lastName: "Details", passwordHash, emailVerifiedAt: sql`now()`, mobile: "07700900123" })
        .returning({ id: users.id });
      await tx
        .insert(patients)
        .values({ practiceId, userId: patientUser.id, firstName: "Dana", lastName: "Details", dateOfBirth: "1979-10-02", email: patientEmail, mobile: "07700900123", postcode: "LS1 4AP" });
    });
  }
}
