/**
 * Rows for the registration tests: a practice with its own patients (unique names, so tests
 * sharing one database never match each other's people), accounts, sessions, the outbox.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { outbox, patients, userGlobalRoles, users } from "~/db/schema";
import { hashPassword } from "~/domain/auth/password.server";
import { makePractice } from "./world";
import { sessionCookieName } from "~/web/auth/viewer.server";
import { createSession, PATIENT_IDLE_SECONDS } from "~/domain/sessions/sessions.server";

export const KNOWN_PASSWORD = "Known-password-2026";
let knownHash: Promise<string> | undefined;
let counter = 0;

/** Letters only: names and practice codes must not carry digits or symbols. */
export function uniqueWord(): string {
  let n = Date.now() * 1000 + process.pid * 7 + ++counter;
  let out = "";
  while (n > 0) {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}

export const uniqueEmail = (prefix = "person") => `${prefix}.${uniqueWord()}@example.com`;

export function createPractice(context: AppContext, name = "Registration Test Surgery") {
  return makePractice(context, { name });
}

export type PatientInput = {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  postcode?: string | null;
  userId?: number | null;
};

/** A registered patient; the last name is unique unless given. */
export async function createPatient(context: AppContext, practiceId: number, input: PatientInput = {}) {
  const [row] = await context.db
    .insert(patients)
    .values({
      practiceId,
      firstName: input.firstName ?? "Oliver",
      lastName: input.lastName ?? `Bennett${uniqueWord()}`,
      dateOfBirth: input.dateOfBirth ?? "1972-01-14",
      postcode: input.postcode === undefined ? "LS1 3EX" : input.postcode,
      userId: input.userId ?? null,
    })
    .returning();
  return row;
}

export async function createUser(
  context: AppContext,
  input: { email?: string; verified?: boolean; guest?: boolean; carer?: boolean; firstName?: string } = {},
) {
  knownHash ??= hashPassword(KNOWN_PASSWORD);
  const [row] = await context.db
    .insert(users)
    .values({
      email: input.email ?? uniqueEmail("account"),
      firstName: input.firstName ?? "Ada",
      lastName: "Okoro",
      passwordHash: input.guest ? null : await knownHash,
      emailVerifiedAt: input.verified === false ? null : context.clock.now(),
      createdAt: context.clock.now(),
      isGuestAccount: input.guest ?? false,
    })
    .returning();
  if (input.carer) await context.db.insert(userGlobalRoles).values({ userId: row.id, role: "carer_user" });
  return row;
}

/** A signed-in session for the user: its Cookie header. */
export async function sessionCookie(context: AppContext, userId: number): Promise<string> {
  const { id } = await createSession(context.db, context.clock, { userId, practiceId: null, idleSeconds: PATIENT_IDLE_SECONDS });
  return `${sessionCookieName(context)}=${encodeURIComponent(id)}`;
}

export async function userByEmail(context: AppContext, email: string) {
  const [row] = await context.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

/** Messages sent to an address, newest first; optionally of one template. */
export async function messagesTo(context: AppContext, recipient: string, template?: string) {
  return context.db
    .select()
    .from(outbox)
    .where(template ? and(eq(outbox.recipient, recipient), eq(outbox.template, template)) : eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id));
}

/** The path of the link in the newest message of that template to that address. */
export async function linkSentTo(context: AppContext, recipient: string, template: string): Promise<string> {
  const [message] = await messagesTo(context, recipient, template);
  const url = message ? /https?:\/\/\S+/.exec(message.body)?.[0] : undefined;
  if (!url) throw new Error(`No ${template} link sent to ${recipient}`);
  return new URL(url).pathname;
}

/** The last path segment: the token of a link. */
export const tokenOf = (path: string) => path.split("/").pop() ?? "";
