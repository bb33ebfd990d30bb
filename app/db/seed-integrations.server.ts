/**
 * Demo data of the staff integrations (issue 21): single sign-on and the toolbar tab setting
 * turned on at Riverside (demo), and the AI-testing practice (url code `aitesting`, decision
 * 0118) with a GP reviewer, a receptionist reviewer, patients and submitted requests to review.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "./client.server";
import { openingHours, patients, practiceMemberships, practices, users } from "./schema";
import { DEFAULT_OPENING_HOURS } from "~/domain/practices/opening-hours";
import { seedDemoRequests } from "./seed-requests.server";

export const AITESTING_ACCOUNTS = { gp: "demo.aitesting.gp@nhs.net", reception: "demo.aitesting.reception@nhs.net" } as const;

export async function seedDemoIntegrations(tx: Tx, input: { demoPracticeId: number; passwordHash: string; nhsNumber: (n: number) => string }) {
  await tx.update(practices).set({ ssoSetting: true, tabsSetting: true }).where(eq(practices.id, input.demoPracticeId));
  await seedAiTestingPractice(tx, input.passwordHash, input.nhsNumber);
}

export async function seedAiTestingPractice(tx: Tx, passwordHash: string, nhsNumber: (n: number) => string, emails: { gp: string; reception: string } = AITESTING_ACCOUNTS) {
  const [existing] = await tx.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "aitesting"));
  const practiceId =
    existing?.id ??
    (
      await tx
        .insert(practices)
        .values({ name: "AI Testing Practice", urlCode: "aitesting", town: "Leeds", phone: "0113 496 0999", ehrType: "emis", pfsEhrType: "emis" })
        .returning({ id: practices.id })
    )[0].id;
  if (!existing) {
    await tx.insert(openingHours).values(
      DEFAULT_OPENING_HOURS.map((h) => ({ practiceId, day: h.day, closed: h.closed, localOpeningTime: h.opens, localClosingTime: h.closes })),
    );
  }
  const account = async (email: string, firstName: string, lastName: string) => {
    const [row] = await tx
      .insert(users)
      .values({ email, firstName, lastName, passwordHash, emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    return row.id;
  };
  const gp = await account(emails.gp, "Aisha", "Reviewer");
  const reception = await account(emails.reception, "Ben", "Reviewer");
  await tx.insert(practiceMemberships).values([
    { userId: gp, practiceId, role: "gp" },
    { userId: reception, practiceId, role: "receptionist" },
  ]);
  if (existing) return { practiceId, gp, reception };
  const people = await tx
    .insert(patients)
    .values(
      [
        ["Olive", "Testcase", "1950-04-02", "female"],
        ["Marcus", "Testcase", "1988-11-23", "male"],
        ["June", "Testcase", "2015-06-09", "female"],
      ].map(([firstName, lastName, dateOfBirth, gender], i) => ({
        practiceId,
        firstName,
        lastName,
        dateOfBirth,
        gender: gender as "female" | "male",
        // 800s: the 900s are the mock NHS login users (app/server/mock-nhs-login-users.ts).
        nhsNumber: nhsNumber(800 + i),
        postcode: "LS1 4AP",
      })),
    )
    .returning({ id: patients.id });
  await seedDemoRequests(tx, { practiceId, patientIds: people.map((p) => p.id), userIdFor: () => reception, gpId: gp, receptionId: reception });
  return { practiceId, gp, reception };
}
