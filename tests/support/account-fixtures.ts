/**
 * Rows for the password, account-settings and magic-link tests: users with a known
 * password, signed-in session cookies, practices and patient records, and the outbox.
 * Every call makes unique rows, so tests in one file (one database) do not meet.
 */
import { and, desc, eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { outbox, patients, users } from "~/db/schema";
import { hashPassword } from "~/domain/auth/password.server";
import { makePractice } from "./world";
import { sessionCookieName } from "~/web/auth/viewer.server";
import { createSession, PATIENT_IDLE_SECONDS } from "~/domain/sessions/sessions.server";

export const TEST_PASSWORD = "Known-password-2026";
let knownHash: Promise<string> | undefined;
let counter = 0;

const unique = () => `${process.pid}x${Date.now().toString(36)}x${++counter}`;

export async function createAccount(
  context: AppContext,
  options: { email?: string; verified?: boolean; guest?: boolean; disabled?: boolean; mobile?: string | null } = {},
) {
  knownHash ??= hashPassword(TEST_PASSWORD);
  const email = options.email ?? `account.${unique()}@example.com`;
  const [row] = await context.db
    .insert(users)
    .values({
      email,
      firstName: "Ada",
      lastName: "Okoro",
      mobile: options.mobile ?? null,
      passwordHash: options.guest ? null : await knownHash,
      emailVerifiedAt: options.verified === false ? null : context.clock.now(),
      isGuestAccount: options.guest ?? false,
      disabledAt: options.disabled ? context.clock.now() : null,
    })
    .returning();
  return row;
}

/** A new signed-in session for the user, as sign-in would make: its id and Cookie header. */
export async function signIn(context: AppContext, userId: number) {
  const { id } = await createSession(context.db, context.clock, { userId, practiceId: null, idleSeconds: PATIENT_IDLE_SECONDS });
  return { sessionId: id, cookie: `${sessionCookieName(context)}=${encodeURIComponent(id)}` };
}

export function createPractice(context: AppContext, options: { mfaEnabled?: boolean } = {}) {
  return makePractice(context, { name: "Account Test Surgery", mfaEnabled: options.mfaEnabled ?? false });
}

export async function createPatient(
  context: AppContext,
  practiceId: number,
  options: { userId?: number | null; dateOfBirth?: string; email?: string | null } = {},
) {
  const [row] = await context.db
    .insert(patients)
    .values({
      practiceId,
      userId: options.userId ?? null,
      firstName: "Kemi",
      lastName: "Adeyemi",
      dateOfBirth: options.dateOfBirth ?? "1979-04-12",
      email: options.email ?? null,
    })
    .returning();
  return row;
}

/** Messages sent to an address with a template, newest first. */
export async function sentTo(context: AppContext, recipient: string, template: string) {
  return context.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, template)))
    .orderBy(desc(outbox.id));
}

/** The path of the first link in the newest message of that template to that address. */
export async function linkSentTo(context: AppContext, recipient: string, template: string): Promise<string | null> {
  const [message] = await sentTo(context, recipient, template);
  const url = message ? /https?:\/\/\S+/.exec(message.body)?.[0] : undefined;
  return url ? new URL(url).pathname : null;
}

export async function userRow(context: AppContext, id: number) {
  const [row] = await context.db.select().from(users).where(eq(users.id, id));
  return row;
}
