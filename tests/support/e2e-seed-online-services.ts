/**
 * Seeds the online-services journey's patients (e2e-online-services-users.ts): a signed-up
 * patient at each demo practice per project, with linkage credentials and repeat medication
 * in the simulated GP system.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { patients, practices, users } from "~/db/schema";
import { seedGpPatient } from "~/db/seed-gp-system.server";
import { E2E_PFS_PRACTICES, e2ePfsCredentials, e2ePfsUserEmail } from "./e2e-online-services-users";
import { E2E_PROJECTS } from "./e2e-users";

export async function seedE2eOnlineServicesUsers(db: Db, passwordHash: string): Promise<void> {
  for (const code of E2E_PFS_PRACTICES) {
    const [practice] = await db.select().from(practices).where(eq(practices.urlCode, code));
    if (!practice) throw new Error(`e2e: demo practice ${code} is missing`);
    for (const project of E2E_PROJECTS) {
      const email = e2ePfsUserEmail(code, project);
      const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
      if (existing.length > 0) continue;
      const [user] = await db
        .insert(users)
        .values({ email, firstName: "Jordan", lastName: "Reyes", passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      const [patient] = await db
        .insert(patients)
        .values({ practiceId: practice.id, userId: user.id, firstName: "Jordan", lastName: "Reyes", dateOfBirth: "1975-04-12", email })
        .returning({ id: patients.id });
      const credentials = e2ePfsCredentials(code, project);
      await seedGpPatient(db, { patientId: patient.id, practice, accountId: credentials.accountId, linkageKeys: [credentials.linkageKey], now: new Date() });
    }
  }
}
