/**
 * Who is asking: the signed-in user behind the session cookie, with their roles, loaded
 * once per request and refreshed (idle deadline moved on) as a side effect. Every guard
 * and menu decision reads this one object.
 */
import { and, count, eq, ne } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { carerDependents, patientEntries, patients, practiceMemberships, practices, userGlobalRoles, users } from "~/db/schema";
import { entryScope } from "~/domain/requests/access.server";
import { readCookie } from "~/domain/http/cookies";
import {
  idleSecondsFor,
  resolveSession,
  SESSION_COOKIE,
  SESSION_COOKIE_SECURE,
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

export function sessionCookieName(context: Pick<AppContext, "config">) {
  return context.config.isProduction ? SESSION_COOKIE_SECURE : SESSION_COOKIE;
}

const cache = new WeakMap<Request, Promise<ViewerState>>();

/** The viewer for this request (memoised per Request, so guards and root share one load). */
export function getViewerState(request: Request, context: AppContext): Promise<ViewerState> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadViewer(request, context);
    cache.set(request, pending);
  }
  return pending;
}

export async function getViewer(request: Request, context: AppContext): Promise<Viewer | null> {
  return (await getViewerState(request, context)).viewer;
}

async function loadViewer(request: Request, context: AppContext): Promise<ViewerState> {
  const { db, clock } = context;
  const sessionId = readCookie(request, sessionCookieName(context));
  if (!sessionId) return { viewer: null, expired: false };
  let memberships: Membership[] | null = null;
  const lookup = await resolveSession(db, clock, sessionId, async (session) => {
    memberships = await loadMemberships(db, session.userId);
    return idleSecondsFor(idlePolicy(memberships, session.practiceId));
  });
  if (lookup.state !== "active") return { viewer: null, expired: lookup.state === "expired" };
  const session = lookup.session;
  const [user] = await db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (!user || user.disabledAt) return { viewer: null, expired: false };
  const [roles, loadedMemberships, patientRows, dependents, [entries]] = await Promise.all([
    db.select({ role: userGlobalRoles.role }).from(userGlobalRoles).where(eq(userGlobalRoles.userId, user.id)),
    memberships ? Promise.resolve(memberships) : loadMemberships(db, user.id),
    db
      .select({ id: patients.id, practiceId: patients.practiceId, urlCode: practices.urlCode })
      .from(patients)
      .innerJoin(practices, eq(practices.id, patients.practiceId))
      .where(eq(patients.userId, user.id))
      .orderBy(patients.id)
      .limit(1),
    db.select({ id: carerDependents.id }).from(carerDependents).where(eq(carerDependents.carerUserId, user.id)),
    // Requests that reached the practice (drafts do not count): drives where the user lands.
    db
      .select({ n: count() })
      .from(patientEntries)
      .where(and(entryScope(db, user.id), ne(patientEntries.stage, "created"))),
  ]);
  return {
    expired: false,
    viewer: {
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      isGuest: user.isGuestAccount,
      globalRoles: new Set(roles.map((r) => r.role)),
      memberships: loadedMemberships,
      patient: patientRows[0] ?? null,
      dependentCount: dependents.length,
      numPatientEntries: entries?.n ?? 0,
      session,
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
