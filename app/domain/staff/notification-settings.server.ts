/**
 * Notification settings: reading and saving one staff member's choices, and the inbox count
 * the bubble polls, which follows them at practices with notifications on (spec 3 §3: a count
 * of null means notifications are not set up). Decision 0075.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { inboxCounters, issueTypes, patientEntries, practiceMemberships, practices, staffNotificationSettings, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import {
  AWAITING_RESPONSE,
  describeChanges,
  effectiveSettings,
  inboxSections,
  MY_INBOX,
  needsMyInboxConfirmation,
  settingsFromForm,
  UNASSIGNED,
  type InboxSection,
} from "./notification-settings";

async function activeIssueTypes(db: Db) {
  return db.select({ id: issueTypes.id, name: issueTypes.name }).from(issueTypes).where(eq(issueTypes.active, true)).orderBy(asc(issueTypes.position), asc(issueTypes.id));
}

async function savedSettings(db: Db, userId: number): Promise<Map<string, boolean>> {
  const rows = await db
    .select({ name: staffNotificationSettings.inboxName, enabled: staffNotificationSettings.enabled })
    .from(staffNotificationSettings)
    .where(eq(staffNotificationSettings.userId, userId));
  return new Map(rows.map((r) => [r.name, r.enabled]));
}

export type NotificationSettings = { sections: InboxSection[]; names: string[]; settings: Map<string, boolean> };

export async function loadNotificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const [types, saved] = await Promise.all([activeIssueTypes(db), savedSettings(db, userId)]);
  const sections = inboxSections(types.map((t) => t.name));
  const names = sections.flatMap((s) => s.inboxes.map((i) => i.name));
  return { sections, names, settings: effectiveSettings(names, saved) };
}

/** A GP, receptionist or practice admin of the practice: whose settings the page may show. */
export async function staffMemberAt(db: Db, practiceId: number, userId: number): Promise<{ name: string } | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(practiceMemberships)
    .innerJoin(users, eq(users.id, practiceMemberships.userId))
    .where(and(eq(practiceMemberships.practiceId, practiceId), eq(practiceMemberships.userId, userId)))
    .limit(1);
  return row ? { name: `${row.firstName} ${row.lastName}` } : null;
}

export type SaveResult = { status: "saved" } | { status: "confirm" };

/** Saves every inbox's setting from the ticked ones; turning 'My Inbox' off needs `confirmed`. */
export async function saveNotificationSettings(
  context: Pick<AppContext, "db" | "clock">,
  actor: { userId: number; practiceId: number },
  input: { userId: number; ticked: string[]; confirmed: boolean },
): Promise<SaveResult> {
  const { names, settings: before } = await loadNotificationSettings(context.db, input.userId);
  const after = settingsFromForm(names, input.ticked);
  if (needsMyInboxConfirmation(before, after) && !input.confirmed) return { status: "confirm" };
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await tx
      .insert(staffNotificationSettings)
      .values([...after].map(([inboxName, enabled]) => ({ userId: input.userId, inboxName, enabled, updatedAt: now })))
      .onConflictDoUpdate({
        target: [staffNotificationSettings.userId, staffNotificationSettings.inboxName],
        set: { enabled: sql`excluded.enabled`, updatedAt: now },
      });
    await audit(tx, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: "staff.notification_settings_updated",
      subjectType: "user",
      subjectId: input.userId,
      detail: { changes: describeChanges(before, after) || "none" },
      at: now,
    });
  });
  return { status: "saved" };
}

/**
 * The bubble's figure. At practices without notifications: My Inbox and Unassigned, as always.
 * At practices with notifications on: the requests in the inboxes the user chose, each request
 * once; null when every practice asked about has notifications on and the user chose none.
 */
export async function notificationCount(db: Db, practiceIds: readonly number[], userId: number): Promise<number | null> {
  if (practiceIds.length === 0) return 0;
  const rows = await db.select({ id: practices.id, on: practices.notificationSetting }).from(practices).where(inArray(practices.id, [...practiceIds]));
  const notifying = rows.filter((r) => r.on).map((r) => r.id);
  const plain = rows.filter((r) => !r.on).map((r) => r.id);
  let total = plain.length > 0 ? await counterSum(db, plain, [["unassigned", 0], ["personal", userId]]) : 0;
  if (notifying.length === 0) return total;
  const { settings } = await loadNotificationSettings(db, userId);
  const chosen = [...settings].filter(([, on]) => on).map(([name]) => name);
  if (chosen.length === 0) return plain.length > 0 ? total : null;
  const fixed: [string, number][] = [];
  if (settings.get(MY_INBOX)) fixed.push(["personal", userId]);
  if (settings.get(UNASSIGNED)) fixed.push(["unassigned", 0]);
  if (settings.get(AWAITING_RESPONSE)) fixed.push(["awaiting-response", 0]);
  const fixedNames = new Set([MY_INBOX, UNASSIGNED, AWAITING_RESPONSE]);
  const typeNames = chosen.filter((n) => !fixedNames.has(n));
  if (typeNames.length === 0) return total + (fixed.length ? await counterSum(db, notifying, fixed) : 0);
  // Issue-type inboxes overlap the others: count the requests themselves, each once.
  const typeIds = (await activeIssueTypes(db)).filter((t) => typeNames.includes(t.name)).map((t) => t.id);
  const e = patientEntries;
  const open = and(inArray(e.practiceId, notifying), eq(e.stage, "submitted"), isNotNull(e.submittedAt), isNull(e.deletedAt));
  const any = or(
    settings.get(MY_INBOX) ? and(eq(e.awaitingPatientReply, false), eq(e.assignedToId, userId)) : undefined,
    settings.get(UNASSIGNED) ? and(eq(e.awaitingPatientReply, false), isNull(e.assignedToId)) : undefined,
    settings.get(AWAITING_RESPONSE) ? eq(e.awaitingPatientReply, true) : undefined,
    typeIds.length ? inArray(e.issueTypeId, typeIds) : undefined,
  );
  const [row] = await db.select({ n: count() }).from(e).where(and(open, any ?? sql`false`));
  total += row?.n ?? 0;
  return total;
}

async function counterSum(db: Db, practiceIds: number[], keys: [string, number][]): Promise<number> {
  const pairs = sql.join(
    keys.map(([inbox, id]) => sql`(${inbox}, ${id})`),
    sql`, `,
  );
  const rows = await db
    .select({ count: inboxCounters.count })
    .from(inboxCounters)
    .where(and(inArray(inboxCounters.practiceId, practiceIds), sql`(${inboxCounters.inbox}, ${inboxCounters.userId}) in (${pairs})`));
  return rows.reduce((sum, r) => sum + r.count, 0);
}
