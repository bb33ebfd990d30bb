/**
 * Single-use tokens for links sent by e-mail or SMS: e-mail validation, password reset,
 * staff and practice-admin invitations, magic links. Only a SHA-256 of the token is stored;
 * consuming one is a single conditional UPDATE, so two clicks cannot both use it.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { authTokens } from "~/db/schema";
import type { Clock } from "~/domain/clock";

export type TokenPurpose =
  | "email_validation"
  | "guest_validation"
  | "password_reset"
  | "staff_invitation"
  | "practice_admin_invitation"
  | "magic_link"
  // Onboarding a practice (decision 0076): the first practice admin of a practice a system
  // admin added, and a practice invited by e-mail (/practices/invite).
  | "practice_onboarding"
  | "practice_invitation";

export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  email_validation: 24 * 60 * 60,
  guest_validation: 24 * 60 * 60,
  password_reset: 60 * 60,
  staff_invitation: 7 * 24 * 60 * 60,
  practice_admin_invitation: 7 * 24 * 60 * 60,
  magic_link: 7 * 24 * 60 * 60,
  practice_onboarding: 7 * 24 * 60 * 60,
  practice_invitation: 7 * 24 * 60 * 60,
};

export type TokenRow = typeof authTokens.$inferSelect;

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

type IssueInput = {
  purpose: TokenPurpose;
  userId?: number | null;
  practiceId?: number | null;
  email?: string | null;
  scope?: Record<string, unknown> | null;
  lifetimeSeconds?: number;
};

export async function issueToken(db: Db, clock: Clock, input: IssueInput): Promise<string> {
  return (await issueTokenWithId(db, clock, input)).token;
}

/** As issueToken, with the row's id: for links the sender manages later (staff invitations). */
export async function issueTokenWithId(db: Db, clock: Clock, input: IssueInput): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString("base64url");
  const lifetime = input.lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS[input.purpose];
  const [row] = await db.insert(authTokens).values({
    tokenHash: hash(token),
    purpose: input.purpose,
    userId: input.userId ?? null,
    practiceId: input.practiceId ?? null,
    email: input.email ?? null,
    scope: input.scope ?? null,
    expiresAt: new Date(clock.now().getTime() + lifetime * 1000),
    createdAt: clock.now(),
  }).returning({ id: authTokens.id });
  return { token, id: row.id };
}

/** A live (unused, unexpired) token, without using it: for showing the form it unlocks. */
export async function findLiveToken(db: Db, clock: Clock, token: string, purpose: TokenPurpose): Promise<TokenRow | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hash(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, clock.now()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses a token once. Returns its row, or null if unknown, expired or already used. */
export async function consumeToken(db: Db, clock: Clock, token: string, purpose: TokenPurpose): Promise<TokenRow | null> {
  if (!token || token.length > 100) return null;
  const now = clock.now();
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(eq(authTokens.tokenHash, hash(token)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)),
    )
    .returning();
  return row ?? null;
}

/** Withdraws the live tokens of a purpose for a user (a new reset link replaces the old). */
export async function revokeTokens(db: Db, clock: Clock, userId: number, purpose: TokenPurpose) {
  await db
    .update(authTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

/** A token that was used (not merely expired): what a page after the used link looks up. */
export async function findUsedToken(db: Db, token: string, purposes: TokenPurpose[]): Promise<TokenRow | null> {
  if (!token || token.length > 100) return null;
  const rows = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hash(token)), isNotNull(authTokens.usedAt)))
    .limit(1);
  const row = rows[0];
  return row && (purposes as string[]).includes(row.purpose) ? row : null;
}
