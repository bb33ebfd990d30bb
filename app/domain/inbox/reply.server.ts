/**
 * A practice message to the patient: written into the request's conversation, the request
 * moves to awaiting response, and the patient is told by e-mail (and SMS when we have a
 * mobile) with a link scoped to this request only (/security/{token}, date of birth check).
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { patients, practices, users } from "~/db/schema";
import { issueMagicLink } from "~/domain/auth/magic-links.server";
import { changeRequest, insertPracticeMessage, type Actor, type ChangeResult } from "./request-handling.server";

export const MAX_REPLY_LENGTH = 2000;

export async function replyToPatient(
  context: Pick<AppContext, "db" | "clock" | "config" | "notifier">,
  actor: Actor,
  input: { entryId: number; version: number | null; body: string; origin: string },
): Promise<ChangeResult> {
  const now = context.clock.now();
  const result = await changeRequest(context, actor, { entryId: input.entryId, version: input.version, command: { kind: "reply" } }, async (tx, entry) => {
    await insertPracticeMessage(tx, entry.id, actor.userId, input.body, now);
  });
  if (result.status === "ok") await notifyPatientOfMessage(context as AppContext, result.entry.id, result.entry.patientId, result.entry.practiceId, input.origin);
  return result;
}

async function notifyPatientOfMessage(context: AppContext, entryId: number, patientId: number, practiceId: number, origin: string) {
  const [row] = await context.db
    .select({ email: patients.email, mobile: patients.mobile, userEmail: users.email, practiceName: practices.name })
    .from(patients)
    .innerJoin(practices, eq(practices.id, patients.practiceId))
    .leftJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.id, patientId))
    .limit(1);
  if (!row) return;
  const email = row.userEmail ?? row.email;
  if (!email && !row.mobile) return;
  const token = await issueMagicLink(context, { patientId, practiceId, scope: { patientEntryId: entryId } });
  const values = { product: context.config.productName, practiceName: row.practiceName, link: new URL(`/security/${token}`, origin).toString() };
  if (email) await context.notifier.send({ channel: "email", to: email, template: "request-message", values });
  if (row.mobile) await context.notifier.send({ channel: "sms", to: row.mobile, template: "request-message", values });
}
