/**
 * Toolbar single sign-on (spec 3 §2, decision 0115): a staff member sets up a credential for a
 * practice at /sso/{code}/setup (an API key and a signing key, shown once); the toolbar then
 * opens /sso/auth with the API key and a token it signed. Signing on checks the token, records
 * its jti (one insert: two uses of one token at once give one session), and starts a session
 * by the same rules as the password sign-in (a database row, idle and absolute expiry), audited.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { ssoCredentials, ssoUsedTokens, toolbarTabSettings, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { idlePolicy, loadMemberships } from "~/domain/auth/viewer.server";
import { createSession, idleSecondsFor } from "~/domain/sessions/sessions.server";
import { openSecret, sealSecret } from "./secret-box";
import { CLOCK_LEEWAY_SECONDS, verifySsoToken } from "./sso-token";

const SEAL_PURPOSE = "sso-signing-key";
const API_KEY_PATTERN = /^fdsso_[A-Za-z0-9_-]{43}$/;

export const hashApiKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");
export const isWellFormedApiKey = (key: string) => API_KEY_PATTERN.test(key);

export type SsoCredential = { apiKey: string; signingKey: string };

/** Makes (or replaces) the viewer's credential at a practice; the keys are returned once. */
export async function setUpSsoCredential(context: AppContext, input: { userId: number; practiceId: number }): Promise<SsoCredential> {
  const apiKey = `fdsso_${randomBytes(32).toString("base64url")}`;
  const signingKey = randomBytes(32).toString("base64url");
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await tx.delete(ssoCredentials).where(and(eq(ssoCredentials.userId, input.userId), eq(ssoCredentials.practiceId, input.practiceId)));
    await tx.insert(ssoCredentials).values({
      userId: input.userId,
      practiceId: input.practiceId,
      apiKeyHash: hashApiKey(apiKey),
      signingKeySealed: sealSecret(context.config.sessionSecret, SEAL_PURPOSE, signingKey),
      createdAt: now,
    });
    await audit(tx as unknown as Db, { actorUserId: input.userId, practiceId: input.practiceId, action: "sso.credential_created", at: now });
  });
  return { apiKey, signingKey };
}

/** Resets the toolbar: the credential is removed (its tokens stop working). Whether there was one. */
export async function resetSsoCredential(context: AppContext, input: { userId: number; practiceId: number }): Promise<boolean> {
  const removed = await context.db
    .delete(ssoCredentials)
    .where(and(eq(ssoCredentials.userId, input.userId), eq(ssoCredentials.practiceId, input.practiceId)))
    .returning({ id: ssoCredentials.id });
  await audit(context.db, { actorUserId: input.userId, practiceId: input.practiceId, action: "sso.credential_reset", detail: { removed: removed.length > 0 }, at: context.clock.now() });
  return removed.length > 0;
}

/** When the viewer's credential at a practice was made, or null. */
export async function ssoCredentialMadeAt(db: Db, userId: number, practiceId: number): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: ssoCredentials.createdAt })
    .from(ssoCredentials)
    .where(and(eq(ssoCredentials.userId, userId), eq(ssoCredentials.practiceId, practiceId)));
  return row?.createdAt ?? null;
}

export type SignOnResult =
  | { status: "ok"; sessionId: string; userId: number; practices: { code: string; name: string }[] }
  | { status: "invalid" | "expired" | "used" | "not_staff" };

/**
 * Checks an API key and token and starts a session. Every refusal is audited without the
 * token; `invalid` covers an unknown key, a bad signature and a token for someone else.
 */
export async function signOnWithToolbar(context: AppContext, input: { apiKey: string; token: string; userAgent: string | null }): Promise<SignOnResult> {
  const { db, clock } = context;
  const now = clock.now();
  const refuse = async (status: "invalid" | "expired" | "used" | "not_staff", credential?: { userId: number; practiceId: number }) => {
    await audit(db, { actorUserId: credential?.userId ?? null, practiceId: credential?.practiceId ?? null, action: "sign_in.sso_refused", detail: { reason: status }, at: now });
    return { status };
  };
  if (!isWellFormedApiKey(input.apiKey)) return refuse("invalid");
  const [credential] = await db
    .select({ id: ssoCredentials.id, userId: ssoCredentials.userId, practiceId: ssoCredentials.practiceId, sealed: ssoCredentials.signingKeySealed, email: users.email })
    .from(ssoCredentials)
    .innerJoin(users, eq(users.id, ssoCredentials.userId))
    .where(eq(ssoCredentials.apiKeyHash, hashApiKey(input.apiKey)));
  if (!credential) return refuse("invalid");
  const signingKey = openSecret(context.config.sessionSecret, SEAL_PURPOSE, credential.sealed);
  if (!signingKey) return refuse("invalid", credential);
  const check = verifySsoToken(input.token, signingKey, now);
  if (!check.ok) return refuse(check.reason === "expired" ? "expired" : "invalid", credential);
  if (check.claims.sub.toLowerCase() !== credential.email.toLowerCase()) return refuse("invalid", credential);

  // Used tokens are kept until they could no longer pass the expiry check.
  await db.delete(ssoUsedTokens).where(lt(ssoUsedTokens.expiresAt, new Date(now.getTime() - CLOCK_LEEWAY_SECONDS * 1000)));
  const recorded = await db
    .insert(ssoUsedTokens)
    .values({ credentialId: credential.id, jti: check.claims.jti, expiresAt: new Date(check.claims.exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: ssoUsedTokens.jti });
  if (recorded.length === 0) return refuse("used", credential);

  const memberships = await loadMemberships(db, credential.userId);
  const staffAt = memberships.filter((m) => m.role === "gp" || m.role === "receptionist");
  if (!staffAt.some((m) => m.practiceId === credential.practiceId)) return refuse("not_staff", credential);
  const { id } = await createSession(db, clock, {
    userId: credential.userId,
    practiceId: credential.practiceId,
    idleSeconds: idleSecondsFor(idlePolicy(memberships, credential.practiceId)),
    userAgent: input.userAgent,
  });
  await audit(db, { actorUserId: credential.userId, practiceId: credential.practiceId, action: "sign_in.sso", at: now });
  const practices = new Map(staffAt.map((m) => [m.urlCode, { code: m.urlCode, name: m.practiceName }]));
  return { status: "ok", sessionId: id, userId: credential.userId, practices: [...practices.values()] };
}

/** The tab setting (spec 3 §2 Toolbar tab setting): enabled reuses one window. Default: off. */
export async function toolbarTabSetting(db: Db, userId: number, practiceId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: toolbarTabSettings.enabled })
    .from(toolbarTabSettings)
    .where(and(eq(toolbarTabSettings.userId, userId), eq(toolbarTabSettings.practiceId, practiceId)));
  return row?.enabled ?? false;
}

export async function saveToolbarTabSetting(context: AppContext, input: { userId: number; practiceId: number; enabled: boolean }) {
  const now = context.clock.now();
  await context.db
    .insert(toolbarTabSettings)
    .values({ userId: input.userId, practiceId: input.practiceId, enabled: input.enabled, updatedAt: now })
    .onConflictDoUpdate({ target: [toolbarTabSettings.userId, toolbarTabSettings.practiceId], set: { enabled: input.enabled, updatedAt: sql`excluded.updated_at` } });
  await audit(context.db, { actorUserId: input.userId, practiceId: input.practiceId, action: "toolbar.tabs_setting", detail: { enabled: input.enabled }, at: now });
}
