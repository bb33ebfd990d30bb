/**
 * Onboarding a practice (spec 3 §2; decision 0076).
 *
 * Two ways in, one link: a system admin adds a practice (/practices/add) and its first
 * practice administrator is e-mailed a `practice_onboarding` token; an advanced user (or a
 * system admin) invites a practice by e-mail (/practices/invite), which makes a
 * practice_invitations row with a registration code and a `practice_invitation` token. Both
 * links lead to /practices/add/{token}, where the invited person creates their account (or,
 * with an account already, signs in and accepts) and becomes the practice's administrator;
 * an invited practice fills in its own details there. Tokens are single-use and expire after
 * 7 days (tokens.server.ts); a resent invitation kills the earlier link.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db, Queryable } from "~/db/client.server";
import { authTokens, ccgs, openingHours, practiceInvitations, practiceMemberships, practices, users } from "~/db/schema";
import { absoluteUrl } from "~/domain/accounts/email-validation.server";
import { findUserByEmail, insertUser, normaliseEmail } from "~/domain/accounts/registration.server";
import { audit } from "~/domain/audit/audit.server";
import { hashPassword } from "~/domain/auth/password.server";
import { consumeToken, findLiveToken, findUsedToken, issueToken, type TokenRow } from "~/domain/auth/tokens.server";
import { takeUrlCode } from "./former-codes.server";
import { DEFAULT_OPENING_HOURS } from "./opening-hours";
import { likePattern, PAGE_SIZE, registrationCodeFrom, type PracticeDetails } from "./onboarding";

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export const onboardingPath = (token: string) => `/practices/add/${token}`;
export const registrationCompletePath = (token: string) => `/practices/registration-complete/${token}`;

export async function listCcgs(db: Db) {
  return db.select({ id: ccgs.id, name: ccgs.name }).from(ccgs).orderBy(asc(ccgs.name)).limit(500);
}

async function ccgExists(db: Queryable, id: number | null): Promise<boolean> {
  if (id === null) return true;
  const [row] = await db.select({ id: ccgs.id }).from(ccgs).where(eq(ccgs.id, id)).limit(1);
  return Boolean(row);
}

async function codeTaken(db: Queryable, urlCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: practices.id })
    .from(practices)
    .where(sql`lower(${practices.urlCode}) = ${urlCode.toLowerCase()}`)
    .limit(1);
  return Boolean(row) || ["all", "aitesting"].includes(urlCode.toLowerCase());
}

class CodeTaken extends Error {}
class UnknownCcg extends Error {}

/** Inserts the practice with the default opening hours (Mon–Fri 08:00–18:30, weekend closed). */
async function insertPractice(tx: Queryable, details: PracticeDetails, now: Date): Promise<{ id: number; name: string; urlCode: string }> {
  if (await codeTaken(tx, details.urlCode)) throw new CodeTaken();
  if (!(await ccgExists(tx, details.ccgId))) throw new UnknownCcg();
  const [practice] = await tx
    .insert(practices)
    .values({
      name: details.name,
      urlCode: details.urlCode,
      odsCode: details.odsCode,
      ehrType: details.ehrType,
      country: details.country,
      coreHoursCompliance: details.country === "england",
      ccgId: details.ccgId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: practices.id, name: practices.name, urlCode: practices.urlCode });
  // Another practice's former code may be taken: its old links now reach this one (decision 0152).
  await takeUrlCode(tx, practice.urlCode);
  await tx.insert(openingHours).values(
    DEFAULT_OPENING_HOURS.map((d) => ({ practiceId: practice.id, day: d.day, closed: d.closed, localOpeningTime: d.opens, localClosingTime: d.closes })),
  );
  return practice;
}

const detailAudit = (d: PracticeDetails) => ({ urlCode: d.urlCode, odsCode: d.odsCode, ehrType: d.ehrType, country: d.country, ccgId: d.ccgId });

export type AddPracticeResult = { status: "created"; practice: { id: number; urlCode: string } } | { status: "code_taken" } | { status: "unknown_ccg" };

/** /practices/add: creates the practice and e-mails its first practice admin the link. */
export async function addPractice(
  context: AppContext,
  origin: string,
  actorUserId: number,
  input: PracticeDetails & { adminEmail: string },
): Promise<AddPracticeResult> {
  const { db, clock, config, notifier } = context;
  const now = clock.now();
  const email = normaliseEmail(input.adminEmail);
  let created: { practice: { id: number; name: string; urlCode: string }; token: string };
  try {
    created = await db.transaction(async (tx) => {
      const practice = await insertPractice(tx, input, now);
      const token = await issueToken(tx as unknown as Db, clock, { purpose: "practice_onboarding", practiceId: practice.id, email, scope: { invitedByUserId: actorUserId } });
      await audit(tx, { actorUserId, practiceId: practice.id, action: "practice.created", subjectType: "practice", subjectId: practice.id, detail: detailAudit(input), at: now });
      await audit(tx, { actorUserId, practiceId: practice.id, action: "practice_admin.invited", detail: { role: "practice_admin" }, at: now });
      return { practice, token };
    });
  } catch (error) {
    if (error instanceof CodeTaken || isUniqueViolation(error)) return { status: "code_taken" };
    if (error instanceof UnknownCcg) return { status: "unknown_ccg" };
    throw error;
  }
  await notifier.send({
    channel: "email",
    to: email,
    template: "practice-admin-invitation",
    values: { practiceName: created.practice.name, link: absoluteUrl(origin, onboardingPath(created.token)), product: config.productName },
  });
  return { status: "created", practice: created.practice };
}

// ---- the link -------------------------------------------------------------------------------

export type Onboarding = {
  kind: "practice" | "invitation";
  email: string;
  hasAccount: boolean;
  /** The practice a system admin added (kind "practice"). */
  practice: { id: number; name: string; urlCode: string; odsCode: string | null; ehrType: string; country: string; ccgName: string | null } | null;
  /** What the invitation says about the practice (kind "invitation"): the form's first values. */
  invitation: { id: number; practiceName: string; odsCode: string | null; ccgId: number | null; registrationCode: string } | null;
};

const invitationIdOf = (row: TokenRow) => {
  const id = (row.scope as { invitationId?: unknown } | null)?.invitationId;
  return typeof id === "number" ? id : null;
};

async function describe(db: Queryable, row: TokenRow): Promise<Onboarding | null> {
  if (!row.email) return null;
  const email = normaliseEmail(row.email);
  const hasAccount = (await findUserByEmail(db, email)) !== null;
  if (row.purpose === "practice_onboarding") {
    if (row.practiceId === null) return null;
    const [practice] = await db
      .select({
        id: practices.id,
        name: practices.name,
        urlCode: practices.urlCode,
        odsCode: practices.odsCode,
        ehrType: practices.ehrType,
        country: practices.country,
        ccgName: ccgs.name,
      })
      .from(practices)
      .leftJoin(ccgs, eq(ccgs.id, practices.ccgId))
      .where(eq(practices.id, row.practiceId))
      .limit(1);
    return practice ? { kind: "practice", email, hasAccount, practice, invitation: null } : null;
  }
  const invitationId = invitationIdOf(row);
  if (invitationId === null) return null;
  const [invitation] = await db
    .select({
      id: practiceInvitations.id,
      practiceName: practiceInvitations.practiceName,
      odsCode: practiceInvitations.odsCode,
      ccgId: practiceInvitations.ccgId,
      registrationCode: practiceInvitations.registrationCode,
    })
    .from(practiceInvitations)
    .where(and(eq(practiceInvitations.id, invitationId), isNull(practiceInvitations.deletedAt), isNull(practiceInvitations.completedAt)))
    .limit(1);
  return invitation ? { kind: "invitation", email, hasAccount, practice: null, invitation } : null;
}

/** A live link (unused, unexpired, its invitation neither deleted nor completed), or null. */
export async function findOnboarding(context: AppContext, token: string): Promise<Onboarding | null> {
  const { db, clock } = context;
  const row = (await findLiveToken(db, clock, token, "practice_onboarding")) ?? (await findLiveToken(db, clock, token, "practice_invitation"));
  return row ? describe(db, row) : null;
}

export type OnboardingOutcome =
  | { status: "done"; userId: number; practiceCode: string; created: boolean }
  | { status: "invalid" }
  | { status: "email_taken" }
  | { status: "wrong_account" }
  | { status: "code_taken" }
  | { status: "unknown_ccg" };

class Gone extends Error {}
class EmailTaken extends Error {}
class WrongAccount extends Error {}

/**
 * Uses the link: a new account (`register`) or the signed-in owner of the invited address
 * (`accept`) becomes practice admin; an invited practice is created from `details` first.
 * Everything in one transaction: any refusal leaves the link usable.
 */
export async function completeOnboarding(
  context: AppContext,
  token: string,
  person: { register: { firstName: string; lastName: string; password: string } } | { accept: { userId: number; email: string } },
  details: PracticeDetails | null,
): Promise<OnboardingOutcome> {
  const { db, clock } = context;
  const passwordHash = "register" in person ? await hashPassword(person.register.password) : null;
  try {
    return await db.transaction(async (tx) => {
      const now = clock.now();
      const row = (await consumeToken(tx as unknown as Db, clock, token, "practice_onboarding")) ?? (await consumeToken(tx as unknown as Db, clock, token, "practice_invitation"));
      const onboarding = row ? await describe(tx, row) : null;
      if (!row || !onboarding) throw new Gone();
      let userId: number;
      let created = false;
      if ("accept" in person) {
        if (normaliseEmail(person.accept.email) !== onboarding.email) throw new WrongAccount();
        userId = person.accept.userId;
      } else {
        const id = await insertUser(tx, { email: onboarding.email, firstName: person.register.firstName, lastName: person.register.lastName, mobile: null, passwordHash, verifiedAt: now, now });
        if (id === null) throw new EmailTaken();
        userId = id;
        created = true;
      }
      let practice: { id: number; urlCode: string };
      if (onboarding.kind === "practice" && onboarding.practice) {
        practice = onboarding.practice;
      } else {
        if (!details || !onboarding.invitation) throw new Gone();
        practice = await insertPractice(tx, details, now);
        await tx.update(practiceInvitations).set({ practiceId: practice.id, completedAt: now }).where(eq(practiceInvitations.id, onboarding.invitation.id));
        // The used token names the practice, for the registration-complete page.
        await tx.update(authTokens).set({ practiceId: practice.id }).where(eq(authTokens.id, row.id));
        await audit(tx, { actorUserId: userId, practiceId: practice.id, action: "practice.created", subjectType: "practice", subjectId: practice.id, detail: { ...detailAudit(details), invitationId: onboarding.invitation.id }, at: now });
      }
      await tx.insert(practiceMemberships).values({ userId, practiceId: practice.id, role: "practice_admin", createdAt: now }).onConflictDoNothing();
      await audit(tx, {
        actorUserId: userId,
        practiceId: practice.id,
        action: created ? "practice_admin.registered" : "practice_admin.invitation_accepted",
        detail: { role: "practice_admin", via: onboarding.kind },
        at: now,
      });
      return { status: "done" as const, userId, practiceCode: practice.urlCode, created };
    });
  } catch (error) {
    if (error instanceof Gone) return { status: "invalid" };
    if (error instanceof EmailTaken) return { status: "email_taken" };
    if (error instanceof WrongAccount) return { status: "wrong_account" };
    if (error instanceof CodeTaken || isUniqueViolation(error)) return { status: "code_taken" };
    if (error instanceof UnknownCcg) return { status: "unknown_ccg" };
    throw error;
  }
}

/** /practices/registration-complete/{token}: the practice a used link made someone admin of. */
export async function completedPractice(db: Db, token: string, userId: number, isSystemAdmin: boolean) {
  const row = await findUsedToken(db, token, ["practice_onboarding", "practice_invitation"]);
  if (!row || row.practiceId === null) return null;
  const [practice] = await db
    .select({ id: practices.id, name: practices.name, urlCode: practices.urlCode })
    .from(practices)
    .where(eq(practices.id, row.practiceId))
    .limit(1);
  if (!practice) return null;
  if (isSystemAdmin) return practice;
  const [member] = await db
    .select({ userId: practiceMemberships.userId })
    .from(practiceMemberships)
    .where(and(eq(practiceMemberships.userId, userId), eq(practiceMemberships.practiceId, practice.id), eq(practiceMemberships.role, "practice_admin")))
    .limit(1);
  return member ? practice : null;
}

// ---- practice invitations (/practices/invite) ------------------------------------------------

async function sendInvitation(context: AppContext, origin: string, invitation: { id: number; email: string; practiceName: string; registrationCode: string }) {
  const { db, clock, config, notifier } = context;
  // Only the newest link works: earlier ones to this invitation die.
  await db
    .update(authTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(authTokens.purpose, "practice_invitation"), isNull(authTokens.usedAt), sql`(${authTokens.scope}->>'invitationId')::int = ${invitation.id}`));
  const token = await issueToken(db, clock, { purpose: "practice_invitation", email: invitation.email, scope: { invitationId: invitation.id } });
  await notifier.send({
    channel: "email",
    to: invitation.email,
    template: "practice-invitation",
    values: { product: config.productName, practiceName: invitation.practiceName, link: absoluteUrl(origin, onboardingPath(token)), registrationCode: invitation.registrationCode },
  });
}

export type InvitePracticeResult = { status: "sent"; registrationCode: string } | { status: "unknown_ccg" };

export async function invitePractice(
  context: AppContext,
  origin: string,
  actorUserId: number,
  input: { email: string; practiceName: string; odsCode: string | null; ccgId: number | null },
): Promise<InvitePracticeResult> {
  const { db, clock } = context;
  if (!(await ccgExists(db, input.ccgId))) return { status: "unknown_ccg" };
  const now = clock.now();
  let row: { id: number; email: string; practiceName: string; registrationCode: string } | undefined;
  // A code clash is one in 25^8 per pair: try again with another.
  for (let attempt = 0; attempt < 5 && !row; attempt++) {
    const registrationCode = registrationCodeFrom((n) => randomBytes(n));
    const inserted = await db
      .insert(practiceInvitations)
      .values({ email: normaliseEmail(input.email), practiceName: input.practiceName, odsCode: input.odsCode, ccgId: input.ccgId, registrationCode, invitedByUserId: actorUserId, createdAt: now, lastSentAt: now })
      .onConflictDoNothing()
      .returning({ id: practiceInvitations.id, email: practiceInvitations.email, practiceName: practiceInvitations.practiceName, registrationCode: practiceInvitations.registrationCode });
    row = inserted[0];
  }
  if (!row) throw new Error("could not find a free registration code");
  await audit(db, { actorUserId, action: "practice_invitation.created", subjectType: "practice_invitation", subjectId: row.id, detail: { odsCode: input.odsCode, ccgId: input.ccgId }, at: now });
  await sendInvitation(context, origin, row);
  return { status: "sent", registrationCode: row.registrationCode };
}

export type InvitationListItem = {
  id: number;
  email: string;
  practiceName: string;
  odsCode: string | null;
  registrationCode: string;
  lastSentAt: Date;
  completedAt: Date | null;
  practiceCode: string | null;
};

/** The invited list (not deleted), newest first; `term` matches e-mail, practice name or code. */
export async function listPracticeInvitations(db: Db, term: string, page: number): Promise<{ items: InvitationListItem[]; total: number }> {
  const pattern = likePattern(term);
  const where = and(
    isNull(practiceInvitations.deletedAt),
    term
      ? sql`(lower(${practiceInvitations.email}) like ${pattern} or lower(${practiceInvitations.practiceName}) like ${pattern} or lower(${practiceInvitations.registrationCode}) like ${pattern} or lower(coalesce(${practiceInvitations.odsCode}, '')) like ${pattern})`
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(practiceInvitations).where(where);
  const items = await db
    .select({
      id: practiceInvitations.id,
      email: practiceInvitations.email,
      practiceName: practiceInvitations.practiceName,
      odsCode: practiceInvitations.odsCode,
      registrationCode: practiceInvitations.registrationCode,
      lastSentAt: practiceInvitations.lastSentAt,
      completedAt: practiceInvitations.completedAt,
      practiceCode: practices.urlCode,
    })
    .from(practiceInvitations)
    .leftJoin(practices, eq(practices.id, practiceInvitations.practiceId))
    .where(where)
    .orderBy(desc(practiceInvitations.createdAt), desc(practiceInvitations.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { items, total };
}

export async function findPracticeInvitation(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(practiceInvitations)
    .where(and(eq(practiceInvitations.id, id), isNull(practiceInvitations.deletedAt)))
    .limit(1);
  return row ?? null;
}

export type InvitationChange = "done" | "not_found" | "completed";

/** Sends the invitation again: a new link, the old one dead, last_sent_at now. */
export async function resendPracticeInvitation(context: AppContext, origin: string, actorUserId: number, id: number): Promise<InvitationChange> {
  const { db, clock } = context;
  const now = clock.now();
  const [row] = await db
    .update(practiceInvitations)
    .set({ lastSentAt: now })
    .where(and(eq(practiceInvitations.id, id), isNull(practiceInvitations.deletedAt), isNull(practiceInvitations.completedAt)))
    .returning();
  if (!row) return (await findPracticeInvitation(db, id)) ? "completed" : "not_found";
  await audit(db, { actorUserId, action: "practice_invitation.resent", subjectType: "practice_invitation", subjectId: id, at: now });
  await sendInvitation(context, origin, row);
  return "done";
}

/** Deletes an invitation (kept for the record, hidden from the list); its link dies. */
export async function deletePracticeInvitation(db: Db, clock: AppContext["clock"], actorUserId: number, id: number): Promise<InvitationChange> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(practiceInvitations)
      .set({ deletedAt: now })
      .where(and(eq(practiceInvitations.id, id), isNull(practiceInvitations.deletedAt)))
      .returning({ id: practiceInvitations.id, completedAt: practiceInvitations.completedAt });
    if (!row) return "not_found";
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.purpose, "practice_invitation"), isNull(authTokens.usedAt), sql`(${authTokens.scope}->>'invitationId')::int = ${id}`));
    await audit(tx, { actorUserId, action: "practice_invitation.deleted", subjectType: "practice_invitation", subjectId: id, detail: { completed: row.completedAt !== null }, at: now });
    return "done";
  });
}

// ---- the admin home ----------------------------------------------------------------------------

export async function searchPractices(db: Db, term: string, page: number) {
  const pattern = likePattern(term);
  const where = term
    ? sql`(lower(${practices.name}) like ${pattern} or lower(${practices.urlCode}) like ${pattern} or lower(coalesce(${practices.odsCode}, '')) like ${pattern})`
    : undefined;
  const [{ total }] = await db.select({ total: count() }).from(practices).where(where);
  const items = await db
    .select({ id: practices.id, name: practices.name, urlCode: practices.urlCode, odsCode: practices.odsCode, ehrType: practices.ehrType, country: practices.country })
    .from(practices)
    .where(where)
    .orderBy(asc(sql`lower(${practices.name})`), asc(practices.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { items, total };
}

export async function searchPeople(db: Db, term: string, page: number) {
  const pattern = likePattern(term);
  const where = and(
    eq(users.isGuestAccount, false),
    term
      ? sql`(lower(${users.email}) like ${pattern} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern} or lower(${users.lastName}) like ${pattern})`
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const items = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      disabled: sql<boolean>`${users.disabledAt} is not null`,
      globalRoles: sql<string[]>`coalesce((select array_agg(r.role::text order by r.role) from user_global_roles r where r.user_id = ${users.id}), '{}')`,
      practiceRoles: sql<string[]>`coalesce((select array_agg(m.role::text || ' at ' || p.name order by p.name, m.role) from practice_memberships m join practices p on p.id = m.practice_id where m.user_id = ${users.id}), '{}')`,
      isPatient: sql<boolean>`exists (select 1 from patients pt where pt.user_id = ${users.id})`,
    })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { items, total };
}
