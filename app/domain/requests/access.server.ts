/**
 * Whose requests a signed-in user may see and act on: their own patient records and the
 * people they care for. Every request query for patients goes through `entryScope`, so an
 * id that belongs to somebody else is simply not found (page-not-found, never a leak).
 */
import { eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { carerDependents, patientEntries, patients, practices } from "~/db/schema";

export type ActingPatient = {
  patientId: number;
  practiceId: number;
  practiceCode: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** myself: the user's own record; dependent: someone they care for. */
  relation: "myself" | "dependent";
  /** carer_dependents.id: the dependent_id of /message/carer/{dependent_id}. */
  dependentId: number | null;
};

/** The user's own patient records and their dependents', for choosing who a request is for. */
export async function actingPatients(db: Db, userId: number): Promise<ActingPatient[]> {
  const columns = {
    patientId: patients.id,
    practiceId: patients.practiceId,
    practiceCode: practices.urlCode,
    firstName: patients.firstName,
    lastName: patients.lastName,
    dateOfBirth: patients.dateOfBirth,
  };
  const [own, dependents] = await Promise.all([
    db
      .select(columns)
      .from(patients)
      .innerJoin(practices, eq(practices.id, patients.practiceId))
      .where(eq(patients.userId, userId))
      .orderBy(patients.id),
    db
      .select({ ...columns, dependentId: carerDependents.id })
      .from(carerDependents)
      .innerJoin(patients, eq(patients.id, carerDependents.patientId))
      .innerJoin(practices, eq(practices.id, patients.practiceId))
      .where(eq(carerDependents.carerUserId, userId))
      .orderBy(patients.firstName, patients.id),
  ]);
  return [
    ...own.map((p) => ({ ...p, relation: "myself" as const, dependentId: null })),
    ...dependents.map((p) => ({ ...p, relation: "dependent" as const })),
  ];
}

/**
 * The SQL condition "this request is about the user or someone they care for" (and not
 * deleted). Subqueries rather than a preloaded id list: one round trip, and always current.
 */
export function entryScope(userId: number): SQL {
  return entryScopeOf(userId);
}

/**
 * entryScope for a user id given as a value or as a column of the enclosing query (the
 * viewer's one-query load correlates it with the session's user).
 */
export function entryScopeOf(userId: number | AnyColumn): SQL {
  // One IN over a UNION, not an OR of two INs: PostgreSQL plans the OR as a filter over every
  // request in the table (seconds at 10 million rows, on every page a signed-in user opens);
  // the UNION is a semi-join through patient_entries_patient_idx.
  return sql`(${patientEntries.deletedAt} is null and ${patientEntries.patientId} in (
    select ${patients.id} from ${patients} where ${patients.userId} = ${userId}
    union
    select ${carerDependents.patientId} from ${carerDependents} where ${carerDependents.carerUserId} = ${userId}))`;
}
