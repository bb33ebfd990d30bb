/**
 * Patient and carer registration (spec 1 §2.2 /practice/{code}/register and
 * /practice/{code}/carer/register), and the account rules they share with guest entry.
 *
 * Whatever happened, a well-formed form gets the same answer: "check your email". The
 * e-mail says what happened, so the page never tells a stranger whether an address or a
 * patient already has an account (docs/decisions/0013-registration-and-guest-accounts.md). Every
 * answer also costs one password hash, so timing does not tell either.
 */
import { createHmac } from "node:crypto";
import { and, count, eq, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { auditEvents, patients, userGlobalRoles, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { hashPassword } from "~/domain/auth/password.server";
import { takeAttempt, throttleKeys, type Attempt } from "~/domain/auth/throttle.server";
import type { Practice } from "~/domain/practices/practices.server";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";
import { absoluteUrl, sendEmailValidation, VALIDATION_RESEND_INTERVAL_SECONDS } from "./email-validation.server";
import { canRegisterFor, type PatientCandidate } from "./patient-match";
import { findRegisteredPatient, type MatchedPatient, type PersonDetails } from "./patient-match.server";

/** The database or a transaction in it: both run the same queries. */
type Queryable = Db;

/** How long after one "you already have an account" e-mail the next to the same address waits. */
export const NOTICE_INTERVAL_SECONDS = 10 * 60;

export type EmailSentOutcome =
  | "created"
  | "upgraded_guest"
  | "email_in_use"
  | "patient_has_account"
  | "guest_created"
  | "guest_reused";

export type RegistrationResult =
  | { status: "not_registered" }
  /** Too many unmatched attempts from this address: the form would let anyone probe who is a patient. */
  | { status: "throttled" }
  | { status: "postcode_needed" }
  /** The only answer the visitor sees for a valid form: check your e-mail. */
  | { status: "email_sent"; outcome: EmailSentOutcome; userId?: number };

export type AccountDetails = { firstName: string; lastName: string; email: string; mobile: string };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Queryable, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normaliseEmail(email)}`)
    .limit(1);
  return user ?? null;
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

/** Inserts a user; null when the address is taken (a double submit racing this one). */
export async function insertUser(
  tx: Queryable,
  input: Omit<AccountDetails, "mobile"> & {
    mobile: string | null;
    passwordHash: string | null;
    isGuest?: boolean;
    verifiedAt?: Date | null;
    now: Date;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(users)
    .values({
      email: normaliseEmail(input.email),
      firstName: input.firstName,
      lastName: input.lastName,
      mobile: input.mobile,
      passwordHash: input.passwordHash,
      isGuestAccount: input.isGuest ?? false,
      emailVerifiedAt: input.verifiedAt ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row?.id ?? null;
}

/**
 * A guest who registers keeps their account, which becomes a full one. Its address must be
 * confirmed again (whoever typed this form has not proven they read that mailbox), and
 * its guest sessions end.
 */
async function upgradeGuest(tx: Queryable, userId: number, input: AccountDetails & { passwordHash: string; now: Date }) {
  const [row] = await tx
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      mobile: input.mobile,
      passwordHash: input.passwordHash,
      isGuestAccount: false,
      emailVerifiedAt: null,
      updatedAt: input.now,
    })
    .where(and(eq(users.id, userId), eq(users.isGuestAccount, true)))
    .returning({ id: users.id });
  if (!row) return null;
  await deleteUserSessions(tx, userId);
  return row.id;
}

/**
 * Links a patient record to an account, in one conditional UPDATE so two racing
 * registrations cannot both take it. The account gives up any other record it held at
 * the practice (a guest scoped to someone else before). `from` says whose records may be
 * taken over: a registration takes guests' and unconfirmed accounts' records, a guest
 * only other guests'.
 */
export async function claimPatientRecord(
  tx: Queryable,
  input: { patientId: number; practiceId: number; userId: number; from: "registration" | "guest"; now: Date },
): Promise<boolean> {
  await tx
    .update(patients)
    .set({ userId: null, updatedAt: input.now })
    .where(and(eq(patients.userId, input.userId), eq(patients.practiceId, input.practiceId), ne(patients.id, input.patientId)));
  const yielding =
    input.from === "registration"
      ? or(eq(users.isGuestAccount, true), isNull(users.emailVerifiedAt))
      : eq(users.isGuestAccount, true);
  const claimed = await tx
    .update(patients)
    .set({ userId: input.userId, updatedAt: input.now })
    .where(
      and(
        eq(patients.id, input.patientId),
        eq(patients.practiceId, input.practiceId),
        or(
          isNull(patients.userId),
          eq(patients.userId, input.userId),
          inArray(patients.userId, tx.select({ id: users.id }).from(users).where(yielding)),
        ),
      ),
    )
    .returning({ id: patients.id });
  return claimed.length > 0;
}

// ---- probing who is a patient ------------------------------------------------------------

export const TOO_MANY_ATTEMPTS = "Too many attempts. Wait a minute, then try again.";

function matchKeys(context: AppContext) {
  const key = `registered-patient:${context.clientAddress}`;
  return throttleKeys(context.config.sessionSecret, key, key);
}

/**
 * "You must be registered at this practice" tells whoever asks whether a name and date of
 * birth belong to a patient there. Each look-up counts like a sign-in attempt, per client
 * address (at most 10 a minute), counted before it is made so a burst cannot slip past; a
 * look-up that finds the patient gives its attempt back (`attempt.succeeded()`). So the forms
 * cannot be used to go through a list.
 */
export async function registeredPatientCheck(context: AppContext): Promise<Attempt> {
  return takeAttempt(context.db, context.clock, matchKeys(context));
}

// ---- e-mails that answer instead of the page ------------------------------------------

function noticeKey(context: AppContext, email: string) {
  return createHmac("sha256", context.config.sessionSecret).update(`registration-notice:${normaliseEmail(email)}`).digest("base64url").slice(0, 32);
}

/**
 * At most one notice per address per interval: otherwise anyone could fill a stranger's
 * inbox by registering with their address. Recorded in the audit trail under a keyed hash.
 */
async function mayNotify(context: AppContext, email: string): Promise<boolean> {
  const { db, clock } = context;
  const since = new Date(clock.now().getTime() - NOTICE_INTERVAL_SECONDS * 1000);
  const [{ n }] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "registration.notice_sent"),
        eq(auditEvents.subjectType, "email_key"),
        eq(auditEvents.subjectId, noticeKey(context, email)),
        gte(auditEvents.createdAt, since),
      ),
    );
  return n === 0;
}

async function recordNotice(context: AppContext, email: string, practiceId: number, template: string) {
  await audit(context.db, {
    practiceId,
    action: "registration.notice_sent",
    subjectType: "email_key",
    subjectId: noticeKey(context, email),
    detail: { template },
    at: context.clock.now(),
  });
}

function accountLinks(origin: string, practice: Practice) {
  return {
    signInLink: absoluteUrl(origin, `/${practice.urlCode}/login`),
    resetLink: absoluteUrl(origin, "/password/reset"),
  };
}

/**
 * The address already has a full account: an unconfirmed one gets a fresh validation link
 * (it is probably the same person trying again), a confirmed one an e-mail saying so.
 */
export async function tellExistingAccount(context: AppContext, origin: string, practice: Practice, user: UserRow) {
  if (user.disabledAt) return;
  if (!user.emailVerifiedAt) {
    // An account made moments ago is this same person's double submit: the request that
    // created it sends the link, and a second one here would race it.
    const ageMs = context.clock.now().getTime() - user.createdAt.getTime();
    if (ageMs < VALIDATION_RESEND_INTERVAL_SECONDS * 1000) return;
    await sendEmailValidation(context, origin, user.id, { practiceId: practice.id, throttle: true });
    return;
  }
  if (!(await mayNotify(context, user.email))) return;
  await context.notifier.send({
    channel: "email",
    to: user.email,
    template: "account-exists",
    values: { product: context.config.productName, practiceName: practice.name, ...accountLinks(origin, practice) },
  });
  await recordNotice(context, user.email, practice.id, "account-exists");
}

/** The details match a patient whose record belongs to someone's full account. */
export async function tellPatientHasAccount(context: AppContext, origin: string, practice: Practice, email: string) {
  if (!(await mayNotify(context, email))) return;
  await context.notifier.send({
    channel: "email",
    to: normaliseEmail(email),
    template: "patient-already-registered",
    values: { product: context.config.productName, practiceName: practice.name, ...accountLinks(origin, practice) },
  });
  await recordNotice(context, email, practice.id, "patient-already-registered");
}

// ---- patient ---------------------------------------------------------------------------

class PatientTaken extends Error {}

/**
 * What registration and guest entry do first, alike: the per-address throttle, the practice's
 * registered patient for the details typed, and whether the address already has an account that
 * may not take this record (then that person is e-mailed instead, and the page says only "check
 * your e-mail", whoever typed it). `mayTake` is the rule of the caller (canRegisterFor,
 * canEnterAsGuestFor). Either the answer is decided, or the patient and the address's account.
 */
export async function matchForNewAccount(
  context: AppContext,
  origin: string,
  practice: Practice,
  input: PersonDetails & { email: string },
  mayTake: (patient: PatientCandidate, userId?: number | null) => boolean,
): Promise<{ decided: RegistrationResult } | { patient: MatchedPatient; existing: UserRow | null }> {
  const attempt = await registeredPatientCheck(context);
  if (attempt.throttled) return { decided: { status: "throttled" } };
  const match = await findRegisteredPatient(context.db, practice.id, input);
  if (match.status !== "matched") return { decided: match };
  await attempt.succeeded();
  const existing = await findUserByEmail(context.db, input.email);
  if (existing && !existing.isGuestAccount) {
    await tellExistingAccount(context, origin, practice, existing);
    return { decided: { status: "email_sent", outcome: "email_in_use" } };
  }
  if (!mayTake(match.patient, existing?.id)) {
    await tellPatientHasAccount(context, origin, practice, input.email);
    return { decided: { status: "email_sent", outcome: "patient_has_account" } };
  }
  return { patient: match.patient, existing };
}

export type PatientRegistration = PersonDetails & AccountDetails & { password: string };

export async function registerPatient(
  context: AppContext,
  origin: string,
  practice: Practice,
  input: PatientRegistration,
): Promise<RegistrationResult> {
  const { db, clock } = context;
  const passwordHash = await hashPassword(input.password);
  const matched = await matchForNewAccount(context, origin, practice, input, canRegisterFor);
  if ("decided" in matched) return matched.decided;
  const { patient, existing } = matched;

  let userId: number | null;
  try {
    userId = await db.transaction(async (tx) => {
      const now = clock.now();
      const details = { ...input, passwordHash, now };
      const id = existing ? await upgradeGuest(tx, existing.id, details) : await insertUser(tx, details);
      if (id === null) return null;
      const claimed = await claimPatientRecord(tx, { patientId: patient.id, practiceId: practice.id, userId: id, from: "registration", now });
      if (!claimed) throw new PatientTaken();
      await audit(tx, {
        actorUserId: id,
        practiceId: practice.id,
        action: existing ? "account.registered_from_guest" : "account.registered",
        subjectType: "patient",
        subjectId: patient.id,
        detail: patient.owner && patient.owner.userId !== id ? { replacedUserId: patient.owner.userId } : undefined,
        at: now,
      });
      return id;
    });
  } catch (error) {
    if (!(error instanceof PatientTaken)) throw error;
    await tellPatientHasAccount(context, origin, practice, input.email);
    return { status: "email_sent", outcome: "patient_has_account" };
  }
  if (userId === null) {
    // The address was taken between the check and the insert: a double submit, usually.
    const now = await findUserByEmail(db, input.email);
    if (now && !now.isGuestAccount) await tellExistingAccount(context, origin, practice, now);
    return { status: "email_sent", outcome: "email_in_use" };
  }
  await sendEmailValidation(context, origin, userId, { practiceId: practice.id });
  return { status: "email_sent", outcome: existing ? "upgraded_guest" : "created", userId };
}

// ---- carer -----------------------------------------------------------------------------

export type CarerRegistration = AccountDetails & { password: string };

/** A carer's own account (role carer_user); the people they care for are added later. */
export async function registerCarer(
  context: AppContext,
  origin: string,
  practice: Practice,
  input: CarerRegistration,
): Promise<RegistrationResult> {
  const { db, clock } = context;
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing && !existing.isGuestAccount) {
    await tellExistingAccount(context, origin, practice, existing);
    return { status: "email_sent", outcome: "email_in_use" };
  }
  const userId = await db.transaction(async (tx) => {
    const now = clock.now();
    const details = { ...input, passwordHash, now };
    const id = existing ? await upgradeGuest(tx, existing.id, details) : await insertUser(tx, details);
    if (id === null) return null;
    await tx.insert(userGlobalRoles).values({ userId: id, role: "carer_user" }).onConflictDoNothing();
    // Where the carer asks to act for people (they may have no patient record of their own).
    await tx.update(users).set({ homePracticeId: practice.id }).where(and(eq(users.id, id), isNull(users.homePracticeId)));
    await audit(tx, { actorUserId: id, practiceId: practice.id, action: "account.registered_carer", at: now });
    return id;
  });
  if (userId === null) {
    const now = await findUserByEmail(db, input.email);
    if (now && !now.isGuestAccount) await tellExistingAccount(context, origin, practice, now);
    return { status: "email_sent", outcome: "email_in_use" };
  }
  await sendEmailValidation(context, origin, userId, { practiceId: practice.id });
  return { status: "email_sent", outcome: existing ? "upgraded_guest" : "created", userId };
}
