/**
 * Server-side sessions (spec 1 §4). The cookie carries only a random id (256 bits); the
 * row is keyed by its SHA-256, so a leaked table gives no live cookies. Idle and absolute
 * expiry are enforced here from stored timestamps; the browser's timers only warn.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import type { Clock } from "~/domain/clock";

export const SESSION_COOKIE = "fd_session";
export const SESSION_COOKIE_SECURE = "__Host-fd_session";
/** Patients, carers and guests: 10 minutes without activity. */
export const PATIENT_IDLE_SECONDS = 600;
/** Nobody stays signed in longer than 12 hours, active or not. */
export const ABSOLUTE_LIFETIME_SECONDS = 12 * 60 * 60;
/**
 * Activity moves the idle deadline, but the row is written at most this often, so a busy
 * page costs one indexed read. The deadline can therefore lag activity by up to this much.
 */
export const REFRESH_WRITE_INTERVAL_SECONDS = 15;
/** The fresh guard: a password proven within this window. */
export const FRESH_LOGIN_SECONDS = 10 * 60;

export type IdlePolicy = { kind: "patient" } | { kind: "staff"; practiceIdleTimeoutMinutes: number | null };

/**
 * Staff and practice admins are logged out only when their practice sets idle_timeout,
 * after that many minutes minus one (spec 1 §4, §9). Everyone else after 600 s.
 */
export function idleSecondsFor(policy: IdlePolicy): number | null {
  if (policy.kind === "patient") return PATIENT_IDLE_SECONDS;
  const minutes = policy.practiceIdleTimeoutMinutes;
  if (minutes === null || minutes <= 1) return null;
  return (minutes - 1) * 60;
}

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}

export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(
  db: Db,
  clock: Clock,
  input: { userId: number; practiceId: number | null; idleSeconds: number | null; userAgent?: string | null },
): Promise<{ id: string; row: SessionRow }> {
  const id = randomBytes(32).toString("base64url");
  const now = clock.now();
  const [row] = await db
    .insert(sessions)
    .values({
      idHash: hashSessionId(id),
      userId: input.userId,
      practiceId: input.practiceId,
      createdAt: now,
      authenticatedAt: now,
      lastSeenAt: now,
      idleExpiresAt: input.idleSeconds === null ? null : new Date(now.getTime() + input.idleSeconds * 1000),
      absoluteExpiresAt: new Date(now.getTime() + ABSOLUTE_LIFETIME_SECONDS * 1000),
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    })
    .returning();
  return { id, row };
}

export type SessionLookup =
  | { state: "active"; session: SessionRow }
  | { state: "expired"; reason: "idle" | "absolute" }
  | { state: "none" };

/**
 * Finds the session for a cookie value and refreshes it: an expired one is deleted and
 * reported (so the user sees the idle-logout message), a live one has its idle deadline
 * moved on (written at most every REFRESH_WRITE_INTERVAL_SECONDS).
 */
export async function resolveSession(
  db: Db,
  clock: Clock,
  id: string | undefined,
  idleSeconds: (session: SessionRow) => number | null | Promise<number | null>,
): Promise<SessionLookup> {
  if (!id || id.length > 100) return { state: "none" };
  const [session] = await db.select().from(sessions).where(eq(sessions.idHash, hashSessionId(id))).limit(1);
  return session ? checkSession(db, clock, session, idleSeconds) : { state: "none" };
}

/**
 * The expiry and refresh half of resolveSession, for a row already read (the viewer reads
 * the session with the user in one query). `activity: false` (a request the page made by
 * itself, domain/sessions/background.ts) checks the deadlines but does not move the idle one.
 */
export async function checkSession(
  db: Db,
  clock: Clock,
  session: SessionRow,
  idleSeconds: (session: SessionRow) => number | null | Promise<number | null>,
  { activity = true }: { activity?: boolean } = {},
): Promise<SessionLookup> {
  const now = clock.now();
  const expiredBy =
    now >= session.absoluteExpiresAt ? "absolute" : session.idleExpiresAt && now >= session.idleExpiresAt ? "idle" : null;
  if (expiredBy) {
    await db.delete(sessions).where(eq(sessions.idHash, session.idHash));
    return { state: "expired", reason: expiredBy };
  }
  if (activity && now.getTime() - session.lastSeenAt.getTime() >= REFRESH_WRITE_INTERVAL_SECONDS * 1000) {
    const idle = await idleSeconds(session);
    const idleExpiresAt = idle === null ? null : new Date(now.getTime() + idle * 1000);
    await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(sessions.idHash, session.idHash));
    return { state: "active", session: { ...session, lastSeenAt: now, idleExpiresAt } };
  }
  return { state: "active", session };
}

export async function deleteSession(db: Db, id: string | undefined) {
  if (!id) return;
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(id)));
}

/** Ends every session of a user (password reset or change: other devices are signed out). */
export async function deleteUserSessions(db: Db, userId: number, exceptId?: string) {
  const keep = exceptId ? hashSessionId(exceptId) : null;
  const rows = await db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId));
  for (const row of rows) {
    if (row.idHash !== keep) await db.delete(sessions).where(eq(sessions.idHash, row.idHash));
  }
}

/** Re-proving the password (fresh guard, MFA) stamps authenticated_at. */
export async function markAuthenticated(db: Db, clock: Clock, id: string) {
  await db.update(sessions).set({ authenticatedAt: clock.now() }).where(eq(sessions.idHash, hashSessionId(id)));
}

export function isFresh(session: SessionRow, clock: Clock): boolean {
  return clock.now().getTime() - session.authenticatedAt.getTime() < FRESH_LOGIN_SECONDS * 1000;
}

/** Housekeeping: removes rows past either deadline. */
export async function purgeExpiredSessions(db: Db, clock: Clock) {
  const now = clock.now();
  await db.delete(sessions).where(or(lt(sessions.absoluteExpiresAt, now), and(lt(sessions.idleExpiresAt, now))));
}
