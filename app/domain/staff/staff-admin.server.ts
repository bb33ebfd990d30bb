/**
 * Manage staff queries and commands (docs/decisions/0075-staff-invitations.md). Every one is
 * scoped to the practice in its SQL; every change writes an audit row (who, what, before →
 * after: the role, never a name or an address).
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { authTokens, practiceMemberships, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { INVITATION_PURPOSES, invitePracticeAdmin, inviteStaff, type InviteResult } from "~/domain/accounts/invitations.server";
import { compareStaff, invitationState, isInvitableRole, removalRefusal, type InvitableRole, type SelfStaffRole } from "./staff-admin";

export type StaffMember = { userId: number; firstName: string; lastName: string; email: string; role: InvitableRole };

/** GPs, receptionists and practice admins of the practice (one row per role held). */
export async function listStaff(db: Db, practiceId: number): Promise<StaffMember[]> {
  const rows = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: practiceMemberships.role })
    .from(practiceMemberships)
    .innerJoin(users, eq(users.id, practiceMemberships.userId))
    .where(and(eq(practiceMemberships.practiceId, practiceId), isNull(users.disabledAt)));
  return rows.filter((r): r is StaffMember => isInvitableRole(r.role)).sort(compareStaff);
}

export type PendingInvitation = { id: string; email: string; role: InvitableRole; sentAt: Date; expiresAt: Date; state: "pending" | "expired" };

function roleOfToken(purpose: string, scope: unknown): InvitableRole | null {
  if (purpose === "practice_admin_invitation") return "practice_admin";
  const role = (scope as { role?: unknown } | null)?.role;
  return role === "gp" || role === "receptionist" ? role : null;
}

/** Invitations not yet used or cancelled, newest first; expired ones too (they can be resent). */
export async function listInvitations(context: Pick<AppContext, "db" | "clock">, practiceId: number): Promise<PendingInvitation[]> {
  const rows = await context.db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.practiceId, practiceId), inArray(authTokens.purpose, [...INVITATION_PURPOSES]), isNull(authTokens.usedAt)))
    .orderBy(asc(authTokens.createdAt));
  const now = context.clock.now();
  const out: PendingInvitation[] = [];
  for (const row of rows.reverse()) {
    const role = roleOfToken(row.purpose, row.scope);
    if (!role || !row.email) continue;
    out.push({ id: row.id, email: row.email, role, sentAt: row.createdAt, expiresAt: row.expiresAt, state: invitationState(row.expiresAt, now) });
  }
  return out;
}

export type Actor = { userId: number; practiceId: number };

/** Sends an invitation by e-mail (through the notifier's outbox). */
export function invite(context: AppContext, actor: Actor, input: { email: string; role: InvitableRole; origin: string }): Promise<InviteResult> {
  const common = { practiceId: actor.practiceId, email: input.email, invitedByUserId: actor.userId, origin: input.origin };
  return input.role === "practice_admin" ? invitePracticeAdmin(context, common) : inviteStaff(context, { ...common, role: input.role });
}

/** Withdraws a live invitation of this practice: its link stops working. Null when there is none. */
async function withdraw(db: Db, context: Pick<AppContext, "clock">, practiceId: number, invitationId: string) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: context.clock.now() })
    .where(
      and(
        eq(authTokens.id, invitationId),
        eq(authTokens.practiceId, practiceId),
        inArray(authTokens.purpose, [...INVITATION_PURPOSES]),
        isNull(authTokens.usedAt),
      ),
    )
    .returning();
  if (!row?.email) return null;
  const role = roleOfToken(row.purpose, row.scope);
  return role ? { email: row.email, role } : null;
}

export type InvitationChange = { status: "done"; email: string } | { status: "gone" } | { status: "failed"; message: string };

/** A new link for the same address and role; the old one is dead. */
export async function resendInvitation(context: AppContext, actor: Actor, invitationId: string, origin: string): Promise<InvitationChange> {
  const old = await withdraw(context.db, context, actor.practiceId, invitationId);
  if (!old) return { status: "gone" };
  const result = await invite(context, actor, { email: old.email, role: old.role, origin });
  if (result.status === "sent") {
    await audit(context.db, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: "staff.invitation_resent",
      subjectType: "invitation",
      subjectId: result.tokenId,
      detail: { role: old.role, replaces: invitationId },
      at: context.clock.now(),
    });
    return { status: "done", email: old.email };
  }
  // The address no longer qualifies (it became a member meanwhile, or the rule changed).
  return { status: "failed", message: result.status === "invalid_email" ? result.message : "This invitation can no longer be sent." };
}

export async function cancelInvitation(context: AppContext, actor: Actor, invitationId: string): Promise<InvitationChange> {
  return context.db.transaction(async (tx) => {
    const old = await withdraw(tx, context, actor.practiceId, invitationId);
    if (!old) return { status: "gone" } as const;
    await audit(tx, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: "staff.invitation_cancelled",
      subjectType: "invitation",
      subjectId: invitationId,
      detail: { role: old.role, before: "pending", after: "cancelled" },
      at: context.clock.now(),
    });
    return { status: "done", email: old.email } as const;
  });
}

/** One person's role at the practice, for the removal confirm page. Null when they do not hold it. */
export async function findMemberRole(db: Db, practiceId: number, userId: number, role: InvitableRole): Promise<StaffMember | null> {
  const [row] = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: practiceMemberships.role })
    .from(practiceMemberships)
    .innerJoin(users, eq(users.id, practiceMemberships.userId))
    .where(and(eq(practiceMemberships.practiceId, practiceId), eq(practiceMemberships.userId, userId), eq(practiceMemberships.role, role)))
    .limit(1);
  return row && isInvitableRole(row.role) ? (row as StaffMember) : null;
}

/** The practice admins, their rows locked until the transaction ends (two removals queue up). */
async function practiceAdminCount(db: Db, practiceId: number): Promise<number> {
  const rows = await db
    .select({ userId: practiceMemberships.userId })
    .from(practiceMemberships)
    .where(and(eq(practiceMemberships.practiceId, practiceId), eq(practiceMemberships.role, "practice_admin")))
    .for("update");
  return rows.length;
}

export type RemovalResult = { status: "removed" } | { status: "not_found" } | { status: "refused"; message: string };

/**
 * Takes a role away. The person's account stays (they may hold roles elsewhere); their open
 * sessions lose the role on their next page, as the viewer is read per request.
 */
export async function removeRole(context: AppContext, actor: Actor, target: { userId: number; role: InvitableRole }): Promise<RemovalResult> {
  return context.db.transaction(async (tx) => {
    // The count locks the admin rows: two admins removing their own roles at once queue up,
    // and the second sees the first's removal.
    const admins = await practiceAdminCount(tx, actor.practiceId);
    const refusal = removalRefusal({ actorUserId: actor.userId, targetUserId: target.userId, role: target.role, practiceAdminCount: admins });
    if (refusal) return { status: "refused", message: refusal } as const;
    const deleted = await tx
      .delete(practiceMemberships)
      .where(
        and(
          eq(practiceMemberships.practiceId, actor.practiceId),
          eq(practiceMemberships.userId, target.userId),
          eq(practiceMemberships.role, target.role),
        ),
      )
      .returning({ userId: practiceMemberships.userId });
    if (deleted.length === 0) return { status: "not_found" } as const;
    await audit(tx, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: "staff.role_removed",
      subjectType: "user",
      subjectId: target.userId,
      detail: { role: target.role, before: target.role, after: "none" },
      at: context.clock.now(),
    });
    return { status: "removed" } as const;
  });
}

export type AddRoleResult = { status: "added" } | { status: "has_staff_role" };

/** A practice admin without a staff role at the practice gives themselves one. */
export async function addOwnStaffRole(context: AppContext, actor: Actor, role: SelfStaffRole): Promise<AddRoleResult> {
  return context.db.transaction(async (tx) => {
    const held = await tx
      .select({ role: practiceMemberships.role })
      .from(practiceMemberships)
      .where(and(eq(practiceMemberships.practiceId, actor.practiceId), eq(practiceMemberships.userId, actor.userId)));
    if (held.some((r) => r.role === "gp" || r.role === "receptionist")) return { status: "has_staff_role" } as const;
    await tx.insert(practiceMemberships).values({ userId: actor.userId, practiceId: actor.practiceId, role, createdAt: context.clock.now() });
    await audit(tx, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: "staff.own_role_added",
      subjectType: "user",
      subjectId: actor.userId,
      detail: { role, before: "none", after: role },
      at: context.clock.now(),
    });
    return { status: "added" } as const;
  });
}
