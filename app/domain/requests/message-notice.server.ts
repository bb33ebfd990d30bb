/**
 * The notice a patient gets when the practice writes in a request's conversation: e-mail
 * (account address, else the record's, else for a dependent the carer who wrote it) and SMS
 * when the record has a mobile, each with a magic link scoped to this request only, at its
 * message-link address /msg/message/auth/{token} (decision 0108). A request sent from the NHS
 * App is answered in the app too: an NHS App message to the patient's NHS number, where the
 * notifier can send one (decision 0084).
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { patients, practices, users } from "~/db/schema";
import { issueMagicLink } from "~/domain/auth/magic-links.server";
import { messageLinkPath } from "~/domain/auth/message-links";
import type { PatientEntry } from "./entries.server";
import { sendAfterCommit } from "~/domain/notify/after-commit.server";

import type { NoticeRefused } from "~/domain/notify/notice-refused";

export type { NoticeRefused };

export async function notifyPatientOfMessage(
  context: AppContext,
  entry: PatientEntry,
  origin: string,
  /** Where the SMS goes instead of the record's mobile (null: no SMS), as staff chose when sending. */
  options?: { smsTo: string | null },
): Promise<NoticeRefused> {
  const { db, notifier, config } = context;
  const [row] = await db
    .select({
      recordEmail: patients.email,
      mobile: patients.mobile,
      nhsNumber: patients.nhsNumber,
      accountEmail: users.email,
      practiceName: practices.name,
    })
    .from(patients)
    .innerJoin(practices, eq(practices.id, patients.practiceId))
    .leftJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.id, entry.patientId))
    .limit(1);
  if (!row) return [];
  let email = row.accountEmail ?? row.recordEmail;
  if (!email && entry.requester === "dependent") {
    const [creator] = await db.select({ email: users.email }).from(users).where(eq(users.id, entry.createdByUserId)).limit(1);
    email = creator?.email ?? null;
  }
  const mobile = options ? options.smsTo : row.mobile;
  const appMessage = entry.submittedVia === "nhs_app" && row.nhsNumber !== null && notifier.sends("nhs_app_notif") ? row.nhsNumber : null;
  if (!email && !mobile && !appMessage) return [];
  const token = await issueMagicLink(context, { patientId: entry.patientId, practiceId: entry.practiceId, scope: { patientEntryId: entry.id } });
  const values = { product: config.productName, practiceName: row.practiceName, link: new URL(messageLinkPath("message", token), origin).toString() };
  // After the message was committed: an address Notify refuses does not undo it (decision 0153).
  const refused: NoticeRefused = [];
  if (email && !(await sendAfterCommit(notifier, { channel: "email", to: email, template: "request-message", values }))) refused.push("email");
  if (mobile && !(await sendAfterCommit(notifier, { channel: "sms", to: mobile, template: "request-message", values }))) refused.push("sms");
  if (appMessage) await sendAfterCommit(notifier, { channel: "nhs_app_notif", to: appMessage, template: "request-message", values });
  return refused;
}
