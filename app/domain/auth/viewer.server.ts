/**
 * Who is asking: the signed-in user behind a session id, with their roles, refreshed (idle
 * deadline moved on) as a side effect. Every guard and menu decision reads this one object.
 * Reading the session cookie and loading once per request is HTTP glue: app/web/auth/viewer.server.ts.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { preparedOnce } from "~/db/prepared.server";
import { carerDependents, patientEntries, patients, practiceMemberships, practices, sessions, userGlobalRoles, users } from "~/db/schema";
import { entryScopeOf } from "~/domain/requests/access.server";
import {
  checkSession,
  hashSessionId,
  idleSecondsFor,
  type SessionRow,
} from "~/domain/sessions/sessions.server";

export type GlobalRole = "admin" | "advanced" | "ccg_admin" | "carer_user";
export type PracticeRole = "gp" | "receptionist" | "practice_admin";
export type Membership = { practiceId: number; urlCode: string; practiceName: string; role: PracticeRole; idleTimeout: number | null };

export type Viewer = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  isGuest: boolean;
  globalRoles: ReadonlySet<GlobalRole>;
  memberships: readonly Membership[];
  /** The patient record of the user (at most one per practice; the first is their home practice). */
  patient: { id: number; practiceId: number; urlCode: string } | null;
  dependentCount: number;
  /** Requests (not drafts) about this user or the people they care for. */
  numPatientEntries: number;
  session: SessionRow;
  sessionId: string;
};

export type ViewerState = { viewer: Viewer | null; expired: boolean };

/**
 * One round trip: the session row with its user and everything the guards and menus read
 * (global roles, memberships, patient record, dependants, requests), as subqueries. This runs
 * on every signed-in page, so it is written once by hand rather than as six selects.
 */
export async function loadViewerBySession(context: Pick<AppContext, "db" | "clock">, sessionId: string | undefined): Promise<ViewerState> {
  const { db, clock } = context;
  if (!sessionId || sessionId.length > 100) return { viewer: null, expired: false };
  const [row] = await preparedOnce(db, "viewer", (db) =>
    db
      .select({
        session: sessions,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, isGuest: users.isGuestAccount, disabledAt: users.disabledAt },
        globalRoles: sql<GlobalRole[]>`coalesce((select json_agg(${userGlobalRoles.role}) from ${userGlobalRoles} where ${userGlobalRoles.userId} = ${sessions.userId}), '[]'::json)`,
        memberships: sql<Membership[]>`coalesce((
          select json_agg(json_build_object('practiceId', pm.practice_id, 'urlCode', p.url_code, 'practiceName', p.name, 'role', pm.role, 'idleTimeout', p.idle_timeout) order by p.name)
          from ${practiceMemberships} pm join ${practices} p on p.id = pm.practice_id
          where pm.user_id = ${sessions.userId}), '[]'::json)`,
        patient: sql<Viewer["patient"]>`(
          select json_build_object('id', pt.id, 'practiceId', pt.practice_id, 'urlCode', pr.url_code)
          from ${patients} pt join ${practices} pr on pr.id = pt.practice_id
          where pt.user_id = ${sessions.userId} order by pt.id limit 1)`,
        dependentCount: sql<number>`(select count(*)::int from ${carerDependents} where ${carerDependents.carerUserId} = ${sessions.userId} and ${carerDependents.status} = 'approved')`,
        // Requests that reached the practice (drafts do not count): drives where the user lands.
        numPatientEntries: sql<number>`(select count(*)::int from ${patientEntries} where ${and(entryScopeOf(sessions.userId), ne(patientEntries.stage, "created"))})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, sql.placeholder("idHash")))
      .limit(1),
  ).execute({ idHash: hashSessionId(sessionId) });
  if (!row) return { viewer: null, expired: false };
  const memberships = row.memberships;
  const lookup = await checkSession(db, clock, row.session, (session) => idleSecondsFor(idlePolicy(memberships, session.practiceId)));
  if (lookup.state !== "active") return { viewer: null, expired: lookup.state === "expired" };
  if (row.user.disabledAt) return { viewer: null, expired: false };
  return {
    expired: false,
    viewer: {
      userId: row.user.id,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      email: row.user.email,
      isGuest: row.user.isGuest,
      globalRoles: new Set(row.globalRoles),
      memberships,
      patient: row.patient ?? null,
      dependentCount: Number(row.dependentCount),
      numPatientEntries: Number(row.numPatientEntries),
      session: lookup.session,
      sessionId,
    },
  };
}

export async function loadMemberships(db: Db, userId: number): Promise<Membership[]> {
  return db
    .select({
      practiceId: practiceMemberships.practiceId,
      urlCode: practices.urlCode,
      practiceName: practices.name,
      role: practiceMemberships.role,
      idleTimeout: practices.idleTimeout,
    })
    .from(practiceMemberships)
    .innerJoin(practices, eq(practices.id, practiceMemberships.practiceId))
    .where(eq(practiceMemberships.userId, userId))
    .orderBy(practices.name);
}

/**
 * Staff (gp, receptionist) and practice admins follow their practice's idle_timeout: the
 * practice they are acting at, or their first one. Everyone else is on the patient timer.
 */
export function idlePolicy(memberships: readonly Membership[], actingPracticeId: number | null) {
  if (memberships.length === 0) return { kind: "patient" as const };
  const acting = memberships.find((m) => m.practiceId === actingPracticeId) ?? memberships[0];
  return { kind: "staff" as const, practiceIdleTimeoutMinutes: acting.idleTimeout };
}
