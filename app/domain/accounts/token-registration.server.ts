/**
 * /register/{token} (spec 2 §2.2): a magic-link holder whose patient record has no account
 * creates one. Only a holder who has confirmed the date of birth (a grant for this very
 * link) may; the name is the patient record's, the e-mail and password are theirs.
 *
 * It follows patient registration's rules (registration.server.ts): one record, one
 * account (canRegisterFor), and every well-formed form gets the same "check your email"
 * answer, the e-mail saying what happened, so the page never tells whether an address
 * already has an account.
 */
import { and, eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { patients, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import type { TokenGrant } from "~/domain/auth/magic-links.server";
import { hashPassword } from "~/domain/auth/password.server";
import { findPracticeByCode, type Practice } from "~/domain/practices/practices.server";
import { sendEmailValidation } from "./email-validation.server";
import { canRegisterFor, type PatientCandidate } from "./patient-match";
import { claimPatientRecord, findUserByEmail, insertUser, tellExistingAccount } from "./registration.server";

export type TokenRegistration = { status: "email_sent"; practice: Practice } | { status: "has_account" };

/** The patient a grant names, with whoever holds the record: what the form shows and checks. */
export async function grantPatient(context: AppContext, grant: TokenGrant) {
  const [row] = await context.db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      email: patients.email,
      mobile: patients.mobile,
      postcode: patients.postcode,
      ownerId: patients.userId,
      ownerIsGuest: users.isGuestAccount,
      ownerVerifiedAt: users.emailVerifiedAt,
    })
    .from(patients)
    .leftJoin(users, eq(users.id, patients.userId))
    .where(and(eq(patients.id, grant.patientId), eq(patients.practiceId, grant.practiceId)))
    .limit(1);
  if (!row) return null;
  const owner: PatientCandidate["owner"] =
    row.ownerId === null ? null : { userId: row.ownerId, isGuest: row.ownerIsGuest ?? false, verified: row.ownerVerifiedAt !== null };
  return { ...row, owner, mayRegister: canRegisterFor({ id: row.id, postcode: row.postcode, owner }) };
}

class PatientTaken extends Error {}

export async function registerWithMagicLink(
  context: AppContext,
  origin: string,
  grant: TokenGrant,
  input: { email: string; password: string },
): Promise<TokenRegistration> {
  const { db, clock } = context;
  const [patient, practice] = await Promise.all([grantPatient(context, grant), findPracticeByCode(db, grant.practiceCode)]);
  if (!patient || !practice || !patient.mayRegister) return { status: "has_account" };
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    // A guest account on this address is not upgraded here (patient registration does
    // that, in a helper of its own): nothing is sent for it yet.
    if (!existing.isGuestAccount) await tellExistingAccount(context, origin, practice, existing);
    return { status: "email_sent", practice };
  }
  let userId: number | null;
  try {
    userId = await db.transaction(async (tx) => {
      const now = clock.now();
      const id = await insertUser(tx, { ...input, firstName: patient.firstName, lastName: patient.lastName, mobile: patient.mobile, passwordHash, now });
      if (id === null) return null;
      const claimed = await claimPatientRecord(tx, { patientId: patient.id, practiceId: practice.id, userId: id, from: "registration", now });
      if (!claimed) throw new PatientTaken();
      await audit(tx, {
        actorUserId: id,
        practiceId: practice.id,
        action: "account.registered_with_magic_link",
        subjectType: "patient",
        subjectId: patient.id,
        at: now,
      });
      return id;
    });
  } catch (error) {
    if (error instanceof PatientTaken) return { status: "has_account" };
    throw error;
  }
  if (userId === null) {
    // The address was taken between the check and the insert: a double submit, usually.
    const now = await findUserByEmail(db, input.email);
    if (now && !now.isGuestAccount) await tellExistingAccount(context, origin, practice, now);
    return { status: "email_sent", practice };
  }
  await sendEmailValidation(context, origin, userId, { practiceId: practice.id });
  return { status: "email_sent", practice };
}
