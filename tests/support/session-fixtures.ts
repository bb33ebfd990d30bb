/**
 * Rows for the session, idle-logout and keep-alive tests: a user with roles, a practice
 * with an idle_timeout, and a session started the way sign-in starts one. Every call makes
 * unique rows, so tests sharing a file's database do not meet.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { patients, practiceMemberships, sessions, userGlobalRoles, users } from "~/db/schema";
import { startSession } from "~/domain/auth/sign-in.server";
import type { GlobalRole, PracticeRole } from "~/domain/auth/viewer.server";
import { sessionCookieName } from "~/web/auth/viewer.server";
import { hashSessionId } from "~/domain/sessions/sessions.server";

let counter = 0;
const unique = () => `${process.pid}x${Date.now().toString(36)}x${++counter}`;

/** The one practice maker (tests/support/world.ts); idle tests give an idle_timeout. */
export { makePractice } from "./world";

export async function makeUser(
  context: AppContext,
  options: {
    globalRoles?: GlobalRole[];
    memberships?: Array<{ practiceId: number; role: PracticeRole }>;
    patientAt?: number;
    guest?: boolean;
  } = {},
) {
  const [user] = await context.db
    .insert(users)
    .values({
      email: `idle.${unique()}@example.com`,
      firstName: "Priya",
      lastName: "Shah",
      emailVerifiedAt: context.clock.now(),
      isGuestAccount: options.guest ?? false,
    })
    .returning();
  for (const role of options.globalRoles ?? []) await context.db.insert(userGlobalRoles).values({ userId: user.id, role });
  for (const m of options.memberships ?? []) await context.db.insert(practiceMemberships).values({ userId: user.id, ...m });
  if (options.patientAt) {
    await context.db
      .insert(patients)
      .values({ practiceId: options.patientAt, userId: user.id, firstName: "Priya", lastName: "Shah", dateOfBirth: "1980-01-01" });
  }
  return user;
}

/** Signs the user in as the login action does: the session id and the Cookie header. */
export async function signInAs(context: AppContext, userId: number) {
  const sessionId = await startSession(context, userId, "vitest");
  return { sessionId, cookie: `${sessionCookieName(context)}=${encodeURIComponent(sessionId)}` };
}

export async function sessionRow(context: AppContext, sessionId: string) {
  const [row] = await context.db.select().from(sessions).where(eq(sessions.idHash, hashSessionId(sessionId)));
  return row;
}
