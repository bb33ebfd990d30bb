/**
 * Document-management sign-on (decision 0116): a document-filing service's setup token (kept as
 * its SHA-256, for one or more practices, until it expires or a setup completes with it), and
 * the service account it sets up at one practice (roles docman_auto_filing / _registration).
 */
import { createHash } from "node:crypto";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { docmanAccounts, docmanSetupTokens, practices, sessions, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { hashSessionId } from "~/domain/sessions/sessions.server";

export const hashDocmanToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export type DocmanTokenState = { status: "ok"; tokenHash: string; practices: { id: number; name: string }[] } | { status: "expired" };

export async function openDocmanToken(db: Db, token: string, now: Date): Promise<DocmanTokenState> {
  if (!token || token.length > 200) return { status: "expired" };
  const tokenHash = hashDocmanToken(token);
  const [row] = await db
    .select()
    .from(docmanSetupTokens)
    .where(and(eq(docmanSetupTokens.tokenHash, tokenHash), isNull(docmanSetupTokens.usedAt), gt(docmanSetupTokens.expiresAt, now)));
  if (!row || row.practiceIds.length === 0) return { status: "expired" };
  const list = await db.select({ id: practices.id, name: practices.name }).from(practices).where(inArray(practices.id, row.practiceIds)).orderBy(practices.name);
  return list.length ? { status: "ok", tokenHash, practices: list } : { status: "expired" };
}

/**
 * Whether a session cookie names a live session, read only: /docman/auth skips the session
 * refresh (spec 1 §5), yet refuses signed-in users.
 */
export async function sessionIsLive(db: Db, sessionId: string | undefined, now: Date): Promise<boolean> {
  if (!sessionId || sessionId.length > 100) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(sessions)
    .where(and(eq(sessions.idHash, hashSessionId(sessionId)), gt(sessions.absoluteExpiresAt, now), sql`(${sessions.idleExpiresAt} is null or ${sessions.idleExpiresAt} > ${now})`));
  return Boolean(row);
}

export type DocmanRole = "docman_auto_filing" | "docman_auto_registration";

/**
 * Completes the setup: the token is used up (one conditional update: a second completion finds
 * it used), the account gets the roles at the practice, the practice is marked as linked.
 * `account`: an existing user (linked) or a new service account by e-mail (registered).
 */
export async function completeDocmanSetup(
  context: AppContext,
  input: { token: string; practiceId: number; roles: DocmanRole[]; account: { userId: number } | { email: string; name: string } },
): Promise<{ status: "ok"; userId: number } | { status: "expired" | "email_taken" }> {
  const now = context.clock.now();
  if (!("userId" in input.account)) {
    const [taken] = await context.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.account.email.trim().toLowerCase()}`);
    if (taken) return { status: "email_taken" };
  }
  return context.db.transaction(async (tx) => {
    const [used] = await tx
      .update(docmanSetupTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(docmanSetupTokens.tokenHash, hashDocmanToken(input.token)),
          isNull(docmanSetupTokens.usedAt),
          gt(docmanSetupTokens.expiresAt, now),
          sql`${docmanSetupTokens.practiceIds} @> ${JSON.stringify([input.practiceId])}::jsonb`,
        ),
      )
      .returning({ tokenHash: docmanSetupTokens.tokenHash });
    if (!used) return { status: "expired" as const };
    let userId: number;
    if ("userId" in input.account) {
      userId = input.account.userId;
    } else {
      const email = input.account.email.trim().toLowerCase();
      const [made] = await tx.insert(users).values({ email, firstName: input.account.name, lastName: "(document filing)" }).returning({ id: users.id });
      userId = made.id;
    }
    await tx
      .insert(docmanAccounts)
      .values(input.roles.map((role) => ({ userId, practiceId: input.practiceId, role, linkedAt: now })))
      .onConflictDoNothing();
    await tx.update(practices).set({ hasDocmanGuid: true }).where(eq(practices.id, input.practiceId));
    await audit(tx as unknown as Db, { actorUserId: userId, practiceId: input.practiceId, action: "docman.setup_completed", detail: { roles: input.roles.join(",") }, at: now });
    return { status: "ok" as const, userId };
  });
}
