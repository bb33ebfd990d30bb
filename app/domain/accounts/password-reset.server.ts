/**
 * Forgotten password (spec 1 §2.2 /password/reset, /password/reset/{token}).
 *
 * Asking never tells whether an account exists: the answer page is the same, and so is
 * the time it takes (every request is padded to RESET_RESPONSE_FLOOR_MS, well above the
 * token and outbox writes done only for a real account). See docs/decisions.
 *
 * Throttling, without a new table:
 * - per address and per typed e-mail: every request is an attempt in sign_in_attempts under
 *   keys of its own ("password-reset:..."), at most 10 a minute each: beyond that the visitor
 *   is told to wait, whatever the address, so it reveals nothing;
 * - per account: at most RESET_LINKS_PER_HOUR links are sent an hour (counted from
 *   auth_tokens); beyond that nothing more is sent, silently, and the last link stays live.
 */
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { authTokens, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { hashPassword } from "~/domain/auth/password.server";
import { takeAttempt, throttleKeys } from "~/domain/auth/throttle.server";
import { consumeToken, findLiveToken, issueToken, revokeTokens } from "~/domain/auth/tokens.server";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";
import { absoluteUrl } from "./email-validation.server";

export const RESET_RESPONSE_FLOOR_MS = 250;
export const RESET_LINKS_PER_HOUR = 5;

export const PASSWORD_RESET_MESSAGES = {
  throttled: "Too many requests to reset a password. Wait a minute, then try again.",
  changed: "Your password has been changed. Sign in with your new password.",
} as const;

/** Runs `work`, then waits until at least `floorMs` have passed since the start. */
export async function withMinimumDuration<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

export async function requestPasswordReset(
  context: AppContext,
  origin: string,
  email: string,
): Promise<"sent" | "throttled"> {
  return withMinimumDuration(RESET_RESPONSE_FLOOR_MS, async () => {
    const { db, clock, config } = context;
    const normalised = email.trim().toLowerCase();
    const keys = throttleKeys(config.sessionSecret, `password-reset:${normalised}`, `password-reset:${context.clientAddress}`);
    // Every request counts, answered or not: the limit is on asking.
    if ((await takeAttempt(db, clock, keys)).throttled) return "throttled";

    const [user] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, disabledAt: users.disabledAt, isGuest: users.isGuestAccount })
      .from(users)
      .where(sql`lower(${users.email}) = ${normalised}`)
      .limit(1);
    // Guests have no password to reset; disabled accounts cannot sign in at all.
    if (!user || user.disabledAt || user.isGuest) return "sent";

    const hourAgo = new Date(clock.now().getTime() - 60 * 60 * 1000);
    const [{ n }] = await db
      .select({ n: count() })
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "password_reset"), gte(authTokens.createdAt, hourAgo)));
    if (n >= RESET_LINKS_PER_HOUR) {
      await audit(db, { actorUserId: user.id, action: "password_reset.limited", at: clock.now() });
      return "sent";
    }

    // A new link replaces the old one: only the latest e-mail works.
    await revokeTokens(db, clock, user.id, "password_reset");
    const token = await issueToken(db, clock, { purpose: "password_reset", userId: user.id, email: user.email });
    await context.notifier.send({
      channel: "email",
      to: user.email,
      template: "password-reset",
      values: { firstName: user.firstName, link: absoluteUrl(origin, `/password/reset/${token}`), product: config.productName },
    });
    await audit(db, { actorUserId: user.id, action: "password_reset.requested", at: clock.now() });
    return "sent";
  });
}

/** Whether a reset link still works (to show its form), without using it. */
export async function isResetLinkLive(context: AppContext, token: string): Promise<boolean> {
  return (await findLiveToken(context.db, context.clock, token, "password_reset")) !== null;
}

/**
 * Sets the new password through a reset link. The link is used up in the same transaction
 * as the change, so a double submit changes the password once and the second gets null.
 * The user proved they read the mailbox, so the address counts as verified. Every session
 * of the user ends: whoever knew the old password is signed out everywhere.
 */
export async function completePasswordReset(context: AppContext, token: string, password: string): Promise<number | null> {
  const { db, clock, config } = context;
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const row = await consumeToken(tx, clock, token, "password_reset");
    if (!row?.userId) return null;
    const now = clock.now();
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    if (!updated) return null;
    await deleteUserSessions(tx, updated.id);
    await revokeTokens(tx, clock, updated.id, "password_reset");
    await audit(tx, { actorUserId: updated.id, action: "password_reset.completed", at: now });
    return updated;
  });
  if (!user) return null;
  await context.notifier.send({
    channel: "email",
    to: user.email,
    template: "password-changed",
    values: { firstName: user.firstName, product: config.productName, supportPhone: config.supportPhone },
  });
  return user.id;
}
