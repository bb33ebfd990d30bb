/**
 * The end of a request staff started for a patient (/{code}/submitted/{id}): the request, if it
 * is this practice's, was written by staff and has been sent; otherwise NotFound.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { issueTypes, patientEntries, patients } from "~/db/schema";
import { NotFound } from "~/domain/outcomes";

export async function staffSubmittedRequest(db: Db, practiceId: number, entryId: number) {
  const [row] = await db
    .select({
      id: patientEntries.id,
      submittedAt: patientEntries.submittedAt,
      patientId: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      issueType: issueTypes.name,
    })
    .from(patientEntries)
    .innerJoin(patients, eq(patients.id, patientEntries.patientId))
    .innerJoin(issueTypes, eq(issueTypes.id, patientEntries.issueTypeId))
    .where(
      and(
        eq(patientEntries.id, entryId),
        eq(patientEntries.practiceId, practiceId),
        eq(patientEntries.requester, "staff"),
        isNotNull(patientEntries.submittedAt),
        isNull(patientEntries.deletedAt),
      ),
    );
  if (!row) throw new NotFound("request");
  return row;
}
