/**
 * People and requests for the request-journey tests: a practice with a signed-in patient, a
 * carer with a dependent, a guest, and entries in any stage. Names are unique per call, so
 * files sharing a database never see each other's rows.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { carerDependents, patientEntries, practiceMemberships } from "~/db/schema";
import { applyInboxChange } from "~/domain/inbox/counters.server";
import { createEntry, saveAnswers, type PatientEntry } from "~/domain/requests/entries.server";
import { indexRequestText } from "~/domain/requests/request-text.server";
import { createPatient, createUser, sessionCookie } from "./registration-fixtures";
import { makePractice, type PracticeValues } from "./world";

export type SignedIn = { userId: number; patientId: number; cookie: string };

export function requestPractice(context: AppContext, settings: PracticeValues = {}) {
  return makePractice(context, { name: "Request Test Surgery", ...settings });
}

/** A patient with an account at the practice, signed in. */
export async function signedInPatient(context: AppContext, practiceId: number, options: { guest?: boolean } = {}): Promise<SignedIn> {
  const user = await createUser(context, { guest: options.guest });
  const patient = await createPatient(context, practiceId, { userId: user.id, firstName: "Sarah" });
  return { userId: user.id, patientId: patient.id, cookie: await sessionCookie(context, user.id) };
}

/**
 * A carer (carer_user, with no patient record of their own) and one dependent at the practice,
 * the link approved by the practice (`status: "pending"` for one still waiting).
 */
export async function signedInCarer(context: AppContext, practiceId: number, options: { status?: "pending" | "approved" | "declined" | "removed" } = {}) {
  const user = await createUser(context, { carer: true, firstName: "Carol" });
  const dependent = await createPatient(context, practiceId, { firstName: "Grace", dateOfBirth: "2015-06-02" });
  const [link] = await context.db
    .insert(carerDependents)
    .values({ carerUserId: user.id, patientId: dependent.id, relationship: "parent", reason: "under_16", status: options.status ?? "approved" })
    .returning();
  return { userId: user.id, dependentPatientId: dependent.id, dependentId: link.id, cookie: await sessionCookie(context, user.id) };
}

/** A GP at the practice, signed in: staff are refused on the patient request pages. */
export async function signedInStaff(context: AppContext, practiceId: number) {
  const user = await createUser(context, { firstName: "Gwen" });
  await context.db.insert(practiceMemberships).values({ userId: user.id, practiceId, role: "gp" });
  return { userId: user.id, cookie: await sessionCookie(context, user.id) };
}

/** An entry in the given stage, started now, optionally with answers ({questionId: answer}). */
export async function makeEntry(
  context: AppContext,
  input: {
    practiceId: number;
    patientId: number;
    userId: number;
    issueTypeId?: number;
    stage?: PatientEntry["stage"];
    answers?: Record<number, string | string[]>;
  },
): Promise<PatientEntry> {
  const now = context.clock.now();
  const entry = await createEntry(context.db, {
    practiceId: input.practiceId,
    patientId: input.patientId,
    createdByUserId: input.userId,
    requester: "myself",
    issueTypeId: input.issueTypeId ?? 4,
    now,
  });
  if (input.answers) {
    const given = Object.entries(input.answers).map(([questionId, answer]) => ({ questionId: Number(questionId), answer }));
    await saveAnswers(context.db, entry.id, given, "en", now);
  }
  if (!input.stage || input.stage === "created") return entry;
  const [updated] = await context.db
    .update(patientEntries)
    .set({ stage: input.stage, submittedAt: now })
    .where(eq(patientEntries.id, entry.id))
    .returning();
  // Counted in the inboxes and searchable as a real submission (and any later change) is.
  await applyInboxChange(context.db, input.practiceId, null, updated);
  await indexRequestText(context.db, updated.id);
  return updated;
}
