/**
 * Staff and practice-administrator invitations (spec 1 §2.2
 * /practice/{code}/register/staff/{token}, /practice-admin-register/{token} and
 * /practice/{code}/register/practice-admin/{token}).
 *
 * An invitation is a single-use token bound to a practice, an approved NHS address and a
 * role. Following it proves the address, so a new account starts confirmed and signed in.
 * When the address already has an account, its owner signs in and accepts instead: a role
 * is never added to an account without its owner's say.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { authTokens, practiceMemberships, practices, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { hashPassword } from "~/domain/auth/password.server";
import { consumeToken, findLiveToken, issueTokenWithId, type TokenRow } from "~/domain/auth/tokens.server";
import type { PracticeRole } from "~/domain/auth/viewer.server";
import { staffEmailField } from "~/validation/rules";
import { findUserByEmail, insertUser, normaliseEmail } from "./registration.server";

export type InvitationKind = "staff" | "practice_admin";
export type StaffRole = "gp" | "receptionist";

const PURPOSE = { staff: "staff_invitation", practice_admin: "practice_admin_invitation" } as const;

export type InviteResult =
  | { status: "sent"; tokenId: string }
  | { status: "invalid_email"; message: string }
  | { status: "unknown_practice" }
  /** The address already holds this role at the practice. */
  | { status: "already_member" };

/** Where the link in the invitation e-mail leads. */
export function invitationPath(kind: InvitationKind, practiceCode: string, token: string): string {
  const segment = kind === "staff" ? "staff" : "practice-admin";
  return `/practice/${practiceCode}/register/${segment}/${token}`;
}

/** The sender of an invitation and where its link points (the site's origin, e.g. https://frontdoor.nhs.uk). */
export type InviteInput = { practiceId: number; email: string; invitedByUserId: number | null; origin: string };

/** The practice's live invitation purposes, for listing and withdrawing them (manage staff). */
export const INVITATION_PURPOSES = [PURPOSE.staff, PURPOSE.practice_admin] as const;

async function invite(context: AppContext, kind: InvitationKind, input: InviteInput & { role: PracticeRole }): Promise<InviteResult> {
  const { db, clock, config, notifier } = context;
  const parsed = staffEmailField(config.testTools).safeParse(input.email);
  if (!parsed.success) return { status: "invalid_email", message: parsed.error.issues[0]?.message ?? "" };
  const email = parsed.data;
  const [practice] = await db.select().from(practices).where(eq(practices.id, input.practiceId)).limit(1);
  if (!practice) return { status: "unknown_practice" };
  const purpose = PURPOSE[kind];
  const [member] = await db
    .select({ userId: practiceMemberships.userId })
    .from(practiceMemberships)
    .innerJoin(users, eq(users.id, practiceMemberships.userId))
    .where(and(eq(practiceMemberships.practiceId, practice.id), eq(practiceMemberships.role, input.role), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (member) return { status: "already_member" };
  // A new invitation replaces earlier ones to the same address: only the latest link works.
  await db
    .update(authTokens)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(authTokens.purpose, purpose),
        eq(authTokens.practiceId, practice.id),
        sql`lower(${authTokens.email}) = ${email}`,
        isNull(authTokens.usedAt),
      ),
    );
  const { token, id: tokenId } = await issueTokenWithId(db, clock, {
    purpose,
    practiceId: practice.id,
    email,
    scope: { role: input.role, invitedByUserId: input.invitedByUserId },
  });
  await notifier.send({
    channel: "email",
    to: email,
    template: kind === "staff" ? "staff-invitation" : "practice-admin-invitation",
    values: { practiceName: practice.name, link: new URL(invitationPath(kind, practice.urlCode, token), input.origin).toString(), product: config.productName },
  });
  await audit(db, {
    actorUserId: input.invitedByUserId,
    practiceId: practice.id,
    action: kind === "staff" ? "staff.invited" : "practice_admin.invited",
    subjectType: "invitation",
    subjectId: tokenId,
    detail: { role: input.role },
    at: clock.now(),
  });
  return { status: "sent", tokenId };
}

/** Invites a GP or receptionist to a practice (used by manage staff). */
export function inviteStaff(context: AppContext, input: InviteInput & { role: StaffRole }): Promise<InviteResult> {
  return invite(context, "staff", input);
}

/** Invites a practice administrator (used by the advanced user and the system admin). */
export function invitePracticeAdmin(context: AppContext, input: InviteInput): Promise<InviteResult> {
  return invite(context, "practice_admin", { ...input, role: "practice_admin" });
}

export type Invitation = {
  kind: InvitationKind;
  email: string;
  role: PracticeRole;
  practice: { id: number; name: string; urlCode: string };
  /** Whether the address already has an account (its owner accepts instead of registering). */
  hasAccount: boolean;
};

function roleOf(kind: InvitationKind, row: TokenRow): PracticeRole | null {
  if (kind === "practice_admin") return "practice_admin";
  const role = (row.scope as { role?: unknown } | null)?.role;
  return role === "gp" || role === "receptionist" ? role : null;
}

/**
 * A live invitation, or null when the link is unknown, used, expired, for another practice
 * than the one in the URL, or no longer acceptable (its address fails the staff rule).
 */
export async function findInvitation(
  context: AppContext,
  kind: InvitationKind,
  token: string,
  practiceCode?: string,
): Promise<Invitation | null> {
  const { db, clock, config } = context;
  const row = await findLiveToken(db, clock, token, PURPOSE[kind]);
  return row ? describe(context, kind, row, practiceCode, config.testTools) : null;
}

async function describe(context: AppContext, kind: InvitationKind, row: TokenRow, practiceCode: string | undefined, testTools: boolean) {
  const role = roleOf(kind, row);
  if (!role || row.practiceId === null || !row.email) return null;
  if (!staffEmailField(testTools).safeParse(row.email).success) return null;
  const [practice] = await context.db
    .select({ id: practices.id, name: practices.name, urlCode: practices.urlCode })
    .from(practices)
    .where(eq(practices.id, row.practiceId))
    .limit(1);
  if (!practice) return null;
  if (practiceCode !== undefined && practice.urlCode.toLowerCase() !== practiceCode.toLowerCase()) return null;
  const hasAccount = (await findUserByEmail(context.db, row.email)) !== null;
  return { kind, email: normaliseEmail(row.email), role, practice, hasAccount } satisfies Invitation;
}

class InvitationGone extends Error {}
class EmailTaken extends Error {}
class WrongAccount extends Error {}

export type InvitationOutcome =
  | { status: "created" | "accepted"; userId: number; role: PracticeRole; practiceCode: string }
  | { status: "invalid" }
  /** The address got an account meanwhile: its owner must sign in and accept. */
  | { status: "email_taken" }
  /** The signed-in account is not the invited address. */
  | { status: "wrong_account" };

/** Creates the invited person's account, confirmed, with the role at the practice. */
export async function registerFromInvitation(
  context: AppContext,
  kind: InvitationKind,
  token: string,
  practiceCode: string | undefined,
  input: { firstName: string; lastName: string; password: string },
): Promise<InvitationOutcome> {
  const { db, clock } = context;
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await consumeToken(tx, clock, token, PURPOSE[kind]);
      const invitation = row ? await describe({ ...context, db: tx }, kind, row, practiceCode, context.config.testTools) : null;
      if (!invitation) throw new InvitationGone();
      const now = clock.now();
      const userId = await insertUser(tx, {
        email: invitation.email,
        firstName: input.firstName,
        lastName: input.lastName,
        mobile: null,
        passwordHash,
        verifiedAt: now,
        now,
      });
      // Rolling back leaves the link unused, for its owner to accept after signing in.
      if (userId === null) throw new EmailTaken();
      await tx.insert(practiceMemberships).values({ userId, practiceId: invitation.practice.id, role: invitation.role, createdAt: now });
      await audit(tx, {
        actorUserId: userId,
        practiceId: invitation.practice.id,
        action: kind === "staff" ? "staff.registered" : "practice_admin.registered",
        detail: { role: invitation.role },
        at: now,
      });
      return { status: "created" as const, userId, role: invitation.role, practiceCode: invitation.practice.urlCode };
    });
  } catch (error) {
    if (error instanceof InvitationGone) return { status: "invalid" };
    if (error instanceof EmailTaken) return { status: "email_taken" };
    throw error;
  }
}

/** The signed-in owner of the invited address takes the role. */
export async function acceptInvitation(
  context: AppContext,
  kind: InvitationKind,
  token: string,
  practiceCode: string | undefined,
  viewer: { userId: number; email: string },
): Promise<InvitationOutcome> {
  const { db, clock } = context;
  try {
    return await db.transaction(async (tx) => {
      const row = await consumeToken(tx, clock, token, PURPOSE[kind]);
      const invitation = row ? await describe({ ...context, db: tx }, kind, row, practiceCode, context.config.testTools) : null;
      if (!invitation) throw new InvitationGone();
      // Rolled back: the link stays usable by the account it was meant for.
      if (normaliseEmail(viewer.email) !== invitation.email) throw new WrongAccount();
      const now = clock.now();
      await tx
        .insert(practiceMemberships)
        .values({ userId: viewer.userId, practiceId: invitation.practice.id, role: invitation.role, createdAt: now })
        .onConflictDoNothing();
      await audit(tx, {
        actorUserId: viewer.userId,
        practiceId: invitation.practice.id,
        action: kind === "staff" ? "staff.invitation_accepted" : "practice_admin.invitation_accepted",
        detail: { role: invitation.role },
        at: now,
      });
      return { status: "accepted" as const, userId: viewer.userId, role: invitation.role, practiceCode: invitation.practice.urlCode };
    });
  } catch (error) {
    if (error instanceof InvitationGone) return { status: "invalid" };
    if (error instanceof WrongAccount) return { status: "wrong_account" };
    throw error;
  }
}

/** Where someone lands once they hold the role. */
export function landingAfterInvitation(role: PracticeRole, practiceCode: string): string {
  return role === "practice_admin" ? "/practices" : `/${practiceCode}/inbox`;
}
