/**
 * Filing a request to the patient's clinical record (decision 0113): the consultation goes to
 * the GP system (its simulation by default) once; the request records when and by whom, its
 * history says so, and the audit trail has the row. Filing again answers what was filed.
 */
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { entryComments, entryEvents, gpConsultations, patientEntries, practices, snomedCodes, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import type { GpSnomedCode } from "~/domain/gp-system/gp-system";
import { requestReference } from "~/domain/requests/reference";
import { AUTOMATIC_FILING, defaultFilingSummary, FILING_MESSAGES, isSnomedConceptId } from "./filing";
import { loadRequestDetails } from "./request-details.server";

type Actor = { userId: number; practiceId: number };


export type FilingResult =
  | { status: "ok"; alreadyFiled: boolean }
  | { status: "not_found" }
  | { status: "refused"; field: "codes"; message: string }
  | { status: "unavailable"; message: string };

/** A request that reached this practice (not deleted, not a draft): what the filing page works on. */
export async function requestAtPractice(db: Db, practiceId: number, entryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: patientEntries.id })
    .from(patientEntries)
    .where(and(eq(patientEntries.id, entryId), eq(patientEntries.practiceId, practiceId), isNull(patientEntries.deletedAt), ne(patientEntries.stage, "created")))
    .limit(1);
  return Boolean(row);
}

/** What was filed for a request, with who filed it; null when it has not been filed. */
export async function filedConsultation(db: Db, practiceId: number, entryId: number) {
  const [row] = await db
    .select({
      id: gpConsultations.id,
      summary: gpConsultations.summary,
      codes: gpConsultations.snomedCodes,
      filedAt: gpConsultations.filedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      automatic: patientEntries.filedAutomatically,
    })
    .from(gpConsultations)
    .innerJoin(patientEntries, eq(patientEntries.id, gpConsultations.patientEntryId))
    .leftJoin(users, eq(users.id, gpConsultations.filedByUserId))
    .where(and(eq(gpConsultations.patientEntryId, entryId), eq(gpConsultations.practiceId, practiceId)))
    .limit(1);
  if (!row) return null;
  const { automatic, ...rest } = row;
  return { ...rest, filedBy: automatic ? AUTOMATIC_FILING : row.firstName ? `${row.firstName} ${row.lastName}` : "A former member of staff" };
}

/** The codes staff already put on the request's comments: the filing form ticks them first. */
export async function codesFromComments(db: Db, entryId: number): Promise<GpSnomedCode[]> {
  const rows = await db
    .select({ codes: entryComments.snomedCodes })
    .from(entryComments)
    .where(and(eq(entryComments.patientEntryId, entryId), isNull(entryComments.deletedAt)));
  const seen = new Map<string, GpSnomedCode>();
  for (const row of rows) for (const c of row.codes ?? []) if (!seen.has(c.code)) seen.set(c.code, { code: c.code, term: c.term });
  return [...seen.values()];
}

/** Known concepts among the codes, in the order given; null when any is not a known concept id. */
export async function knownCodes(db: Db, codes: readonly string[]): Promise<GpSnomedCode[] | null> {
  if (codes.some((c) => !isSnomedConceptId(c))) return null;
  if (codes.length === 0) return [];
  const rows = await db.select({ code: snomedCodes.code, term: snomedCodes.term }).from(snomedCodes).where(inArray(snomedCodes.code, [...codes]));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const known = codes.map((c) => byCode.get(c)).filter((c): c is GpSnomedCode => Boolean(c));
  return known.length === codes.length ? known : null;
}

export async function fileRequest(
  context: Pick<AppContext, "db" | "clock" | "gpSystem">,
  actor: Actor,
  input: { entryId: number; summary: string; codes: readonly string[]; automatic?: boolean },
): Promise<FilingResult> {
  // Automatic filing: no person filed it; the audit row still names whose completion set it off.
  const automatic = input.automatic === true;
  const filedBy = automatic ? null : actor.userId;
  const { db } = context;
  const [entry] = await db
    .select({ id: patientEntries.id, patientId: patientEntries.patientId, filedAt: patientEntries.filedAt })
    .from(patientEntries)
    .where(and(eq(patientEntries.id, input.entryId), eq(patientEntries.practiceId, actor.practiceId), isNull(patientEntries.deletedAt), ne(patientEntries.stage, "created")))
    .limit(1);
  if (!entry) return { status: "not_found" };
  // Filed already (another tab, a colleague): nothing more goes to the record.
  if (entry.filedAt) return { status: "ok", alreadyFiled: true };
  const codes = await knownCodes(db, input.codes);
  if (!codes) return { status: "refused", field: "codes", message: FILING_MESSAGES.badCode };
  if (codes.length === 0) return { status: "refused", field: "codes", message: FILING_MESSAGES.noCodes };
  const filed = await context.gpSystem.fileConsultation(
    { patientId: entry.patientId, practiceId: actor.practiceId },
    { requestId: String(entry.id), summary: input.summary, codes, filedByUserId: filedBy },
  );
  if (!filed.ok) {
    const message = filed.error.kind === "bad_request" && filed.error.messages[0] ? filed.error.messages[0] : FILING_MESSAGES.unavailable;
    return { status: "unavailable", message };
  }
  const now = context.clock.now();
  // Only the first to record the filing writes the history and the audit row.
  const recorded = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(patientEntries)
      .set({ filedAt: filed.value.filedAt, filedByUserId: filedBy, filedAutomatically: automatic, updatedAt: now })
      .where(and(eq(patientEntries.id, entry.id), isNull(patientEntries.filedAt)))
      .returning({ id: patientEntries.id });
    if (!row) return false;
    await tx.insert(entryEvents).values({
      patientEntryId: entry.id,
      actorUserId: filedBy,
      kind: "filed",
      detail: { consultationId: filed.value.consultationId, codes: filed.value.codes, summary: `Filed with ${filed.value.codes.map((c) => `${c.term} (${c.code})`).join(", ")}`, ...(automatic ? { automatic: true } : {}) },
      createdAt: now,
    });
    await audit(tx as unknown as Db, {
      actorUserId: actor.userId,
      practiceId: actor.practiceId,
      action: "request.filed",
      subjectType: "patient_entry",
      subjectId: entry.id,
      detail: { consultationId: filed.value.consultationId, codes: filed.value.codes.map((c) => c.code).join(","), ...(automatic ? { automatic: true } : {}) },
      at: now,
    });
    return true;
  });
  return { status: "ok", alreadyFiled: filed.value.alreadyFiled || !recorded };
}

export type AutofileOutcome = FilingResult | { status: "off" } | { status: "no_codes" };

/**
 * After a request is completed (decision 0133): when the practice files completed requests
 * automatically, file it as the manual filing does (the same rules, once only) with the SNOMED
 * codes staff put on its comments and the default summary. Nothing to file without codes; a GP
 * system that is away leaves the request unfiled for staff to file by hand. The completion
 * itself has already been saved and stands either way.
 */
export async function autofileOnCompletion(context: Pick<AppContext, "db" | "clock" | "gpSystem">, actor: Actor, entryId: number): Promise<AutofileOutcome> {
  const { db } = context;
  const [row] = await db
    .select({ on: practices.autofileOnCompletion, stage: patientEntries.stage, filedAt: patientEntries.filedAt })
    .from(patientEntries)
    .innerJoin(practices, eq(practices.id, patientEntries.practiceId))
    .where(and(eq(patientEntries.id, entryId), eq(patientEntries.practiceId, actor.practiceId), isNull(patientEntries.deletedAt)))
    .limit(1);
  if (!row || !row.on || row.stage !== "completed") return { status: "off" };
  if (row.filedAt) return { status: "ok", alreadyFiled: true };
  const codes = await codesFromComments(db, entryId);
  if (codes.length === 0) return { status: "no_codes" };
  const details = await loadRequestDetails(db, actor.practiceId, entryId);
  if (!details) return { status: "not_found" };
  const summary = defaultFilingSummary({ reference: requestReference(entryId), issueTypeName: details.issueTypeName, answers: details.answers });
  return fileRequest(context, actor, { entryId, summary, codes: codes.map((c) => c.code), automatic: true });
}
