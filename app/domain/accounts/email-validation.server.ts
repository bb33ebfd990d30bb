/** E-mail validation links (spec 1 §2.2 /validate/{token}). */
import { and, desc, eq, gt } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { authTokens, patients, practices, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import type { Clock } from "~/domain/clock";
import { consumeToken, issueToken, revokeTokens, type TokenPurpose } from "~/domain/auth/tokens.server";

/** A new link is not sent sooner than this after the last one (resend button, double submits). */
export const VALIDATION_RESEND_INTERVAL_SECONDS = 60;

/**
 * Absolute links in messages: the request's own origin (the route passes it: app/web/origin.ts),
 * so they work on any host. The `{ url }` form is kept for invitations.server.ts, which still
 * passes its Request (another branch changes it).
 */
export function absoluteUrl(origin: string | { url: string }, path: string): string {
  return new URL(path, typeof origin === "string" ? origin : new URL(origin.url).origin).toString();
}

/** Whether a link of this purpose went to the user within the resend interval. */
export async function linkSentRecently(db: Db, clock: Clock, userId: number, purpose: TokenPurpose): Promise<boolean> {
  const since = new Date(clock.now().getTime() - VALIDATION_RESEND_INTERVAL_SECONDS * 1000);
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), gt(authTokens.createdAt, since)))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return Boolean(row);
}

/**
 * Sends a new validation link (the previous one stops working). `practiceId` says where the
 * confirmation page sends the user to sign in; by default the practice of their patient
 * record. With `throttle`, nothing is sent if a link went out within the resend interval.
 * Returns whether a message was sent.
 */
export async function sendEmailValidation(
  context: AppContext,
  origin: string,
  userId: number,
  options: { practiceId?: number | null; throttle?: boolean } = {},
): Promise<boolean> {
  const { db, clock, notifier, config } = context;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.emailVerifiedAt || user.isGuestAccount || user.disabledAt) return false;
  if (options.throttle && (await linkSentRecently(db, clock, userId, "email_validation"))) return false;
  const practiceId = options.practiceId !== undefined ? options.practiceId : await homePracticeId(db, userId);
  await revokeTokens(db, clock, userId, "email_validation");
  const token = await issueToken(db, clock, { purpose: "email_validation", userId, practiceId, email: user.email });
  await notifier.send({
    channel: "email",
    to: user.email,
    template: "email-validation",
    values: { firstName: user.firstName, link: absoluteUrl(origin, `/validate/${token}`), product: config.productName },
  });
  return true;
}

async function homePracticeId(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ practiceId: patients.practiceId }).from(patients).where(eq(patients.userId, userId)).orderBy(patients.id).limit(1);
  return row?.practiceId ?? null;
}

/**
 * Marks the address as proven. Returns the user and the practice code to sign in at, or
 * null for a bad, expired or used link.
 */
export async function confirmEmail(context: AppContext, token: string): Promise<{ userId: number; practiceCode: string | null } | null> {
  const { db, clock } = context;
  const row = await consumeToken(db, clock, token, "email_validation");
  if (!row?.userId) return null;
  const now = clock.now();
  await db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, row.userId));
  await audit(db, { actorUserId: row.userId, practiceId: row.practiceId, action: "account.email_validated", at: now });
  let practiceCode: string | null = null;
  if (row.practiceId !== null) {
    const [practice] = await db.select({ urlCode: practices.urlCode }).from(practices).where(eq(practices.id, row.practiceId)).limit(1);
    practiceCode = practice?.urlCode ?? null;
  }
  return { userId: row.userId, practiceCode };
}

/** Marks the address as proven. Returns the user id, or null for a bad or used link. */
export async function validateEmail(context: AppContext, token: string): Promise<number | null> {
  return (await confirmEmail(context, token))?.userId ?? null;
}
