/**
 * Account settings (spec 1 §2.2 /account-settings, spec 2 §2.1): the signed-in user's own
 * name, e-mail and mobile, with links to change the password and, where the practice has
 * MFA on, to the MFA settings. Every query here is scoped to the viewer's own user id.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { practices, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import { availablePaths } from "~/domain/shell/available-paths";
import { isAvailable } from "~/domain/shell/navigation";
import { actingPracticeId } from "~/domain/shell/acting-practice";

export const MFA_SETTINGS_PATH = "/mfa/settings";
export const DETAILS_UPDATED_MESSAGE = "Your details have been updated.";

export type AccountSettings = {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
  /** Whether to offer the MFA settings link (practice mfa_enabled, as in the user menu). */
  showMfa: boolean;
};

export async function loadAccountSettings(context: AppContext, viewer: Viewer): Promise<AccountSettings> {
  const { db } = context;
  const practiceId = actingPracticeId(viewer);
  const [[user], [practice]] = await Promise.all([
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, mobile: users.mobile })
      .from(users)
      .where(eq(users.id, viewer.userId))
      .limit(1),
    practiceId
      ? db.select({ mfaEnabled: practices.mfaEnabled }).from(practices).where(eq(practices.id, practiceId)).limit(1)
      : Promise.resolve([]),
  ]);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    mobile: user.mobile,
    showMfa: Boolean(practice?.mfaEnabled) && isAvailable(MFA_SETTINGS_PATH, availablePaths, null),
  };
}

/**
 * Updates the user's own name and mobile. The patient record (what the practice holds) is
 * changed through Change My Details, not here.
 */
export async function updateAccountDetails(
  context: AppContext,
  userId: number,
  details: { firstName: string; lastName: string; mobile?: string | null },
) {
  const { db, clock } = context;
  await db
    .update(users)
    .set({ firstName: details.firstName, lastName: details.lastName, mobile: details.mobile || null, updatedAt: clock.now() })
    .where(eq(users.id, userId));
  await audit(db, { actorUserId: userId, action: "account.details_updated", at: clock.now() });
}
