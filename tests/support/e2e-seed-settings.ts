/**
 * Seeds the practice-settings journey's practice per project (e2e-users.ts e2eSettingsPractice):
 * a practice in England (core-hours compliance on), its practice admin and one patient with an
 * account. Idempotent.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { openingHours, patients, practiceMemberships, practices, users } from "~/db/schema";
import { DEFAULT_OPENING_HOURS } from "~/domain/practices/opening-hours";
import { E2E_PROJECTS, e2eSettingsPractice } from "./e2e-users";

export async function seedE2eSettingsPractices(db: Db, passwordHash: string): Promise<void> {
  for (const project of E2E_PROJECTS) {
    const s = e2eSettingsPractice(project);
    const [existing] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, s.code));
    if (existing) continue;
    await db.transaction(async (tx) => {
      const [practice] = await tx.insert(practices).values({ name: s.name, urlCode: s.code, country: "england" }).returning({ id: practices.id });
      await tx.insert(openingHours).values(
        DEFAULT_OPENING_HOURS.map((h) => ({ practiceId: practice.id, day: h.day, closed: h.closed, localOpeningTime: h.opens, localClosingTime: h.closes })),
      );
      const [admin] = await tx
        .insert(users)
        .values({ email: s.adminEmail, firstName: "Pat", lastName: "Settings", passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      await tx.insert(practiceMemberships).values({ userId: admin.id, practiceId: practice.id, role: "practice_admin" });
      const [patientUser] = await tx
        .insert(users)
        .values({ email: s.patientEmail, firstName: "Casey", lastName: "Closure", passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      await tx
        .insert(patients)
        .values({ practiceId: practice.id, userId: patientUser.id, firstName: "Casey", lastName: "Closure", dateOfBirth: "1984-03-21", email: s.patientEmail });
    });
  }
}
