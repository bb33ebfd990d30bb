/**
 * Who is asking: the signed-in user behind a session id, with their roles, refreshed (idle
 * deadline moved on) as a side effect. Every guard and menu decision reads this one object.
 * Reading the session cookie and loading once per request is HTTP glue: app/web/auth/viewer.server.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { claimKey } from "~/db/idempotency-keys.server";
import { preparedOnce } from "~/db/prepared.server";
import { carerDependents, patientEntries, patients, practiceMemberships, practices, sessions, userGlobalRoles, users } from "~/db/schema";
import { entryScopeOf, hasSentRequestsOf } from "~/domain/requests/access.server";
import { entryColumns, savedAnswersOfEntry, withAnswers, type EntryWithAnswers, type PatientEntry } from "~/domain/requests/entries.server";
import { isId } from "~/validation/ids";
import { findPracticeByCode, isPracticeCodeShaped, practiceCodeIs, type Practice } from "~/domain/practices/practices.server";
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
  /** Whether any request (not a draft) about this user or the people they care for was sent. */
  hasSentRequests: boolean;
  session: SessionRow;
  sessionId: string;
};

export type ViewerState = { viewer: Viewer | null; expired: boolean };

/**
 * Everything the guards and menus read about the session's user (global roles, memberships,
 * patient record, dependants, requests), as subqueries of one select: this runs on every
 * signed-in page, so it is written once by hand rather than as six selects.
 */
function viewerColumns() {
  return {
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
    hasSentRequests: sql<boolean>`${hasSentRequestsOf(sessions.userId)}`,
  };
}

type ViewerRow = {
  session: SessionRow;
  user: { id: number; firstName: string; lastName: string; email: string; isGuest: boolean; disabledAt: Date | null };
  globalRoles: GlobalRole[];
  memberships: Membership[];
  patient: Viewer["patient"];
  dependentCount: number;
  hasSentRequests: boolean;
};

/** A session id the cookie could hold: anything else is no session, without a query. */
export const plausibleSessionId = (sessionId: string | undefined): sessionId is string => Boolean(sessionId) && sessionId!.length <= 100;

/** One round trip: the session row with its user and the viewer's columns. */
export async function loadViewerBySession(context: Pick<AppContext, "db" | "clock">, sessionId: string | undefined): Promise<ViewerState> {
  const { db } = context;
  if (!plausibleSessionId(sessionId)) return { viewer: null, expired: false };
  const [row] = await preparedOnce(db, "viewer", (db) =>
    db
      .select(viewerColumns())
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // No LIMIT (drizzle would send it as one more parameter): the primary key finds one row at most.
      .where(eq(sessions.idHash, sql.placeholder("idHash"))),
  ).execute({ idHash: hashSessionId(sessionId) });
  return row ? viewerStateOf(context, row, sessionId) : { viewer: null, expired: false };
}

/**
 * The viewer and the practice a URL names, in one round trip instead of two (issue "speed":
 * each round trip to PostgreSQL costs the app more CPU than any other single step of a page,
 * and nearly every page names a practice). The practice row, with the session and its user
 * left-joined: an unknown practice code finds no row, and then the viewer is read on its own
 * (the page-not-found still shows who is signed in, in its header).
 */
export async function loadViewerAndPractice(
  context: Pick<AppContext, "db" | "clock">,
  sessionId: string | undefined,
  practiceCode: string,
): Promise<{ state: ViewerState; practice: Practice | null }> {
  const { db } = context;
  if (!plausibleSessionId(sessionId) || !isPracticeCodeShaped(practiceCode)) {
    const [state, practice] = await Promise.all([loadViewerBySession(context, sessionId), findPracticeByCode(db, practiceCode)]);
    return { state, practice };
  }
  const [row] = await preparedOnce(db, "viewer_and_practice", (db) =>
    db
      .select({ ...viewerColumns(), practice: practices })
      .from(practices)
      .leftJoin(sessions, eq(sessions.idHash, sql.placeholder("idHash")))
      .leftJoin(users, eq(users.id, sessions.userId))
      // One row at most (practices_url_code_key is unique on lower(url_code)); no LIMIT, as above.
      .where(practiceCodeIs(sql.placeholder("code"))),
  ).execute({ idHash: hashSessionId(sessionId), code: practiceCode.toLowerCase() });
  if (!row) return { state: await loadViewerBySession(context, sessionId), practice: null };
  const { session, user, practice, ...rest } = row;
  const state = session && user ? await viewerStateOf(context, { session, user, ...rest }, sessionId) : { viewer: null, expired: false };
  return { state, practice };
}

/**
 * loadViewerAndPractice with the patient's request the page's path names ($entryId: every step
 * of a draft, issue "speed"), still one round trip: the request and its answers as
 * findEntryWithAnswersForUser reads them, under the same scope (entryScopeOf, with the
 * session's user), so what comes back is exactly what that read would give this viewer, or null.
 * The draft steps then take it from the request memo instead of asking PostgreSQL again.
 */
export async function loadViewerPracticeAndEntry(
  context: Pick<AppContext, "db" | "clock">,
  sessionId: string | undefined,
  practiceCode: string,
  entryId: number,
): Promise<{ state: ViewerState; practice: Practice | null; entry: EntryWithAnswers | null }> {
  const { db } = context;
  if (!plausibleSessionId(sessionId) || !isPracticeCodeShaped(practiceCode) || !isId(entryId)) {
    return { ...(await loadViewerAndPractice(context, sessionId, practiceCode)), entry: null };
  }
  const [row] = await preparedOnce(db, "viewer_practice_and_entry", (db) =>
    db
      .select({ ...viewerColumns(), practice: practices, entry: entryColumns, savedAnswers: savedAnswersOfEntry() })
      .from(practices)
      .leftJoin(sessions, eq(sessions.idHash, sql.placeholder("idHash")))
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(patientEntries, pagesEntryOfTheSessionsUser())
      .where(practiceCodeIs(sql.placeholder("code"))),
  ).execute({ idHash: hashSessionId(sessionId), code: practiceCode.toLowerCase(), entryId });
  return row ? viewerPracticeAndEntryOf(context, row, sessionId) : { state: await loadViewerBySession(context, sessionId), practice: null, entry: null };
}

/**
 * The join condition for the request the page names (placeholder `entryId`) at the practice
 * joined, as findEntryWithAnswersForUser scopes it for the session's user: entryScopeOf with
 * the id repeated inside both branches (access.server.ts says why).
 */
function pagesEntryOfTheSessionsUser() {
  return and(
    eq(patientEntries.id, sql.placeholder("entryId")),
    eq(patientEntries.practiceId, practices.id),
    entryScopeOf(sessions.userId, sql.placeholder("entryId")),
  );
}

/** A joined row's viewer (session checked), practice and request: the request only for a signed-in viewer. */
async function viewerPracticeAndEntryOf(
  context: Pick<AppContext, "db" | "clock">,
  row: Omit<ViewerRow, "session" | "user"> & {
    session: ViewerRow["session"] | null;
    user: ViewerRow["user"] | null;
    practice: Practice | null;
    entry: PatientEntry | null;
    savedAnswers: [number, string][] | string;
  },
  sessionId: string,
): Promise<{ state: ViewerState; practice: Practice | null; entry: EntryWithAnswers | null }> {
  const { session, user, practice, entry, savedAnswers, ...rest } = row;
  const state = session && user ? await viewerStateOf(context, { session, user, ...rest }, sessionId) : { viewer: null, expired: false };
  return { state, practice, entry: state.viewer && entry ? withAnswers(entry, savedAnswers) : null };
}

/** A form post's idempotency key, as app/server/idempotency.server.ts claims it. */
export type ViewerClaim = { keyHash: string; routeId: string };

/**
 * A form post's first round trip (issue "speed"): its idempotency key claimed, the viewer read,
 * with the practice and the patient's request the path names when it names them (null: not
 * asked). The claim is runOnce's own insert (claimKey, db/idempotency-keys.server.ts), as a
 * data-modifying WITH: it runs once whatever the select finds, and `claimed` says whether this
 * post took the key. Selected from one constant row, left-joined, so an unknown practice or no
 * session still answers the claim. What it reads is what loadViewerPracticeAndEntry reads, by
 * the same columns and scope.
 */
export async function claimAndLoadViewer(
  context: Pick<AppContext, "db" | "clock">,
  sessionId: string,
  place: { practiceCode: string | null; entryId: number | null },
  claim: ViewerClaim,
): Promise<{ claimed: boolean; state: ViewerState; practice: Practice | null; entry: EntryWithAnswers | null }> {
  const { db } = context;
  const [row] = await preparedOnce(db, "claim_and_viewer", (db) => {
    const claimed = db.$with("claimed").as(claimKey(db));
    return db
      .with(claimed)
      .select({
        claimed: sql<number>`(select count(*) from ${claimed})::int`,
        ...viewerColumns(),
        practice: practices,
        entry: entryColumns,
        savedAnswers: savedAnswersOfEntry(),
      })
      .from(sql`(select 1) as one`)
      .leftJoin(practices, practiceCodeIs(sql.placeholder("code")))
      .leftJoin(sessions, eq(sessions.idHash, sql.placeholder("idHash")))
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(patientEntries, pagesEntryOfTheSessionsUser());
  }).execute({
    ...claim,
    idHash: hashSessionId(sessionId),
    code: place.practiceCode === null ? null : place.practiceCode.toLowerCase(),
    entryId: place.entryId,
  });
  const { claimed, ...read } = row;
  return { claimed: claimed > 0, ...(await viewerPracticeAndEntryOf(context, read, sessionId)) };
}

/** The session's expiry checked (and its idle deadline moved on, unless the page asked by itself), and the viewer made. */
async function viewerStateOf(context: Pick<AppContext, "db" | "clock" | "background">, row: ViewerRow, sessionId: string): Promise<ViewerState> {
  const memberships = row.memberships;
  const lookup = await checkSession(context.db, context.clock, row.session, (session) => idleSecondsFor(idlePolicy(memberships, session.practiceId)), {
    activity: !context.background,
  });
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
      hasSentRequests: row.hasSentRequests === true,
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
