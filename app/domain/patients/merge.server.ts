/**
 * Merging patient records (docs/decisions/0110-merging-patients.md): the duplicate's requests
 * (with their files, messages and history, which belong to the request) and carer links move to
 * the kept record in one transaction; the kept record takes the details staff chose; the
 * duplicate stays, marked merged and hidden from the staff lists, so an undo within 14 days
 * puts everything back. Every query is scoped to the practice; both steps are audited.
 */
import { and, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Tx } from "~/db/client.server";
import { carerDependents, patientEntries, patientMerges, patients, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { NotFound } from "~/domain/outcomes";
import { canUndoMerge, MERGE_FIELDS, mergedDetails, type MergeDetails, type MergeFieldKey } from "./merge";

type Patient = typeof patients.$inferSelect;
type Ctx = Pick<AppContext, "db" | "clock">;
export type Actor = { userId: number; practiceId: number };

export function detailsOf(p: Patient): MergeDetails {
  return Object.fromEntries(MERGE_FIELDS.map((f) => [f.key, (p[f.key] as string | null) ?? null])) as MergeDetails;
}

/** A live (not merged away) record of this practice, or null. */
export async function mergeablePatient(db: Ctx["db"], practiceId: number, patientId: number): Promise<Patient | null> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.practiceId, practiceId), isNull(patients.mergedIntoPatientId)));
  return row ?? null;
}

export type DuplicateCandidate = Patient & { isGuest: boolean; requestCount: number };

/**
 * Records of this practice that look like duplicates of the patient (same NHS number, or same
 * date of birth and a same name), or match the staff member's search, never the patient itself
 * nor a record already merged away. At most 20.
 */
export async function duplicateCandidates(db: Ctx["db"], practiceId: number, patient: Patient, search: { nhsNumber?: string; dateOfBirth?: string; name?: string } | null): Promise<DuplicateCandidate[]> {
  const lower = (v: string) => v.trim().toLowerCase();
  const likely = or(
    patient.nhsNumber ? eq(patients.nhsNumber, patient.nhsNumber) : sql`false`,
    and(
      eq(patients.dateOfBirth, patient.dateOfBirth),
      or(sql`lower(${patients.lastName}) = ${lower(patient.lastName)}`, sql`lower(${patients.firstName}) = ${lower(patient.firstName)}`),
    ),
  );
  const searched = search
    ? search.nhsNumber
      ? eq(patients.nhsNumber, search.nhsNumber)
      : search.dateOfBirth
        ? eq(patients.dateOfBirth, search.dateOfBirth)
        : search.name
          ? or(sql`lower(${patients.lastName}) like ${`${lower(search.name).replace(/[%_\\]/g, "\\$&")}%`}`, sql`lower(${patients.firstName}) like ${`${lower(search.name).replace(/[%_\\]/g, "\\$&")}%`}`)
          : sql`false`
    : likely;
  const rows = await db
    .select({
      patient: patients,
      isGuest: sql<boolean>`coalesce(${users.isGuestAccount}, false)`,
      requestCount: sql<number>`(select count(*)::int from ${patientEntries} e where e.patient_id = ${patients.id} and e.deleted_at is null and e.submitted_at is not null)`,
    })
    .from(patients)
    .leftJoin(users, eq(users.id, patients.userId))
    .where(and(eq(patients.practiceId, practiceId), ne(patients.id, patient.id), isNull(patients.mergedIntoPatientId), searched))
    .orderBy(patients.lastName, patients.firstName, patients.id)
    .limit(20);
  return rows.map((r) => ({ ...r.patient, isGuest: Boolean(r.isGuest), requestCount: Number(r.requestCount) }));
}

/** Whether the record belongs to a guest account (a guest's record is the usual duplicate). */
export async function isGuestRecord(db: Ctx["db"], patient: Patient): Promise<boolean> {
  if (patient.userId === null) return false;
  const [u] = await db.select({ guest: users.isGuestAccount }).from(users).where(eq(users.id, patient.userId));
  return Boolean(u?.guest);
}

export type MergeResult = { status: "merged"; mergeId: number } | { status: "gone" } | { status: "conflict"; message: string };

function asColumns(d: MergeDetails) {
  return {
    firstName: d.firstName ?? "",
    lastName: d.lastName ?? "",
    dateOfBirth: d.dateOfBirth ?? "",
    nhsNumber: d.nhsNumber,
    gender: d.gender as Patient["gender"],
    email: d.email,
    mobile: d.mobile,
    phone: d.phone,
    addressLine1: d.addressLine1,
    town: d.town,
    postcode: d.postcode,
  };
}

/** Merges `duplicateId` into `keptId` with the chosen details, in one transaction. */
export async function mergePatients(
  context: Ctx,
  actor: Actor,
  input: { keptId: number; duplicateId: number; choices: Partial<Record<MergeFieldKey, "kept" | "duplicate">> },
): Promise<MergeResult> {
  if (input.keptId === input.duplicateId) return { status: "gone" };
  const now = context.clock.now();
  const result = await context.db.transaction(async (tx): Promise<MergeResult> => {
    // Both rows locked in id order: two merges of the same pair at once cannot interleave.
    const locked = await tx
      .select()
      .from(patients)
      .where(and(eq(patients.practiceId, actor.practiceId), inArray(patients.id, [input.keptId, input.duplicateId]), isNull(patients.mergedIntoPatientId)))
      .orderBy(patients.id)
      .for("update");
    const kept = locked.find((p) => p.id === input.keptId);
    const duplicate = locked.find((p) => p.id === input.duplicateId);
    if (!kept || !duplicate) return { status: "gone" };
    const keptBefore = detailsOf(kept);
    const mergedBefore = detailsOf(duplicate);
    const after = mergedDetails(keptBefore, mergedBefore, input.choices);
    if (!after.firstName || !after.lastName || !after.dateOfBirth) return { status: "conflict", message: "The kept record needs a first name, last name and date of birth" };
    // The duplicate gives up its NHS number first: the number is unique per practice.
    await tx.update(patients).set({ mergedIntoPatientId: kept.id, nhsNumber: null, updatedAt: now }).where(eq(patients.id, duplicate.id));
    await tx.update(patients).set({ ...asColumns(after), updatedAt: now }).where(eq(patients.id, kept.id));
    const moved = await tx
      .update(patientEntries)
      .set({ patientId: kept.id, updatedAt: now })
      .where(and(eq(patientEntries.patientId, duplicate.id), eq(patientEntries.practiceId, actor.practiceId)))
      .returning({ id: patientEntries.id });
    // A carer already linked to the kept record keeps that link; the duplicate's stays behind.
    const keptCarers = tx.select({ id: carerDependents.carerUserId }).from(carerDependents).where(eq(carerDependents.patientId, kept.id));
    const carers = await tx
      .update(carerDependents)
      .set({ patientId: kept.id })
      .where(and(eq(carerDependents.patientId, duplicate.id), sql`${carerDependents.carerUserId} not in (${keptCarers})`))
      .returning({ id: carerDependents.id });
    const [merge] = await tx
      .insert(patientMerges)
      .values({
        practiceId: actor.practiceId,
        keptPatientId: kept.id,
        mergedPatientId: duplicate.id,
        movedEntryIds: moved.map((m) => m.id).sort((a, b) => a - b),
        movedCarerLinkIds: carers.map((c) => c.id).sort((a, b) => a - b),
        keptBefore,
        mergedBefore,
        mergedByUserId: actor.userId,
        mergedAt: now,
      })
      .returning({ id: patientMerges.id });
    await auditMerge(tx, actor, "patient.merge", kept.id, { mergeId: merge.id, mergedPatientId: duplicate.id, requests: moved.length, carers: carers.length }, now);
    return { status: "merged", mergeId: merge.id };
  });
  return result;
}

function auditMerge(tx: Tx, actor: Actor, action: string, patientId: number, detail: Record<string, number>, at: Date) {
  return audit(tx, { actorUserId: actor.userId, practiceId: actor.practiceId, action, subjectType: "patient", subjectId: patientId, detail, at });
}

export type MergeView = {
  id: number;
  mergedAt: Date;
  undoneAt: Date | null;
  mergedByName: string | null;
  undoneByName: string | null;
  kept: Patient;
  merged: Patient;
  movedEntryIds: number[];
  movedCarerLinkIds: number[];
  keptBefore: MergeDetails;
  mergedBefore: MergeDetails;
};

/** One merge of this practice, with both records, or NotFound. */
export async function loadMerge(db: Ctx["db"], practiceId: number, mergeId: number): Promise<MergeView> {
  const [row] = await db
    .select()
    .from(patientMerges)
    .where(and(eq(patientMerges.id, mergeId), eq(patientMerges.practiceId, practiceId)));
  if (!row) throw new NotFound("merge");
  const people = await db.select().from(patients).where(and(eq(patients.practiceId, practiceId), inArray(patients.id, [row.keptPatientId, row.mergedPatientId])));
  const kept = people.find((p) => p.id === row.keptPatientId);
  const merged = people.find((p) => p.id === row.mergedPatientId);
  if (!kept || !merged) throw new NotFound("merge");
  const ids = [row.mergedByUserId, row.undoneByUserId].filter((x): x is number => x !== null);
  const names = ids.length ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids)) : [];
  const nameOf = (id: number | null) => {
    const u = names.find((n) => n.id === id);
    return u ? `${u.firstName} ${u.lastName}` : null;
  };
  return {
    id: row.id,
    mergedAt: row.mergedAt,
    undoneAt: row.undoneAt,
    mergedByName: nameOf(row.mergedByUserId),
    undoneByName: nameOf(row.undoneByUserId),
    kept,
    merged,
    movedEntryIds: row.movedEntryIds,
    movedCarerLinkIds: row.movedCarerLinkIds,
    keptBefore: row.keptBefore as MergeDetails,
    mergedBefore: row.mergedBefore as MergeDetails,
  };
}

/** The latest merges into a patient (shown on the merge page with their Undo). */
export async function mergesInto(db: Ctx["db"], practiceId: number, patientId: number) {
  return db
    .select({ id: patientMerges.id, mergedAt: patientMerges.mergedAt, undoneAt: patientMerges.undoneAt })
    .from(patientMerges)
    .where(and(eq(patientMerges.practiceId, practiceId), eq(patientMerges.keptPatientId, patientId)))
    .orderBy(desc(patientMerges.mergedAt))
    .limit(5);
}

export type UndoResult = { status: "undone"; keptPatientId: number } | { status: "already_undone" } | { status: "expired" };

/**
 * Undoes a merge within 14 days: the moved requests and carer links go back, both records take
 * their details from before, the duplicate shows again. One conditional update decides a race.
 */
export async function undoMerge(context: Ctx, actor: Actor, mergeId: number): Promise<UndoResult> {
  const now = context.clock.now();
  return context.db.transaction(async (tx): Promise<UndoResult> => {
    const [row] = await tx
      .select()
      .from(patientMerges)
      .where(and(eq(patientMerges.id, mergeId), eq(patientMerges.practiceId, actor.practiceId)))
      .for("update");
    if (!row) throw new NotFound("merge");
    if (row.undoneAt) return { status: "already_undone" };
    if (!canUndoMerge(row.mergedAt, now, null)) return { status: "expired" };
    const entryIds = row.movedEntryIds;
    if (entryIds.length) {
      await tx
        .update(patientEntries)
        .set({ patientId: row.mergedPatientId, updatedAt: now })
        .where(and(inArray(patientEntries.id, entryIds), eq(patientEntries.patientId, row.keptPatientId), eq(patientEntries.practiceId, actor.practiceId)));
    }
    if (row.movedCarerLinkIds.length) {
      await tx
        .update(carerDependents)
        .set({ patientId: row.mergedPatientId })
        .where(and(inArray(carerDependents.id, row.movedCarerLinkIds), eq(carerDependents.patientId, row.keptPatientId)));
    }
    // The kept record gives the NHS number back before the duplicate takes its own again.
    await tx.update(patients).set({ ...asColumns(row.keptBefore as MergeDetails), nhsNumber: null, updatedAt: now }).where(eq(patients.id, row.keptPatientId));
    await tx
      .update(patients)
      .set({ ...asColumns(row.mergedBefore as MergeDetails), mergedIntoPatientId: null, updatedAt: now })
      .where(and(eq(patients.id, row.mergedPatientId), eq(patients.practiceId, actor.practiceId)));
    await tx.update(patients).set({ nhsNumber: (row.keptBefore as MergeDetails).nhsNumber }).where(eq(patients.id, row.keptPatientId));
    await tx.update(patientMerges).set({ undoneAt: now, undoneByUserId: actor.userId }).where(eq(patientMerges.id, row.id));
    await auditMerge(tx, actor, "patient.merge_undo", row.keptPatientId, { mergeId: row.id, mergedPatientId: row.mergedPatientId, requests: entryIds.length }, now);
    return { status: "undone", keptPatientId: row.keptPatientId };
  });
}
