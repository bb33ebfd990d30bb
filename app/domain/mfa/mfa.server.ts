/**
 * Multi-factor authentication (spec 2 §2.12, §4, §5): settings per user, in three states —
 * none (choose a type), pending (enabled false, waiting for a first valid code) and
 * enabled. Codes: TOTP from an authenticator app, or a 6-digit SMS code that expires after
 * 10 minutes. Every code works once.
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { mfaSettings } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { matchingStep, newTotpSecret, otpauthUri } from "./totp";

export type MfaType = "authenticator" | "sms";
export const SMS_CODE_SECONDS = 10 * 60;

export const MFA_MESSAGES = {
  enabled: "Multi-Factor Authentication set up.",
  disabled: "Multi-Factor Authentication successfully disabled.",
  resent: "Multi-Factor Authentication code successfully resent.",
  resendFailed: "Multi-Factor Authentication code failed to resent.",
  codeRequired: "Please enter an authentication code.",
  codeWrong: "Code is expired or incorrect.",
  disableTitle: "Disable Multi-Factor Authentication",
  disableQuestion: "Are you sure you want to disable Multi-Factor Authentication?",
} as const;

export type MfaState =
  | { state: "none" }
  | { state: "pending"; mfaType: "authenticator"; secret: string; otpauth: string }
  | { state: "pending"; mfaType: "sms"; smsMobileNumber: string }
  | { state: "enabled"; mfaType: MfaType; smsMobileNumber: string | null };

const hashCode = (userId: number, code: string) => createHash("sha256").update(`${userId}:${code}`).digest("base64url");

export async function getMfaState(context: AppContext, userId: number, email: string): Promise<MfaState> {
  const [row] = await context.db.select().from(mfaSettings).where(eq(mfaSettings.userId, userId)).limit(1);
  if (!row) return { state: "none" };
  const type: MfaType = row.mfaType === "sms" ? "sms" : "authenticator";
  if (row.enabled) return { state: "enabled", mfaType: type, smsMobileNumber: row.smsMobileNumber };
  if (type === "sms") return { state: "pending", mfaType: "sms", smsMobileNumber: row.smsMobileNumber ?? "" };
  const secret = row.totpSecret ?? "";
  return { state: "pending", mfaType: "authenticator", secret, otpauth: otpauthUri(secret, email, context.config.productName) };
}

/** Choosing a type saves it as pending (enabled false); SMS sends the first code at once. */
export async function chooseMfaType(context: AppContext, userId: number, choice: { mfaType: MfaType; smsMobileNumber?: string }) {
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
  await db.insert(mfaSettings).values(values).onConflictDoUpdate({ target: mfaSettings.userId, set: values });
  if (choice.mfaType === "sms") await sendSmsCode(context, userId);
}

/** Sends a new SMS code to the stored number. Returns false when there is no SMS setting. */
export async function sendSmsCode(context: AppContext, userId: number): Promise<boolean> {
  const { db, clock, notifier, config } = context;
  const [row] = await db.select().from(mfaSettings).where(eq(mfaSettings.userId, userId)).limit(1);
  if (!row || row.mfaType !== "sms" || !row.smsMobileNumber) return false;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db
    .update(mfaSettings)
    .set({ smsCodeHash: hashCode(userId, code), smsCodeExpiresAt: new Date(clock.now().getTime() + SMS_CODE_SECONDS * 1000) })
    .where(eq(mfaSettings.userId, userId));
  await notifier.send({ channel: "sms", to: row.smsMobileNumber, template: "mfa-sms-code", values: { code, product: config.productName } });
  return true;
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
    const given = Buffer.from(hashCode(userId, code));
    const expected = Buffer.from(row.smsCodeHash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    await db.update(mfaSettings).set({ smsCodeHash: null, smsCodeExpiresAt: null }).where(eq(mfaSettings.userId, userId));
    return true;
  }
  if (!row.totpSecret) return false;
  const step = matchingStep(row.totpSecret, code, clock.now());
  if (step === null || (row.lastTotpStep !== null && step <= row.lastTotpStep)) return false;
  await db.update(mfaSettings).set({ lastTotpStep: step }).where(eq(mfaSettings.userId, userId));
  return true;
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
    await sendSmsCode(context, userId);
    return "sms";
  }
  return "authenticator";
}

/** The mobile number shown as "sent to": only the last three digits. */
export function maskedMobile(mobile: string | null): string {
  if (!mobile) return "your mobile phone";
  return `a number ending ${mobile.slice(-3)}`;
}
