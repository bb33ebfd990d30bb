/**
 * Rows for the online-services tests: a practice of either GP-system flavour with clinic
 * sessions and slots, a signed-in patient there with linkage credentials and repeat
 * medication, optionally linked already; and deliberate faults of the simulation. Every
 * call makes unique rows, so tests sharing a file's database do not meet.
 */
import { randomBytes } from "node:crypto";
import type { AppContext } from "~/context.server";
import { gpFaults, gpLinks, patients, users } from "~/db/schema";
import { seedGpPatient, seedGpPractice } from "~/db/seed-gp-system.server";
import type { GpOperation, GpPatient } from "~/domain/gp-system/gp-system";
import type { Flavour } from "~/domain/gp-system/flavour";
import { sessionCookie } from "./mfa-helpers";
import { makePractice, uniqueCode } from "./world";

let counter = 0;
const unique = () => `${process.pid}${Date.now().toString(36)}${++counter}`.replace(/[^A-Za-z0-9]/g, "");

export type GpPractice = { id: number; urlCode: string; odsCode: string | null; name: string };

export async function makeGpPractice(
  context: AppContext,
  options: { flavour?: Flavour; flags?: Partial<{ linkageEnabled: boolean; appointmentsEnabled: boolean; prescriptionsEnabled: boolean }> } = {},
): Promise<GpPractice> {
  const flavour = options.flavour ?? "emis";
  const practice = await makePractice(context, {
      name: `${flavour.toUpperCase()} Test Surgery`,
      urlCode: uniqueCode("gp"),
      odsCode: `Y${String(++counter).padStart(5, "0")}`,
      ehrType: flavour,
      pfsEhrType: flavour,
      linkageEnabled: true,
      appointmentsEnabled: true,
      prescriptionsEnabled: true,
      ...options.flags,
    });
  await seedGpPractice(context.db, practice, context.clock.now());
  return practice;
}

export type GpTestPatient = GpPatient & {
  userId: number;
  cookie: string;
  practice: GpPractice;
  accountId: string;
  linkageKeys: string[];
  unitId: string;
};

/** A signed-in patient with credentials and 22 courses; `linked` links with the first key. */
export async function makeGpPatient(
  context: AppContext,
  practice: GpPractice,
  options: { linked?: boolean; guest?: boolean } = {},
): Promise<GpTestPatient> {
  const n = unique();
  const [user] = await context.db
    .insert(users)
    .values({ email: `gp.patient.${n}@example.com`, firstName: "Rosa", lastName: "Nkemelu", emailVerifiedAt: context.clock.now(), isGuestAccount: options.guest ?? false })
    .returning({ id: users.id });
  const [patient] = await context.db
    .insert(patients)
    .values({ practiceId: practice.id, userId: user.id, firstName: "Rosa", lastName: "Nkemelu", dateOfBirth: "1979-02-11" })
    .returning({ id: patients.id });
  const accountId = `ACC${randomBytes(5).toString("hex")}`;
  const linkageKeys = [`k1${randomBytes(5).toString("hex")}`, `k2${randomBytes(5).toString("hex")}`];
  await seedGpPatient(context.db, { patientId: patient.id, practice, accountId, linkageKeys, now: context.clock.now() });
  if (options.linked) {
    await context.db.insert(gpLinks).values({ patientId: patient.id, accountId, status: "linked", linkedAt: context.clock.now() });
  }
  return {
    patientId: patient.id,
    practiceId: practice.id,
    userId: user.id,
    cookie: await sessionCookie(context, user.id),
    practice,
    accountId,
    linkageKeys,
    unitId: practice.odsCode!,
  };
}

/** Makes the simulation fail on purpose for this practice ('*' for every operation). */
export async function addGpFault(
  context: AppContext,
  practiceId: number,
  operation: GpOperation | "*",
  kind: "not_linked" | "linkage_reset" | "bad_request" | "unavailable",
  message?: string,
) {
  await context.db.insert(gpFaults).values({ practiceId, operation, kind, message: message ?? null });
}
