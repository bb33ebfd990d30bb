/**
 * The patients the mock NHS login's test users are matched to (README: "Signing in with NHS
 * login"): records at the demo practice with their NHS numbers and no account yet.
 */
import type { Queryable } from "./client.server";
import { patients } from "./schema";
import { MOCK_NHS_LOGIN_USERS } from "~/server/mock-nhs-login-users";

export async function seedNhsLoginPatients(tx: Queryable, practiceId: number) {
  await tx
    .insert(patients)
    .values(
      MOCK_NHS_LOGIN_USERS.map((u) => ({
        practiceId,
        firstName: u.givenName,
        lastName: u.familyName,
        dateOfBirth: u.birthdate,
        nhsNumber: u.nhsNumber,
        postcode: "LS1 4AP",
        town: "Leeds",
      })),
    )
    .onConflictDoNothing();
}
