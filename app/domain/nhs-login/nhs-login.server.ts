/**
 * Signing in with NHS login (spec 2 §2.8; decisions 0080, 0081): a known NHS login identity
 * starts a session marked with its level; someone not known yet is held as a "pending" sign-in
 * behind a random token while they choose their practice, then register (matched to the
 * practice's patient by NHS number) or link an existing account after its password.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { nhsLoginIdentities, nhsLoginPending, patients, practices, sessions, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { claimPatientRecord, insertUser } from "~/domain/accounts/registration.server";
import { checkPassword, startSession } from "~/domain/auth/sign-in.server";
import { hashSessionId } from "~/domain/sessions/sessions.server";
import * as z from "zod";
import { NhsLoginClaimsSchema, type NhsLoginClaims } from "./claims";
import { matchableNhsNumber, type NhsLoginLevel } from "./rules";

/** A pending sign-in lasts this long (choosing a practice and registering). */
export const PENDING_SECONDS = 30 * 60;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Marks a new session as NHS login's, with its level and the id_token logout needs. */
async function markSession(context: Pick<AppContext, "db">, sessionId: string, level: NhsLoginLevel, idToken: string | null) {
  await context.db.update(sessions).set({ nhsLoginLevel: level, nhsLoginIdToken: idToken }).where(eq(sessions.idHash, hashSessionId(sessionId)));
}

async function startNhsLoginSession(context: AppContext, userId: number, claims: NhsLoginClaims, idToken: string | null, userAgent: string | null) {
  const sessionId = await startSession(context, userId, userAgent);
  await markSession(context, sessionId, claims.level, idToken);
  return sessionId;
}

export type SignInOutcome = { kind: "signed_in"; sessionId: string } | { kind: "unknown"; token: string } | { kind: "disabled" };

/** After NHS login: the linked user signs in, or a pending sign-in is made for someone new. */
export async function signInWithNhsLogin(context: AppContext, claims: NhsLoginClaims, idToken: string, userAgent: string | null): Promise<SignInOutcome> {
  const { db, clock } = context;
  const [known] = await db
    .select({ userId: nhsLoginIdentities.userId, disabledAt: users.disabledAt })
    .from(nhsLoginIdentities)
    .innerJoin(users, eq(users.id, nhsLoginIdentities.userId))
    .where(eq(nhsLoginIdentities.sub, claims.sub))
    .limit(1);
  if (known) {
    if (known.disabledAt) return { kind: "disabled" };
    await db.update(nhsLoginIdentities).set({ level: claims.level, lastSignedInAt: clock.now() }).where(eq(nhsLoginIdentities.sub, claims.sub));
    const sessionId = await startNhsLoginSession(context, known.userId, claims, idToken, userAgent);
    await audit(db, { actorUserId: known.userId, action: "nhs_login.signed_in", detail: { level: claims.level }, at: clock.now() });
    return { kind: "signed_in", sessionId };
  }
  const token = randomBytes(32).toString("base64url");
  const now = clock.now();
  await db.delete(nhsLoginPending).where(lt(nhsLoginPending.expiresAt, now));
  await db.insert(nhsLoginPending).values({
    tokenHash: hashToken(token),
    claims: { claims } satisfies PendingState,
    idToken,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_SECONDS * 1000),
  });
  return { kind: "unknown", token };
}

const PendingStateSchema = z.object({
  claims: NhsLoginClaimsSchema,
  /** Chosen on select-practice. */
  practiceId: z.number().int().optional(),
  /** The account to link to (link-account): the matched record's, or the one with the e-mail. */
  linkUserId: z.number().int().optional(),
  /** The matched patient record at the chosen practice, free to claim. */
  patientId: z.number().int().optional(),
});
type PendingState = z.infer<typeof PendingStateSchema>;

export type Pending = PendingState & { tokenHash: string; idToken: string | null };

/** The pending sign-in behind a token, or null (unknown, tampered or expired). */
export async function readPending(context: Pick<AppContext, "db" | "clock">, token: string | undefined): Promise<Pending | null> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await context.db
    .select()
    .from(nhsLoginPending)
    .where(and(eq(nhsLoginPending.tokenHash, hashToken(token)), gt(nhsLoginPending.expiresAt, context.clock.now())))
    .limit(1);
  if (!row) return null;
  const state = PendingStateSchema.safeParse(row.claims);
  return state.success ? { ...state.data, tokenHash: row.tokenHash, idToken: row.idToken } : null;
}

async function savePending(context: Pick<AppContext, "db">, pending: Pending) {
  const { tokenHash, idToken: _idToken, ...state } = pending;
  await context.db.update(nhsLoginPending).set({ claims: state }).where(eq(nhsLoginPending.tokenHash, tokenHash));
}

export type PracticeOption = { id: number; name: string; urlCode: string };

/** Practices to choose from, the one NHS login says the person is registered at first. */
export async function practiceOptions(context: Pick<AppContext, "db">, claims: NhsLoginClaims) {
  const rows = await context.db
    .select({ id: practices.id, name: practices.name, urlCode: practices.urlCode, odsCode: practices.odsCode })
    .from(practices)
    .orderBy(asc(practices.name))
    .limit(200);
  const suggested = claims.odsCode ? (rows.find((p) => p.odsCode?.toUpperCase() === claims.odsCode) ?? null) : null;
  const strip = ({ id, name, urlCode }: (typeof rows)[number]): PracticeOption => ({ id, name, urlCode });
  return {
    suggested: suggested ? strip(suggested) : null,
    practices: [...(suggested ? [suggested] : []), ...rows.filter((p) => p !== suggested)].map(strip),
  };
}

export type Placement = { kind: "register"; practice: PracticeOption } | { kind: "link"; practice: PracticeOption };

/**
 * The practice chosen: the patient record with the NHS number NHS login gives (never name and
 * date of birth). A record that already has an account, or an account with the same e-mail,
 * is linked after that account's password; otherwise the person registers.
 */
export async function choosePractice(context: Pick<AppContext, "db">, pending: Pending, urlCode: string): Promise<Placement | null> {
  const { db } = context;
  const [practice] = await db.select({ id: practices.id, name: practices.name, urlCode: practices.urlCode }).from(practices).where(eq(practices.urlCode, urlCode)).limit(1);
  if (!practice) return null;
  const nhsNumber = matchableNhsNumber(pending.claims);
  const [record] = nhsNumber
    ? await db
        .select({ id: patients.id, userId: patients.userId, userIsGuest: users.isGuestAccount })
        .from(patients)
        .leftJoin(users, eq(users.id, patients.userId))
        .where(and(eq(patients.practiceId, practice.id), eq(patients.nhsNumber, nhsNumber)))
        .limit(1)
    : [];
  const [sameEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${pending.claims.email}`, eq(users.isGuestAccount, false)))
    .limit(1);
  const recordOwner = record?.userId && !record.userIsGuest ? record.userId : null;
  const linkUserId = recordOwner ?? sameEmail?.id;
  await savePending(context, { ...pending, practiceId: practice.id, patientId: record && !recordOwner ? record.id : undefined, linkUserId });
  return { kind: linkUserId ? "link" : "register", practice };
}

async function linkIdentity(context: AppContext, userId: number, claims: NhsLoginClaims) {
  const now = context.clock.now();
  await context.db
    .insert(nhsLoginIdentities)
    .values({ sub: claims.sub, userId, level: claims.level, createdAt: now, lastSignedInAt: now })
    .onConflictDoUpdate({ target: nhsLoginIdentities.userId, set: { sub: claims.sub, level: claims.level, lastSignedInAt: now } });
}

export type RegisterOutcome = { ok: true; sessionId: string; practice: PracticeOption } | { ok: false; reason: "link" | "no_practice" };

/**
 * Registers the person at the chosen practice: an account from NHS login's details (its e-mail
 * is verified by NHS login; no password: they sign in with NHS login), the matched record
 * claimed, the identity linked, and a session started.
 */
export async function registerWithNhsLogin(context: AppContext, pending: Pending, urlCode: string, userAgent: string | null): Promise<RegisterOutcome> {
  const { db, clock } = context;
  if (pending.linkUserId) return { ok: false, reason: "link" };
  const [practice] = await db.select({ id: practices.id, name: practices.name, urlCode: practices.urlCode }).from(practices).where(eq(practices.urlCode, urlCode)).limit(1);
  if (!practice || practice.id !== pending.practiceId) return { ok: false, reason: "no_practice" };
  const { claims } = pending;
  const now = clock.now();
  const userId = await db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      email: claims.email,
      firstName: claims.givenName,
      lastName: claims.familyName,
      mobile: null,
      passwordHash: null,
      verifiedAt: now,
      now,
    });
    if (id === null) return null;
    await tx.update(users).set({ homePracticeId: practice.id }).where(eq(users.id, id));
    if (pending.patientId) await claimPatientRecord(tx, { patientId: pending.patientId, practiceId: practice.id, userId: id, from: "registration", now });
    await tx.insert(nhsLoginIdentities).values({ sub: claims.sub, userId: id, level: claims.level, createdAt: now, lastSignedInAt: now });
    await tx.delete(nhsLoginPending).where(eq(nhsLoginPending.tokenHash, pending.tokenHash));
    return id;
  });
  // The e-mail was taken meanwhile: link to that account instead.
  if (userId === null) return { ok: false, reason: "link" };
  await audit(db, { actorUserId: userId, practiceId: practice.id, action: "nhs_login.registered", detail: { level: claims.level, matched: Boolean(pending.patientId) }, at: now });
  const sessionId = await startNhsLoginSession(context, userId, claims, pending.idToken, userAgent);
  return { ok: true, sessionId, practice };
}

/** The account link-account offers, named by its e-mail address only. */
export async function linkTarget(context: Pick<AppContext, "db">, pending: Pending): Promise<{ email: string } | null> {
  if (!pending.linkUserId) return null;
  const [user] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, pending.linkUserId)).limit(1);
  return user ?? null;
}

export type LinkOutcome = { ok: true; sessionId: string } | { ok: false; reason: "invalid" | "throttled" | "no_account" };

/**
 * Links the NHS login identity to an existing account once its password is proven (throttled
 * and audited as any sign-in). NHS login itself is the second factor, so MFA is not asked again.
 */
export async function linkExistingAccount(context: AppContext, pending: Pending, password: string, userAgent: string | null): Promise<LinkOutcome> {
  const target = await linkTarget(context, pending);
  if (!target || !pending.linkUserId) return { ok: false, reason: "no_account" };
  const check = await checkPassword(context, target.email, password);
  if (check.status === "throttled") return { ok: false, reason: "throttled" };
  if (check.status === "invalid" || check.userId !== pending.linkUserId) return { ok: false, reason: "invalid" };
  const { db, clock } = context;
  await linkIdentity(context, pending.linkUserId, pending.claims);
  if (pending.practiceId && pending.patientId) {
    await claimPatientRecord(db, { patientId: pending.patientId, practiceId: pending.practiceId, userId: pending.linkUserId, from: "registration", now: clock.now() });
  }
  await db.delete(nhsLoginPending).where(eq(nhsLoginPending.tokenHash, pending.tokenHash));
  await audit(db, { actorUserId: pending.linkUserId, action: "nhs_login.linked", detail: { level: pending.claims.level }, at: clock.now() });
  const sessionId = await startNhsLoginSession(context, pending.linkUserId, pending.claims, pending.idToken, userAgent);
  return { ok: true, sessionId };
}

/** Whether a user signs in with NHS login (account settings send them to NHS login's own). */
export async function hasNhsLoginIdentity(context: Pick<AppContext, "db">, userId: number): Promise<boolean> {
  const [row] = await context.db.select({ id: nhsLoginIdentities.id }).from(nhsLoginIdentities).where(eq(nhsLoginIdentities.userId, userId)).limit(1);
  return Boolean(row);
}
