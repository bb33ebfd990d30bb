/**
 * The signed-in patient's own record at a practice, and the changes they make to it at once
 * (contact details and address). Scoped to the user and the practice in the SQL.
 */
import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { patients } from "~/db/schema";
import type { MyDetailsInput } from "./my-details";

export async function myPatientRecord(db: Db, userId: number, practiceId: number) {
  const [row] = await db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      dateOfBirth: patients.dateOfBirth,
      email: patients.email,
      mobile: patients.mobile,
      phone: patients.phone,
      addressLine1: patients.addressLine1,
      town: patients.town,
      postcode: patients.postcode,
    })
    .from(patients)
    .where(and(eq(patients.userId, userId), eq(patients.practiceId, practiceId)))
    .orderBy(asc(patients.id))
    .limit(1);
  return row ?? null;
}

export async function updateMyDetails(context: Pick<AppContext, "db" | "clock">, input: { userId: number; patientId: number; practiceId: number; details: MyDetailsInput }): Promise<boolean> {
  const updated = await context.db
    .update(patients)
    .set({ ...input.details, updatedAt: context.clock.now() })
    .where(and(eq(patients.id, input.patientId), eq(patients.userId, input.userId), eq(patients.practiceId, input.practiceId)))
    .returning({ id: patients.id });
  return updated.length === 1;
}
