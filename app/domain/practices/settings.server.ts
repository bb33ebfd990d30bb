/**
 * Queries and commands of practice administration: the settings page, My Practices and the
 * regional group's list. Every change writes one audit row per field (who, what, before →
 * after); closures are scoped to the practice in the SQL itself.
 */
import { and, asc, count, eq, gt, ilike, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db, Queryable } from "~/db/client.server";
import { authTokens, ccgs, exceptionalClosures, openingHours, practiceMemberships, practices, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { changedFields, FEATURES } from "./settings";
import { recordUrlCodeChange } from "./former-codes.server";
import { getOpeningHours, type Practice } from "./practices.server";
import type { OpeningDay } from "./opening-hours";

export const PAGE_SIZE = 20;
export type Actor = { userId: number };
type Scalar = string | number | boolean | null;

/** The columns the settings page may change, as the page names them. */
export type PracticePatch = Partial<{
  name: string;
  urlCode: string;
  odsCode: string | null;
  addressLine1: string | null;
  town: string | null;
  postcode: string | null;
  phone: string | null;
  ehrType: "emis" | "tpp";
  pfsEhrType: "emis" | "tpp" | null;
  allowVideo: boolean;
  groupChatSetting: boolean;
  mfaEnabled: boolean;
  patientMyHealthEnabled: boolean;
  bulkMessagingEnabled: boolean;
  translationGp: boolean;
  translationPatient: boolean;
  ssoSetting: boolean;
  tabsSetting: boolean;
  notificationSetting: boolean;
  idleTimeout: number | null;
  dailyRequestLimit: number | null;
  requestsClosedOn: string | null;
  requestsInOpeningHoursOnly: boolean;
  demandMessage: string | null;
  patientReplyToUnassigned: boolean;
  country: "england" | "wales" | "scotland" | "northern_ireland";
  coreHoursCompliance: boolean;
}>;

const settingAudit = (db: Queryable, actor: Actor, practiceId: number, section: string, field: string, before: Scalar, after: Scalar, at: Date) =>
  audit(db as Db, {
    actorUserId: actor.userId,
    practiceId,
    action: "practice.setting_changed",
    subjectType: "practice",
    subjectId: practiceId,
    detail: { section, field, before, after },
    at,
  });

export type UpdateResult = { status: "saved"; changed: number; practice: Practice } | { status: "code_taken" };

/** Saves a section's fields; only those that changed are written and audited. */
export async function updatePractice(
  context: Pick<AppContext, "db" | "clock">,
  actor: Actor,
  practice: Practice,
  section: string,
  patch: PracticePatch,
): Promise<UpdateResult> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const [current] = await tx.select().from(practices).where(eq(practices.id, practice.id)).for("update");
    if (patch.urlCode && patch.urlCode.toLowerCase() !== current.urlCode.toLowerCase()) {
      const [taken] = await tx
        .select({ id: practices.id })
        .from(practices)
        .where(and(sql`lower(${practices.urlCode}) = ${patch.urlCode.toLowerCase()}`, ne(practices.id, practice.id)));
      if (taken) return { status: "code_taken" } as const;
    }
    const before = current as unknown as Record<string, Scalar>;
    const changes = changedFields(before, patch as Record<string, Scalar>);
    if (changes.length === 0) return { status: "saved", changed: 0, practice: current } as const;
    const set = Object.fromEntries(changes.map((c) => [c.field, c.after]));
    const [updated] = await tx
      .update(practices)
      .set({ ...set, updatedAt: now })
      .where(eq(practices.id, practice.id))
      .returning();
    // Old links keep working: the code it had is remembered (decision 0152).
    if (updated.urlCode !== current.urlCode) await recordUrlCodeChange(tx, practice.id, current.urlCode, updated.urlCode, now);
    for (const change of changes) await settingAudit(tx, actor, practice.id, section, change.field, change.before, change.after, now);
    return { status: "saved", changed: changes.length, practice: updated } as const;
  });
}

const hoursText = (d: OpeningDay) => (d.closed ? "closed" : `${d.opens}-${d.closes}`);

/** Replaces the week's opening hours; one audit row per day that changed. */
export async function saveOpeningHours(context: Pick<AppContext, "db" | "clock">, actor: Actor, practiceId: number, hours: OpeningDay[]): Promise<number> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const before = await getOpeningHours(tx as unknown as Db, practiceId);
    let changed = 0;
    for (const day of hours) {
      const old = before.find((d) => d.day === day.day)!;
      await tx
        .insert(openingHours)
        .values({ practiceId, day: day.day, closed: day.closed, localOpeningTime: day.opens, localClosingTime: day.closes })
        .onConflictDoUpdate({
          target: [openingHours.practiceId, openingHours.day],
          set: { closed: day.closed, localOpeningTime: day.opens, localClosingTime: day.closes },
        });
      if (hoursText(old) !== hoursText(day)) {
        changed++;
        await settingAudit(tx, actor, practiceId, "opening-hours", day.day, hoursText(old), hoursText(day), now);
      }
    }
    return changed;
  });
}

export type Closure = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  reason: string;
  alternative: string;
  createdBy: string | null;
};

/** Closures not yet over and not cancelled, soonest first. */
export async function currentAndUpcomingClosures(db: Db, practiceIds: number[], now: Date): Promise<(Closure & { practiceId: number })[]> {
  if (practiceIds.length === 0) return [];
  return db
    .select({
      id: exceptionalClosures.id,
      practiceId: exceptionalClosures.practiceId,
      startsAt: exceptionalClosures.startsAt,
      endsAt: exceptionalClosures.endsAt,
      reason: exceptionalClosures.reason,
      alternative: exceptionalClosures.alternative,
      createdBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(exceptionalClosures)
    .leftJoin(users, eq(users.id, exceptionalClosures.createdByUserId))
    .where(and(inArray(exceptionalClosures.practiceId, practiceIds), isNull(exceptionalClosures.cancelledAt), gt(exceptionalClosures.endsAt, now)))
    .orderBy(asc(exceptionalClosures.startsAt))
    .limit(200);
}

export async function addClosure(
  context: Pick<AppContext, "db" | "clock">,
  actor: Actor,
  practiceId: number,
  closure: { startsAt: Date; endsAt: Date; reason: string; alternative: string },
): Promise<number> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exceptionalClosures)
      .values({ practiceId, ...closure, createdByUserId: actor.userId, createdAt: now })
      .returning({ id: exceptionalClosures.id });
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId,
      action: "practice.closure_recorded",
      subjectType: "exceptional_closure",
      subjectId: row.id,
      detail: { startsAt: closure.startsAt.toISOString(), endsAt: closure.endsAt.toISOString(), reason: closure.reason, alternative: closure.alternative },
      at: now,
    });
    return row.id;
  });
}

/** Cancels a closure of this practice (never another's): false when there is none to cancel. */
export async function cancelClosure(context: Pick<AppContext, "db" | "clock">, actor: Actor, practiceId: number, closureId: number): Promise<boolean> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .update(exceptionalClosures)
      .set({ cancelledAt: now, cancelledByUserId: actor.userId })
      .where(and(eq(exceptionalClosures.id, closureId), eq(exceptionalClosures.practiceId, practiceId), isNull(exceptionalClosures.cancelledAt)))
      .returning({ id: exceptionalClosures.id, startsAt: exceptionalClosures.startsAt, endsAt: exceptionalClosures.endsAt });
    if (!row) return false;
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId,
      action: "practice.closure_cancelled",
      subjectType: "exceptional_closure",
      subjectId: row.id,
      detail: { startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() },
      at: now,
    });
    return true;
  });
}

// ---- lists ------------------------------------------------------------------------------------

export type PracticeSummary = {
  id: number;
  name: string;
  urlCode: string;
  hoursSet: boolean;
  staffInvited: boolean;
  setupConfirmed: boolean;
  features: string[];
};

async function summarise(db: Db, rows: Practice[], now: Date): Promise<PracticeSummary[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [hours, staff, invited] = await Promise.all([
    db.selectDistinct({ practiceId: openingHours.practiceId }).from(openingHours).where(inArray(openingHours.practiceId, ids)),
    db
      .selectDistinct({ practiceId: practiceMemberships.practiceId })
      .from(practiceMemberships)
      .where(and(inArray(practiceMemberships.practiceId, ids), inArray(practiceMemberships.role, ["gp", "receptionist"]))),
    db
      .selectDistinct({ practiceId: authTokens.practiceId })
      .from(authTokens)
      .where(and(inArray(authTokens.practiceId, ids), eq(authTokens.purpose, "staff_invitation"), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now))),
  ]);
  const has = (list: { practiceId: number | null }[], id: number) => list.some((r) => r.practiceId === id);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    urlCode: p.urlCode,
    hoursSet: has(hours, p.id),
    staffInvited: has(staff, p.id) || has(invited, p.id),
    setupConfirmed: p.setupConfirmedAt !== null,
    features: FEATURES.filter((f) => p[f.key]).map((f) => f.label),
  }));
}

/** My Practices: a practice admin's practices; a system admin's, every practice (20 a page). */
export async function practicesAdministered(db: Db, viewer: { userId: number; isSystemAdmin: boolean }, page: number, now: Date) {
  const scope = viewer.isSystemAdmin
    ? undefined
    : inArray(
        practices.id,
        db
          .select({ id: practiceMemberships.practiceId })
          .from(practiceMemberships)
          .where(and(eq(practiceMemberships.userId, viewer.userId), eq(practiceMemberships.role, "practice_admin"))),
      );
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(practices).where(scope),
    db
      .select()
      .from(practices)
      .where(scope)
      .orderBy(asc(sql`lower(${practices.name})`), asc(practices.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
  ]);
  return { total, practices: await summarise(db, rows, now) };
}

/** The regional group's practices (users.ccg_id → practices.ccg_id), searched by name or code, with their closures. */
export async function ccgPractices(db: Db, userId: number, search: string, page: number, now: Date) {
  const [me] = await db
    .select({ ccgId: users.ccgId, ccgName: ccgs.name })
    .from(users)
    .leftJoin(ccgs, eq(ccgs.id, users.ccgId))
    .where(eq(users.id, userId));
  if (!me?.ccgId) return { ccgName: null, total: 0, practices: [] };
  const term = search.trim();
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(practices.ccgId, me.ccgId),
    term ? or(ilike(practices.name, pattern), ilike(practices.urlCode, pattern), ilike(practices.odsCode, pattern)) : undefined,
  );
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(practices).where(where),
    db
      .select({ id: practices.id, name: practices.name, urlCode: practices.urlCode, odsCode: practices.odsCode })
      .from(practices)
      .where(where)
      .orderBy(asc(sql`lower(${practices.name})`), asc(practices.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
  ]);
  const closures = await currentAndUpcomingClosures(
    db,
    rows.map((r) => r.id),
    now,
  );
  return {
    ccgName: me.ccgName,
    total,
    practices: rows.map((r) => ({ ...r, closures: closures.filter((c) => c.practiceId === r.id) })),
  };
}

