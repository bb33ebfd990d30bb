/**
 * The records the NHS login journey signs in to, one P9 and one P5 per browser project (the mock
 * provider makes "p9-<NHS number>" and "p5-<NHS number>" test users): demo practice, no account.
 * `app`: a P9 user already registered with NHS login (account, record and identity), whom the
 * NHS App signs in silently.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { nhsLoginIdentities, patients, users } from "~/db/schema";

export const E2E_NHS_LOGIN = {
  "js-off": { p9: "9990910006", p5: "9990912009", app: "9990914001" },
  "js-on": { p9: "9990911002", p5: "9990913005", app: "9990914028" },
} as const;

/** The NHS App journey's user: signed in by the mock when the app asserts "p9-<NHS number>". */
export async function seedE2eNhsAppUsers(db: Db, practiceId: number) {
  for (const { app: nhsNumber } of Object.values(E2E_NHS_LOGIN)) {
    const sub = `p9-${nhsNumber}`;
    const existing = await db.select({ id: nhsLoginIdentities.id }).from(nhsLoginIdentities).where(eq(nhsLoginIdentities.sub, sub));
    if (existing.length > 0) continue;
    const now = new Date();
    const [user] = await db
      .insert(users)
      .values({ email: `nhs-login-${sub}@example.com`, firstName: "Test", lastName: `User ${nhsNumber.slice(-4)}`, emailVerifiedAt: now, homePracticeId: practiceId })
      .returning({ id: users.id });
    await db.insert(patients).values({ practiceId, userId: user!.id, firstName: "Test", lastName: `User ${nhsNumber.slice(-4)}`, dateOfBirth: "1985-01-15", nhsNumber, postcode: "LS1 4AP" });
    await db.insert(nhsLoginIdentities).values({ sub, userId: user!.id, level: "P9", createdAt: now, lastSignedInAt: now });
  }
}

export async function seedE2eNhsLoginPatients(db: Db, practiceId: number) {
  for (const { p9, p5 } of Object.values(E2E_NHS_LOGIN)) {
    for (const nhsNumber of [p9, p5]) {
      const existing = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.practiceId, practiceId), eq(patients.nhsNumber, nhsNumber)));
      if (existing.length > 0) continue;
      await db.insert(patients).values({ practiceId, firstName: "Test", lastName: `User ${nhsNumber.slice(-4)}`, dateOfBirth: "1985-01-15", nhsNumber, postcode: "LS1 4AP" });
    }
  }
}
