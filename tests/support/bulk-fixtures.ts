/**
 * Bulk messages (issue "templates"): a practice with bulk messaging on and its terms agreed,
 * its staff signed in, and patients in numbers (born, digital or not, reachable by SMS/e-mail).
 */
import type { AppContext } from "~/context.server";
import { patients, practiceConsents, practices } from "~/db/schema";
import { CONSENT_TERMS } from "~/domain/practices/consents";
import { eq } from "drizzle-orm";
import { nhsCheckDigit } from "~/domain/patients/nhs-number";
import { staffPractice } from "./inbox-fixtures";
import { makeGpPatient, makeGpPractice } from "./online-services-fixtures";
import { makeUser, signInAs } from "./session-fixtures";

export async function bulkPractice(context: AppContext, options: { consent?: boolean; enabled?: boolean } = {}) {
  const staff = await staffPractice(context);
  await context.db
    .update(practices)
    .set({ bulkMessagingEnabled: options.enabled ?? true, appointmentsEnabled: true })
    .where(eq(practices.id, staff.practice.id));
  if (options.consent ?? true) {
    await context.db
      .insert(practiceConsents)
      .values({ practiceId: staff.practice.id, feature: "bulk_messaging", termsVersion: CONSENT_TERMS.bulk_messaging.version, agreedAt: context.clock.now() });
  }
  return staff;
}

let serial = 0;
/** A valid NHS number in the unissued 999 range, unique in this process. */
export function testNhsNumber(): string {
  for (;;) {
    const nine = `999${String(process.pid % 1000).padStart(3, "0")}${String(++serial % 1000).padStart(3, "0")}`;
    const check = nhsCheckDigit(nine);
    if (check !== null) return `${nine}${check}`;
  }
}

export type BulkPatient = { dateOfBirth?: string; nonDigital?: boolean; mobile?: string | null; email?: string | null; userId?: number | null };

/** `count` patients with these values (each with its own NHS number, mobile and e-mail unless given null). */
export async function bulkPatients(context: AppContext, practiceId: number, count: number, values: BulkPatient = {}) {
  const rows = Array.from({ length: count }, (_, i) => ({
    practiceId,
    firstName: `Pat${i}`,
    lastName: `Bulk${i}`,
    dateOfBirth: values.dateOfBirth ?? "1960-06-15",
    nhsNumber: testNhsNumber(),
    nonDigital: values.nonDigital ?? false,
    mobile: values.mobile === undefined ? `07700${String(900000 + i).slice(-6)}` : values.mobile,
    email: values.email === undefined ? `bulk${practiceId}.${i}@example.com` : values.email,
    userId: values.userId ?? null,
  }));
  const out: (typeof patients.$inferSelect)[] = [];
  for (let i = 0; i < rows.length; i += 500) out.push(...(await context.db.insert(patients).values(rows.slice(i, i + 500)).returning()));
  return out;
}

/**
 * A GP-system practice with bulk messaging on and its terms agreed, a signed-in receptionist,
 * and two of its patients: one linked to online services with a mobile and an e-mail address,
 * one not linked with a mobile only (the route tests of bulk messages start from this).
 */
export async function bulkGpPractice(
  context: AppContext,
  contacts: { linked: Partial<BulkPatient>; unlinked: Partial<BulkPatient> & { dateOfBirth?: string } },
) {
  const practice = await makeGpPractice(context);
  await context.db.update(practices).set({ bulkMessagingEnabled: true }).where(eq(practices.id, practice.id));
  await context.db
    .insert(practiceConsents)
    .values({ practiceId: practice.id, feature: "bulk_messaging", termsVersion: CONSENT_TERMS.bulk_messaging.version, agreedAt: context.clock.now() });
  const receptionist = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "receptionist" }] });
  const reception = (await signInAs(context, receptionist.id)).cookie;
  const linked = await makeGpPatient(context, practice, { linked: true });
  const unlinked = await makeGpPatient(context, practice);
  await context.db.update(patients).set(contacts.linked).where(eq(patients.id, linked.patientId));
  await context.db.update(patients).set(contacts.unlinked).where(eq(patients.id, unlinked.patientId));
  return { practice, reception, linked, unlinked };
}
