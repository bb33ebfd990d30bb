/**
 * Whose requests a signed-in user may see and act on (docs/decisions/0070): their own patient
 * record's and those of the people they care for through an APPROVED proxy link, never a
 * guest's; a guest account sees only the requests it sent itself. Every request query for
 * patients goes through `entryScope`, so an id that belongs to somebody else is simply not
 * found (page-not-found, never a leak).
 */
import { and, eq, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { carerDependents, patientEntries, patients, practices, users } from "~/db/schema";

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
      .where(and(eq(carerDependents.carerUserId, userId), eq(carerDependents.status, "approved")))
      .orderBy(patients.firstName, patients.id),
  ]);
  return [
    ...own.map((p) => ({ ...p, relation: "myself" as const, dependentId: null })),
    ...dependents.map((p) => ({ ...p, relation: "dependent" as const })),
  ];
}

/**
 * The SQL condition "this user may see this request" (and it is not deleted):
 * - a guest account: the requests it sent itself, nothing else of the patient's;
 * - anyone else: requests about their own patient record or an approved dependent's, except
 *   those a guest sent (whether a guest's request belongs to the registered patient is the
 *   practice's decision, made by merging the records).
 * Subqueries rather than a preloaded id list: one round trip, and always current, so an
 * approval, decline or removal takes effect on the next page.
 */
export function entryScope(userId: number): SQL {
  return entryScopeOf(userId);
}

/**
 * The scope's first branch, as `from …` text with the request aliased `e`: the requests a guest
 * account sent itself (a registered user's own requests come through the second branch).
 *
 * "Is this user a guest" is asked of the user alone, not joined to each request: PostgreSQL
 * then tests it once (a one-time filter) and, for a registered user, never reads their
 * requests here. As a join it walked every request the user had created (each one found, then
 * dropped by the guest test) on every page they opened, since the viewer's load asks this
 * (issue "speed": 0.21 → 0.15 ms a viewer load for a patient with 400 drafts).
 */
function sentByTheGuest(userId: number | AnyColumn | Placeholder): SQL {
  return sql`${patientEntries} e
      where e.created_by_user_id = ${userId}
        and exists (select 1 from ${users} g where g.id = ${userId} and g.is_guest_account)`;
}

/**
 * The scope's second branch, as a condition on the request aliased `e`: about the user's own
 * patient record or an approved dependant's, and not sent by a guest.
 */
function aboutTheirPatients(userId: number | AnyColumn | Placeholder): SQL {
  return sql`e.patient_id in (
        select p.id from ${patients} p
          join ${users} u on u.id = p.user_id and not u.is_guest_account
          where p.user_id = ${userId}
        union
        select ${carerDependents.patientId} from ${carerDependents}
          where ${carerDependents.carerUserId} = ${userId} and ${carerDependents.status} = 'approved')
      and not exists (select 1 from ${users} w where w.id = e.created_by_user_id and w.is_guest_account)`;
}

/**
 * "This user has sent a request they may see": entryScopeOf's requests, not drafts, not
 * deleted, as two EXISTS tests with those filters inside each branch, so PostgreSQL stops at
 * the first such request. The viewer's load asks it on every signed-in page; as a count over
 * entryScopeOf it looked up every request of the patient's twice (0.9 ms of the database's
 * time per page for a patient with 400, issue "speed"). Same branches, same guest rule.
 */
export function hasSentRequestsOf(userId: number | AnyColumn | Placeholder): SQL {
  return sql`(exists (select 1 from ${sentByTheGuest(userId)} and e.deleted_at is null and e.stage <> 'created')
    or exists (select 1 from ${patientEntries} e where ${aboutTheirPatients(userId)} and e.deleted_at is null and e.stage <> 'created'))`;
}

/**
 * entryScope for a user id given as a value or as a column of the enclosing query (the
 * viewer's one-query load correlates it with the session's user).
 *
 * `onlyEntry`: the one request id the enclosing query is about, repeated inside both branches.
 * Where the request is pinned by a WHERE clause PostgreSQL does that itself; in a join's
 * condition correlated with the session's user (the viewer's load with the page's request) it
 * cannot, and listed all of the user's requests to find the one (0.4 ms for a patient with 400).
 * The same rule either way: only a filter PostgreSQL would apply anyway is added.
 */
export function entryScopeOf(userId: number | AnyColumn | Placeholder, onlyEntry?: AnyColumn | Placeholder): SQL {
  const only = onlyEntry === undefined ? sql`` : sql` and e.id = ${onlyEntry}`;
  // One IN over a UNION, not an OR: PostgreSQL plans an OR of subqueries as a filter over every
  // request in the table (seconds at 10 million rows, on every page a signed-in user opens);
  // each branch of the UNION is an index range (patient_entries_creator_idx, _patient_idx).
  return sql`(${patientEntries.deletedAt} is null and ${patientEntries.id} in (
    select e.id from ${sentByTheGuest(userId)}${only}
    union all
    select e.id from ${patientEntries} e where ${aboutTheirPatients(userId)}${only}))`;
}
