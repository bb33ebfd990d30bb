import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxCounts } from "~/domain/inbox/counters.server";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../../tests/support/db";
import { useTestWorld } from "../../tests/support/world";
import { verifyPassword } from "~/domain/auth/password.server";
import { isValidNhsNumber } from "~/domain/patients/nhs-number";
import type { Db } from "./client.server";
import {
  carerDependents,
  globalSettings,
  openingHours,
  patients,
  practiceMemberships,
  practices,
  userGlobalRoles,
  users,
} from "./schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoNhsNumber, seedDemo, seedDemoIfEmpty } from "./seed.server";
import { staffAvailability, staffLeave } from "./schema";
import { TES_ACCOUNTS } from "./seed-rota.server";
import { addDays, londonDate } from "~/domain/time/london";

/** Row counts of every table the seed writes, to prove a second run changes nothing. */
async function tableCounts(db: Db) {
  const tables = { practices, openingHours, users, userGlobalRoles, practiceMemberships, patients, carerDependents, globalSettings };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [{ n }] = await db.select({ n: count() }).from(table);
      return [name, n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function practiceByCode(db: Db, code: string) {
  const [row] = await db.select().from(practices).where(eq(practices.urlCode, code));
  return row;
}

async function userByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

async function rolesOf(db: Db, email: string) {
  const user = await userByEmail(db, email);
  const memberships = await db
    .select({ code: practices.urlCode, role: practiceMemberships.role })
    .from(practiceMemberships)
    .innerJoin(practices, eq(practices.id, practiceMemberships.practiceId))
    .where(eq(practiceMemberships.userId, user.id))
    .orderBy(asc(practices.urlCode), asc(practiceMemberships.role));
  const global = await db
    .select({ role: userGlobalRoles.role })
    .from(userGlobalRoles)
    .where(eq(userGlobalRoles.userId, user.id));
  return { memberships: memberships.map((m) => `${m.code}:${m.role}`), global: global.map((g) => g.role).sort() };
}

describe("seedDemo", () => {
  const t = useTestWorld();
  let created: boolean;
  beforeAll(async () => {
    created = await seedDemo(t.db);
  });

  it("reports that it created the demo data", () => {
    expect(created).toBe(true);
  });

  it("fills Riverside's inboxes with requests, counted as submissions are", async () => {
    const demo = await practiceByCode(t.db, "demo");
    const counts = await inboxCounts(t.db, demo!.id);
    // 9 recent requests, and 160 answered ones of the past year for the reports (seed-reports.server.ts).
    expect(counts.get("all")).toBe(9 + 160);
    expect(counts.get("unassigned")).toBe(3);
    expect(counts.get("awaiting-response")).toBe(1);
    expect(counts.get("completed")).toBe(2 + 160);
    expect(counts.get("rejected")).toBe(1);
  });

  it("puts a few requests at Hillside too, for the GP of both practices' federated inbox", async () => {
    const demotpp = await practiceByCode(t.db, "demotpp");
    const counts = await inboxCounts(t.db, demotpp!.id);
    expect(counts.get("all")).toBe(3 + 60);
    expect(counts.get("unassigned")).toBe(1);
    expect(counts.get("completed")).toBe(1 + 60);
  });

  it("creates the EMIS-like demo practice with the spec's settings", async () => {
    const demo = await practiceByCode(t.db, "demo");
    expect(demo).toMatchObject({
      name: "Riverside Medical Centre",
      ehrType: "emis",
      allowVideo: true,
      mfaEnabled: true,
      patientMyHealthEnabled: true,
      idleTimeout: 30,
    });
  });

  it("creates the TPP demotpp practice with no staff idle timeout", async () => {
    const demotpp = await practiceByCode(t.db, "demotpp");
    expect(demotpp).toMatchObject({ name: "Hillside Surgery", ehrType: "tpp", idleTimeout: null });
  });

  it("gives both practices opening hours Monday to Friday, closed at the weekend", async () => {
    for (const code of ["demo", "demotpp"]) {
      const practice = await practiceByCode(t.db, code);
      const hours = await t.db.select().from(openingHours).where(eq(openingHours.practiceId, practice.id));
      const byDay = Object.fromEntries(hours.map((h) => [h.day, h]));
      expect(Object.keys(byDay).sort()).toEqual(
        ["friday", "monday", "saturday", "sunday", "thursday", "tuesday", "wednesday"],
      );
      for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday"]) {
        expect(byDay[day].closed, `${code} ${day}`).toBe(false);
        expect(byDay[day].localOpeningTime! < byDay[day].localClosingTime!).toBe(true);
      }
      for (const day of ["saturday", "sunday"]) expect(byDay[day].closed, `${code} ${day}`).toBe(true);
    }
  });

  it("creates the global settings row", async () => {
    const rows = await t.db.select({ id: globalSettings.id }).from(globalSettings);
    expect(rows).toEqual([{ id: 1 }]);
  });

  it("creates one verified account per role", async () => {
    const emails = Object.values(DEMO_ACCOUNTS);
    expect(emails).toHaveLength(8);
    const rows = await t.db.select().from(users).where(inArray(users.email, emails));
    expect(rows.map((r) => r.email).sort()).toEqual([...emails].sort());
    for (const row of rows) {
      expect(row.emailVerifiedAt, row.email).not.toBeNull();
      expect(row.disabledAt, row.email).toBeNull();
      expect(row.isGuestAccount, row.email).toBe(false);
    }
  });

  it("gives each account its roles", async () => {
    expect(await rolesOf(t.db, DEMO_ACCOUNTS.gp)).toEqual({ memberships: ["demo:gp", "demotpp:gp"], global: [] });
    expect(await rolesOf(t.db, DEMO_ACCOUNTS.reception)).toEqual({ memberships: ["demo:receptionist"], global: [] });
    expect(await rolesOf(t.db, DEMO_ACCOUNTS.practiceAdmin)).toEqual({ memberships: ["demo:practice_admin"], global: [] });
    expect(await rolesOf(t.db, DEMO_ACCOUNTS.sysadmin)).toEqual({ memberships: [], global: ["admin"] });
    expect(await rolesOf(t.db, DEMO_ACCOUNTS.carer)).toEqual({ memberships: [], global: ["carer_user"] });
    expect(await rolesOf(t.db, DEMO_ACCOUNTS.patient)).toEqual({ memberships: [], global: [] });
    expect(await rolesOf(t.db, DEMO_ACCOUNTS.advanced)).toEqual({ memberships: [], global: ["advanced"] });
    expect(await rolesOf(t.db, DEMO_ACCOUNTS.ccg)).toEqual({ memberships: [], global: ["ccg_admin"] });
  });

  it("registers the demo patient at the demo practice", async () => {
    const user = await userByEmail(t.db, DEMO_ACCOUNTS.patient);
    const demo = await practiceByCode(t.db, "demo");
    const records = await t.db.select().from(patients).where(eq(patients.userId, user.id));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ practiceId: demo.id, firstName: user.firstName, lastName: user.lastName });
  });

  it("gives the carer two approved dependents at the demo practice, neither with an account, and one waiting for the practice", async () => {
    const carer = await userByEmail(t.db, DEMO_ACCOUNTS.carer);
    const demo = await practiceByCode(t.db, "demo");
    const links = await t.db
      .select({ practiceId: patients.practiceId, userId: patients.userId, nhsNumber: patients.nhsNumber, status: carerDependents.status })
      .from(carerDependents)
      .innerJoin(patients, eq(patients.id, carerDependents.patientId))
      .where(eq(carerDependents.carerUserId, carer.id));
    expect(links.map((l) => l.status).sort()).toEqual(["approved", "approved", "pending"]);
    const dependents = links.filter((l) => l.status === "approved");
    for (const d of dependents) {
      expect(d).toMatchObject({ practiceId: demo.id, userId: null });
      expect(isValidNhsNumber(d.nhsNumber!)).toBe(true);
    }
  });

  it("creates dozens of patients at both practices, each with a valid, unique, never-issued NHS number", async () => {
    const rows = await t.db.select({ nhsNumber: patients.nhsNumber, practiceId: patients.practiceId }).from(patients);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    const numbers = rows.map((r) => r.nhsNumber);
    for (const n of numbers) {
      expect(n).not.toBeNull();
      expect(isValidNhsNumber(n!), n!).toBe(true);
      // The 999 range is never issued to real people.
      expect(n!.startsWith("999"), n!).toBe(true);
    }
    expect(new Set(numbers).size).toBe(numbers.length);
    const demo = await practiceByCode(t.db, "demo");
    const demotpp = await practiceByCode(t.db, "demotpp");
    expect(rows.filter((r) => r.practiceId === demo.id).length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.practiceId === demotpp.id).length).toBeGreaterThan(5);
  });

  it("includes some non-digital patients (no account) so staff lists show both kinds", async () => {
    const [{ n }] = await t.db.select({ n: count() }).from(patients).where(eq(patients.nonDigital, true));
    expect(n).toBeGreaterThan(0);
  });

  it("stores DEMO_PASSWORD hashed with scrypt for every account, never in clear", async () => {
    const rows = await t.db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(inArray(users.email, Object.values(DEMO_ACCOUNTS)));
    expect(rows).toHaveLength(Object.keys(DEMO_ACCOUNTS).length);
    for (const row of rows) {
      expect(row.passwordHash, row.email).toMatch(/^scrypt\$/);
      expect(row.passwordHash).not.toContain(DEMO_PASSWORD);
    }
    // scrypt runs on libuv's thread pool: check the six in parallel.
    const verified = await Promise.all(rows.map((r) => verifyPassword(DEMO_PASSWORD, r.passwordHash)));
    expect(verified).toEqual(rows.map(() => true));
    expect(await verifyPassword("Frontdoor-demo-2025", rows[0].passwordHash)).toBe(false);
  });

  it("changes nothing when run again", async () => {
    const before = await tableCounts(t.db);
    const gpHashBefore = (await userByEmail(t.db, DEMO_ACCOUNTS.gp)).passwordHash;
    expect(await seedDemo(t.db)).toBe(false);
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await userByEmail(t.db, DEMO_ACCOUNTS.gp)).passwordHash).toBe(gpHashBefore);
  });

  it("gives Riverside's GP and receptionist weekly working patterns, and the GP leave a fortnight ahead (not today: the inbox journeys assign to her)", async () => {
    const demo = await practiceByCode(t.db, "demo");
    const gp = await userByEmail(t.db, DEMO_ACCOUNTS.gp);
    const reception = await userByEmail(t.db, DEMO_ACCOUNTS.reception);
    const sessions = await t.db.select().from(staffAvailability).where(eq(staffAvailability.practiceId, demo.id));
    expect(sessions.filter((s) => s.userId === gp.id)).toHaveLength(9);
    expect(sessions.filter((s) => s.userId === reception.id)).toHaveLength(10);
    const leave = await t.db.select().from(staffLeave).where(eq(staffLeave.practiceId, demo.id));
    const today = londonDate(new Date());
    expect(leave).toEqual([expect.objectContaining({ userId: gp.id, kind: "leave", startDate: addDays(today, 14), endDate: addDays(today, 18), coverUserId: reception.id, cancelledAt: null })]);
  });

  it("creates the tes practice (Practice Calendar) with an account of each staff role, its first GP away from today with the second covering", async () => {
    const tes = await practiceByCode(t.db, "tes");
    expect(tes).toMatchObject({ name: "Tes Valley Surgery", ccgId: null });
    expect(await rolesOf(t.db, TES_ACCOUNTS.gp)).toEqual({ memberships: ["tes:gp"], global: [] });
    expect(await rolesOf(t.db, TES_ACCOUNTS.gp2)).toEqual({ memberships: ["tes:gp"], global: [] });
    expect(await rolesOf(t.db, TES_ACCOUNTS.reception)).toEqual({ memberships: ["tes:receptionist"], global: [] });
    expect(await rolesOf(t.db, TES_ACCOUNTS.practiceAdmin)).toEqual({ memberships: ["tes:practice_admin"], global: [] });
    const rows = await t.db.select().from(users).where(inArray(users.email, Object.values(TES_ACCOUNTS)));
    const verified = await Promise.all(rows.map((r) => verifyPassword(DEMO_PASSWORD, r.passwordHash)));
    expect(verified).toEqual([true, true, true, true]);
    const [gp, gp2] = [await userByEmail(t.db, TES_ACCOUNTS.gp), await userByEmail(t.db, TES_ACCOUNTS.gp2)];
    const today = londonDate(new Date());
    const leave = await t.db.select().from(staffLeave).where(eq(staffLeave.practiceId, tes.id));
    expect(leave.find((l) => l.userId === gp.id)).toMatchObject({ startDate: today, endDate: addDays(today, 6), coverUserId: gp2.id });
    const counts = await inboxCounts(t.db, tes.id);
    expect(counts.get("unassigned")).toBe(3);
  });

  it("seedDemoIfEmpty does nothing on a seeded database", async () => {
    const before = await tableCounts(t.db);
    expect(await seedDemoIfEmpty(t.db)).toBe(false);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe("seedDemoIfEmpty", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.close());

  it("seeds an empty database", async () => {
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    expect(await practiceByCode(t.db, "demo")).toBeDefined();
    expect(await userByEmail(t.db, DEMO_ACCOUNTS.sysadmin)).toBeDefined();
  });

  it("leaves a database that already has a (non-demo) practice alone", async () => {
    await resetDatabase(t.db);
    await t.db.insert(practices).values({ name: "Real Practice", urlCode: "B82001" });
    const before = await tableCounts(t.db);
    expect(await seedDemoIfEmpty(t.db)).toBe(false);
    expect(await tableCounts(t.db)).toEqual(before);
    const codes = await t.db.select({ code: practices.urlCode }).from(practices);
    expect(codes).toEqual([{ code: "B82001" }]);
    const [{ n }] = await t.db.select({ n: count() }).from(users).where(sql`${users.email} like 'demo.%'`);
    expect(n).toBe(0);
  });
});

describe("demoNhsNumber", () => {
  it("gives valid NHS numbers in the 999 range, different for each n", () => {
    const numbers = Array.from({ length: 200 }, (_, i) => demoNhsNumber(i));
    for (const n of numbers) {
      expect(n).toMatch(/^999\d{7}$/);
      expect(isValidNhsNumber(n)).toBe(true);
    }
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

