/**
 * Demo data of availability, leave and the calendar (issue "video"; decisions 0097–0099), so a
 * fresh `npm start` shows them:
 * - at Riverside (`demo`), weekly working patterns for the GP and the receptionist, and the GP's
 *   leave a fortnight ahead (covered by the receptionist). It starts in the future on purpose:
 *   assigning to the GP today must not warn (the demo inbox journeys assign to her).
 * - the `tes` practice (Tes Valley Surgery: "Practice Calendar" appears in the staff menu only at
 *   practice code `tes`, spec 3 §2), with one account of each staff role and a second GP; its
 *   first GP is on leave from the day of seeding for a week, covered by the second, so assigning
 *   one of its requests to her shows the warning and offers the cover.
 * Leave dates are Europe/London dates counted from the day the demo data is made.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "./client.server";
import { openingHours, patients, practiceMemberships, practices, staffAvailability, staffLeave, users } from "./schema";
import { DEFAULT_OPENING_HOURS } from "~/domain/practices/opening-hours";
import type { PatternSession, Weekday } from "~/domain/rota/availability";
import { addDays, londonDate } from "~/domain/time/london";
import { seedDemoRequests } from "./seed-requests.server";

export const TES_ACCOUNTS = {
  gp: "demo.tes.gp@nhs.net",
  gp2: "demo.tes.gp2@nhs.net",
  reception: "demo.tes.reception@nhs.net",
  practiceAdmin: "demo.tes.practiceadmin@nhs.net",
} as const;

const WEEKDAYS_MON_FRI: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday"];

/** Morning and afternoon surgery on weekdays; Wednesday afternoons off (a GP's half day). */
export const DEMO_GP_PATTERN: PatternSession[] = WEEKDAYS_MON_FRI.flatMap((day) => [
  { day, session: 1 as const, start: "08:30", end: "12:30" },
  ...(day === "wednesday" ? [] : [{ day, session: 2 as const, start: "14:00", end: "18:00" }]),
]);
/** Reception: the practice's opening hours in two shifts with a lunch break. */
export const DEMO_RECEPTION_PATTERN: PatternSession[] = WEEKDAYS_MON_FRI.flatMap((day) => [
  { day, session: 1 as const, start: "08:00", end: "13:00" },
  { day, session: 2 as const, start: "13:30", end: "18:30" },
]);

async function setPattern(tx: Tx, practiceId: number, userId: number, pattern: readonly PatternSession[]) {
  await tx.insert(staffAvailability).values(pattern.map((s) => ({ practiceId, userId, day: s.day, session: s.session, startTime: s.start, endTime: s.end })));
}

export async function seedDemoRota(
  tx: Tx,
  input: { demoPracticeId: number; gpId: number; receptionId: number; passwordHash: string; now: Date; nhsNumber: (n: number) => string },
) {
  const today = londonDate(input.now);
  await setPattern(tx, input.demoPracticeId, input.gpId, DEMO_GP_PATTERN);
  await setPattern(tx, input.demoPracticeId, input.receptionId, DEMO_RECEPTION_PATTERN);
  await tx.insert(staffLeave).values({
    practiceId: input.demoPracticeId,
    userId: input.gpId,
    kind: "leave",
    startDate: addDays(today, 14),
    endDate: addDays(today, 18),
    coverUserId: input.receptionId,
    note: "Annual leave",
    createdByUserId: input.gpId,
  });
  return seedTesPractice(tx, { ...input, today });
}

async function seedTesPractice(tx: Tx, input: { passwordHash: string; today: string; nhsNumber: (n: number) => string }) {
  const [tes] = await tx
    .insert(practices)
    .values({
      name: "Tes Valley Surgery",
      urlCode: "tes",
      odsCode: "Y67890",
      addressLine1: "5 Bridge Street",
      town: "Middlesbrough",
      postcode: "TS1 2AA",
      phone: "01642 496 222",
      ehrType: "emis",
      pfsEhrType: "emis",
      allowVideo: true,
    })
    .returning({ id: practices.id });
  await tx.insert(openingHours).values(
    DEFAULT_OPENING_HOURS.map((h) => ({ practiceId: tes.id, day: h.day, closed: h.closed, localOpeningTime: h.opens, localClosingTime: h.closes })),
  );
  const account = async (email: string, firstName: string, lastName: string) => {
    const [row] = await tx
      .insert(users)
      .values({ email, firstName, lastName, passwordHash: input.passwordHash, emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    return row.id;
  };
  const gp = await account(TES_ACCOUNTS.gp, "Nadia", "Osei");
  const gp2 = await account(TES_ACCOUNTS.gp2, "Daniel", "Price");
  const reception = await account(TES_ACCOUNTS.reception, "Amy", "Collins");
  const practiceAdmin = await account(TES_ACCOUNTS.practiceAdmin, "Omar", "Haddad");
  await tx.insert(practiceMemberships).values([
    { userId: gp, practiceId: tes.id, role: "gp" },
    { userId: gp2, practiceId: tes.id, role: "gp" },
    { userId: reception, practiceId: tes.id, role: "receptionist" },
    { userId: practiceAdmin, practiceId: tes.id, role: "practice_admin" },
  ]);
  await setPattern(tx, tes.id, gp, DEMO_GP_PATTERN);
  // The second GP works Wednesday afternoons, so someone is in when the first has her half day.
  await setPattern(tx, tes.id, gp2, [...DEMO_GP_PATTERN, { day: "wednesday", session: 2, start: "14:00", end: "18:00" }]);
  await setPattern(tx, tes.id, reception, DEMO_RECEPTION_PATTERN);
  await tx.insert(staffLeave).values([
    { practiceId: tes.id, userId: gp, kind: "leave", startDate: input.today, endDate: addDays(input.today, 6), coverUserId: gp2, note: "Annual leave", createdByUserId: practiceAdmin },
    { practiceId: tes.id, userId: reception, kind: "out_of_office", startDate: addDays(input.today, 21), endDate: addDays(input.today, 21), coverUserId: null, note: "Training day", createdByUserId: practiceAdmin },
  ]);
  const people = await tx
    .insert(patients)
    .values(
      [
        ["Imogen", "Marsh", "1979-03-12", "female", "TS1 3BA"],
        ["Kieran", "Doyle", "1964-08-30", "male", "TS4 2PJ"],
        ["Zara", "Malik", "1996-12-05", "female", "TS5 6QR"],
      ].map(([firstName, lastName, dateOfBirth, gender, postcode], i) => ({
        practiceId: tes.id,
        firstName,
        lastName,
        dateOfBirth,
        gender: gender as "female" | "male",
        // 700s: the 800s are the AI-testing practice's, the 900s the mock NHS login users.
        nhsNumber: input.nhsNumber(700 + i),
        postcode,
        town: "Middlesbrough",
      })),
    )
    .returning({ id: patients.id });
  // Requests are assigned to the second GP (the first is away): three wait unassigned to try the warning.
  await seedDemoRequests(tx, { practiceId: tes.id, patientIds: people.map((p) => p.id), userIdFor: () => reception, gpId: gp2, receptionId: reception });
  return { practiceId: tes.id, gp, gp2, reception, practiceAdmin };
}
