/**
 * The agent-setup journey's people and practices (docs/decisions/0077), per project: a TPP
 * practice of their own with no agent yet, and a practice admin of it and of demotpp.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { openingHours, practiceMemberships, practices, users } from "~/db/schema";
import { DEFAULT_OPENING_HOURS } from "~/domain/practices/opening-hours";
import { E2E_PROJECTS, e2eAgentAdmin } from "./e2e-users";

export async function seedE2eAgentUsers(db: Db, passwordHash: string): Promise<void> {
  const [demotpp] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "demotpp"));
  for (const project of E2E_PROJECTS) {
    const person = e2eAgentAdmin(project);
    const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${person.email}`);
    if (existing) continue;
    await db.transaction(async (tx) => {
      const [practice] = await tx
        .insert(practices)
        .values({ name: person.practiceName, urlCode: person.practiceCode, ehrType: "tpp", pfsEhrType: "tpp", town: "Harrogate", phone: "01423 496 222" })
        .returning({ id: practices.id });
      await tx.insert(openingHours).values(
        DEFAULT_OPENING_HOURS.map((h) => ({ practiceId: practice.id, day: h.day, closed: h.closed, localOpeningTime: h.opens, localClosingTime: h.closes })),
      );
      const [user] = await tx
        .insert(users)
        .values({ email: person.email, firstName: person.firstName, lastName: person.lastName, passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      await tx.insert(practiceMemberships).values([
        { userId: user.id, practiceId: practice.id, role: "practice_admin" },
        { userId: user.id, practiceId: demotpp.id, role: "practice_admin" },
      ]);
    });
  }
}
