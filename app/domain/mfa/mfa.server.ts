/**
 * Multi-factor authentication (spec 2 §2.12, §4, §5): settings per user, in three states —
 * none (choose a type), pending (enabled false, waiting for a first valid code) and
 * enabled. Codes: TOTP from an authenticator app, or a 6-digit SMS code that expires after
 * 10 minutes. Every code works once.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { mfaSettings } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { matchingStep, newTotpSecret, otpauthUri } from "./totp";

export type MfaType = "authenticator" | "sms";
export const SMS_CODE_SECONDS = 10 * 60;

export { MFA_MESSAGES } from "./messages";
/** At most one SMS code per this many seconds (resends and sign-ins alike). */
export const SMS_RESEND_SECONDS = 30;

export type MfaState =
  | { state: "none" }
  | { state: "pending"; mfaType: "authenticator"; secret: string; otpauth: string }
  | { state: "pending"; mfaType: "sms"; smsMobileNumber: string }
  | { state: "enabled"; mfaType: MfaType; smsMobileNumber: string | null };

/** Keyed with the server secret: a database dump alone cannot brute-force a live code. */
const hashCode = (secret: string, userId: number, code: string) =>
  createHmac("sha256", secret).update(`sms:${userId}:${code}`).digest("base64url");

export async function getMfaState(context: AppContext, userId: number, email: string): Promise<MfaState> {
  const [row] = await context.db.select().from(mfaSettings).where(eq(mfaSettings.userId, userId)).limit(1);
  if (!row) return { state: "none" };
  const type: MfaType = row.mfaType === "sms" ? "sms" : "authenticator";
  if (row.enabled) return { state: "enabled", mfaType: type, smsMobileNumber: row.smsMobileNumber };
  if (type === "sms") return { state: "pending", mfaType: "sms", smsMobileNumber: row.smsMobileNumber ?? "" };
  const secret = row.totpSecret ?? "";
  return { state: "pending", mfaType: "authenticator", secret, otpauth: otpauthUri(secret, email, context.config.productName) };
}

/**
 * Choosing a type saves it as pending (enabled false); SMS sends the first code at once.
 * Enabled settings are never replaced this way (that would turn MFA off behind the user's
 * back): they must be disabled first. Returns whether the choice was saved.
 */
export async function chooseMfaType(
  context: AppContext,
  userId: number,
  choice: { mfaType: MfaType; smsMobileNumber?: string },
): Promise<boolean> {
  const { db, clock } = context;
  const values = {
    userId,
    mfaType: choice.mfaType,
    enabled: false,
    smsMobileNumber: choice.mfaType === "sms" ? (choice.smsMobileNumber ?? null) : null,
    totpSecret: choice.mfaType === "authenticator" ? newTotpSecret() : null,
    lastTotpStep: null,
    smsCodeHash: null,
    smsCodeExpiresAt: null,
    updatedAt: clock.now(),
  };
  const saved = await db
    .insert(mfaSettings)
    .values(values)
    .onConflictDoUpdate({ target: mfaSettings.userId, set: values, setWhere: eq(mfaSettings.enabled, false) })
    .returning({ userId: mfaSettings.userId });
  if (saved.length === 0) return false;
  if (choice.mfaType === "sms") await sendSmsCode(context, userId);
  return true;
}

/** Sends a new SMS code to the stored number. Returns false when there is no SMS setting. */
export async function sendSmsCode(context: AppContext, userId: number): Promise<boolean> {
  const { db, clock, notifier, config } = context;
  const [row] = await db.select().from(mfaSettings).where(eq(mfaSettings.userId, userId)).limit(1);
  if (!row || row.mfaType !== "sms" || !row.smsMobileNumber) return false;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db
    .update(mfaSettings)
    .set({ smsCodeHash: hashCode(context.config.sessionSecret, userId, code), smsCodeExpiresAt: new Date(clock.now().getTime() + SMS_CODE_SECONDS * 1000) })
    .where(eq(mfaSettings.userId, userId));
  await notifier.send({ channel: "sms", to: row.smsMobileNumber, template: "mfa-sms-code", values: { code, product: config.productName } });
  return true;
}

export type ResendResult = "sent" | "too_soon" | "unavailable";

/**
 * A new SMS code, at most one per SMS_RESEND_SECONDS: the last send time is the live
 * code's expiry minus its lifetime. "unavailable" when the user has no SMS setting.
 */
export async function resendSmsCode(context: AppContext, userId: number): Promise<ResendResult> {
  const [row] = await context.db.select().from(mfaSettings).where(eq(mfaSettings.userId, userId)).limit(1);
  if (!row || row.mfaType !== "sms" || !row.smsMobileNumber) return "unavailable";
  if (row.smsCodeHash && row.smsCodeExpiresAt) {
    const sentAt = row.smsCodeExpiresAt.getTime() - SMS_CODE_SECONDS * 1000;
    if (context.clock.now().getTime() < sentAt + SMS_RESEND_SECONDS * 1000) return "too_soon";
  }
  return (await sendSmsCode(context, userId)) ? "sent" : "unavailable";
}

/** The resend path's answer as a message (null on success), for `resendNotice`. */
export function resendError(result: ResendResult): string | null {
  switch (result) {
    case "sent":
      return null;
    case "too_soon":
      return "Wait 30 seconds before asking for another code.";
    case "unavailable":
      return "Multi-Factor Authentication by text message is not set up.";
  }
}

/**
 * Checks a code against the user's settings (pending or enabled) and uses it up: a TOTP
 * step is remembered so the same code cannot be replayed; an SMS code is cleared.
 */
export async function verifyMfaCode(context: AppContext, userId: number, code: string): Promise<boolean> {
  const { db, clock } = context;
  const [row] = await db.select().from(mfaSettings).where(eq(mfaSettings.userId, userId)).limit(1);
  if (!row || !/^\d{6}$/.test(code)) return false;
  if (row.mfaType === "sms") {
    if (!row.smsCodeHash || !row.smsCodeExpiresAt || clock.now() >= row.smsCodeExpiresAt) return false;
    const given = Buffer.from(hashCode(context.config.sessionSecret, userId, code));
    const expected = Buffer.from(row.smsCodeHash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    // Conditional on the hash still being there: of two requests racing with one code, one wins.
    const used = await db
      .update(mfaSettings)
      .set({ smsCodeHash: null, smsCodeExpiresAt: null })
      .where(and(eq(mfaSettings.userId, userId), eq(mfaSettings.smsCodeHash, row.smsCodeHash)))
      .returning({ userId: mfaSettings.userId });
    return used.length === 1;
  }
  if (!row.totpSecret) return false;
  const step = matchingStep(row.totpSecret, code, clock.now());
  if (step === null || (row.lastTotpStep !== null && step <= row.lastTotpStep)) return false;
  // Conditional on no later step having been used meanwhile, so a code cannot be replayed by racing.
  const used = await db
    .update(mfaSettings)
    .set({ lastTotpStep: step })
    .where(and(eq(mfaSettings.userId, userId), or(isNull(mfaSettings.lastTotpStep), lt(mfaSettings.lastTotpStep, step))))
    .returning({ userId: mfaSettings.userId });
  return used.length === 1;
}

/** Enables pending settings with a valid code. */
export async function enableMfa(context: AppContext, userId: number, code: string): Promise<boolean> {
  if (!(await verifyMfaCode(context, userId, code))) return false;
  await context.db.update(mfaSettings).set({ enabled: true, updatedAt: context.clock.now() }).where(eq(mfaSettings.userId, userId));
  await audit(context.db, { actorUserId: userId, action: "mfa.enabled", at: context.clock.now() });
  return true;
}

/** Disabling (or "Try another method" while pending) deletes the settings. */
export async function deleteMfa(context: AppContext, userId: number) {
  await context.db.delete(mfaSettings).where(eq(mfaSettings.userId, userId));
  await audit(context.db, { actorUserId: userId, action: "mfa.removed", at: context.clock.now() });
}

/** At sign-in: an SMS user gets a fresh code; an authenticator user reads their app. */
export async function beginMfaChallenge(context: AppContext, userId: number): Promise<MfaType | null> {
  const [row] = await context.db.select().from(mfaSettings).where(eq(mfaSettings.userId, userId)).limit(1);
  if (!row?.enabled) return null;
  if (row.mfaType === "sms") {
    // A code sent moments ago (a double sign-in) stays the one to use.
    await resendSmsCode(context, userId);
    return "sms";
  }
  return "authenticator";
}

/** The mobile number shown as "sent to": only the last three digits. */
export function maskedMobile(mobile: string | null): string {
  if (!mobile) return "your mobile phone";
  return `a number ending ${mobile.slice(-3)}`;
}
