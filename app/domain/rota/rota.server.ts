/**
 * Availability, leave and the calendar's reads (spec 3 §2), always scoped to the practice in the
 * SQL itself: a person is only ever read or changed at a practice where they are a GP or
 * receptionist. Every change writes an audit row (no personal data in its detail).
 */
import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Queryable } from "~/db/client.server";
import { practiceMemberships, staffAvailability, staffLeave, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { NotFound } from "~/domain/outcomes";
import { practiceStaffMember } from "~/domain/video/schedule.server";
import { patternAuditText, WEEKDAYS, type PatternSession, type SessionNumber } from "./availability";
import { firstOverlap, LEAVE_MESSAGES, whoCovers, type LeaveInput, type LeavePeriod } from "./leave";

export type Actor = { userId: number };
export { practiceStaffMember as rotaPerson };

/** The practice's GPs and receptionists (who can cover, and whose leave counts for assignment). */
export async function rotaStaff(db: Queryable, practiceId: number) {
  return db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(practiceMemberships)
    .innerJoin(users, eq(users.id, practiceMemberships.userId))
    .where(and(eq(practiceMemberships.practiceId, practiceId), inArray(practiceMemberships.role, ["gp", "receptionist"]), isNull(users.disabledAt)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

// ---- availability --------------------------------------------------------------------------

export async function readPatternOf(db: Queryable, practiceId: number, userId: number): Promise<PatternSession[]> {
  const rows = await db
    .select()
    .from(staffAvailability)
    .where(and(eq(staffAvailability.practiceId, practiceId), eq(staffAvailability.userId, userId)));
  return rows
    .map((r) => ({ day: r.day, session: r.session as SessionNumber, start: r.startTime.slice(0, 5), end: r.endTime.slice(0, 5) }))
    .sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.session - b.session);
}

/** Replaces a staff member's pattern at the practice (one transaction), audited before → after. */
export async function savePattern(context: Pick<AppContext, "db" | "clock">, actor: Actor, practiceId: number, userId: number, sessions: readonly PatternSession[]) {
  await practiceStaffMember(context.db, practiceId, userId);
  await context.db.transaction(async (tx) => {
    const before = await readPatternOf(tx, practiceId, userId);
    await tx.delete(staffAvailability).where(and(eq(staffAvailability.practiceId, practiceId), eq(staffAvailability.userId, userId)));
    if (sessions.length) {
      await tx.insert(staffAvailability).values(sessions.map((s) => ({ practiceId, userId, day: s.day, session: s.session, startTime: s.start, endTime: s.end })));
    }
    await audit(tx, {
      actorUserId: actor.userId,
      practiceId,
      action: "availability.update",
      subjectType: "user",
      subjectId: userId,
      detail: { before: patternAuditText(before), after: patternAuditText(sessions) },
      at: context.clock.now(),
    });
  });
}

// ---- leave ------------------------------------------------------------------------------------

const leaveColumns = {
  id: staffLeave.id,
  userId: staffLeave.userId,
  kind: staffLeave.kind,
  startDate: staffLeave.startDate,
  endDate: staffLeave.endDate,
  coverUserId: staffLeave.coverUserId,
  note: staffLeave.note,
};
export type LeaveRow = LeavePeriod & { note: string | null };

/** A person's leave at the practice (not cancelled) that ends on or after a date, earliest first. */
export async function leaveOf(db: Queryable, practiceId: number, userId: number, endingFrom = "2000-01-01"): Promise<LeaveRow[]> {
  return db
    .select(leaveColumns)
    .from(staffLeave)
    .where(and(eq(staffLeave.practiceId, practiceId), eq(staffLeave.userId, userId), isNull(staffLeave.cancelledAt), gte(staffLeave.endDate, endingFrom)))
    .orderBy(asc(staffLeave.startDate), asc(staffLeave.id));
}

/** One period of a person's leave at the practice (not cancelled), or NotFound. */
export async function leaveAt(db: Queryable, practiceId: number, userId: number, leaveId: number): Promise<LeaveRow> {
  const [row] = await db
    .select(leaveColumns)
    .from(staffLeave)
    .where(and(eq(staffLeave.practiceId, practiceId), eq(staffLeave.userId, userId), eq(staffLeave.id, leaveId), isNull(staffLeave.cancelledAt)));
  if (!row) throw new NotFound("leave");
  return row;
}

/** Everyone's leave at the practice that covers any day from one date to another. */
export async function practiceLeaveBetween(db: Queryable, practiceId: number, from: string, to: string): Promise<LeavePeriod[]> {
  return db
    .select(leaveColumns)
    .from(staffLeave)
    .where(and(eq(staffLeave.practiceId, practiceId), isNull(staffLeave.cancelledAt), lte(staffLeave.startDate, to), gte(staffLeave.endDate, from)));
}

export type LeaveResult = { status: "ok"; id: number } | { status: "invalid"; field: "cover" | "start"; message: string };

/**
 * Records (or, with `leaveId`, changes) a period of leave. The person's row is locked first, so
 * two people recording overlapping leave for them at once get one success and one refusal.
 */
export async function saveLeave(
  context: Pick<AppContext, "db" | "clock">,
  actor: Actor,
  practiceId: number,
  userId: number,
  input: LeaveInput,
  leaveId?: number,
): Promise<LeaveResult> {
  await practiceStaffMember(context.db, practiceId, userId);
  if (input.coverUserId !== null) {
    if (input.coverUserId === userId) return { status: "invalid", field: "cover", message: LEAVE_MESSAGES.coverSelf };
    const staff = await rotaStaff(context.db, practiceId);
    if (!staff.some((s) => s.id === input.coverUserId)) return { status: "invalid", field: "cover", message: LEAVE_MESSAGES.cover };
  }
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
    const existing = await leaveOf(tx, practiceId, userId);
    if (leaveId !== undefined && !existing.some((l) => l.id === leaveId)) throw new NotFound("leave");
    const clash = firstOverlap(existing, input, leaveId);
    if (clash) return { status: "invalid", field: "start", message: LEAVE_MESSAGES.overlaps(clash.startDate, clash.endDate) } as const;
    const values = { kind: input.kind, startDate: input.startDate, endDate: input.endDate, coverUserId: input.coverUserId, note: input.note };
    let id = leaveId;
    if (id === undefined) {
      const [row] = await tx.insert(staffLeave).values({ practiceId, userId, ...values, createdByUserId: actor.userId, createdAt: now }).returning({ id: staffLeave.id });
      id = row.id;
    } else {
      await tx
        .update(staffLeave)
        .set(values)
        .where(and(eq(staffLeave.id, id), eq(staffLeave.practiceId, practiceId), eq(staffLeave.userId, userId), isNull(staffLeave.cancelledAt)));
    }
    const before = existing.find((l) => l.id === leaveId);
    await audit(tx, {
      actorUserId: actor.userId,
      practiceId,
      action: leaveId === undefined ? "leave.create" : "leave.update",
      subjectType: "staff_leave",
      subjectId: id,
      detail: {
        userId,
        before: before ? `${before.kind} ${before.startDate}..${before.endDate} cover ${before.coverUserId ?? "none"}` : null,
        after: `${input.kind} ${input.startDate}..${input.endDate} cover ${input.coverUserId ?? "none"}`,
      },
      at: now,
    });
    return { status: "ok", id } as const;
  });
}

/** Cancels a period of leave (kept, marked cancelled); false when it is already gone. */
export async function cancelLeave(context: Pick<AppContext, "db" | "clock">, actor: Actor, practiceId: number, userId: number, leaveId: number): Promise<boolean> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const rows = await tx
      .update(staffLeave)
      .set({ cancelledAt: now, cancelledByUserId: actor.userId })
      .where(and(eq(staffLeave.id, leaveId), eq(staffLeave.practiceId, practiceId), eq(staffLeave.userId, userId), isNull(staffLeave.cancelledAt)))
      .returning({ id: staffLeave.id, kind: staffLeave.kind, startDate: staffLeave.startDate, endDate: staffLeave.endDate });
    if (!rows.length) return false;
    const r = rows[0];
    await audit(tx, { actorUserId: actor.userId, practiceId, action: "leave.cancel", subjectType: "staff_leave", subjectId: leaveId, detail: { userId, before: `${r.kind} ${r.startDate}..${r.endDate}` }, at: now });
    return true;
  });
}

// ---- who covers -----------------------------------------------------------------------------

export type Away = { userId: number; kind: LeavePeriod["kind"]; endDate: string; cover: { id: number; firstName: string; lastName: string } | null };

/**
 * Everyone at the practice who is away on a date (Europe/London), each with who covers them (their
 * leave's cover, or the cover's cover when the cover is away too): assignment warns with it, and a
 * personal inbox names it.
 */
export async function awayAt(db: Queryable, practiceId: number, date: string): Promise<Map<number, Away>> {
  const periods = await practiceLeaveBetween(db, practiceId, date, date);
  const out = new Map<number, Away>();
  if (!periods.length) return out;
  const staff = new Map((await rotaStaff(db, practiceId)).map((s) => [s.id, s]));
  for (const p of periods) {
    const covered = whoCovers(periods, p.userId, date);
    if (!covered || out.has(p.userId)) continue;
    const cover = covered.cover !== null ? (staff.get(covered.cover) ?? null) : null;
    out.set(p.userId, { userId: p.userId, kind: covered.leave.kind, endDate: covered.leave.endDate, cover });
  }
  return out;
}

/** Other staff at the practice than this person: who may cover them. */
export async function possibleCovers(db: Queryable, practiceId: number, userId: number) {
  return (await rotaStaff(db, practiceId)).filter((s) => s.id !== userId);
}
