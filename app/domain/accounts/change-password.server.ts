/**
 * Change password for a signed-in user (spec 1 §7 POST /change_password). The current
 * password is proven again (throttled like sign-in); on success every OTHER session ends,
 * as does any outstanding reset link, and the user is told by e-mail.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { proveCurrentPassword, type PasswordProof } from "~/domain/auth/current-password.server";
import { hashPassword } from "~/domain/auth/password.server";
import { revokeTokens } from "~/domain/auth/tokens.server";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";

export const PASSWORD_CHANGED_MESSAGE = "Your password has been changed.";

export async function changePassword(
  context: AppContext,
  session: { userId: number; sessionId: string },
  input: { currentPassword: string; password: string },
): Promise<PasswordProof> {
  const proof = await proveCurrentPassword(context, session.userId, input.currentPassword, "password.change");
  if (proof !== "ok") return proof;
  const { db, clock, config } = context;
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const now = clock.now();
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, session.userId))
      .returning({ email: users.email, firstName: users.firstName });
    await deleteUserSessions(tx, session.userId, session.sessionId);
    await revokeTokens(tx, clock, session.userId, "password_reset");
    await audit(tx, { actorUserId: session.userId, action: "password.changed", at: now });
    return updated;
  });
  if (user) {
    await context.notifier.send({
      channel: "email",
      to: user.email,
      template: "password-changed",
      values: { firstName: user.firstName, product: config.productName, supportPhone: config.supportPhone },
    });
  }
  return "ok";
}
