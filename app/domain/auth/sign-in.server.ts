/**
 * Signing in (spec 1 §2.2, §4): the password check with throttling and auditing, then
 * either a session or the MFA step. Answers are deliberately the same for an unknown
 * address and a wrong password, and take the same time (verifyPassword runs either way).
 */
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { mfaSettings, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { createSession } from "~/domain/sessions/sessions.server";
import { idleSecondsFor } from "~/domain/sessions/sessions.server";
import { verifyPassword } from "./password.server";
import { takeAttempt, throttleKeys } from "./throttle.server";
import { idlePolicy, loadMemberships } from "./viewer.server";

export type PasswordCheck =
  | { status: "ok"; userId: number }
  | { status: "mfa"; userId: number; mfaType: "authenticator" | "sms" }
  | { status: "invalid" }
  | { status: "throttled" }
  | { status: "unverified"; userId: number };

export const SIGN_IN_MESSAGES = {
  invalid: "Enter a correct email address and password.",
  throttled: "Too many attempts to sign in. Wait a minute, then try again.",
  unverified:
    "You need to confirm your email address before you can sign in. We have sent you a new link: check your email.",
} as const;

export async function checkPassword(context: AppContext, email: string, password: string): Promise<PasswordCheck> {
  const { db, clock, config } = context;
  const keys = throttleKeys(config.sessionSecret, email, context.clientAddress);
  const attempt = await takeAttempt(db, clock, keys);
  if (attempt.throttled) {
    await audit(db, { action: "sign_in.throttled", detail: { account: keys.accountKey.slice(0, 12) }, at: clock.now() });
    return { status: "throttled" };
  }
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!user || !ok || user.disabledAt || user.isGuestAccount) {
    await audit(db, {
      actorUserId: user?.id ?? null,
      action: "sign_in.failed",
      detail: { account: keys.accountKey.slice(0, 12) },
      at: clock.now(),
    });
    return { status: "invalid" };
  }
  await attempt.succeeded();
  if (!user.emailVerifiedAt) return { status: "unverified", userId: user.id };
  const [mfa] = await db.select().from(mfaSettings).where(eq(mfaSettings.userId, user.id)).limit(1);
  if (mfa?.enabled) return { status: "mfa", userId: user.id, mfaType: mfa.mfaType === "sms" ? "sms" : "authenticator" };
  return { status: "ok", userId: user.id };
}

/** Starts a session for a user who has proven who they are. Returns the cookie value. */
export async function startSession(context: AppContext, userId: number, userAgent: string | null): Promise<string> {
  const { db, clock } = context;
  const memberships = await loadMemberships(db, userId);
  const practiceId = memberships[0]?.practiceId ?? null;
  const { id } = await createSession(db, clock, {
    userId,
    practiceId,
    idleSeconds: idleSecondsFor(idlePolicy(memberships, practiceId)),
    userAgent,
  });
  await audit(db, { actorUserId: userId, practiceId, action: "sign_in.succeeded", at: clock.now() });
  return id;
}
