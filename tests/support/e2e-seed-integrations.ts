/**
 * The staff-integrations journeys' people (issue 21), per project: a GP at demo for the toolbar
 * single sign-on with a patient of known NHS number, and a receptionist of the aitesting
 * practice (made by the demo data) who reviews requests there.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { docmanSetupTokens, patients, practiceMemberships, practices, users } from "~/db/schema";
import { hashDocmanToken } from "~/domain/integrations/docman.server";
import { E2E_PROJECTS, e2eAiReviewerEmail, e2eDocmanToken, e2eToolbarStaff } from "./e2e-users";

export async function seedE2eIntegrations(db: Db, passwordHash: string): Promise<void> {
  const [demo] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "demo"));
  const [aitesting] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "aitesting"));
  const [demotpp] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "demotpp"));
  for (const project of E2E_PROJECTS) {
    await db
      .insert(docmanSetupTokens)
      .values({ tokenHash: hashDocmanToken(e2eDocmanToken(project)), practiceIds: [demotpp.id], expiresAt: new Date(Date.now() + 24 * 3600_000) })
      .onConflictDoUpdate({ target: docmanSetupTokens.tokenHash, set: { usedAt: null, expiresAt: new Date(Date.now() + 24 * 3600_000) } });
    const staff = e2eToolbarStaff(project);
    const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${staff.email}`);
    if (!existing) {
      const [user] = await db
        .insert(users)
        .values({ email: staff.email, firstName: staff.firstName, lastName: staff.lastName, passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      await db.insert(practiceMemberships).values({ userId: user.id, practiceId: demo.id, role: "gp" });
      await db.insert(patients).values({ practiceId: demo.id, firstName: staff.patient.firstName, lastName: staff.patient.lastName, dateOfBirth: "1990-05-05", nhsNumber: staff.patient.nhsNumber });
    }
    const reviewer = e2eAiReviewerEmail(project);
    const [known] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${reviewer}`);
    if (!known && aitesting) {
      const [user] = await db
        .insert(users)
        .values({ email: reviewer, firstName: "Rae", lastName: project === "js-off" ? "ReviewerNojs" : "ReviewerWithjs", passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      await db.insert(practiceMemberships).values({ userId: user.id, practiceId: aitesting.id, role: "receptionist" });
    }
  }
}
