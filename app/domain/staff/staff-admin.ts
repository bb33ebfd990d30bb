/**
 * Manage staff (spec 3 §2 /practice/{practiceCode}/manage-staff): who works at a practice, who
 * is invited, and the rules for inviting and removing a role
 * (docs/decisions/0075-staff-invitations.md). The queries are in staff-admin.server.ts.
 */
import * as z from "zod";
import { staffEmailField } from "~/validation/rules";

export const INVITABLE_ROLES = ["gp", "receptionist", "practice_admin"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const ROLE_LABELS: Record<InvitableRole, string> = {
  gp: "GP",
  receptionist: "Receptionist",
  practice_admin: "Practice admin",
};

/** With the indefinite article, for sentences ("a receptionist"). */
export const ROLE_NOUNS: Record<InvitableRole, string> = {
  gp: "a GP",
  receptionist: "a receptionist",
  practice_admin: "a practice admin",
};

export const isInvitableRole = (value: unknown): value is InvitableRole => INVITABLE_ROLES.includes(value as InvitableRole);

export const STAFF_MESSAGES = {
  chooseRole: "Select the role to invite them as",
  alreadyMember: (role: InvitableRole) => `This person is already ${ROLE_NOUNS[role]} at this practice`,
  invited: (email: string) => `Invitation sent to ${email}.`,
  resent: (email: string) => `A new invitation has been sent to ${email}. The earlier link no longer works.`,
  cancelled: (email: string) => `Invitation to ${email} cancelled.`,
  invitationGone: "This invitation has already been used or cancelled.",
  removed: (name: string, role: InvitableRole) => `${name} is no longer ${ROLE_NOUNS[role]} at this practice.`,
  lastOwnAdminRole: "You cannot remove your own practice admin role: you are the only practice admin here. Invite another practice admin first.",
} as const;

/** The invite form: an NHS address (a test domain too outside production) and a role. */
export function inviteSchema(allowTestDomain: boolean) {
  return z.object({
    intent: z.literal("invite"),
    email: staffEmailField(allowTestDomain),
    role: z.enum(INVITABLE_ROLES, { error: STAFF_MESSAGES.chooseRole }),
  });
}

/** Resend and cancel name an invitation (an auth_tokens row id). */
export const InvitationActionSchema = z.object({
  intent: z.enum(["resend", "cancel"]),
  invitationId: z.uuid(),
});

export type RemovalCheck = {
  actorUserId: number;
  targetUserId: number;
  role: InvitableRole;
  /** Practice admins of this practice, the actor included when they are one. */
  practiceAdminCount: number;
};

/**
 * Whether a role may be removed: anything but the actor's own practice admin role when they
 * are the last practice admin (the practice would be left with nobody to run it). A system
 * admin removing the last practice admin of a practice is allowed: they can invite a new one.
 */
export function removalRefusal(check: RemovalCheck): string | null {
  if (check.role === "practice_admin" && check.actorUserId === check.targetUserId && check.practiceAdminCount <= 1) {
    return STAFF_MESSAGES.lastOwnAdminRole;
  }
  return null;
}

/** An invitation as the list shows it: live until it expires, then "Expired" (resend to renew). */
export function invitationState(expiresAt: Date, now: Date): "pending" | "expired" {
  return expiresAt.getTime() > now.getTime() ? "pending" : "expired";
}

/** The order of the staff list: practice admins, GPs, receptionists; by surname within a role. */
export const ROLE_ORDER: Record<InvitableRole, number> = { practice_admin: 0, gp: 1, receptionist: 2 };

export function compareStaff(
  a: { role: InvitableRole; lastName: string; firstName: string },
  b: { role: InvitableRole; lastName: string; firstName: string },
): number {
  return (
    ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
    a.lastName.localeCompare(b.lastName, "en-GB", { sensitivity: "base" }) ||
    a.firstName.localeCompare(b.firstName, "en-GB", { sensitivity: "base" })
  );
}

// ---- add a staff role to oneself (spec 3 §2 /{practice_code}/add-staff-role) ----------------

export const SELF_STAFF_ROLES = ["gp", "receptionist"] as const;
export type SelfStaffRole = (typeof SELF_STAFF_ROLES)[number];

export const AddStaffRoleSchema = z.object({
  role: z.enum(SELF_STAFF_ROLES, { error: "Select the staff role you need at this practice" }),
});

export const addedStaffRole = (role: SelfStaffRole, practiceName: string) =>
  `You are now ${ROLE_NOUNS[role]} at ${practiceName}. Your inboxes are ready.`;
