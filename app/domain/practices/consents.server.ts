/**
 * A practice's agreements to feature terms (table practice_consents; decision 0075). Agreeing
 * and withdrawing are audited; withdrawing switches the feature off in the same transaction.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { practiceConsents, practices, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { CONSENT_TERMS, consentIsCurrent, type ConsentFeature } from "./consents";

export type Consent = {
  termsVersion: string;
  agreedAt: Date;
  agreedBy: string | null;
  withdrawnAt: Date | null;
  withdrawnBy: string | null;
};

export async function getConsent(db: Db, practiceId: number, feature: ConsentFeature): Promise<Consent | null> {
  const [row] = await db
    .select({
      termsVersion: practiceConsents.termsVersion,
      agreedAt: practiceConsents.agreedAt,
      withdrawnAt: practiceConsents.withdrawnAt,
      agreedByUserId: practiceConsents.agreedByUserId,
      withdrawnByUserId: practiceConsents.withdrawnByUserId,
    })
    .from(practiceConsents)
    .where(and(eq(practiceConsents.practiceId, practiceId), eq(practiceConsents.feature, feature)))
    .limit(1);
  if (!row) return null;
  const nameOf = async (id: number | null) => {
    if (id === null) return null;
    const [u] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, id)).limit(1);
    return u ? `${u.first} ${u.last}` : null;
  };
  return {
    termsVersion: row.termsVersion,
    agreedAt: row.agreedAt,
    agreedBy: await nameOf(row.agreedByUserId),
    withdrawnAt: row.withdrawnAt,
    withdrawnBy: await nameOf(row.withdrawnByUserId),
  };
}

/**
 * For /practices/edit: whether the practice has agreed to the current terms of a feature (and
 * not withdrawn). A feature with consentRequiredFor(feature) may be switched on only when true.
 */
export async function hasConsent(db: Db, practiceId: number, feature: ConsentFeature): Promise<boolean> {
  const [row] = await db
    .select({ termsVersion: practiceConsents.termsVersion, agreedAt: practiceConsents.agreedAt, withdrawnAt: practiceConsents.withdrawnAt })
    .from(practiceConsents)
    .where(and(eq(practiceConsents.practiceId, practiceId), eq(practiceConsents.feature, feature)))
    .limit(1);
  return consentIsCurrent(row ?? null, CONSENT_TERMS[feature].version);
}

/** The practice column a feature's switch lives in; AI triage has none yet (its consent is the switch). */
const FEATURE_SWITCH = {
  bulk_messaging: "bulkMessagingEnabled",
  video: "allowVideo",
  ai_triage: null,
} as const satisfies Record<ConsentFeature, keyof typeof practices.$inferSelect | null>;

type Actor = { userId: number; practiceId: number };

/** Records the practice's agreement to the current terms (again, after a withdrawal or new terms). */
export async function agreeToConsent(context: Pick<AppContext, "db" | "clock">, actor: Actor, feature: ConsentFeature): Promise<void> {
  const version = CONSENT_TERMS[feature].version;
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ termsVersion: practiceConsents.termsVersion, withdrawnAt: practiceConsents.withdrawnAt })
      .from(practiceConsents)
      .where(and(eq(practiceConsents.practiceId, actor.practiceId), eq(practiceConsents.feature, feature)))
      .for("update");
    const values = { termsVersion: version, agreedByUserId: actor.userId, agreedAt: now, withdrawnAt: null, withdrawnByUserId: null };
    await tx
      .insert(practiceConsents)
      .values({ practiceId: actor.practiceId, feature, ...values })
      .onConflictDoUpdate({ target: [practiceConsents.practiceId, practiceConsents.feature], set: values });
    await audit(tx, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: "practice.consent_agreed",
      subjectType: "consent",
      subjectId: feature,
      detail: {
        before: before ? (before.withdrawnAt ? `withdrawn (${before.termsVersion})` : `agreed (${before.termsVersion})`) : "none",
        after: `agreed (${version})`,
      },
      at: now,
    });
  });
}

/** Withdraws the agreement and switches the feature off. False when there was none to withdraw. */
export async function withdrawConsent(context: Pick<AppContext, "db" | "clock">, actor: Actor, feature: ConsentFeature): Promise<boolean> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .update(practiceConsents)
      .set({ withdrawnAt: now, withdrawnByUserId: actor.userId })
      .where(and(eq(practiceConsents.practiceId, actor.practiceId), eq(practiceConsents.feature, feature), isNull(practiceConsents.withdrawnAt)))
      .returning({ termsVersion: practiceConsents.termsVersion });
    if (!row) return false;
    const column = FEATURE_SWITCH[feature];
    let wasOn = false;
    if (column) {
      const [practice] = await tx.select({ on: practices[column] }).from(practices).where(eq(practices.id, actor.practiceId));
      wasOn = practice?.on ?? false;
      await tx.update(practices).set({ [column]: false, updatedAt: now }).where(eq(practices.id, actor.practiceId));
    }
    await audit(tx, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: "practice.consent_withdrawn",
      subjectType: "consent",
      subjectId: feature,
      detail: { before: `agreed (${row.termsVersion})`, after: "withdrawn", featureBefore: column ? (wasOn ? "on" : "off") : null, featureAfter: column ? "off" : null },
      at: now,
    });
    return true;
  });
}
