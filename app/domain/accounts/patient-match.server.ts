/** The registered-patient query: candidates by name and date of birth at one practice. */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { globalSettings, patients, users } from "~/db/schema";
import { choosePatient, normaliseName, type PatientCandidate, type PatientMatch } from "./patient-match";

export type MatchedPatient = PatientCandidate & { practiceId: number; firstName: string; lastName: string };

export type PersonDetails = { firstName: string; lastName: string; dateOfBirth: string; postcode?: string | null };

/** SQL twin of normaliseName (NFKC aside: stored names come from the GP system, already clean). */
const normalisedColumn = (column: typeof patients.firstName | typeof patients.lastName) =>
  sql`lower(regexp_replace(translate(trim(${column}), ${"\u2018\u2019\u02bc"}, ${"'''"}), '\\s+', ' ', 'g'))`;

export async function findRegisteredPatient(db: Db, practiceId: number, person: PersonDetails): Promise<PatientMatch<MatchedPatient>> {
  const rows = await db
    .select({
      id: patients.id,
      practiceId: patients.practiceId,
      firstName: patients.firstName,
      lastName: patients.lastName,
      postcode: patients.postcode,
      ownerId: patients.userId,
      ownerIsGuest: users.isGuestAccount,
      ownerVerifiedAt: users.emailVerifiedAt,
    })
    .from(patients)
    .leftJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        eq(patients.practiceId, practiceId),
        eq(patients.dateOfBirth, person.dateOfBirth),
        sql`${normalisedColumn(patients.firstName)} = ${normaliseName(person.firstName)}`,
        sql`${normalisedColumn(patients.lastName)} = ${normaliseName(person.lastName)}`,
      ),
    )
    .orderBy(patients.id)
    .limit(10);
  const candidates: MatchedPatient[] = rows.map((r) => ({
    id: r.id,
    practiceId: r.practiceId,
    firstName: r.firstName,
    lastName: r.lastName,
    postcode: r.postcode,
    owner: r.ownerId === null ? null : { userId: r.ownerId, isGuest: r.ownerIsGuest ?? false, verified: r.ownerVerifiedAt !== null },
  }));
  return choosePatient(candidates, person.postcode);
}

/** global_settings.maximum_patient_age; 111 when the settings row does not exist yet. */
export async function maximumPatientAge(db: Db): Promise<number> {
  const [row] = await db.select({ age: globalSettings.maximumPatientAge }).from(globalSettings).where(eq(globalSettings.id, 1));
  return row?.age ?? 111;
}
