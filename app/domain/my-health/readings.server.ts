/**
 * Blood pressure readings: whose readings the viewer may keep at this practice (themself and
 * the people they care for through an approved link), the list, adding one, and sending the
 * unsent ones to the practice as a request (docs/decisions/0105-blood-pressure-readings.md).
 * Every query names the practice and the patient; the patient comes from `myHealthSubjects`.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { bloodPressureReadings, entryMessages } from "~/db/schema";
import type { Practice } from "~/domain/practices/practices.server";
import { actingPatients, type ActingPatient } from "~/domain/requests/access.server";
import { createEntry, type PatientEntry } from "~/domain/requests/entries.server";
import { submitDraft } from "~/domain/requests/journey.server";
import { formatLondonDateTime } from "~/domain/time/london";
import { mayDeleteReading, readingsMessage, type ReadingInput } from "./blood-pressure";

/** The issue type a set of readings arrives as: "An ongoing medical problem" (decision 0105). */
export const READINGS_ISSUE_TYPE_ID = 2;

export type Reading = { id: number; systolic: number; diastolic: number; pulse: number; takenAt: Date; sent: boolean };

/** The people whose readings the viewer keeps at this practice: themself first, then dependents. */
export async function myHealthSubjects(db: Db, userId: number, practiceId: number): Promise<ActingPatient[]> {
  return (await actingPatients(db, userId)).filter((p) => p.practiceId === practiceId);
}

/** The subject named by `patientId` (or the first one), or null when the viewer has none here. */
export function chooseSubject(subjects: readonly ActingPatient[], patientId: number | null): ActingPatient | null {
  if (patientId !== null) return subjects.find((s) => s.patientId === patientId) ?? null;
  return subjects[0] ?? null;
}

export async function listReadings(db: Db, practiceId: number, patientId: number): Promise<Reading[]> {
  const rows = await db
    .select()
    .from(bloodPressureReadings)
    .where(and(eq(bloodPressureReadings.practiceId, practiceId), eq(bloodPressureReadings.patientId, patientId)))
    .orderBy(asc(bloodPressureReadings.takenAt), asc(bloodPressureReadings.id));
  return rows.map((r) => ({ id: r.id, systolic: r.systolic, diastolic: r.diastolic, pulse: r.pulse, takenAt: r.takenAt, sent: r.patientEntryId !== null }));
}

export async function addReading(db: Db, input: { practiceId: number; patientId: number; userId: number; reading: ReadingInput }): Promise<number> {
  const [row] = await db
    .insert(bloodPressureReadings)
    .values({
      practiceId: input.practiceId,
      patientId: input.patientId,
      recordedByUserId: input.userId,
      systolic: input.reading.systolic,
      diastolic: input.reading.diastolic,
      pulse: input.reading.pulse,
      takenAt: input.reading.takenAt,
    })
    .returning({ id: bloodPressureReadings.id });
  return row!.id;
}

/**
 * One reading the viewer may delete: at this practice, of one of `patientIds` (the viewer's
 * subjects), not yet sent. Anything else is null (the route answers 404).
 */
export async function findDeletableReading(
  db: Db,
  practiceId: number,
  patientIds: readonly number[],
  readingId: number,
): Promise<(Reading & { patientId: number }) | null> {
  if (patientIds.length === 0) return null;
  const [row] = await db
    .select()
    .from(bloodPressureReadings)
    .where(
      and(
        eq(bloodPressureReadings.id, readingId),
        eq(bloodPressureReadings.practiceId, practiceId),
        inArray(bloodPressureReadings.patientId, [...patientIds]),
      ),
    )
    .limit(1);
  if (!row) return null;
  const reading = { id: row.id, patientId: row.patientId, systolic: row.systolic, diastolic: row.diastolic, pulse: row.pulse, takenAt: row.takenAt, sent: row.patientEntryId !== null };
  return mayDeleteReading(reading) ? reading : null;
}

/** Deletes an unsent reading; false when it was sent (or deleted) meanwhile. */
export async function deleteUnsentReading(db: Db, practiceId: number, patientId: number, readingId: number): Promise<boolean> {
  const deleted = await db
    .delete(bloodPressureReadings)
    .where(
      and(
        eq(bloodPressureReadings.id, readingId),
        eq(bloodPressureReadings.practiceId, practiceId),
        eq(bloodPressureReadings.patientId, patientId),
        isNull(bloodPressureReadings.patientEntryId),
      ),
    )
    .returning({ id: bloodPressureReadings.id });
  return deleted.length > 0;
}

class NothingToSend extends Error {}

/**
 * Sends every unsent reading of the subject to the practice as one request: the readings are
 * claimed for a new request in one transaction (two clicks at once: one request, the other finds
 * nothing to send), the request carries them as its first message, and it is submitted as any
 * request is (inboxes, counts, the confirmation to the sender). Null when there was nothing to send.
 */
export async function sendReadings(
  context: AppContext,
  origin: string,
  practice: Practice,
  input: { userId: number; subject: ActingPatient },
): Promise<PatientEntry | null> {
  const now = context.clock.now();
  let entry: PatientEntry;
  try {
    entry = await context.db.transaction(async (tx) => {
      const created = await createEntry(tx as unknown as Db, {
        practiceId: practice.id,
        patientId: input.subject.patientId,
        createdByUserId: input.userId,
        requester: input.subject.relation === "myself" ? "myself" : "dependent",
        issueTypeId: READINGS_ISSUE_TYPE_ID,
        now,
      });
      const claimed = await tx
        .update(bloodPressureReadings)
        .set({ patientEntryId: created.id })
        .where(
          and(
            eq(bloodPressureReadings.practiceId, practice.id),
            eq(bloodPressureReadings.patientId, input.subject.patientId),
            isNull(bloodPressureReadings.patientEntryId),
          ),
        )
        .returning();
      if (claimed.length === 0) throw new NothingToSend();
      claimed.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime() || a.id - b.id);
      const body = readingsMessage(claimed.map((r) => ({ ...r, takenAt: formatLondonDateTime(r.takenAt) })));
      await tx.insert(entryMessages).values({ patientEntryId: created.id, authorUserId: input.userId, authorRole: "patient", body, createdAt: now });
      return created;
    });
  } catch (error) {
    if (error instanceof NothingToSend) return null;
    throw error;
  }
  await submitDraft(context, origin, practice, entry);
  return entry;
}
