/**
 * Group video calls (decision 0123): setting one up (staff of the practice and patients with an
 * account, who are e-mailed the link), the practice's list, one call with its members, their
 * joins and leaves (the call runs while two or more are in: its seconds add up), ending it, and
 * the mesh's signalling through the database. Always scoped to the practice in the SQL.
 */
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db, Queryable } from "~/db/client.server";
import { groupChatEvents, groupChatMembers, groupChats, groupChatSignals, patients, practiceMemberships, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { NotFound } from "~/domain/outcomes";
import { formatLondonDateTime } from "~/domain/time/london";
import { GROUP_MESSAGES, type GroupChatInput, type GroupSignalKind } from "./group";
import { callSeconds } from "./schedule";
import { sendAfterCommit } from "~/domain/notify/after-commit.server";

type PracticeRef = { id: number; urlCode: string; name: string };

/** Staff who can be in a group call: the practice's GPs and receptionists. */
export async function groupStaffChoices(db: Queryable, practiceId: number) {
  return db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(practiceMemberships)
    .innerJoin(users, eq(users.id, practiceMemberships.userId))
    .where(and(eq(practiceMemberships.practiceId, practiceId), inArray(practiceMemberships.role, ["gp", "receptionist"])))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export type CreateGroupResult =
  | { status: "created"; id: number; /** NHS numbers of the patients whose invitation Notify refused. */ refusedNhsNumbers: string[] }
  | { status: "invalid"; field: "staff" | "patients"; message: string };

/** Sets up a group call and e-mails each patient the link (they sign in to join). */
export async function createGroupChat(
  context: Pick<AppContext, "db" | "clock" | "notifier" | "config">,
  actor: { userId: number },
  practice: PracticeRef,
  input: GroupChatInput,
  origin: string,
): Promise<CreateGroupResult> {
  const now = context.clock.now();
  const staff = await groupStaffChoices(context.db, practice.id);
  if (!input.staff.every((id) => staff.some((s) => s.id === id))) return { status: "invalid", field: "staff", message: GROUP_MESSAGES.staffUnknown };
  // Every patient in a group call has an account (they sign in to join): with no e-mail address on
  // the record, the invitation goes to the account's.
  const found = await context.db
    .select({ id: patients.id, nhsNumber: patients.nhsNumber, userId: patients.userId, email: sql<string | null>`coalesce(${patients.email}, ${users.email})` })
    .from(patients)
    .leftJoin(users, eq(users.id, patients.userId))
    .where(and(eq(patients.practiceId, practice.id), inArray(patients.nhsNumber, input.nhsNumbers)));
  for (const nhs of input.nhsNumbers) {
    const p = found.find((f) => f.nhsNumber === nhs);
    if (!p) return { status: "invalid", field: "patients", message: GROUP_MESSAGES.patientUnknown(nhs) };
    if (!p.userId) return { status: "invalid", field: "patients", message: GROUP_MESSAGES.patientNoAccount(nhs) };
  }
  const id = await context.db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(groupChats)
      .values({ practiceId: practice.id, title: input.title, scheduledFor: input.scheduledFor, createdByUserId: actor.userId, createdAt: now })
      .returning({ id: groupChats.id });
    await tx.insert(groupChatMembers).values([
      ...input.staff.map((userId) => ({ groupChatId: chat.id, userId })),
      ...found.map((p) => ({ groupChatId: chat.id, patientId: p.id })),
    ]);
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId: practice.id,
      action: "group_video.created",
      subjectType: "group_chat",
      subjectId: chat.id,
      detail: { staff: input.staff.length, patients: found.length },
      at: now,
    });
    return chat.id;
  });
  const link = new URL(`/${practice.urlCode}/group_chat/video/${id}`, origin).toString();
  const refusedNhsNumbers: string[] = [];
  for (const p of found) {
    if (!p.email) continue;
    // The call is booked: an address Notify refuses does not undo it, nor stop the others' (decision
    // 0153); the staff are told whose was refused.
    const sent = await sendAfterCommit(context.notifier, {
      channel: "email",
      to: p.email,
      template: "group-video-invitation",
      values: { product: context.config.productName, practiceName: practice.name, title: input.title, when: formatLondonDateTime(input.scheduledFor), link },
    });
    if (!sent && p.nhsNumber) refusedNhsNumbers.push(p.nhsNumber);
  }
  return { status: "created", id, refusedNhsNumbers };
}

/** The practice's group calls from a day ago on, soonest first (at most 100). */
export async function listGroupChats(db: Queryable, practiceId: number, now: Date) {
  // Written out: inside a subquery drizzle leaves column names unqualified.
  const members = sql<number>`(select count(*)::int from group_chat_members m where m.group_chat_id = "group_chats"."id")`;
  return db
    .select({ id: groupChats.id, title: groupChats.title, scheduledFor: groupChats.scheduledFor, endedAt: groupChats.endedAt, members })
    .from(groupChats)
    .where(and(eq(groupChats.practiceId, practiceId), sql`${groupChats.scheduledFor} >= ${new Date(now.getTime() - 86_400_000)}`))
    .orderBy(asc(groupChats.scheduledFor), asc(groupChats.id))
    .limit(100);
}

/** One group call of the practice, or NotFound. */
export async function groupChatAt(db: Queryable, practiceId: number, id: number) {
  const [row] = await db.select().from(groupChats).where(and(eq(groupChats.practiceId, practiceId), eq(groupChats.id, id)));
  if (!row) throw new NotFound("group chat");
  return row;
}
export type GroupChat = Awaited<ReturnType<typeof groupChatAt>>;

/** The members with their names (staff first), for the page and the call's tiles. */
export async function groupMembers(db: Queryable, groupChatId: number) {
  const rows = await db
    .select({
      id: groupChatMembers.id,
      userId: groupChatMembers.userId,
      patientId: groupChatMembers.patientId,
      staffFirstName: users.firstName,
      staffLastName: users.lastName,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
      patientUserId: patients.userId,
      patientMobile: patients.mobile,
      patientPhone: patients.phone,
    })
    .from(groupChatMembers)
    .leftJoin(users, eq(users.id, groupChatMembers.userId))
    .leftJoin(patients, eq(patients.id, groupChatMembers.patientId))
    .where(eq(groupChatMembers.groupChatId, groupChatId))
    .orderBy(asc(groupChatMembers.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.userId ? ("staff" as const) : ("patient" as const),
    userId: r.userId ?? r.patientUserId,
    patientId: r.patientId,
    name: r.userId ? `${r.staffFirstName} ${r.staffLastName}` : `${r.patientFirstName} ${r.patientLastName}`,
    phone: r.patientMobile ?? r.patientPhone,
  }));
}
export type GroupMember = Awaited<ReturnType<typeof groupMembers>>[number];

/** Joins and leaves in order. */
export async function groupEvents(db: Queryable, groupChatId: number) {
  return db
    .select({ memberId: groupChatEvents.memberId, kind: groupChatEvents.kind, createdAt: groupChatEvents.createdAt })
    .from(groupChatEvents)
    .where(eq(groupChatEvents.groupChatId, groupChatId))
    .orderBy(asc(groupChatEvents.id));
}

/** Members whose last event is a join: who is in the call now. */
async function membersIn(db: Queryable, groupChatId: number): Promise<Set<number>> {
  const rows = await db
    .select({ memberId: groupChatEvents.memberId, kind: groupChatEvents.kind })
    .from(groupChatEvents)
    .where(eq(groupChatEvents.groupChatId, groupChatId))
    .orderBy(asc(groupChatEvents.id));
  const inside = new Set<number>();
  for (const r of rows) {
    if (r.kind === "joined") inside.add(r.memberId);
    else inside.delete(r.memberId);
  }
  return inside;
}

type Clocked = Pick<AppContext, "db" | "clock">;

/** A member arrives (a repeated hello is not a new join); with two in, the call runs. */
export async function recordGroupJoin(context: Clocked, chat: Pick<GroupChat, "id">, memberId: number) {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const [row] = await tx.select({ callStartedAt: groupChats.callStartedAt }).from(groupChats).where(eq(groupChats.id, chat.id)).for("update");
    const inside = await membersIn(tx, chat.id);
    if (inside.has(memberId)) return;
    await tx.insert(groupChatEvents).values({ groupChatId: chat.id, memberId, kind: "joined", createdAt: now });
    if (inside.size + 1 >= 2 && !row.callStartedAt) await tx.update(groupChats).set({ callStartedAt: now }).where(eq(groupChats.id, chat.id));
  });
}

/** A member leaves; with fewer than two left the call pauses (its seconds add on), and with nobody its signalling goes. */
export async function recordGroupLeave(context: Clocked, chat: Pick<GroupChat, "id">, memberId: number) {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => leaveIn(tx as unknown as Queryable, chat.id, memberId, now));
}

async function leaveIn(tx: Queryable, chatId: number, memberId: number, now: Date) {
  const [row] = await tx
    .select({ callStartedAt: groupChats.callStartedAt, durationSeconds: groupChats.durationSeconds })
    .from(groupChats)
    .where(eq(groupChats.id, chatId))
    .for("update");
  const inside = await membersIn(tx, chatId);
  if (!inside.has(memberId)) return;
  await tx.insert(groupChatEvents).values({ groupChatId: chatId, memberId, kind: "left", createdAt: now });
  if (inside.size - 1 < 2 && row.callStartedAt) {
    await tx
      .update(groupChats)
      .set({ callStartedAt: null, durationSeconds: (row.durationSeconds ?? 0) + callSeconds(row.callStartedAt, now) })
      .where(eq(groupChats.id, chatId));
  }
  if (inside.size - 1 === 0) await tx.delete(groupChatSignals).where(eq(groupChatSignals.groupChatId, chatId));
}

/** Staff end the call: everyone still in leaves now, nobody joins again, the signalling goes. False when already ended. */
export async function endGroupChat(context: Clocked, actor: { userId: number }, chat: Pick<GroupChat, "id" | "practiceId">): Promise<boolean> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const ended = await tx
      .update(groupChats)
      .set({ endedAt: now })
      .where(and(eq(groupChats.id, chat.id), isNull(groupChats.endedAt)))
      .returning({ id: groupChats.id });
    if (ended.length === 0) return false;
    for (const memberId of await membersIn(tx, chat.id)) await leaveIn(tx as unknown as Queryable, chat.id, memberId, now);
    await tx.delete(groupChatSignals).where(eq(groupChatSignals.groupChatId, chat.id));
    await audit(tx as unknown as Db, { actorUserId: actor.userId, practiceId: chat.practiceId, action: "group_video.ended", subjectType: "group_chat", subjectId: chat.id, at: now });
    return true;
  });
}

/** Whether the call can still be joined (not ended), read fresh. */
export async function groupChatOpen(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.select({ id: groupChats.id }).from(groupChats).where(and(eq(groupChats.id, id), isNull(groupChats.endedAt)));
  return Boolean(row);
}

export async function postGroupSignal(db: Queryable, groupChatId: number, from: number, to: number | null, body: { kind: GroupSignalKind; data?: unknown }) {
  await db.insert(groupChatSignals).values({ groupChatId, fromMemberId: from, toMemberId: to, body });
}

/** The newest signal's id: a stream opened now reads only what comes after it. */
export async function latestGroupSignalId(db: Queryable, groupChatId: number): Promise<number> {
  const [row] = await db
    .select({ id: groupChatSignals.id })
    .from(groupChatSignals)
    .where(eq(groupChatSignals.groupChatId, groupChatId))
    .orderBy(desc(groupChatSignals.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Signals for one member after an id: the others' broadcasts and what was sent to them. */
export async function groupSignalsFor(db: Queryable, groupChatId: number, memberId: number, afterId: number) {
  return db
    .select({ id: groupChatSignals.id, from: groupChatSignals.fromMemberId, body: groupChatSignals.body })
    .from(groupChatSignals)
    .where(
      and(
        eq(groupChatSignals.groupChatId, groupChatId),
        ne(groupChatSignals.fromMemberId, memberId),
        or(isNull(groupChatSignals.toMemberId), eq(groupChatSignals.toMemberId, memberId)),
        gt(groupChatSignals.id, afterId),
      ),
    )
    .orderBy(asc(groupChatSignals.id))
    .limit(100);
}
