/**
 * Guest entry (spec 2 §2.2 /practice/{code}/continue-as-guest, spec 1 §2.2
 * /guest-validate/{token}): a registered patient without an account proves their e-mail
 * address and then acts as that patient for a visit. The guest account has no password;
 * it is linked to the matched patient record when the link in the e-mail is followed
 * (docs/decisions/0013-registration-and-guest-accounts.md).
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import * as z from "zod";
import type { AppContext } from "~/context.server";
import { authTokens, practices, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { consumeToken, findLiveToken, issueToken, revokeTokens } from "~/domain/auth/tokens.server";
import type { Practice } from "~/domain/practices/practices.server";
import { absoluteUrl, linkSentRecently } from "./email-validation.server";
import { canEnterAsGuestFor } from "./patient-match";
import type { PersonDetails } from "./patient-match.server";
import {
  claimPatientRecord,
  findUserByEmail,
  insertUser,
  matchForNewAccount,
  tellExistingAccount,
  type AccountDetails,
  type RegistrationResult,
} from "./registration.server";

/** What the guest link carries: the record to act for and the details typed, applied on use. */
const GuestScope = z.object({
  patientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string(),
});
type GuestScope = z.infer<typeof GuestScope>;

export type GuestEntry = PersonDetails & AccountDetails;

export const GUEST_MESSAGES = {
  patientHasAccount: "The patient details you gave belong to someone with an account. Sign in to continue.",
} as const;

export async function continueAsGuest(
  context: AppContext,
  origin: string,
  practice: Practice,
  input: GuestEntry,
): Promise<RegistrationResult> {
  const { db, clock } = context;
  const matched = await matchForNewAccount(context, origin, practice, input, canEnterAsGuestFor);
  if ("decided" in matched) return matched.decided;
  const { patient } = matched;
  let guest = matched.existing;
  const reused = guest !== null;
  if (!guest) {
    const id = await insertUser(db, { ...input, passwordHash: null, isGuest: true, now: clock.now() });
    guest = await findUserByEmail(db, input.email);
    if (id === null && guest && !guest.isGuestAccount) {
      await tellExistingAccount(context, origin, practice, guest);
      return { status: "email_sent", outcome: "email_in_use" };
    }
  }
  if (!guest || guest.disabledAt) return { status: "email_sent", outcome: "guest_reused" };
  // A double submit (or a second click within the minute) does not send a second link.
  if (!(await linkSentRecently(db, clock, guest.id, "guest_validation"))) {
    const scope: GuestScope = { patientId: patient.id, firstName: input.firstName, lastName: input.lastName, mobile: input.mobile };
    await sendGuestLink(context, origin, practice, guest.id, guest.email, scope);
    await audit(db, {
      actorUserId: guest.id,
      practiceId: practice.id,
      action: reused ? "guest.link_sent" : "guest.created",
      subjectType: "patient",
      subjectId: patient.id,
      at: clock.now(),
    });
  }
  return { status: "email_sent", outcome: reused ? "guest_reused" : "guest_created", userId: guest.id };
}

async function sendGuestLink(context: AppContext, origin: string, practice: Practice, userId: number, email: string, scope: GuestScope) {
  const { db, clock, notifier, config } = context;
  await revokeTokens(db, clock, userId, "guest_validation");
  const token = await issueToken(db, clock, { purpose: "guest_validation", userId, practiceId: practice.id, email, scope });
  await notifier.send({
    channel: "email",
    to: email,
    template: "guest-validation",
    values: { link: absoluteUrl(origin, `/guest-validate/${token}`), product: config.productName, practiceName: practice.name },
  });
}

/** The resend button of the e-mail-sent page: the last guest link again, at most once a minute. */
export async function resendGuestLink(context: AppContext, origin: string, practice: Practice, email: string): Promise<void> {
  const { db, clock } = context;
  const guest = await findUserByEmail(db, email);
  if (!guest?.isGuestAccount || guest.disabledAt) return;
  if (await linkSentRecently(db, clock, guest.id, "guest_validation")) return;
  const [last] = await db
    .select({ scope: authTokens.scope })
    .from(authTokens)
    .where(and(eq(authTokens.userId, guest.id), eq(authTokens.purpose, "guest_validation"), eq(authTokens.practiceId, practice.id)))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  const scope = GuestScope.safeParse(last?.scope);
  if (!scope.success) return;
  await sendGuestLink(context, origin, practice, guest.id, guest.email, scope.data);
}

/** A live guest link and its practice, to show the page the link opens; null otherwise. */
export async function findGuestLink(context: AppContext, token: string) {
  const row = await findLiveToken(context.db, context.clock, token, "guest_validation");
  if (!row?.practiceId) return null;
  const [practice] = await context.db
    .select({ name: practices.name, urlCode: practices.urlCode })
    .from(practices)
    .where(eq(practices.id, row.practiceId))
    .limit(1);
  return practice ? { practice } : null;
}

export type GuestConfirmation =
  | { status: "signed_in"; userId: number; practiceCode: string }
  /** The link is unknown, expired or used. */
  | { status: "invalid" }
  /** Meanwhile the patient created an account: they sign in instead. */
  | { status: "patient_has_account"; practiceCode: string };

/**
 * Uses a guest link: the address is proven, the guest is linked to the patient record (a
 * record only ever passes between guests here) and gets the details typed at entry.
 */
export async function confirmGuest(context: AppContext, token: string): Promise<GuestConfirmation> {
  const { db, clock } = context;
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, clock, token, "guest_validation");
    const scope = GuestScope.safeParse(row?.scope);
    if (!row?.userId || row.practiceId === null || !scope.success) return { status: "invalid" as const };
    const [practice] = await tx.select({ urlCode: practices.urlCode }).from(practices).where(eq(practices.id, row.practiceId)).limit(1);
    const [guest] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, row.userId), eq(users.isGuestAccount, true), isNull(users.disabledAt)))
      .limit(1);
    if (!practice || !guest) return { status: "invalid" as const };
    const now = clock.now();
    const claimed = await claimPatientRecord(tx, { patientId: scope.data.patientId, practiceId: row.practiceId, userId: guest.id, from: "guest", now });
    if (!claimed) return { status: "patient_has_account" as const, practiceCode: practice.urlCode };
    const { firstName, lastName, mobile } = scope.data;
    await tx.update(users).set({ firstName, lastName, mobile, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, guest.id));
    await audit(tx, {
      actorUserId: guest.id,
      practiceId: row.practiceId,
      action: "guest.validated",
      subjectType: "patient",
      subjectId: scope.data.patientId,
      at: now,
    });
    return { status: "signed_in" as const, userId: guest.id, practiceCode: practice.urlCode };
  });
}
