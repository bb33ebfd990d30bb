/**
 * Requests for the chat journeys (tests/e2e/request-chat.spec.ts), seeded with the e2e
 * accounts before the app starts (e2e-seed-users.ts calls this). Per Playwright project:
 *
 * - a patient with an account (e2eChatUserEmail) and a submitted admin request to which the
 *   practice has written (addPracticeMessage, as the staff inbox will): the reply journey;
 * - a patient without an account (e2eChatLinkEmail on the record) with two submitted
 *   requests, the practice having written on the first: its e-mail in the outbox carries
 *   the magic link of the token journey, which must open that request and not the other.
 */
import { eq, sql } from "drizzle-orm";
import { readConfig } from "~/config.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { patientEntries, patients, practices, users } from "~/db/schema";
import { systemClock } from "~/domain/clock";
import { LocalDiskFileStore } from "~/domain/files/file-store.server";
import { SimulatedGpSystem } from "~/domain/gp-system/simulated-gp-system.server";
import { applyInboxChange } from "~/domain/inbox/counters.server";
import { OutboxNotifier } from "~/domain/notify/notifier.server";
import { addPracticeMessage } from "~/domain/requests/conversation.server";
import { createEntry, saveAnswers } from "~/domain/requests/entries.server";
import { hashPassword } from "~/domain/auth/password.server";
import { E2E_BASE_URL } from "./e2e-constants";
import { E2E_CHAT, E2E_PROJECTS, E2E_USER_PASSWORD, e2eChatLinkEmail, e2eChatUserEmail } from "./e2e-users";
import { indexRequestText } from "~/domain/requests/request-text.server";

function seedContext(db: Db): AppContext {
  const config = readConfig(process.env);
  return {
    db,
    clock: systemClock,
    config,
    notifier: new OutboxNotifier(db),
    files: new LocalDiskFileStore(config.filesDir),
    gpSystem: new SimulatedGpSystem(db, systemClock),
    csrfSecret: "",
    clientAddress: "127.0.0.1",
    nonce: "",
  };
}

async function submitted(
  context: AppContext,
  practiceId: number,
  patientId: number,
  userId: number,
  answers: Record<number, string>,
  requester: "myself" | "staff" = "myself",
) {
  const now = context.clock.now();
  const entry = await createEntry(context.db, { practiceId, patientId, createdByUserId: userId, requester, issueTypeId: 4, now });
  await saveAnswers(
    context.db,
    entry.id,
    Object.entries(answers).map(([questionId, answer]) => ({ questionId: Number(questionId), answer })),
    "en",
    now,
  );
  const [row] = await context.db
    .update(patientEntries)
    .set({ stage: "submitted", submittedAt: now })
    .where(eq(patientEntries.id, entry.id))
    .returning();
  // Counted in the practice's inboxes and searchable as a real submission is.
  await applyInboxChange(context.db, practiceId, null, row);
  await indexRequestText(context.db, row.id);
  return row;
}

export async function seedE2eRequestsInto(db: Db): Promise<void> {
  const context = seedContext(db);
  const [demo] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "demo"));
  const [staff] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = 'demo.gp@nhs.net'`);
  const passwordHash = await hashPassword(E2E_USER_PASSWORD);
  for (const project of E2E_PROJECTS) {
    const email = e2eChatUserEmail(project);
    if ((await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`)).length > 0) continue;
    const [user] = await db
      .insert(users)
      .values({ email, firstName: "Jordan", lastName: "Reid", passwordHash, emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    const [patient] = await db
      .insert(patients)
      .values({ practiceId: demo.id, userId: user.id, firstName: "Jordan", lastName: "Reid", dateOfBirth: "1991-05-09", email })
      .returning({ id: patients.id });
    const entry = await submitted(context, demo.id, patient.id, user.id, { 31: "fit_note", 32: E2E_CHAT.requestText });
    await addPracticeMessage(context, entry, { body: E2E_CHAT.practiceMessage, staffUserId: staff.id, origin: E2E_BASE_URL });

    // The link holder: a patient of the practice with no account, known by the e-mail on record.
    const linkEmail = e2eChatLinkEmail(project);
    const [holder] = await db
      .insert(patients)
      .values({
        practiceId: demo.id,
        firstName: "Robin",
        lastName: `Hale${project === "js-on" ? "On" : "Off"}`,
        dateOfBirth: E2E_CHAT.linkHolderDateOfBirth,
        email: linkEmail,
      })
      .returning({ id: patients.id });
    const linked = await submitted(context, demo.id, holder.id, staff.id, { 31: "letter", 32: E2E_CHAT.linkRequestText }, "staff");
    await submitted(context, demo.id, holder.id, staff.id, { 31: "referral", 32: "The other request" }, "staff");
    await addPracticeMessage(context, linked, { body: E2E_CHAT.linkPracticeMessage, staffUserId: staff.id, origin: E2E_BASE_URL });
  }
}
