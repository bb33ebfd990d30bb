/**
 * Creates the e2e-only accounts of e2e-users.ts, as patients of the demo practice (which
 * has MFA on), in the database the e2e app is about to use. PGlite allows one process per
 * data folder, so this runs before the app starts, never alongside it:
 *
 *   // tests/support/e2e-server.ts, after the data folder or database is prepared and
 *   // before spawning server.ts:
 *   await seedE2eUsers(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
 *
 * Or by hand: node --import tsx tests/support/e2e-seed-users.ts <data dir | postgres url>
 */
import { pathToFileURL } from "node:url";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase, type Db } from "~/db/client.server";
import { answers, carerDependents, patientEntries, patients, practiceMemberships, practices, userGlobalRoles, users } from "~/db/schema";
import { seedDemo } from "~/db/seed.server";
import { hashPassword } from "~/domain/auth/password.server";
import { applyInboxChange } from "~/domain/inbox/counters.server";
import {
  E2E_PROJECTS,
  E2E_USER_PASSWORD,
  e2eFederatedPatient,
  e2eFederatedStaff,
  e2eInboxPatient,
  e2eMfaUserEmail,
  e2eApprovalCarerEmail,
  e2eApprovalDependent,
  e2eRequestCarerEmail,
  e2eRequestDependent,
  e2eRequestGuest,
  e2eRequestPatientEmail,
  e2eSettingsReceptionist,
  e2eStaffAdmin,
} from "./e2e-users";
import { seedE2eOnlineServicesUsers } from "./e2e-seed-online-services";
import { seedE2eRequestsInto } from "./e2e-seed-requests";
import { seedE2eAgentUsers } from "./e2e-seed-agent";
import { seedE2eNhsAppUsers, seedE2eNhsLoginPatients } from "./e2e-seed-nhs-login";
import { seedE2eSettingsPractices } from "./e2e-seed-settings";
import { seedE2eMyHealth, seedE2eRecordsPatients } from "./e2e-seed-my-health";
import { seedE2eMergePeople } from "./e2e-seed-merge";
import { seedE2eIntegrations } from "./e2e-seed-integrations";
import { seedE2ePatientSidePeople } from "./e2e-seed-patient-side";
import { seedE2eBulkPeople } from "./e2e-seed-bulk";
import { seedE2eFilingRequests } from "./e2e-seed-filing";
import { seedE2eLeavePeople } from "./e2e-seed-leave";
import { indexRequestText } from "~/domain/requests/request-text.server";

/** Adds the accounts (idempotent). The demo data comes first: they are patients of the demo practice. */
export async function seedE2eUsersInto(db: Db): Promise<void> {
  await seedDemo(db);
  const [demo] = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "demo"));
  const passwordHash = await hashPassword(E2E_USER_PASSWORD);
  await seedInboxRequests(db, demo.id, passwordHash);
  await seedE2eNhsLoginPatients(db, demo.id);
  await seedE2eNhsAppUsers(db, demo.id);
  await seedFederatedInbox(db, passwordHash);
  await seedE2eMyHealth(db, passwordHash);
  await seedE2eRecordsPatients(db, passwordHash);
  for (const project of E2E_PROJECTS) {
    const email = e2eMfaUserEmail(project);
    const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
    if (existing.length > 0) continue;
    const [user] = await db
      .insert(users)
      .values({ email, firstName: "Morgan", lastName: "Ellis", passwordHash, emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    const linked = await db.select().from(patients).where(and(eq(patients.practiceId, demo.id), eq(patients.userId, user.id)));
    if (linked.length === 0) {
      await db.insert(patients).values({
        practiceId: demo.id,
        userId: user.id,
        firstName: "Morgan",
        lastName: "Ellis",
        dateOfBirth: "1988-06-30",
        email,
      });
    }
  }
  await seedRequestPeople(db, demo.id, passwordHash);
  await seedE2eOnlineServicesUsers(db, passwordHash);
  await seedE2eRequestsInto(db);
  await seedStaffAdministration(db, demo.id, passwordHash);
  await seedE2eAgentUsers(db, passwordHash);
  await seedE2eSettingsPractices(db, passwordHash);
  await seedE2eMergePeople(db, demo.id);
  await seedE2eIntegrations(db, passwordHash);
  await seedE2ePatientSidePeople(db, demo.id, passwordHash);
  await seedE2eBulkPeople(db, demo.id);
  await seedE2eFilingRequests(db, demo.id);
  await seedE2eLeavePeople(db, demo.id, passwordHash);
}

/**
 * Per project, the staff-administration journeys' people at demo: a practice admin without a
 * staff role (manage staff) and a receptionist (patient-facing name, notification settings).
 */
async function seedStaffAdministration(db: Db, practiceId: number, passwordHash: string): Promise<void> {
  for (const project of E2E_PROJECTS) {
    for (const [person, role] of [
      [e2eStaffAdmin(project), "practice_admin"],
      [e2eSettingsReceptionist(project), "receptionist"],
    ] as const) {
      const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${person.email}`);
      if (existing.length > 0) continue;
      const [user] = await db
        .insert(users)
        .values({ email: person.email, firstName: person.firstName, lastName: person.lastName, passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      await db.insert(practiceMemberships).values({ userId: user.id, practiceId, role });
    }
  }
}

/**
 * The request journey's people, per project: a patient with an account, a carer (also a
 * patient) with a dependent, and a patient without an account who enters as a guest.
 */
async function seedRequestPeople(db: Db, practiceId: number, passwordHash: string): Promise<void> {
  for (const project of E2E_PROJECTS) {
    const patientEmail = e2eRequestPatientEmail(project);
    const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${patientEmail}`);
    if (existing) continue;
    await db.transaction(async (tx) => {
      const [patientUser] = await tx
        .insert(users)
        .values({ email: patientEmail, firstName: "Jordan", lastName: "Pryce", passwordHash, emailVerifiedAt: sql`now()`, mobile: "07700900901" })
        .returning({ id: users.id });
      await tx.insert(patients).values({ practiceId, userId: patientUser.id, firstName: "Jordan", lastName: "Pryce", dateOfBirth: "1985-02-11", email: patientEmail });
      const [carer] = await tx
        .insert(users)
        .values({ email: e2eRequestCarerEmail(project), firstName: "Harriet", lastName: "Ashworth", passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      await tx.insert(userGlobalRoles).values({ userId: carer.id, role: "carer_user" });
      // A patient here too, so step 1 asks who the request is for.
      await tx.insert(patients).values({ practiceId, userId: carer.id, firstName: "Harriet", lastName: "Ashworth", dateOfBirth: "1962-07-21" });
      const [dependent] = await tx.insert(patients).values({ practiceId, ...e2eRequestDependent(project) }).returning({ id: patients.id });
      await tx.insert(carerDependents).values({ carerUserId: carer.id, patientId: dependent.id, relationship: "Daughter", reason: "adult_consents", status: "approved" });
      const guest = e2eRequestGuest(project);
      await tx.insert(patients).values({ practiceId, firstName: guest.firstName, lastName: guest.lastName, dateOfBirth: guest.dateOfBirth, postcode: "LS1 4AP" });
      // The carer-approval journey: a carer registered at demo with nobody linked yet, and the
      // adult they will ask to act for.
      const [approvalCarer] = await tx
        .insert(users)
        .values({ email: e2eApprovalCarerEmail(project), firstName: "Norman", lastName: "Approval", passwordHash, emailVerifiedAt: sql`now()`, homePracticeId: practiceId })
        .returning({ id: users.id });
      await tx.insert(userGlobalRoles).values({ userId: approvalCarer.id, role: "carer_user" });
      const dependentToBe = e2eApprovalDependent(project);
      await tx.insert(patients).values({ practiceId, firstName: dependentToBe.firstName, lastName: dependentToBe.lastName, dateOfBirth: dependentToBe.dateOfBirth });
    });
  }
}

/**
 * Per project, a patient with an account and one submitted admin request at demo, waiting
 * unassigned: the staff-inbox journey assigns, answers and completes it.
 */
async function seedInboxRequests(db: Db, practiceId: number, passwordHash: string): Promise<void> {
  for (const project of E2E_PROJECTS) {
    const person = e2eInboxPatient(project);
    const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${person.email}`);
    if (existing.length > 0) continue;
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: person.email, firstName: person.firstName, lastName: person.lastName, passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      const [patient] = await tx
        .insert(patients)
        .values({ practiceId, userId: user.id, firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth, email: person.email })
        .returning({ id: patients.id });
      const now = new Date();
      const [entry] = await tx
        .insert(patientEntries)
        .values({ practiceId, patientId: patient.id, createdByUserId: user.id, issueTypeId: 4, stage: "submitted", startedAt: now, submittedAt: now })
        .returning();
      await tx.insert(answers).values([
        { patientEntryId: entry.id, questionId: 31, answer: "letter" },
        { patientEntryId: entry.id, questionId: 32, answer: "A letter for my employer, please." },
      ]);
      await applyInboxChange(tx, practiceId, null, entry);
      await indexRequestText(tx, entry.id);
    });
  }
}

/**
 * Per project, the federated-inbox journey's staff member (GP at demotpp, receptionist at demo)
 * and a request at demo waiting unassigned from a patient without an account: the journey
 * finds it in the All practices inbox and assigns it to themselves.
 */
async function seedFederatedInbox(db: Db, passwordHash: string): Promise<void> {
  const byCode = async (code: string) => (await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, code)))[0].id;
  const [demo, demotpp] = [await byCode("demo"), await byCode("demotpp")];
  for (const project of E2E_PROJECTS) {
    const staff = e2eFederatedStaff(project);
    const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${staff.email}`);
    if (existing.length > 0) continue;
    const person = e2eFederatedPatient(project);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: staff.email, firstName: staff.firstName, lastName: staff.lastName, passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      await tx.insert(practiceMemberships).values([
        { userId: user.id, practiceId: demotpp, role: "gp" },
        { userId: user.id, practiceId: demo, role: "receptionist" },
      ]);
      const [patient] = await tx
        .insert(patients)
        .values({ practiceId: demo, firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth })
        .returning({ id: patients.id });
      // A day old: below the staff-inbox journey's request in Riverside's newest-first lists
      // (that journey finds its request on the first page; this one searches by name).
      const sent = new Date(Date.now() - 24 * 3_600_000);
      const [entry] = await tx
        .insert(patientEntries)
        .values({ practiceId: demo, patientId: patient.id, createdByUserId: user.id, requester: "staff", issueTypeId: 4, stage: "submitted", startedAt: sent, submittedAt: sent })
        .returning();
      await tx.insert(answers).values([
        { patientEntryId: entry.id, questionId: 31, answer: "fit_note" },
        { patientEntryId: entry.id, questionId: 32, answer: person.request },
      ]);
      await applyInboxChange(tx, demo, null, entry);
      await indexRequestText(tx, entry.id);
    });
  }
}

/** Opens the e2e database (migrating it), adds the accounts, and closes it again. */
export async function seedE2eUsers(target: { dataDir: string } | { databaseUrl: string }): Promise<void> {
  const database = await openDatabase(
    "databaseUrl" in target ? { kind: "postgres", url: target.databaseUrl, poolSize: 2 } : { kind: "pglite", dataDir: target.dataDir },
  );
  try {
    await seedE2eUsersInto(database.db);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const where = process.argv[2];
  if (!where) throw new Error("usage: e2e-seed-users.ts <data dir | postgres url>");
  await seedE2eUsers(/^postgres(ql)?:/.test(where) ? { databaseUrl: where } : { dataDir: where });
}
