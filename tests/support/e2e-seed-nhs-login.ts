/**
 * The records the NHS login journey signs in to, one P9 and one P5 per browser project (the mock
 * provider makes "p9-<NHS number>" and "p5-<NHS number>" test users): demo practice, no account.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { patients } from "~/db/schema";

export const E2E_NHS_LOGIN = {
  "js-off": { p9: "9990910006", p5: "9990912009" },
  "js-on": { p9: "9990911002", p5: "9990913005" },
} as const;

export async function seedE2eNhsLoginPatients(db: Db, practiceId: number) {
  for (const numbers of Object.values(E2E_NHS_LOGIN)) {
    for (const nhsNumber of Object.values(numbers)) {
      const existing = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.practiceId, practiceId), eq(patients.nhsNumber, nhsNumber)));
      if (existing.length > 0) continue;
      await db.insert(patients).values({ practiceId, firstName: "Test", lastName: `User ${nhsNumber.slice(-4)}`, dateOfBirth: "1985-01-15", nhsNumber, postcode: "LS1 4AP" });
    }
  }
}
