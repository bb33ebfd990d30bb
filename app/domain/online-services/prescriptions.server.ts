/**
 * The prescription pages' data: the patient's selection (kept by Frontdoor on the server,
 * so ticks survive paging without JS) and one prescription request with its status.
 */
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { gpMedicationSelections } from "~/db/schema";
import { canCancelPrescription } from "~/domain/gp-system/flavour";
import type { GpPrescriptionRequest } from "~/domain/gp-system/gp-system";
import { NotFound } from "~/domain/outcomes";
import type { OnlineServicesAccess } from "./access";
import { failureMessage } from "./errors.server";
import { formatLondonDate, orNoInformation } from "./format";

export async function readSelection(db: Db, patientId: number): Promise<Set<string>> {
  const rows = await db.select({ courseId: gpMedicationSelections.courseId }).from(gpMedicationSelections).where(eq(gpMedicationSelections.patientId, patientId));
  return new Set(rows.map((r) => r.courseId));
}

/** Stores exactly this selection for the patient. */
export async function writeSelection(db: Db, patientId: number, selection: ReadonlySet<string>): Promise<void> {
  const ids = [...selection];
  await db.transaction(async (tx) => {
    await tx
      .delete(gpMedicationSelections)
      .where(ids.length ? and(eq(gpMedicationSelections.patientId, patientId), notInArray(gpMedicationSelections.courseId, ids)) : eq(gpMedicationSelections.patientId, patientId));
    if (ids.length) await tx.insert(gpMedicationSelections).values(ids.map((courseId) => ({ patientId, courseId }))).onConflictDoNothing();
  });
}

export async function clearSelection(db: Db, patientId: number, courseIds?: string[]): Promise<void> {
  if (courseIds && courseIds.length === 0) return;
  await db
    .delete(gpMedicationSelections)
    .where(courseIds ? and(eq(gpMedicationSelections.patientId, patientId), inArray(gpMedicationSelections.courseId, courseIds)) : eq(gpMedicationSelections.patientId, patientId));
}

export type PrescriptionView = {
  prescriptionId: string;
  dateRequested: string;
  status: string;
  canCancel: boolean;
  courses: Array<{ courseId: string; name: string; dosage: string }>;
};

/** The request's status is its first course's (spec 2 §3). */
export function prescriptionView(request: GpPrescriptionRequest, flavour: OnlineServicesAccess["flavour"]): PrescriptionView {
  const status = request.courses[0]?.status ?? orNoInformation(null);
  return {
    prescriptionId: request.prescriptionId,
    dateRequested: formatLondonDate(request.dateRequested),
    status,
    canCancel: canCancelPrescription(flavour, status),
    courses: request.courses.map((c) => ({ courseId: c.courseId, name: c.name, dosage: orNoInformation(c.dosage) })),
  };
}

export type LoadedPrescription =
  | { prescription: PrescriptionView; failure: null }
  | { prescription: null; failure: { message: string; status: 400 | 503 } };

/** One of the patient's requests; someone else's, or none: page not found. */
export async function loadPrescription(context: AppContext, access: OnlineServicesAccess, prescriptionId: string): Promise<LoadedPrescription> {
  const result = await context.gpSystem.prescriptionRequests(access.patient, { prescriptionId });
  if (!result.ok) return { prescription: null, failure: failureMessage(result.error, "prescription-details") };
  const found = result.value.find((r) => r.prescriptionId === prescriptionId);
  if (!found) throw new NotFound();
  return { prescription: prescriptionView(found, access.flavour), failure: null };
}
