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
