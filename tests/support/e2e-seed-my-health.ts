/**
 * Per project, the my-health-and-feedback journey's patient (an account at the demo practice,
 * which has My health on) and two friends and family test links at demo: one open, one expired.
 * Their tokens are fixed here so the journey can open them. Idempotent.
 * Also per project (and one for the lynx journey), the patient of the records-and-moving journey (e2eRecordsPatient): a GP record
 * summary in the simulated GP system and one submitted request to ask to have sent on.
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { fftInvitations, patientEntries, patients, practices, users } from "~/db/schema";
import { seedGpRecord } from "~/db/seed-gp-system.server";
import { applyInboxChange } from "~/domain/inbox/counters.server";
import { createEntry } from "~/domain/requests/entries.server";
import { E2E_PROJECTS } from "./e2e-users";

export function e2eMyHealthPatient(project: string) {
  const suffix = project === "js-on" ? "on" : "off";
  return { email: `e2e.myhealth.${project}@example.com`, firstName: "Harper", lastName: `Pressure${suffix === "on" ? "On" : "Off"}` };
}

const RECORDS_SURNAMES: Record<string, string> = { "js-on": "RecordsOn", "js-off": "RecordsOff", lynx: "RecordsLynx" };

/**
 * `project`: a Playwright project, or "lynx": the text-browser journey sends a request of its own,
 * so it has its own patient and the records journey's count of sent requests does not depend on
 * which of the two ran first.
 */
export function e2eRecordsPatient(project: string) {
  return { email: `e2e.records.${project}@example.com`, firstName: "Rowan", lastName: RECORDS_SURNAMES[project] ?? `Records${project}` };
}

/** 43 base64url characters, as issued tokens are. */
export function e2eFftToken(project: string, kind: "open" | "expired"): string {
  return createHash("sha256").update(`e2e-fft-${project}-${kind}`).digest("base64url");
}

export async function seedE2eMyHealth(db: Db, passwordHash: string): Promise<void> {
  const [demo] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "demo"));
  for (const project of E2E_PROJECTS) {
    const person = e2eMyHealthPatient(project);
    const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${person.email}`);
    if (existing.length > 0) continue;
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: person.email, firstName: person.firstName, lastName: person.lastName, passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      const [patient] = await tx
        .insert(patients)
        .values({ practiceId: demo!.id, userId: user!.id, firstName: person.firstName, lastName: person.lastName, dateOfBirth: "1961-05-14", email: person.email })
        .returning({ id: patients.id });
      const now = Date.now();
      const hash = (token: string) => createHash("sha256").update(token).digest("base64url");
      // One invitation per appointment (fft_invitations_appointment_key, decision 0151): each its own reference.
      await tx.insert(fftInvitations).values([
        { practiceId: demo!.id, patientId: patient!.id, tokenHash: hash(e2eFftToken(project, "open")), appointmentRef: `e2e:${project}:open`, sentAt: new Date(now), expiresAt: new Date(now + 14 * 86_400_000) },
        { practiceId: demo!.id, patientId: patient!.id, tokenHash: hash(e2eFftToken(project, "expired")), appointmentRef: `e2e:${project}:expired`, sentAt: new Date(now - 20 * 86_400_000), expiresAt: new Date(now - 6 * 86_400_000) },
      ]);
    });
  }
}

export async function seedE2eRecordsPatients(db: Db, passwordHash: string): Promise<void> {
  const [demo] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "demo"));
  for (const project of [...E2E_PROJECTS, "lynx"]) {
    const person = e2eRecordsPatient(project);
    const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${person.email}`);
    if (existing.length > 0) continue;
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: person.email, firstName: person.firstName, lastName: person.lastName, passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      const [patient] = await tx
        .insert(patients)
        .values({ practiceId: demo!.id, userId: user!.id, firstName: person.firstName, lastName: person.lastName, dateOfBirth: "1979-08-23", email: person.email })
        .returning({ id: patients.id });
      const now = new Date();
      await seedGpRecord(tx as unknown as Db, patient!.id, now);
      const entry = await createEntry(tx as unknown as Db, { practiceId: demo!.id, patientId: patient!.id, createdByUserId: user!.id, requester: "myself", issueTypeId: 4, now });
      const [row] = await tx.update(patientEntries).set({ stage: "submitted", submittedAt: now }).where(eq(patientEntries.id, entry.id)).returning();
      await applyInboxChange(tx, demo!.id, null, row!);
    });
  }
}
