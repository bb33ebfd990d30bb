/**
 * Demo data of the simulated GP system (issue 6): clinic sessions with slots over the next
 * four weeks at each demo practice, and for each demo patient online-services credentials
 * (listed in the README), 22 repeat medications (two pages of the table), one past
 * appointment and one issued prescription request. Also the TPP practice's demo patient.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { gpAccounts, gpMedicationCourses, gpPrescriptionRequestCourses, gpPrescriptionRequests, gpRecordEntries, gpSessions, gpSlots, patients, users } from "./schema";
import { londonDay, londonTime } from "~/domain/online-services/format";
import { nhsCheckDigit } from "~/domain/patients/nhs-number";

export const DEMO_TPP_PATIENT = "demo.tpp.patient@example.com";

type SeedPractice = { id: number; urlCode: string; odsCode: string | null; name: string };

/**
 * Online-services credentials of the demo patients. A key links once, so each has three:
 * unlink and link again with the next one.
 */
export const DEMO_LINKAGE: Record<string, { email: string; accountId: string; linkageKeys: string[] }> = {
  demo: { email: "demo.patient@example.com", accountId: "EMIS100000001", linkageKeys: ["Riverside01", "Riverside02", "Riverside03"] },
  demotpp: { email: DEMO_TPP_PATIENT, accountId: "TPP200000001", linkageKeys: ["hillside-one", "hillside-two", "hillside-three"] },
};

type SessionSeed = {
  name: string;
  staffName: string;
  jobRole: string;
  locationName: string;
  streetNumber: string;
  village: string;
  town: string;
  postcode: string;
  slotType: string;
  /** London times on weekdays (1 = Monday .. 5 = Friday). */
  times: Array<{ days: number[]; at: string; minutes: number }>;
};

const SESSIONS: Record<string, SessionSeed[]> = {
  demo: [
    {
      name: "Routine GP appointments",
      staffName: "Dr Priya Shah",
      jobRole: "General Practitioner",
      locationName: "Riverside Medical Centre",
      streetNumber: "12 Riverside Road",
      village: "Holbeck",
      town: "Leeds",
      postcode: "LS1 4AP",
      slotType: "Face to face",
      times: [{ days: [1, 2, 3, 4, 5], at: "09:00", minutes: 10 }],
    },
    {
      name: "Practice nurse clinic",
      staffName: "Amy Collins",
      jobRole: "Practice Nurse",
      locationName: "Chapel Allerton branch surgery",
      streetNumber: "Chapel Allerton",
      village: "Chapel Allerton",
      town: "Leeds",
      postcode: "LS7 4NZ",
      slotType: "Face to face",
      times: [{ days: [1, 3, 5], at: "10:30", minutes: 15 }],
    },
    {
      name: "Telephone consultations",
      staffName: "Dr Ben Adeyemi",
      jobRole: "General Practitioner",
      locationName: "Riverside Medical Centre",
      streetNumber: "12 Riverside Road",
      village: "Holbeck",
      town: "Leeds",
      postcode: "LS1 4AP",
      slotType: "Telephone",
      times: [{ days: [2, 4], at: "14:00", minutes: 10 }],
    },
  ],
  demotpp: [
    {
      name: "GP surgery",
      staffName: "Dr Priya Shah",
      jobRole: "General Practitioner",
      locationName: "Hillside Surgery",
      streetNumber: "3 Church Lane",
      village: "Bilton",
      town: "Harrogate",
      postcode: "HG1 2RS",
      slotType: "Face to face",
      times: [{ days: [1, 2, 3, 4, 5], at: "08:40", minutes: 10 }],
    },
    {
      name: "Nurse clinic",
      staffName: "Daniel Hughes",
      jobRole: "Practice Nurse",
      locationName: "Hillside Surgery",
      streetNumber: "3 Church Lane",
      village: "Bilton",
      town: "Harrogate",
      postcode: "HG1 2RS",
      slotType: "Face to face",
      times: [{ days: [2, 4], at: "11:00", minutes: 20 }],
    },
    {
      name: "Telephone appointments",
      staffName: "Dr Hannah Lowe",
      jobRole: "General Practitioner",
      locationName: "Hillside Surgery",
      streetNumber: "3 Church Lane",
      village: "Bilton",
      town: "Harrogate",
      postcode: "HG1 2RS",
      slotType: "Telephone",
      times: [{ days: [1, 3, 5], at: "16:00", minutes: 10 }],
    },
  ],
};

export const DEMO_MEDICATIONS: Array<[string, string]> = [
  ["Amlodipine 5mg tablets", "One tablet once a day"],
  ["Atorvastatin 20mg tablets", "One tablet at night"],
  ["Beclometasone 100micrograms inhaler", "Two puffs twice a day"],
  ["Bisoprolol 2.5mg tablets", "One tablet in the morning"],
  ["Cetirizine 10mg tablets", "One tablet once a day when required"],
  ["Citalopram 20mg tablets", "One tablet once a day"],
  ["Clopidogrel 75mg tablets", "One tablet once a day"],
  ["Co-codamol 8mg/500mg tablets", "One or two tablets up to four times a day"],
  ["Colecalciferol 800 unit capsules", "One capsule once a day"],
  ["Emollient cream", "Apply to dry skin twice a day"],
  ["Folic acid 5mg tablets", "One tablet once a day"],
  ["Gaviscon Advance liquid", "10ml after meals and at bedtime"],
  ["Lansoprazole 30mg capsules", "One capsule in the morning"],
  ["Levothyroxine 50microgram tablets", "One tablet in the morning before breakfast"],
  ["Losartan 50mg tablets", "One tablet once a day"],
  ["Metformin 500mg tablets", "One tablet twice a day with meals"],
  ["Mirtazapine 15mg tablets", "One tablet at night"],
  ["Naproxen 250mg tablets", "One tablet twice a day with food"],
  ["Omeprazole 20mg capsules", "One capsule once a day"],
  ["Paracetamol 500mg tablets", "Two tablets up to four times a day"],
  ["Ramipril 5mg capsules", "One capsule once a day"],
  ["Salbutamol 100micrograms inhaler", "Two puffs when required"],
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions of one practice with slots on weekdays over the 28 days after `now`. */
export async function seedGpPractice(db: Db, practice: SeedPractice, now: Date): Promise<void> {
  const sessions = SESSIONS[practice.urlCode] ?? SESSIONS.demo;
  for (const seed of sessions) {
    const [session] = await db
      .insert(gpSessions)
      .values({
        practiceId: practice.id,
        name: seed.name,
        staffName: seed.staffName,
        jobRole: seed.jobRole,
        locationName: seed.locationName,
        streetNumber: seed.streetNumber,
        village: seed.village,
        town: seed.town,
        postcode: seed.postcode,
      })
      .returning({ id: gpSessions.id });
    const slots: Array<typeof gpSlots.$inferInsert> = [];
    for (let d = 1; d <= 28; d++) {
      const day = londonDay(new Date(now.getTime() + d * DAY_MS));
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      for (const time of seed.times) {
        if (!time.days.includes(weekday)) continue;
        const start = londonTime(day, time.at);
        slots.push({
          sessionId: session.id,
          practiceId: practice.id,
          startTime: start,
          endTime: new Date(start.getTime() + time.minutes * 60 * 1000),
          slotType: seed.slotType,
          slotName: seed.name,
        });
      }
    }
    if (slots.length > 0) await db.insert(gpSlots).values(slots);
  }
}

/**
 * Credentials, repeat medication and a little history for one patient. `keys` are the
 * linkage keys the practice issued (each links once).
 */
export async function seedGpPatient(
  db: Db,
  options: { patientId: number; practice: SeedPractice; accountId: string; linkageKeys: string[]; now: Date; history?: boolean },
): Promise<void> {
  const { patientId, practice, now } = options;
  await db.insert(gpAccounts).values(
    options.linkageKeys.map((linkageKey) => ({ patientId, accountId: options.accountId, linkageKey, unitId: practice.odsCode ?? practice.urlCode.toUpperCase() })),
  );
  const courses = await db
    .insert(gpMedicationCourses)
    .values(DEMO_MEDICATIONS.map(([name, dosage]) => ({ patientId, name, dosage })))
    .returning({ id: gpMedicationCourses.id });
  await seedGpRecord(db, patientId, now);
  if (!options.history) return;
  // An issued order from last month: TPP practices may still cancel it, EMIS ones not.
  const [issued] = await db
    .insert(gpPrescriptionRequests)
    .values({ patientId, dateRequested: new Date(now.getTime() - 30 * DAY_MS) })
    .returning({ id: gpPrescriptionRequests.id });
  await db.insert(gpPrescriptionRequestCourses).values([
    { requestId: issued.id, courseId: courses[0].id, position: 0, status: "Issued" },
    { requestId: issued.id, courseId: courses[15].id, position: 1, status: "Issued" },
  ]);
  // A past appointment (Attended) in the practice's first session.
  const [session] = await db.select({ id: gpSessions.id, name: gpSessions.name }).from(gpSessions).where(eq(gpSessions.practiceId, practice.id)).limit(1);
  if (session) {
    const start = londonTime(londonDay(new Date(now.getTime() - 14 * DAY_MS)), "09:30");
    await db.insert(gpSlots).values({
      sessionId: session.id,
      practiceId: practice.id,
      startTime: start,
      endTime: new Date(start.getTime() + 10 * 60 * 1000),
      slotType: "Face to face",
      slotName: session.name,
      bookedByPatientId: patientId,
      bookedAt: new Date(now.getTime() - 20 * DAY_MS),
      bookingMethod: "Online",
      bookingReason: "Review of blood pressure medication",
    });
  }
}

/** Called once from seedDemo, inside its transaction. */
export async function seedGpSystem(db: Db, options: { practices: SeedPractice[]; passwordHash: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const tpp = options.practices.find((p) => p.urlCode === "demotpp");
  if (tpp) {
    const [user] = await db
      .insert(users)
      .values({ email: DEMO_TPP_PATIENT, firstName: "David", lastName: "Ellison", mobile: "07700900789", passwordHash: options.passwordHash, emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    await db.insert(patients).values({
      practiceId: tpp.id,
      userId: user.id,
      firstName: "David",
      lastName: "Ellison",
      dateOfBirth: "1958-10-04",
      nhsNumber: tppNhsNumber(),
      gender: "male",
      email: DEMO_TPP_PATIENT,
      mobile: "07700900789",
      addressLine1: "14 Station Parade",
      town: "Harrogate",
      postcode: "HG1 1TT",
    });
  }
  for (const practice of options.practices) {
    await seedGpPractice(db, practice, now);
    const credentials = DEMO_LINKAGE[practice.urlCode];
    if (!credentials) continue;
    const [patient] = await db
      .select({ id: patients.id })
      .from(patients)
      .innerJoin(users, eq(users.id, patients.userId))
      .where(and(eq(patients.practiceId, practice.id), sql`lower(${users.email}) = ${credentials.email}`));
    if (!patient) continue;
    await seedGpPatient(db, { patientId: patient.id, practice, accountId: credentials.accountId, linkageKeys: credentials.linkageKeys, now, history: true });
  }
}

/** In the unissued 999 range, like every demo NHS number (seed.server.ts uses 1–3, 5 and 10+). */
function tppNhsNumber(): string {
  for (let j = 0; j < 100; j++) {
    const firstNine = `9990004${String(j).padStart(2, "0")}`;
    const check = nhsCheckDigit(firstNine);
    if (check !== null) return firstNine + check;
  }
  throw new Error("no NHS number");
}

/** The record summary My Records shows (decision 0109): allergies, problems and test results. */
export async function seedGpRecord(db: Db, patientId: number, now: Date): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
  await db.insert(gpRecordEntries).values([
    { patientId, kind: "allergy", name: "Penicillin", detail: "Rash and swelling", recordedOn: daysAgo(3650) },
    { patientId, kind: "allergy", name: "Elastoplast", detail: "Skin irritation", recordedOn: daysAgo(900) },
    { patientId, kind: "problem", name: "Essential hypertension", detail: "Active", recordedOn: daysAgo(400) },
    { patientId, kind: "problem", name: "Asthma", detail: "Active", recordedOn: daysAgo(6000) },
    { patientId, kind: "problem", name: "Fractured left wrist", detail: "Resolved", recordedOn: daysAgo(2500) },
    { patientId, kind: "test_result", name: "Total cholesterol", detail: "4.6 mmol/L (normal: below 5.0)", recordedOn: daysAgo(60) },
    { patientId, kind: "test_result", name: "HbA1c", detail: "38 mmol/mol (normal: below 42)", recordedOn: daysAgo(60) },
    { patientId, kind: "test_result", name: "eGFR", detail: "84 mL/min/1.73m2 (normal: above 60)", recordedOn: daysAgo(60) },
  ]);
}
