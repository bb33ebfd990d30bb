/**
 * Magic links (spec 2 §2.2 /security/{token}, §6): a practice sends a patient a link that
 * lets them act without signing in, scoped to what it was sent for (a request, for now).
 *
 * - Unlike the other tokens, a magic link is NOT used up when followed: it stays valid,
 *   for as many visits as needed, until it expires (7 days) or is locked. So this module
 *   reads it with findLiveToken and never calls consumeToken.
 * - Holding the link is not enough: the holder must give the linked patient's date of
 *   birth. Three wrong dates lock the link for good (used_at is set, so it reads as dead);
 *   failures are counted from the audit rows that record them.
 * - A right date gives a grant: a signed cookie naming the token, the patient and the
 *   scope, valid for GRANT_SECONDS (never past the link's own expiry). Later routes read it
 *   with getTokenGrant (app/web/auth/token-grant.server.ts, then liveTokenGrant), which also re-checks that the link is still live, so locking or
 *   expiry ends the grant at once.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { auditEvents, authTokens, patients, practices } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { findLiveToken, issueToken } from "./tokens.server";

export const MAX_DATE_OF_BIRTH_FAILURES = 3;
/** How long a confirmed date of birth lasts before it is asked again. */
export const GRANT_SECONDS = 30 * 60;
const FAILED = "magic_link.date_of_birth_failed";

/** What a magic link lets its holder reach. More keys come as features need them. */
export type MagicLinkScope = { patientEntryId?: number };

/** The grant a confirmed holder carries: which link, which patient, and its scope. */
export type TokenGrant = {
  tokenId: string;
  patientId: number;
  practiceId: number;
  practiceCode: string;
  scope: MagicLinkScope;
};

type StoredScope = MagicLinkScope & { patientId: number };

/**
 * Issues a magic link for a patient at a practice: by patient record, or by the user whose
 * record it is. Returns the token for the URL /security/{token}.
 */
export async function issueMagicLink(
  context: AppContext,
  input: ({ patientId: number } | { userId: number }) & { practiceId: number; scope?: MagicLinkScope },
): Promise<string> {
  const { db, clock } = context;
  const [patient] = await db
    .select({ id: patients.id, userId: patients.userId })
    .from(patients)
    .where(
      and(
        eq(patients.practiceId, input.practiceId),
        "patientId" in input ? eq(patients.id, input.patientId) : eq(patients.userId, input.userId),
      ),
    )
    .limit(1);
  if (!patient) throw new Error("issueMagicLink: no such patient at this practice");
  const scope: StoredScope = { patientId: patient.id };
  if (input.scope?.patientEntryId !== undefined) scope.patientEntryId = input.scope.patientEntryId;
  const token = await issueToken(db, clock, { purpose: "magic_link", userId: patient.userId, practiceId: input.practiceId, scope });
  await audit(db, { practiceId: input.practiceId, action: "magic_link.issued", subjectType: "patient", subjectId: patient.id, at: clock.now() });
  return token;
}

export type MagicLink = {
  tokenId: string;
  expiresAt: Date;
  patientId: number;
  /** Whether the patient already has an account (then /register/{token} does not apply). */
  patientHasAccount: boolean;
  practice: { id: number; name: string; urlCode: string };
  scope: MagicLinkScope;
};

/** A live magic link with its patient and practice, or null (unknown, expired or locked). */
export async function findMagicLink(context: AppContext, token: string): Promise<MagicLink | null> {
  const row = await findLiveToken(context.db, context.clock, token, "magic_link");
  const stored = row?.scope as StoredScope | null | undefined;
  if (!row || !row.practiceId || typeof stored?.patientId !== "number") return null;
  const [found] = await context.db
    .select({ patientUserId: patients.userId, practiceId: practices.id, name: practices.name, urlCode: practices.urlCode })
    .from(patients)
    .innerJoin(practices, eq(practices.id, patients.practiceId))
    .where(and(eq(patients.id, stored.patientId), eq(patients.practiceId, row.practiceId)))
    .limit(1);
  if (!found) return null;
  return {
    tokenId: row.id,
    expiresAt: row.expiresAt,
    patientId: stored.patientId,
    patientHasAccount: found.patientUserId !== null,
    practice: { id: found.practiceId, name: found.name, urlCode: found.urlCode },
    scope: typeof stored.patientEntryId === "number" ? { patientEntryId: stored.patientEntryId } : {},
  };
}

export type DateOfBirthCheck =
  /** `expiresAt`: when the grant ends (GRANT_SECONDS, or the link's own end if sooner). */
  | { status: "ok"; grant: TokenGrant; expiresAt: Date }
  | { status: "wrong"; attemptsLeft: number }
  | { status: "locked" }
  | { status: "dead" };

/** Checks the holder's date of birth (ISO yyyy-mm-dd) against the link's patient. */
export async function checkMagicLinkDateOfBirth(
  context: AppContext,
  token: string,
  dateOfBirth: string,
): Promise<DateOfBirthCheck> {
  const { db, clock } = context;
  const link = await findMagicLink(context, token);
  if (!link) return { status: "dead" };
  const subject = { practiceId: link.practice.id, subjectType: "auth_token", subjectId: link.tokenId } as const;
  // Three strikes, atomically: each check is counted on the token before the date is compared,
  // so a burst of guesses gets three comparisons at most (docs/decisions/0071-atomic-throttles.md).
  const [counted] = await db
    .update(authTokens)
    .set({ attempts: sql`${authTokens.attempts} + 1` })
    .where(and(eq(authTokens.id, link.tokenId), isNull(authTokens.usedAt)))
    .returning({ attempts: authTokens.attempts });
  if (!counted) return { status: "locked" };
  if (counted.attempts > MAX_DATE_OF_BIRTH_FAILURES) return lock(context, link.tokenId, subject);
  const [patient] = await db.select({ dateOfBirth: patients.dateOfBirth }).from(patients).where(eq(patients.id, link.patientId)).limit(1);
  if (patient?.dateOfBirth === dateOfBirth) {
    // A right answer is not a strike.
    await db.update(authTokens).set({ attempts: sql`greatest(${authTokens.attempts} - 1, 0)` }).where(eq(authTokens.id, link.tokenId));
    await audit(db, { ...subject, action: "magic_link.date_of_birth_confirmed", at: clock.now() });
    const grant: TokenGrant = {
      tokenId: link.tokenId,
      patientId: link.patientId,
      practiceId: link.practice.id,
      practiceCode: link.practice.urlCode,
      scope: link.scope,
    };
    const expiresAt = new Date(Math.min(clock.now().getTime() + GRANT_SECONDS * 1000, link.expiresAt.getTime()));
    return { status: "ok", grant, expiresAt };
  }
  await audit(db, { ...subject, action: FAILED, at: clock.now() });
  if (counted.attempts < MAX_DATE_OF_BIRTH_FAILURES) return { status: "wrong", attemptsLeft: MAX_DATE_OF_BIRTH_FAILURES - counted.attempts };
  return lock(context, link.tokenId, subject);
}

async function lock(
  context: AppContext,
  tokenId: string,
  subject: { practiceId: number; subjectType: "auth_token"; subjectId: string },
): Promise<DateOfBirthCheck> {
  const locked = await context.db
    .update(authTokens)
    .set({ usedAt: context.clock.now() })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  if (locked.length > 0) await audit(context.db, { ...subject, action: "magic_link.locked", at: context.clock.now() });
  return { status: "locked" };
}

/**
 * The grant as it was signed, if its link is still live (not used, not locked, not expired).
 * Reading it from the browser's cookie is HTTP glue: app/web/auth/token-grant.server.ts.
 */
export async function liveTokenGrant(context: Pick<AppContext, "db" | "clock">, grant: TokenGrant | null): Promise<TokenGrant | null> {
  if (!grant) return null;
  const [live] = await context.db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.id, grant.tokenId),
        eq(authTokens.purpose, "magic_link"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, context.clock.now()),
      ),
    )
    .limit(1);
  return live ? grant : null;
}

/** Where a confirmed holder goes: the request the link is about, or the link's own page. */
export function grantTarget(grant: TokenGrant, token: string): string {
  if (grant.scope.patientEntryId !== undefined) return `/${grant.practiceCode}/chat/${grant.scope.patientEntryId}`;
  return `/security/${encodeURIComponent(token)}`;
}
