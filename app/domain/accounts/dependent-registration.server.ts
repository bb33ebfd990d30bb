/**
 * /{code}/carer/{carer_id}/register (spec 2 §2.3): a signed-in carer adds someone they care
 * for, who must be a registered patient of the practice (the same rule as registration).
 */
import type { AppContext } from "~/context.server";
import { carerDependents } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import type { Practice } from "~/domain/practices/practices.server";
import { findRegisteredPatient, type PersonDetails } from "./patient-match.server";
import { recordUnmatchedPerson, registeredPatientCheckThrottled } from "./registration.server";

export type DependentResult =
  | { status: "not_registered" }
  | { status: "throttled" }
  | { status: "postcode_needed" }
  | { status: "self" }
  | { status: "added" | "already_added"; firstName: string; lastName: string };

export async function addDependent(
  context: AppContext,
  practice: Practice,
  carerUserId: number,
  input: PersonDetails & { relationship?: string | null },
): Promise<DependentResult> {
  const { db, clock } = context;
  if (await registeredPatientCheckThrottled(context)) return { status: "throttled" };
  const match = await findRegisteredPatient(db, practice.id, input);
  if (match.status === "not_registered") await recordUnmatchedPerson(context);
  if (match.status !== "matched") return match;
  const patient = match.patient;
  if (patient.owner?.userId === carerUserId) return { status: "self" };
  const inserted = await db
    .insert(carerDependents)
    .values({ carerUserId, patientId: patient.id, relationship: input.relationship?.trim() || null, createdAt: clock.now() })
    .onConflictDoNothing()
    .returning({ id: carerDependents.id });
  const names = { firstName: patient.firstName, lastName: patient.lastName };
  if (inserted.length === 0) return { status: "already_added", ...names };
  await audit(db, {
    actorUserId: carerUserId,
    practiceId: practice.id,
    action: "carer.dependent_added",
    subjectType: "patient",
    subjectId: patient.id,
    at: clock.now(),
  });
  return { status: "added", ...names };
}
