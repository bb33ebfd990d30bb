/** Reading and setting one's own patient-facing name (audited: before → after set or changed). */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";

export async function getPatientFacingName(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ name: users.patientFacingName }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

export async function setPatientFacingName(context: Pick<AppContext, "db" | "clock">, actor: { userId: number; practiceId: number }, name: string) {
  await context.db.transaction(async (tx) => {
    const before = await getPatientFacingName(tx, actor.userId);
    const now = context.clock.now();
    await tx.update(users).set({ patientFacingName: name, updatedAt: now }).where(eq(users.id, actor.userId));
    // The name itself is personal data: the audit says whether it was set, not what it says.
    await audit(tx, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: "staff.patient_facing_name_updated",
      subjectType: "user",
      subjectId: actor.userId,
      detail: { before: before ? "set" : "unset", after: before === name ? "unchanged" : "changed" },
      at: now,
    });
  });
}
