/**
 * Global notices: the admin's list and edits (audited), the live notice every page shows, and
 * dismissals (a row for a signed-in reader; anonymous readers keep a cookie, see notices.ts).
 */
import { and, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Clock } from "~/domain/clock";
import type { Db } from "~/db/client.server";
import { noticeDismissals, notices } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { cachedForShell, invalidateShellCache } from "~/domain/shell/shell-cache.server";
import type { NoticeInput } from "./notice-schema";

export type NoticeRow = typeof notices.$inferSelect;
export type LiveNotice = Pick<NoticeRow, "id" | "title" | "body" | "welshTitle" | "welshBody">;

export async function listNotices(db: Db): Promise<NoticeRow[]> {
  return db.select().from(notices).orderBy(desc(notices.createdAt), desc(notices.id)).limit(200);
}

export async function findNotice(db: Db, id: number): Promise<NoticeRow | null> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
  return row ?? null;
}

const auditDetail = (n: NoticeInput) => ({
  active: n.active,
  startsAt: n.startsAt?.toISOString() ?? null,
  endsAt: n.endsAt?.toISOString() ?? null,
  welsh: n.welshTitle !== null,
});

export async function createNotice(db: Db, clock: Clock, actorUserId: number, input: NoticeInput): Promise<number> {
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notices)
      .values({ ...input, lang: "en", createdByUserId: actorUserId, createdAt: now, updatedAt: now })
      .returning({ id: notices.id });
    await audit(tx, { actorUserId, action: "notice.created", subjectType: "notice", subjectId: row.id, detail: auditDetail(input), at: now });
    return row.id;
  });
  invalidateShellCache(db);
  return id;
}

/** Replaces a notice's text and period; false when there is no such notice. */
export async function updateNotice(db: Db, clock: Clock, actorUserId: number, id: number, input: NoticeInput): Promise<boolean> {
  const now = clock.now();
  const done = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(notices).where(eq(notices.id, id)).for("update");
    if (!before) return false;
    await tx.update(notices).set({ ...input, updatedAt: now }).where(eq(notices.id, id));
    const changes: Record<string, string | boolean | null> = {};
    if (before.title !== input.title) changes.title = "changed";
    if (before.body !== input.body) changes.body = "changed";
    if (before.welshTitle !== input.welshTitle || before.welshBody !== input.welshBody) changes.welsh = "changed";
    if (before.active !== input.active) changes.active = `${before.active} → ${input.active}`;
    const iso = (d: Date | null) => d?.toISOString() ?? "";
    if (iso(before.startsAt) !== iso(input.startsAt)) changes.startsAt = `${iso(before.startsAt)} → ${iso(input.startsAt)}`;
    if (iso(before.endsAt) !== iso(input.endsAt)) changes.endsAt = `${iso(before.endsAt)} → ${iso(input.endsAt)}`;
    await audit(tx, { actorUserId, action: "notice.updated", subjectType: "notice", subjectId: id, detail: changes, at: now });
    return true;
  });
  invalidateShellCache(db);
  return done;
}

/** Takes a notice down (it stays in the list, inactive); false when there is no such notice. */
export async function deactivateNotice(db: Db, clock: Clock, actorUserId: number, id: number): Promise<boolean> {
  const now = clock.now();
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(notices)
      .set({ active: false, updatedAt: now })
      .where(eq(notices.id, id))
      .returning({ id: notices.id });
    if (!row) return false;
    await audit(tx, { actorUserId, action: "notice.deactivated", subjectType: "notice", subjectId: id, detail: { active: "true → false" }, at: now });
    return true;
  });
  invalidateShellCache(db);
  return done;
}

function liveCondition(now: Date) {
  return and(
    eq(notices.active, true),
    or(isNull(notices.startsAt), lte(notices.startsAt, now)),
    or(isNull(notices.endsAt), gt(notices.endsAt, now)),
  );
}

/**
 * The latest live notices, newest first (a few: the reader sees the newest one they have not
 * dismissed). Cached with the shell; the cache's few seconds also bound how late a notice
 * starts or ends.
 */
export function liveNotices(db: Db, clock: Clock): Promise<LiveNotice[]> {
  return cachedForShell(db, "notices", () =>
    db
      .select({ id: notices.id, title: notices.title, body: notices.body, welshTitle: notices.welshTitle, welshBody: notices.welshBody })
      .from(notices)
      .where(liveCondition(clock.now()))
      .orderBy(sql`coalesce(${notices.startsAt}, ${notices.createdAt}) desc`, desc(notices.id))
      .limit(5),
  );
}

/** The ids among `ids` this user dismissed. */
export async function dismissedBy(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: noticeDismissals.noticeId })
    .from(noticeDismissals)
    .where(and(eq(noticeDismissals.userId, userId), sql`${noticeDismissals.noticeId} in ${ids}`));
  return new Set(rows.map((r) => r.id));
}

/** The newest live notice the reader has not dismissed, or null. */
export async function noticeFor(db: Db, clock: Clock, reader: { userId: number | null; cookieIds: number[] }): Promise<LiveNotice | null> {
  const live = await liveNotices(db, clock);
  if (live.length === 0) return null;
  const dismissed = reader.userId === null ? new Set(reader.cookieIds) : await dismissedBy(db, reader.userId, live.map((n) => n.id));
  return live.find((n) => !dismissed.has(n.id)) ?? null;
}

/** Records a signed-in reader's dismissal; false when the notice does not exist. */
export async function dismissNotice(db: Db, clock: Clock, userId: number, noticeId: number): Promise<boolean> {
  const [exists] = await db.select({ id: notices.id }).from(notices).where(eq(notices.id, noticeId)).limit(1);
  if (!exists) return false;
  await db.insert(noticeDismissals).values({ noticeId, userId, dismissedAt: clock.now() }).onConflictDoNothing();
  return true;
}

export async function noticeExists(db: Db, noticeId: number): Promise<boolean> {
  const [row] = await db.select({ id: notices.id }).from(notices).where(eq(notices.id, noticeId)).limit(1);
  return Boolean(row);
}
