/**
 * Helpers for the MFA integration tests: a user (optionally with MFA already on), a signed-in
 * session cookie for them, and the MFA-pending cookie the password step would have set.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { mfaSettings, outbox, patients, practices, users } from "~/db/schema";
import { setMfaPendingCookie, type MfaPending } from "~/web/auth/mfa-pending.server";
import { sessionCookieName } from "~/web/auth/viewer.server";
import { createSession } from "~/domain/sessions/sessions.server";
import { newTotpSecret } from "~/domain/mfa/totp";

let counter = 0;

export async function createUser(
  context: AppContext,
  options: { guest?: boolean; passwordHash?: string | null; email?: string; mobile?: string } = {},
): Promise<{ id: number; email: string }> {
  counter += 1;
  const email = options.email ?? `mfa.user.${process.pid}.${Date.now()}.${counter}@example.com`;
  const [row] = await context.db
    .insert(users)
    .values({
      email,
      firstName: "Mina",
      lastName: "Fakhouri",
      mobile: options.mobile ?? null,
      passwordHash: options.passwordHash ?? null,
      emailVerifiedAt: context.clock.now(),
      isGuestAccount: options.guest ?? false,
    })
    .returning({ id: users.id });
  return { id: row.id, email };
}

/** A patient record at a fresh practice, so the user looks like a real signed-in patient. */
export async function makePatient(context: AppContext, userId: number) {
  counter += 1;
  const code = `mfa${process.pid}x${counter}`.slice(0, 20);
  const [practice] = await context.db.insert(practices).values({ name: "MFA Test Surgery", urlCode: code, odsCode: `M${counter}` }).returning();
  await context.db.insert(patients).values({
    practiceId: practice.id,
    userId,
    firstName: "Mina",
    lastName: "Fakhouri",
    dateOfBirth: "1990-01-01",
  });
  return practice;
}

/** A Cookie header for a new signed-in session of this user. */
export async function sessionCookie(context: AppContext, userId: number): Promise<string> {
  const { id } = await createSession(context.db, context.clock, { userId, practiceId: null, idleSeconds: 600 });
  return `${sessionCookieName(context)}=${encodeURIComponent(id)}`;
}

/** The Cookie header the password step leaves: `fd_mfa_pending=...`. */
export function pendingCookie(context: AppContext, pending: MfaPending): string {
  const header = setMfaPendingCookie(new Request("http://localhost/login"), context, pending);
  return header.split(";")[0];
}

export async function enableAuthenticator(context: AppContext, userId: number): Promise<string> {
  const secret = newTotpSecret();
  await context.db.insert(mfaSettings).values({ userId, mfaType: "authenticator", enabled: true, totpSecret: secret });
  return secret;
}

export async function enableSms(context: AppContext, userId: number, mobile = "07700900123") {
  await context.db.insert(mfaSettings).values({ userId, mfaType: "sms", enabled: true, smsMobileNumber: mobile });
}

export async function mfaRow(context: AppContext, userId: number) {
  const [row] = await context.db.select().from(mfaSettings).where(eq(mfaSettings.userId, userId));
  return row ?? null;
}

/** The code in the latest SMS to this number (the outbox notifier's row). */
export async function latestSmsCode(context: AppContext, mobile: string): Promise<string | null> {
  const rows = await context.db.select().from(outbox).where(eq(outbox.recipient, mobile));
  const last = rows.sort((a, b) => b.id - a.id)[0];
  return last ? (/\b(\d{6})\b/.exec(last.body)?.[1] ?? null) : null;
}

export async function smsCount(context: AppContext, mobile: string): Promise<number> {
  return (await context.db.select().from(outbox).where(eq(outbox.recipient, mobile))).length;
}
