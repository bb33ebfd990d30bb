/**
 * The second step of signing in (/login/verification): the password was proven and the
 * browser holds the signed MFA-pending cookie (app/web/auth/mfa-pending.server.ts). A challenge is
 * that cookie; its failures are counted in the audit log, so replaying an older copy of
 * the cookie does not reset the count. Wrong codes also feed the sign-in throttle (10 a
 * minute per account and per address), so starting over with the password does not give
 * an attacker unlimited guesses either.
 */
import { createHash } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { auditEvents, mfaSettings, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { takeAttempt, throttleKeys } from "~/domain/auth/throttle.server";
import { verifyMfaCode, type MfaType } from "./mfa.server";

/** Wrong codes a challenge survives: the fifth ends it. */
export const MAX_CODE_FAILURES = 5;

export const MFA_AUDIT = {
  failed: "mfa.verification_failed",
  locked: "mfa.verification_locked",
  verified: "mfa.verified",
} as const;

/** Between the password and the MFA code: the user, and where to go next (held in a signed cookie by app/web). */
export type MfaPending = { userId: number; redirect: string | null };

export type Challenge = {
  /** A digest of the pending cookie: names this sign-in attempt in the audit log. */
  id: string;
  userId: number;
  email: string;
  redirect: string | null;
  mfaType: MfaType;
  smsMobileNumber: string | null;
};

/**
 * The challenge a pending sign-in is in, or null: MFA no longer on for the user, the challenge
 * already ended (five failures) or already used. `raw`: the pending cookie's value as sent, whose
 * hash names the challenge (reading it: readChallenge in app/web/auth/mfa-pending.server.ts).
 */
export async function findChallenge(context: AppContext, pending: MfaPending, raw: string): Promise<Challenge | null> {
  const id = createHash("sha256").update(raw).digest("base64url").slice(0, 32);
  const [row] = await context.db
    .select({ email: users.email, disabledAt: users.disabledAt, mfaType: mfaSettings.mfaType, enabled: mfaSettings.enabled, smsMobileNumber: mfaSettings.smsMobileNumber })
    .from(users)
    .innerJoin(mfaSettings, eq(mfaSettings.userId, users.id))
    .where(eq(users.id, pending.userId))
    .limit(1);
  if (!row || !row.enabled || row.disabledAt) return null;
  const [ended] = await context.db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorUserId, pending.userId),
        sql`${auditEvents.action} in (${MFA_AUDIT.locked}, ${MFA_AUDIT.verified})`,
        sql`${auditEvents.detail}->>'challenge' = ${id}`,
      ),
    );
  if (ended.n > 0) return null;
  return {
    id,
    userId: pending.userId,
    email: row.email,
    redirect: pending.redirect,
    mfaType: row.mfaType === "sms" ? "sms" : "authenticator",
    smsMobileNumber: row.smsMobileNumber,
  };
}

export type CodeCheck = { status: "ok" } | { status: "wrong"; remaining: number } | { status: "locked" } | { status: "throttled" };

/** Checks a sign-in code; on success the caller starts the session. */
export async function checkSignInCode(context: AppContext, challenge: Challenge, code: string): Promise<CodeCheck> {
  const { db, clock } = context;
  const keys = throttleKeys(context.config.sessionSecret, challenge.email, context.clientAddress);
  const attempt = await takeAttempt(db, clock, keys);
  if (attempt.throttled) {
    await audit(db, { actorUserId: challenge.userId, action: "sign_in.throttled", detail: { challenge: challenge.id }, at: clock.now() });
    return { status: "throttled" };
  }
  if (await verifyMfaCode(context, challenge.userId, code)) {
    await attempt.succeeded();
    await audit(db, { actorUserId: challenge.userId, action: MFA_AUDIT.verified, detail: { challenge: challenge.id }, at: clock.now() });
    return { status: "ok" };
  }
  await audit(db, { actorUserId: challenge.userId, action: MFA_AUDIT.failed, detail: { challenge: challenge.id }, at: clock.now() });
  const failures = await countFailures(context, challenge);
  if (failures >= MAX_CODE_FAILURES) {
    await audit(db, { actorUserId: challenge.userId, action: MFA_AUDIT.locked, detail: { challenge: challenge.id }, at: clock.now() });
    return { status: "locked" };
  }
  return { status: "wrong", remaining: MAX_CODE_FAILURES - failures };
}

async function countFailures(context: AppContext, challenge: Challenge): Promise<number> {
  const [row] = await context.db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorUserId, challenge.userId),
        eq(auditEvents.action, MFA_AUDIT.failed),
        sql`${auditEvents.detail}->>'challenge' = ${challenge.id}`,
      ),
    );
  return row.n;
}
