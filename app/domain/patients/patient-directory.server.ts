/**
 * The practice's patient directory for staff (spec 3 §2 Patients): search, the list 20 a
 * page, one patient with their requests, and the details staff may change. Every query is
 * scoped to the practice, so another practice's id is simply not found.
 *
 * The list is keyset-paged on (lower(last_name), lower(first_name), id), the order of
 * patients_practice_sort_idx: a page is an index range scan however deep it is.
 */
import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { issueTypes, patientEntries, patients } from "~/db/schema";
import type { PatientFormValues } from "./patient-forms";
import { likePrefix, type PatientCursor, type PatientSearch, type PatientSortKey } from "./patient-search";

export const PAGE_SIZE = 20;

export type Patient = typeof patients.$inferSelect;

export type DirectoryRow = {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  nhsNumber: string | null;
  nonDigital: boolean;
  hasAccount: boolean;
};

export type DirectoryPage = {
  rows: DirectoryRow[];
  /** Sort keys for the Next and Previous links; null when there is no such page. */
  next: PatientSortKey | null;
  previous: PatientSortKey | null;
};

const lastKey = sql<string>`lower(${patients.lastName})`;
const firstKey = sql<string>`lower(${patients.firstName})`;

function searchCondition(search: PatientSearch): SQL | undefined {
  switch (search.kind) {
    case "none":
      return undefined;
    case "invalid":
      return sql`false`;
    case "nhs-number":
      return eq(patients.nhsNumber, search.digits);
    case "date-of-birth":
      return eq(patients.dateOfBirth, search.iso);
    case "name":
      return and(
        ...search.terms.map((term) => or(sql`${lastKey} like ${likePrefix(term)}`, sql`${firstKey} like ${likePrefix(term)}`)),
      );
  }
}

export async function listPatients(
  db: Db,
  input: { practiceId: number; search: PatientSearch; nonDigitalOnly: boolean; cursor: PatientCursor | null; limit?: number },
): Promise<DirectoryPage> {
  const limit = input.limit ?? PAGE_SIZE;
  const backwards = input.cursor?.direction === "before";
  // A record merged into another is hidden until the merge is undone (merge.server.ts).
  const where: (SQL | undefined)[] = [eq(patients.practiceId, input.practiceId), isNull(patients.mergedIntoPatientId), searchCondition(input.search)];
  if (input.nonDigitalOnly) where.push(eq(patients.nonDigital, true));
  if (input.cursor) {
    const { last, first, id } = input.cursor.key;
    where.push(backwards ? sql`(${lastKey}, ${firstKey}, ${patients.id}) < (${last}, ${first}, ${id})` : sql`(${lastKey}, ${firstKey}, ${patients.id}) > (${last}, ${first}, ${id})`);
  }
  const order = backwards ? [desc(lastKey), desc(firstKey), desc(patients.id)] : [asc(lastKey), asc(firstKey), asc(patients.id)];
  const fetched = await db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      dateOfBirth: patients.dateOfBirth,
      nhsNumber: patients.nhsNumber,
      nonDigital: patients.nonDigital,
      userId: patients.userId,
    })
    .from(patients)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit + 1);
  const more = fetched.length > limit;
  const page = fetched.slice(0, limit);
  if (backwards) page.reverse();
  const rows = page.map(({ userId, ...r }) => ({ ...r, hasAccount: userId !== null }));
  const keyOf = (r: DirectoryRow): PatientSortKey => ({ last: r.lastName.toLowerCase(), first: r.firstName.toLowerCase(), id: r.id });
  const first = rows[0];
  const last = rows[rows.length - 1];
  // Going forwards there is a previous page whenever we came from one; going back, a next.
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more : Boolean(input.cursor);
  return {
    rows,
    next: hasNext && last ? keyOf(last) : null,
    previous: hasPrevious && first ? keyOf(first) : null,
  };
}

/** One patient of the practice, or null (unknown id, or another practice's patient). */
export async function findPracticePatient(db: Db, practiceId: number, patientId: number): Promise<Patient | null> {
  if (!Number.isSafeInteger(patientId) || patientId < 1 || patientId > 2_147_483_647) return null;
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.practiceId, practiceId)));
  return row ?? null;
}

export type PatientRequestRow = {
  id: number;
  issueType: string;
  submittedAt: Date;
  stage: "created" | "submitted" | "completed" | "rejected" | "cancelled";
  awaitingPatientReply: boolean;
  assignedToId: number | null;
};

/** A patient's requests that reached the practice, newest first, keyset on (submitted_at, id). */
export async function listPatientRequests(
  db: Db,
  input: { practiceId: number; patientId: number; before?: { submittedAt: Date; id: number } | null; limit?: number },
): Promise<{ rows: PatientRequestRow[]; next: { submittedAt: Date; id: number } | null }> {
  const limit = input.limit ?? PAGE_SIZE;
  const where: (SQL | undefined)[] = [
    eq(patientEntries.patientId, input.patientId),
    eq(patientEntries.practiceId, input.practiceId),
    isNotNull(patientEntries.submittedAt),
    isNull(patientEntries.deletedAt),
  ];
  if (input.before) {
    where.push(
      or(
        lt(patientEntries.submittedAt, input.before.submittedAt),
        and(eq(patientEntries.submittedAt, input.before.submittedAt), lt(patientEntries.id, input.before.id)),
      ),
    );
  }
  const fetched = await db
    .select({
      id: patientEntries.id,
      issueType: issueTypes.name,
      submittedAt: patientEntries.submittedAt,
      stage: patientEntries.stage,
      awaitingPatientReply: patientEntries.awaitingPatientReply,
      assignedToId: patientEntries.assignedToId,
    })
    .from(patientEntries)
    .innerJoin(issueTypes, eq(issueTypes.id, patientEntries.issueTypeId))
    .where(and(...where))
    .orderBy(desc(patientEntries.submittedAt), desc(patientEntries.id))
    .limit(limit + 1);
  const rows = fetched.slice(0, limit).map((r) => ({ ...r, submittedAt: r.submittedAt! }));
  const last = rows[rows.length - 1];
  return { rows, next: fetched.length > limit && last ? { submittedAt: last.submittedAt, id: last.id } : null };
}

/** What staff see as a request's stage in lists. */
export function stageLabel(row: Pick<PatientRequestRow, "stage" | "awaitingPatientReply">): string {
  switch (row.stage) {
    case "submitted":
      return row.awaitingPatientReply ? "Awaiting patient reply" : "Open";
    case "completed":
      return "Completed";
    case "rejected":
      return "Rejected";
    case "cancelled":
      return "Cancelled";
    default:
      return "Draft";
  }
}

export type PatientDetails = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  nhsNumber?: string;
  gender?: "female" | "male" | "not_specified";
  email?: string;
  mobile?: string;
  phone?: string;
  addressLine1?: string;
  town?: string;
  postcode?: string;
};

export type SaveResult<T> = { status: "ok"; value: T } | { status: "nhs_number_taken" };

function columnsOf(details: PatientDetails) {
  return {
    firstName: details.firstName,
    lastName: details.lastName,
    dateOfBirth: details.dateOfBirth,
    nhsNumber: details.nhsNumber ?? null,
    gender: details.gender ?? null,
    email: details.email ?? null,
    mobile: details.mobile ?? null,
    phone: details.phone ?? null,
    addressLine1: details.addressLine1 ?? null,
    town: details.town ?? null,
    postcode: details.postcode ?? null,
  };
}

async function nhsNumberTaken(db: Db, practiceId: number, nhsNumber: string | undefined, exceptId?: number) {
  if (!nhsNumber) return false;
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.practiceId, practiceId), eq(patients.nhsNumber, nhsNumber)));
  return Boolean(row && row.id !== exceptId);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Saves the patient's details; answers the names of the fields that changed (for the audit
 * row: names, never values). The NHS number is unique per practice: checked first for the
 * message, and the unique index settles a race.
 */
export async function updatePatientDetails(
  db: Db,
  practiceId: number,
  patient: Patient,
  details: PatientDetails,
  now: Date,
): Promise<SaveResult<string[]>> {
  if (await nhsNumberTaken(db, practiceId, details.nhsNumber, patient.id)) return { status: "nhs_number_taken" };
  const values = columnsOf(details);
  const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => (patient[k] ?? null) !== values[k]);
  if (changed.length === 0) return { status: "ok", value: [] };
  try {
    await db
      .update(patients)
      .set({ ...values, updatedAt: now })
      .where(and(eq(patients.id, patient.id), eq(patients.practiceId, practiceId)));
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "nhs_number_taken" };
    throw error;
  }
  return { status: "ok", value: changed };
}

/** A non-digital patient: known to the practice, without an account. */
export async function createNonDigitalPatient(db: Db, practiceId: number, details: PatientDetails, now: Date): Promise<SaveResult<Patient>> {
  if (await nhsNumberTaken(db, practiceId, details.nhsNumber)) return { status: "nhs_number_taken" };
  try {
    const [row] = await db
      .insert(patients)
      .values({ practiceId, ...columnsOf(details), nonDigital: true, createdAt: now, updatedAt: now })
      .returning();
    return { status: "ok", value: row };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "nhs_number_taken" };
    throw error;
  }
}

/** The form's starting values from a stored patient. */
export function detailsOf(patient: Patient): PatientFormValues {
  const [year, month, day] = patient.dateOfBirth.split("-");
  return {
    firstName: patient.firstName,
    lastName: patient.lastName,
    dateOfBirth: { day: String(Number(day)), month: String(Number(month)), year },
    nhsNumber: patient.nhsNumber ?? "",
    gender: patient.gender ?? undefined,
    email: patient.email ?? "",
    mobile: patient.mobile ?? "",
    phone: patient.phone ?? "",
    addressLine1: patient.addressLine1 ?? "",
    town: patient.town ?? "",
    postcode: patient.postcode ?? "",
  };
}

/** The patient page's "Older requests" cursor: "{submitted_at ms}.{id}". */
export function encodeRequestCursor(key: { submittedAt: Date; id: number }): string {
  return `${key.submittedAt.getTime()}.${key.id}`;
}

export function decodeRequestCursor(value: string | null): { submittedAt: Date; id: number } | null {
  const match = value ? /^(\d{1,15})\.(\d{1,10})$/.exec(value) : null;
  if (!match) return null;
  const id = Number(match[2]);
  return id >= 1 && id <= 2_147_483_647 ? { submittedAt: new Date(Number(match[1])), id } : null;
}
