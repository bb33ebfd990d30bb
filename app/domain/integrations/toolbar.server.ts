/**
 * The toolbar's patient load (spec 3 §2 /toolbar/{code}/patients): the practice's patient with
 * this NHS number, found in SQL scoped to the practice, and audited (the number itself is not
 * written: the audit row names the patient by id, or says nothing was found).
 */
import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { patients } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { isValidNhsNumber } from "~/domain/patients/nhs-number";

/** The ten digits of an NHS number as typed or carried in a hash ("943 476 5919"), or null. */
export function nhsNumberDigits(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/[\s-]/g, "");
  return isValidNhsNumber(digits) ? digits : null;
}

export async function toolbarPatientId(context: AppContext, input: { userId: number; practiceId: number; nhsNumber: string }): Promise<number | null> {
  const [row] = await context.db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.practiceId, input.practiceId), eq(patients.nhsNumber, input.nhsNumber)))
    .orderBy(asc(patients.id))
    .limit(1);
  await audit(context.db, {
    actorUserId: input.userId,
    practiceId: input.practiceId,
    action: row ? "toolbar.patient_loaded" : "toolbar.patient_not_found",
    ...(row ? { subjectType: "patient", subjectId: row.id } : {}),
    at: context.clock.now(),
  });
  return row?.id ?? null;
}
