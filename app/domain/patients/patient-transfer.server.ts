/**
 * Patient transfer (decision 0104): how many requests the patient sent to this practice, and
 * the ask to send them on, made as an administrative request in the patient's name and submitted
 * as any request is (inboxes, counts, the confirmation to the patient).
 */
import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { entryMessages, patientEntries } from "~/db/schema";
import type { Practice } from "~/domain/practices/practices.server";
import { createEntry, type PatientEntry } from "~/domain/requests/entries.server";
import { submitDraft } from "~/domain/requests/journey.server";
import { transferMessage, type PatientTransferInput } from "./patient-transfer";

/** The administrative issue type (the one /message/myself/admin preselects). */
export const TRANSFER_ISSUE_TYPE_ID = 4;

/** Requests of the patient at the practice that reached it: all, and those still open. */
export async function sentRequestCounts(db: Db, practiceId: number, patientId: number): Promise<{ all: number; open: number }> {
  const [row] = await db
    .select({
      all: count(),
      open: sql<number>`count(*) filter (where ${patientEntries.stage} = 'submitted')`.mapWith(Number),
    })
    .from(patientEntries)
    .where(
      and(
        eq(patientEntries.practiceId, practiceId),
        eq(patientEntries.patientId, patientId),
        isNotNull(patientEntries.submittedAt),
        isNull(patientEntries.deletedAt),
      ),
    );
  return { all: row?.all ?? 0, open: row?.open ?? 0 };
}

export async function askToSendRequests(
  context: AppContext,
  origin: string,
  practice: Practice,
  input: { userId: number; patientId: number; counts: { all: number; open: number }; form: PatientTransferInput },
): Promise<PatientEntry> {
  const now = context.clock.now();
  const entry = await context.db.transaction(async (tx) => {
    const created = await createEntry(tx as unknown as Db, {
      practiceId: practice.id,
      patientId: input.patientId,
      createdByUserId: input.userId,
      requester: "myself",
      issueTypeId: TRANSFER_ISSUE_TYPE_ID,
      now,
    });
    const body = transferMessage(input.form, input.counts);
    await tx.insert(entryMessages).values({ patientEntryId: created.id, authorUserId: input.userId, authorRole: "patient", body, createdAt: now });
    return created;
  });
  await submitDraft(context, origin, practice, entry);
  return entry;
}
