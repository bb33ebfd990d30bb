/**
 * One person a carer cares for, as the carer sees them (spec 2 §2.3, /{code}/dependents/{id}):
 * the link (any state), the requests made for them (only once approved, through entryScope),
 * and the carer stopping the link themselves. Scoped to the carer in the SQL: another
 * carer's link id is simply not found.
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { carerDependents, issueTypes, patientEntries, patients, practices } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { entryScope } from "~/domain/requests/access.server";
import { formatDate } from "~/domain/requests/display";
import { requestReference } from "~/domain/requests/reference";
import { requestStatus, type RequestStatus } from "~/domain/requests/request-status";
import type { ProxyLinkReason, ProxyLinkStatus } from "./proxy-links";

export type CarerDependent = {
  id: number;
  patientId: number;
  practiceId: number;
  practiceCode: string;
  practiceName: string;
  firstName: string;
  lastName: string;
  /** Only for an approved link: until then the carer sees nothing of the record but the name. */
  dateOfBirth: string | null;
  relationship: string | null;
  reason: ProxyLinkReason | null;
  status: ProxyLinkStatus;
  decisionNote: string | null;
};

/** The carer's link with this id at this practice, or null (someone else's, or another practice's). */
export async function carerDependent(db: Db, input: { carerUserId: number; linkId: number; practiceId: number }): Promise<CarerDependent | null> {
  const [row] = await db
    .select({
      id: carerDependents.id,
      patientId: patients.id,
      practiceId: practices.id,
      practiceCode: practices.urlCode,
      practiceName: practices.name,
      firstName: patients.firstName,
      lastName: patients.lastName,
      dateOfBirth: patients.dateOfBirth,
      relationship: carerDependents.relationship,
      reason: carerDependents.reason,
      status: carerDependents.status,
      decisionNote: carerDependents.decisionNote,
    })
    .from(carerDependents)
    .innerJoin(patients, eq(patients.id, carerDependents.patientId))
    .innerJoin(practices, eq(practices.id, patients.practiceId))
    .where(and(eq(carerDependents.id, input.linkId), eq(carerDependents.carerUserId, input.carerUserId), eq(patients.practiceId, input.practiceId)))
    .limit(1);
  if (!row) return null;
  return { ...row, dateOfBirth: row.status === "approved" ? row.dateOfBirth : null };
}

export type DependentRequestRow = { id: number; reference: string; issueTypeName: string; sentOn: string; status: RequestStatus };

/**
 * The requests sent for the dependent that the carer may see (entryScope: approved links
 * only), newest first. Drafts and drafts that never reached the practice are left out.
 */
export async function dependentRequests(db: Db, input: { carerUserId: number; patientId: number; practiceId: number; limit?: number }): Promise<DependentRequestRow[]> {
  const rows = await db
    .select({
      id: patientEntries.id,
      stage: patientEntries.stage,
      awaitingPatientReply: patientEntries.awaitingPatientReply,
      closedAt: patientEntries.closedAt,
      submittedAt: patientEntries.submittedAt,
      issueTypeName: issueTypes.name,
    })
    .from(patientEntries)
    .innerJoin(issueTypes, eq(issueTypes.id, patientEntries.issueTypeId))
    .where(
      and(
        eq(patientEntries.practiceId, input.practiceId),
        eq(patientEntries.patientId, input.patientId),
        isNotNull(patientEntries.submittedAt),
        entryScope(input.carerUserId),
      ),
    )
    .orderBy(desc(patientEntries.submittedAt), desc(patientEntries.id))
    .limit(input.limit ?? 50);
  return rows.map((r) => ({
    id: r.id,
    reference: requestReference(r.id),
    issueTypeName: r.issueTypeName,
    sentOn: formatDate(r.submittedAt!),
    status: requestStatus(r) ?? "cancelled",
  }));
}

export type RemoveDependentResult = { status: "removed"; name: string } | { status: "not_found" };

/**
 * The carer stops acting for someone: the link is deleted (docs/decisions/0100), so the carer
 * can ask again later and the practice's approval starts afresh. Audited at the dependent's
 * practice. Requests already sent stay with the practice; the carer no longer sees them.
 */
export async function removeDependent(
  context: Pick<AppContext, "db" | "clock">,
  input: { carerUserId: number; linkId: number; practiceId: number },
): Promise<RemoveDependentResult> {
  const { db, clock } = context;
  const deleted = await db
    .delete(carerDependents)
    .where(
      and(
        eq(carerDependents.id, input.linkId),
        eq(carerDependents.carerUserId, input.carerUserId),
        sql`exists (select 1 from ${patients} p where p.id = ${carerDependents.patientId} and p.practice_id = ${input.practiceId})`,
      ),
    )
    .returning({ id: carerDependents.id, patientId: carerDependents.patientId, status: carerDependents.status });
  const row = deleted[0];
  if (!row) return { status: "not_found" };
  const [patient] = await db.select({ firstName: patients.firstName, lastName: patients.lastName }).from(patients).where(eq(patients.id, row.patientId)).limit(1);
  await audit(db, {
    actorUserId: input.carerUserId,
    practiceId: input.practiceId,
    action: "proxy_link.removed_by_carer",
    subjectType: "carer_dependent",
    subjectId: row.id,
    detail: { patientId: row.patientId, from: row.status },
    at: clock.now(),
  });
  return { status: "removed", name: patient ? `${patient.firstName} ${patient.lastName}` : "them" };
}
