/**
 * Demo data: two practices (EMIS-like `demo`, TPP `demotpp`), one account per role, a
 * carer with two dependents and a few dozen patients so lists are not empty. Idempotent:
 * it does nothing when the demo practice already exists. Every demo account's password is
 * DEMO_PASSWORD (listed in the README).
 */
import { count, eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import {
  carerDependents,
  ccgs,
  globalSettings,
  openingHours,
  patients,
  practiceConsents,
  practiceMemberships,
  practices,
  userGlobalRoles,
  users,
} from "./schema";
import { CONSENT_TERMS } from "~/domain/practices/consents";
import { hashPassword } from "~/domain/auth/password.server";
import { nhsCheckDigit } from "~/domain/patients/nhs-number";
import { HILLSIDE_REQUESTS, seedDemoRequests } from "./seed-requests.server";
import { DEFAULT_OPENING_HOURS } from "~/domain/practices/opening-hours";
import { seedGpSystem } from "./seed-gp-system.server";
import { seedNhsLoginPatients } from "./seed-nhs-login.server";
import { seedDemoAgent } from "./seed-agent.server";
import { seedDemoReportHistory, seedDemoTelephoneHistory } from "./seed-reports.server";
import { seedDemoIntegrations } from "./seed-integrations.server";
import { seedTemplates } from "./seed-templates.server";
import { seedDemoRota } from "./seed-rota.server";

export const DEMO_PASSWORD = "Frontdoor-demo-2026";

export const DEMO_ACCOUNTS = {
  patient: "demo.patient@example.com",
  carer: "demo.carer@example.com",
  gp: "demo.gp@nhs.net",
  reception: "demo.reception@nhs.net",
  practiceAdmin: "demo.practiceadmin@nhs.net",
  sysadmin: "demo.sysadmin@nhs.net",
  // Administration: the advanced user (invites practices) and the regional group's admin.
  advanced: "demo.advanced@nhs.net",
  ccg: "demo.ccg@nhs.net",
} as const;

/** Seeds on an empty database only. Returns whether it created anything. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(practices);
  if (n > 0) return false;
  await seedDemo(db);
  return true;
}

/** Creates the demo data unless the demo practice exists already. */
export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db.select({ id: practices.id }).from(practices).where(eq(practices.urlCode, "demo"));
  if (existing.length > 0) return false;
  // scrypt runs on libuv's thread pool: hashing while the first inserts run saves its ~0.1–0.2 s
  // from a first start (issue "speed").
  const hashing = hashPassword(DEMO_PASSWORD);
  // Settled here so that a transaction that fails before awaiting it leaves no unhandled rejection.
  hashing.catch(() => {});
  await db.transaction(async (tx) => {
    await tx.insert(globalSettings).values({ id: 1 }).onConflictDoNothing();

    const [demo] = await tx
      .insert(practices)
      .values({
        name: "Riverside Medical Centre",
        urlCode: "demo",
        odsCode: "Y12345",
        addressLine1: "12 Riverside Road",
        town: "Leeds",
        postcode: "LS1 4AP",
        phone: "0113 496 0000",
        ehrType: "emis",
        pfsEhrType: "emis",
        allowVideo: true,
        groupChatSetting: true,
        mfaEnabled: true,
        patientMyHealthEnabled: true,
        idleTimeout: 30,
        notificationSetting: true,
        bulkMessagingEnabled: true,
        linkageEnabled: true,
        appointmentsEnabled: true,
        prescriptionsEnabled: true,
        patientViewEnabled: true,
      })
      .returning();
    const [demotpp] = await tx
      .insert(practices)
      .values({
        name: "Hillside Surgery",
        urlCode: "demotpp",
        odsCode: "Y54321",
        addressLine1: "3 Church Lane",
        town: "Harrogate",
        postcode: "HG1 2RS",
        phone: "01423 496 111",
        ehrType: "tpp",
        pfsEhrType: "tpp",
        idleTimeout: null,
        // Hillside takes online requests only while it is open (Riverside takes them at any time).
        requestsInOpeningHoursOnly: true,
        linkageEnabled: true,
        appointmentsEnabled: true,
        prescriptionsEnabled: true,
      })
      .returning();

    for (const practice of [demo, demotpp]) {
      await tx.insert(openingHours).values(
        DEFAULT_OPENING_HOURS.map((h) => ({
          practiceId: practice.id,
          day: h.day,
          closed: h.closed,
          localOpeningTime: h.opens,
          localClosingTime: h.closes,
        })),
      );
    }

    const passwordHash = await hashing;
    const account = async (email: string, firstName: string, lastName: string, mobile: string | null = null) => {
      const [row] = await tx
        .insert(users)
        .values({ email, firstName, lastName, mobile, passwordHash, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      return row.id;
    };

    const patientUser = await account(DEMO_ACCOUNTS.patient, "Sarah", "Thompson", "07700900123");
    await tx.insert(patients).values({
      practiceId: demo.id,
      userId: patientUser,
      firstName: "Sarah",
      lastName: "Thompson",
      dateOfBirth: "1984-03-17",
      nhsNumber: demoNhsNumber(1),
      gender: "female",
      email: DEMO_ACCOUNTS.patient,
      mobile: "07700900123",
      addressLine1: "41 Kirkgate",
      town: "Leeds",
      postcode: "LS2 7DJ",
    });

    const carerUser = await account(DEMO_ACCOUNTS.carer, "James", "Okafor", "07700900456");
    await tx.insert(userGlobalRoles).values({ userId: carerUser, role: "carer_user" });
    const dependents = await tx
      .insert(patients)
      .values([
        {
          practiceId: demo.id,
          firstName: "Grace",
          lastName: "Okafor",
          dateOfBirth: "1941-09-02",
          nhsNumber: demoNhsNumber(2),
          gender: "female" as const,
          addressLine1: "8 Elm Grove",
          town: "Leeds",
          postcode: "LS6 2AB",
        },
        {
          practiceId: demo.id,
          firstName: "Ethan",
          lastName: "Okafor",
          dateOfBirth: "2016-05-23",
          nhsNumber: demoNhsNumber(3),
          gender: "male" as const,
          addressLine1: "8 Elm Grove",
          town: "Leeds",
          postcode: "LS6 2AB",
        },
      ])
      .returning({ id: patients.id });
    await tx.update(users).set({ homePracticeId: demo.id }).where(eq(users.id, carerUser));

    const gp = await account(DEMO_ACCOUNTS.gp, "Priya", "Shah");
    const reception = await account(DEMO_ACCOUNTS.reception, "Tom", "Fletcher");
    // Two links the practice has approved, and one still waiting for the receptionist
    // (docs/decisions/0070-proxy-approval-and-guest-scope.md).
    const [waiting] = await tx
      .insert(patients)
      .values({
        practiceId: demo.id,
        firstName: "Ada",
        lastName: "Okafor",
        dateOfBirth: "1948-11-30",
        nhsNumber: demoNhsNumber(5),
        gender: "female" as const,
        addressLine1: "8 Elm Grove",
        town: "Leeds",
        postcode: "LS6 2AB",
      })
      .returning({ id: patients.id });
    const approved = { status: "approved" as const, decidedByUserId: reception, decidedAt: new Date() };
    await tx.insert(carerDependents).values([
      { carerUserId: carerUser, patientId: dependents[0].id, relationship: "Son", reason: "adult_consents", ...approved },
      { carerUserId: carerUser, patientId: dependents[1].id, relationship: "Father", reason: "under_16", ...approved },
      { carerUserId: carerUser, patientId: waiting.id, relationship: "Son", reason: "adult_consents", status: "pending" },
    ]);
    const practiceAdmin = await account(DEMO_ACCOUNTS.practiceAdmin, "Helen", "Morris");
    const sysadmin = await account(DEMO_ACCOUNTS.sysadmin, "Alex", "Reid");
    await tx.insert(practiceMemberships).values([
      { userId: gp, practiceId: demo.id, role: "gp" },
      { userId: gp, practiceId: demotpp.id, role: "gp" },
      { userId: reception, practiceId: demo.id, role: "receptionist" },
      { userId: practiceAdmin, practiceId: demo.id, role: "practice_admin" },
    ]);
    await tx.insert(userGlobalRoles).values({ userId: sysadmin, role: "admin" });

    const people = await tx.insert(patients).values(
      DEMO_PEOPLE.map((person, i) => ({
        practiceId: i % 4 === 3 ? demotpp.id : demo.id,
        firstName: person[0],
        lastName: person[1],
        dateOfBirth: person[2],
        gender: person[3],
        nhsNumber: demoNhsNumber(10 + i),
        mobile: `07700900${String(200 + i).padStart(3, "0")}`,
        postcode: person[4],
        town: person[4].startsWith("HG") ? "Harrogate" : "Leeds",
        nonDigital: i % 7 === 0,
      })),
    ).returning({ id: patients.id, practiceId: patients.practiceId });

    // Requests from people without accounts (made by staff on their behalf, as on the phone), so
    // the demo accounts still land where a new user would.
    const atRiverside = people.filter((p) => p.practiceId === demo.id).slice(8, 16).map((p) => p.id);
    await seedDemoRequests(tx, { practiceId: demo.id, patientIds: atRiverside, userIdFor: () => reception, gpId: gp, receptionId: reception });
    const atHillside = people.filter((p) => p.practiceId === demotpp.id).slice(0, 3).map((p) => p.id);
    await seedDemoRequests(tx, { practiceId: demotpp.id, patientIds: atHillside, userIdFor: () => gp, gpId: gp, receptionId: null, requests: HILLSIDE_REQUESTS });

    // Reports (issue "reports"): a year of answered requests, feedback and FFT answers at both.
    const earlier = people.filter((p) => p.practiceId === demo.id).slice(16).map((p) => p.id);
    await seedDemoReportHistory(tx, { practiceId: demo.id, patientIds: earlier, feedbackUserId: patientUser, staffId: reception, count: 160, seed: 17 });
    await seedDemoReportHistory(tx, { practiceId: demotpp.id, patientIds: atHillside, feedbackUserId: null, staffId: gp, count: 60, seed: 29 });
    await seedGpSystem(tx, { practices: [demo, demotpp], passwordHash });
    await seedDemoTelephoneHistory(tx, { practiceId: demo.id, patientIds: earlier, count: 40 });
    await seedDemoTelephoneHistory(tx, { practiceId: demotpp.id, patientIds: atHillside, count: 20 });
    // The TPP desktop agent at Hillside, and Hillside's practice admin (docs/decisions/0077).
    await seedDemoAgent(tx, { practiceId: demotpp.id, passwordHash });
    // Staff integrations (issue 21): SSO and toolbar tabs at Riverside; the AI-testing practice.
    await seedDemoIntegrations(tx, { demoPracticeId: demo.id, passwordHash, nhsNumber: demoNhsNumber });
    // Templates (issue "templates"): national templates and questionnaires, and each practice's own.
    await seedTemplates(tx, { practiceIds: [demo.id, demotpp.id] });
    // The records the mock NHS login's P9 and P5 test users are matched to (decision 0080).
    await seedNhsLoginPatients(tx, demo.id);

    // Administration: both demo practices belong to one regional group, whose admin lands on
    // /ccg-portal; the advanced user lands on /practices/invite.
    const [group] = await tx.insert(ccgs).values({ name: "West Yorkshire ICB" }).returning({ id: ccgs.id });
    await tx.update(practices).set({ ccgId: group.id }).where(sql`${practices.id} in (${demo.id}, ${demotpp.id})`);
    const advancedUser = await account(DEMO_ACCOUNTS.advanced, "Sam", "Okafor");
    const ccgUser = await account(DEMO_ACCOUNTS.ccg, "Rachel", "Dunn");
    await tx.update(users).set({ ccgId: group.id }).where(eq(users.id, ccgUser));
    await tx.insert(userGlobalRoles).values([
      { userId: advancedUser, role: "advanced" },
      { userId: ccgUser, role: "ccg_admin" },
    ]);
    // Bulk messages (issue "templates"): Riverside has bulk messaging on, so its terms are agreed.
    await tx.insert(practiceConsents).values({ practiceId: demo.id, feature: "bulk_messaging", termsVersion: CONSENT_TERMS.bulk_messaging.version, agreedAt: new Date() });
    // Availability, leave and calendar (issue "video"): working patterns and leave at Riverside, and
    // the `tes` practice, where the spec's Practice Calendar menu item shows (seed-rota.server.ts).
    await seedDemoRota(tx, { demoPracticeId: demo.id, gpId: gp, receptionId: reception, passwordHash, now: new Date(), nhsNumber: demoNhsNumber });
  });
  return true;
}

/**
 * Valid NHS numbers in the 999 range, which is never issued to real people, so demo data
 * cannot collide with a real record.
 */
export function demoNhsNumber(n: number): string {
  for (let j = 0; j < 100; j++) {
    const firstNine = `999${String(n).padStart(4, "0")}${String(j).padStart(2, "0")}`;
    const check = nhsCheckDigit(firstNine);
    if (check !== null) return firstNine + check;
  }
  throw new Error(`no NHS number for ${n}`);
}

type Person = [string, string, string, "female" | "male" | "not_specified", string];
const DEMO_PEOPLE: Person[] = [
  ["Oliver", "Bennett", "1972-01-14", "male", "LS1 3EX"],
  ["Amelia", "Hughes", "1990-07-08", "female", "LS2 9JT"],
  ["Mohammed", "Rahman", "1965-11-30", "male", "LS7 3QB"],
  ["Isla", "Campbell", "2001-04-19", "female", "HG1 5AA"],
  ["George", "Walker", "1948-02-25", "male", "LS8 1NY"],
  ["Ava", "Patel", "1995-12-03", "female", "LS11 5QP"],
  ["Noah", "Wright", "1983-06-11", "male", "LS12 2RR"],
  ["Sophia", "Evans", "1977-09-27", "female", "HG2 8PL"],
  ["Leo", "Roberts", "2010-03-15", "male", "LS6 3HN"],
  ["Mia", "Johnson", "1958-08-08", "female", "LS9 7TU"],
  ["Harry", "Lewis", "1939-05-20", "male", "LS16 6BE"],
  ["Ella", "Robinson", "1999-10-02", "female", "HG3 1DT"],
  ["Arthur", "Clarke", "1969-12-24", "male", "LS17 8AN"],
  ["Emily", "Wood", "1986-04-04", "female", "LS10 4PL"],
  ["Jack", "Thompson", "1992-02-29", "male", "LS15 0AQ"],
  ["Poppy", "White", "1974-07-16", "female", "HG4 2QW"],
  ["Charlie", "Hall", "2005-11-09", "male", "LS18 4DL"],
  ["Freya", "Green", "1961-01-31", "female", "LS19 6ND"],
  ["Oscar", "Edwards", "1953-03-03", "male", "LS20 8BT"],
  ["Lily", "Khan", "1988-09-18", "female", "HG5 0LF"],
  ["Alfie", "Turner", "2012-06-06", "male", "LS21 1PB"],
  ["Grace", "Hill", "1946-10-12", "female", "LS25 7AZ"],
  ["Henry", "Moore", "1980-05-05", "male", "LS26 0JE"],
  ["Evie", "Cooper", "1997-08-21", "female", "HG1 3EH"],
  ["Thomas", "Ward", "1967-02-13", "male", "LS27 9PG"],
  ["Ruby", "Morgan", "2003-12-30", "female", "LS28 5RS"],
  ["William", "Baker", "1935-04-01", "male", "LS29 8AW"],
  ["Chloe", "Ali", "1991-06-24", "female", "HG2 0QU"],
  ["Jacob", "Harris", "1975-03-09", "male", "LS1 6HD"],
  ["Isabella", "Martin", "1984-11-11", "female", "LS3 1AB"],
  ["Muhammad", "Hussain", "1979-07-07", "male", "LS4 2QT"],
  ["Florence", "Jackson", "1950-09-14", "female", "HG1 4PN"],
  ["Teddy", "Scott", "2018-01-22", "male", "LS5 3BN"],
  ["Daisy", "Young", "1962-05-29", "female", "LS13 1HY"],
  ["Archie", "King", "1994-10-17", "male", "LS14 2EY"],
  ["Phoebe", "Lee", "1970-08-26", "female", "HG3 2RP"],
];
