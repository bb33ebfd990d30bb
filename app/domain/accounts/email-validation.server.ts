/** E-mail validation links (spec 1 §2.2 /validate/{token}). */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { consumeToken, issueToken, revokeTokens } from "~/domain/auth/tokens.server";

/** Absolute links in messages: the request's own origin, so they work on any host. */
export function absoluteUrl(request: Request, path: string): string {
  return new URL(path, new URL(request.url).origin).toString();
}

export async function sendEmailValidation(context: AppContext, request: Request, userId: number) {
  const { db, clock, notifier, config } = context;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.emailVerifiedAt) return;
  await revokeTokens(db, clock, userId, "email_validation");
  const token = await issueToken(db, clock, { purpose: "email_validation", userId, email: user.email });
  await notifier.send({
    channel: "email",
    to: user.email,
    template: "email-validation",
    values: { firstName: user.firstName, link: absoluteUrl(request, `/validate/${token}`), product: config.productName },
  });
}

/** Marks the address as proven. Returns the user id, or null for a bad or used link. */
export async function validateEmail(context: AppContext, token: string): Promise<number | null> {
  const { db, clock } = context;
  const row = await consumeToken(db, clock, token, "email_validation");
  if (!row?.userId) return null;
  await db.update(users).set({ emailVerifiedAt: clock.now(), updatedAt: clock.now() }).where(eq(users.id, row.userId));
  await audit(db, { actorUserId: row.userId, action: "account.email_validated", at: clock.now() });
  return row.userId;
}
