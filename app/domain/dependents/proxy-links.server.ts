/**
 * Proxy links between carers and the people they care for: the carer asks (pending), staff at
 * the dependent's practice approve, decline or later remove. Every staff query is scoped to the
 * staff member's practice through the dependent's patient record; every decision is audited
 * and the carer is told. Access itself is decided in requests/access.server.ts (approved only).
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { carerDependents, patients, practices, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { DECISION_RESULT, decisionAllowed, type ProxyDecision, type ProxyLinkReason, type ProxyLinkStatus } from "./proxy-links";
import { sendAfterCommit } from "~/domain/notify/after-commit.server";
import type { NoticeRefused } from "~/domain/notify/notice-refused";

export type RequestLinkResult = { status: "requested" | "already_pending" | "already_approved" };

/**
 * A carer asks to act for a patient they have identified. Creates a pending link, or makes a
 * declined or removed one pending again (a new request, with the new reason); never approves.
 */
export async function requestProxyLink(
  context: Pick<AppContext, "db" | "clock">,
  input: { carerUserId: number; patientId: number; practiceId: number; relationship: string | null; reason: ProxyLinkReason },
): Promise<RequestLinkResult> {
  const { db, clock } = context;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(carerDependents)
      .values({ carerUserId: input.carerUserId, patientId: input.patientId, relationship: input.relationship, reason: input.reason, status: "pending", createdAt: now })
      .onConflictDoNothing()
      .returning({ id: carerDependents.id });
    let linkId = inserted[0]?.id;
    if (linkId === undefined) {
      // Only a finished link (declined or removed) is asked for again.
      const renewed = await tx
        .update(carerDependents)
        .set({ status: "pending", reason: input.reason, relationship: input.relationship, decidedAt: null, decidedByUserId: null, decisionNote: null, createdAt: now })
        .where(
          and(
            eq(carerDependents.carerUserId, input.carerUserId),
            eq(carerDependents.patientId, input.patientId),
            inArray(carerDependents.status, ["declined", "removed"]),
          ),
        )
        .returning({ id: carerDependents.id });
      linkId = renewed[0]?.id;
      if (linkId === undefined) {
        const [current] = await tx
          .select({ status: carerDependents.status })
          .from(carerDependents)
          .where(and(eq(carerDependents.carerUserId, input.carerUserId), eq(carerDependents.patientId, input.patientId)))
          .limit(1);
        return { status: current?.status === "approved" ? "already_approved" : "already_pending" };
      }
    }
    await audit(tx as unknown as Db, {
      actorUserId: input.carerUserId,
      practiceId: input.practiceId,
      action: "proxy_link.requested",
      subjectType: "carer_dependent",
      subjectId: linkId,
      detail: { reason: input.reason },
      at: now,
    });
    return { status: "requested" };
  });
}

export type CarerLink = {
  id: number;
  patientId: number;
  firstName: string;
  lastName: string;
  practiceCode: string;
  practiceName: string;
  relationship: string | null;
  reason: ProxyLinkReason | null;
  status: ProxyLinkStatus;
  decisionNote: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
};

/**
 * The carer's own links, every state. A pending or declined link shows only what the carer
 * typed to identify the person (their name): nothing of the record until approval.
 */
export async function carerLinks(db: Db, carerUserId: number): Promise<CarerLink[]> {
  return db
    .select({
      id: carerDependents.id,
      patientId: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      practiceCode: practices.urlCode,
      practiceName: practices.name,
      relationship: carerDependents.relationship,
      reason: carerDependents.reason,
      status: carerDependents.status,
      decisionNote: carerDependents.decisionNote,
      requestedAt: carerDependents.createdAt,
      decidedAt: carerDependents.decidedAt,
    })
    .from(carerDependents)
    .innerJoin(patients, eq(patients.id, carerDependents.patientId))
    .innerJoin(practices, eq(practices.id, patients.practiceId))
    .where(eq(carerDependents.carerUserId, carerUserId))
    .orderBy(asc(patients.firstName), asc(carerDependents.id));
}

export type StaffLink = {
  practiceId: number;
  patientId: number;
  patientName: string;
  patientDateOfBirth: string;
  carerUserId: number;
  carerName: string;
  carerEmail: string;
  relationship: string | null;
  reason: ProxyLinkReason | null;
  status: ProxyLinkStatus;
  decisionNote: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
};

function staffLinkQuery(db: Db) {
  const decider = sql<string | null>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${carerDependents.decidedByUserId})`;
  return db
    .select({
      practiceId: patients.practiceId,
      patientId: patients.id,
      patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
      patientDateOfBirth: patients.dateOfBirth,
      carerUserId: users.id,
      carerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      carerEmail: users.email,
      relationship: carerDependents.relationship,
      reason: carerDependents.reason,
      status: carerDependents.status,
      decisionNote: carerDependents.decisionNote,
      requestedAt: carerDependents.createdAt,
      decidedAt: carerDependents.decidedAt,
      decidedBy: decider,
    })
    .from(carerDependents)
    .innerJoin(patients, eq(patients.id, carerDependents.patientId))
    .innerJoin(users, eq(users.id, carerDependents.carerUserId));
}

/** Links waiting for a decision at these practices, oldest first (the staff queue). */
export async function pendingLinks(db: Db, practiceIds: number[], limit = 50): Promise<StaffLink[]> {
  if (practiceIds.length === 0) return [];
  return staffLinkQuery(db)
    .where(and(inArray(patients.practiceId, practiceIds), eq(carerDependents.status, "pending")))
    .orderBy(asc(carerDependents.createdAt), asc(carerDependents.id))
    .limit(limit);
}

/** How many links wait for a decision at these practices (the inbox navigation's count). */
export async function pendingLinkCount(db: Db, practiceIds: number[]): Promise<number> {
  if (practiceIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(carerDependents)
    .innerJoin(patients, eq(patients.id, carerDependents.patientId))
    .where(and(inArray(patients.practiceId, practiceIds), eq(carerDependents.status, "pending")));
  return Number(row?.n ?? 0);
}

/** A patient's carers, every state, for the patient's page. */
export async function linksOfPatient(db: Db, practiceId: number, patientId: number): Promise<StaffLink[]> {
  return staffLinkQuery(db)
    .where(and(eq(patients.practiceId, practiceId), eq(patients.id, patientId)))
    .orderBy(desc(carerDependents.createdAt));
}

/** One carer of one patient at this practice, or null (another practice's link is not found). */
export async function linkForStaff(db: Db, practiceId: number, patientId: number, carerUserId: number): Promise<StaffLink | null> {
  const [row] = await staffLinkQuery(db)
    .where(and(eq(patients.practiceId, practiceId), eq(patients.id, patientId), eq(carerDependents.carerUserId, carerUserId)))
    .limit(1);
  return row ?? null;
}

export type DecisionResult =
  /** `noticeRefused`: GOV.UK Notify refused the carer's e-mail address for good (decision 0153). */
  | { status: "ok"; to: ProxyLinkStatus; noticeRefused: NoticeRefused }
  | { status: "not_found" }
  /** The link is no longer in a state that allows the decision (someone else decided first). */
  | { status: "conflict"; current: ProxyLinkStatus };

/**
 * Staff decide on a link at their practice. One conditional update: the link must belong to a
 * patient of this practice and still be in the state the decision needs, so two people deciding
 * at once cannot both succeed. Audited; the carer is told by e-mail.
 */
export async function decideProxyLink(
  context: Pick<AppContext, "db" | "clock" | "notifier" | "config">,
  actor: { userId: number; practiceId: number },
  input: { patientId: number; carerUserId: number; decision: ProxyDecision; note: string | null; origin: string },
): Promise<DecisionResult> {
  const { db, clock } = context;
  const link = await linkForStaff(db, actor.practiceId, input.patientId, input.carerUserId);
  if (!link) return { status: "not_found" };
  if (!decisionAllowed(link.status, input.decision)) return { status: "conflict", current: link.status };
  const to = DECISION_RESULT[input.decision];
  const from = input.decision === "remove" ? "approved" : "pending";
  const now = clock.now();
  const updated = await db
    .update(carerDependents)
    .set({ status: to, decidedByUserId: actor.userId, decidedAt: now, decisionNote: input.note })
    .where(
      and(
        eq(carerDependents.patientId, input.patientId),
        eq(carerDependents.carerUserId, input.carerUserId),
        eq(carerDependents.status, from),
        sql`exists (select 1 from ${patients} p where p.id = ${carerDependents.patientId} and p.practice_id = ${actor.practiceId})`,
      ),
    )
    .returning({ id: carerDependents.id });
  if (updated.length === 0) {
    const again = await linkForStaff(db, actor.practiceId, input.patientId, input.carerUserId);
    return again ? { status: "conflict", current: again.status } : { status: "not_found" };
  }
  await audit(db, {
    actorUserId: actor.userId,
    practiceId: actor.practiceId,
    action: `proxy_link.${to}`,
    subjectType: "carer_dependent",
    subjectId: updated[0].id,
    detail: { patientId: input.patientId, carerUserId: input.carerUserId },
    at: now,
  });
  const [practice] = await db.select({ name: practices.name }).from(practices).where(eq(practices.id, actor.practiceId)).limit(1);
  // The decision is saved: an address Notify refuses does not undo it (decision 0153); the
  // receptionist is told, as the carer will not hear of it otherwise.
  const sent = await sendAfterCommit(context.notifier, {
    channel: "email",
    to: link.carerEmail,
    template: "proxy-link-decision",
    values: {
      product: context.config.productName,
      practiceName: practice?.name ?? "Your practice",
      decision: to,
      note: input.note ?? "",
      link: `${input.origin}/carer/dependents`,
    },
  });
  return { status: "ok", to, noticeRefused: sent ? [] : ["email"] };
}

/** The practice a carer asks at: where they registered, else their own record's, else null. */
export async function carerHomePracticeCode(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ home: practices.urlCode, own: sql<string | null>`(select pr.url_code from ${patients} p join ${practices} pr on pr.id = p.practice_id where p.user_id = ${userId} order by p.id limit 1)` })
    .from(users)
    .leftJoin(practices, eq(practices.id, users.homePracticeId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.home ?? row?.own ?? null;
}
