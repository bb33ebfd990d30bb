/**
 * A signed-in user proving their password again: the fresh guard's /confirm-password and
 * the current-password field of change password. Failures share sign-in's throttle keys
 * (account and address), so a stolen session cannot use these pages as a second,
 * separately counted guessing oracle.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { markAuthenticated } from "~/domain/sessions/sessions.server";
import { verifyPassword } from "./password.server";
import { takeAttempt, throttleKeys } from "./throttle.server";

export type PasswordProof = "ok" | "invalid" | "throttled";

export const CURRENT_PASSWORD_MESSAGES = {
  invalid: "The password you entered is not correct.",
  throttled: "Too many attempts. Wait a minute, then try again.",
} as const;

export async function proveCurrentPassword(
  context: AppContext,
  userId: number,
  password: string,
  action: "password.confirm" | "password.change",
): Promise<PasswordProof> {
  const { db, clock, config } = context;
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  // No user means no session: the caller's guard has already sent them to sign in.
  const keys = throttleKeys(config.sessionSecret, user?.email ?? "", context.clientAddress);
  const attempt = await takeAttempt(db, clock, keys);
  if (attempt.throttled) {
    await audit(db, { actorUserId: userId, action: `${action}.throttled`, at: clock.now() });
    return "throttled";
  }
  if (user && (await verifyPassword(password, user.passwordHash))) {
    await attempt.succeeded();
    return "ok";
  }
  await audit(db, { actorUserId: userId, action: `${action}.failed`, at: clock.now() });
  return "invalid";
}

/** /confirm-password: a right password makes this session fresh again. */
export async function confirmPassword(
  context: AppContext,
  session: { userId: number; sessionId: string },
  password: string,
): Promise<PasswordProof> {
  const proof = await proveCurrentPassword(context, session.userId, password, "password.confirm");
  if (proof === "ok") {
    await markAuthenticated(context.db, context.clock, session.sessionId);
    await audit(context.db, { actorUserId: session.userId, action: "password.confirmed", at: context.clock.now() });
  }
  return proof;
}
