/**
 * A practice with a GP, a receptionist and a practice admin, and submitted requests counted in
 * their inboxes the way a patient's submission counts them.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { patientEntries, patients } from "~/db/schema";
import { makeEntry, requestPractice, signedInPatient } from "./request-fixtures";
import { makeUser, signInAs } from "./session-fixtures";

export async function staffPractice(context: AppContext) {
  const practice = await requestPractice(context);
  const gp = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "gp" }] });
  const receptionist = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "receptionist" }] });
  const practiceAdmin = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "practice_admin" }] });
  return {
    practice,
    gp: { ...gp, cookie: (await signInAs(context, gp.id)).cookie },
    receptionist: { ...receptionist, cookie: (await signInAs(context, receptionist.id)).cookie },
    practiceAdmin: { ...practiceAdmin, cookie: (await signInAs(context, practiceAdmin.id)).cookie },
  };
}

/** A patient's request that has reached the practice, with the patient's contact details. */
export async function submittedRequest(context: AppContext, practiceId: number, options: { issueTypeId?: number; answers?: Record<number, string | string[]> } = {}) {
  const patient = await signedInPatient(context, practiceId);
  await context.db.update(patients).set({ email: `patient${patient.patientId}@example.com`, mobile: "07700900123" }).where(eq(patients.id, patient.patientId));
  const entry = await makeEntry(context, {
    practiceId,
    patientId: patient.patientId,
    userId: patient.userId,
    issueTypeId: options.issueTypeId ?? 4,
    answers: options.answers ?? { 31: "fit_note", 32: "Off work since Monday" },
    stage: "submitted",
  });
  const [fresh] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
  return { entry: fresh, patient };
}
