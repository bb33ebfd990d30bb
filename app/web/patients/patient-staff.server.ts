/**
 * What the staff patient pages share: the guard (a GP or receptionist at the practice in
 * the URL), the patient named in the URL (page-not-found unless it is this practice's), and
 * the audit row every view and change writes. Audit rows name the patient by id only.
 */
import type { AppContext } from "~/context.server";
import { parseId } from "~/validation/ids";
import { audit } from "~/domain/audit/audit.server";
import { gp_or_reception } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { notFound } from "~/web/responses.server";
import type { Practice } from "~/domain/practices/practices.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import { formatDate } from "~/validation/dates";
import { formatNhsNumber } from "~/domain/patients/nhs-number";
import { findPracticePatient, listPatients, type Patient } from "~/domain/patients/patient-directory.server";
import { cursorFromQuery, encodePatientCursor, MAX_SEARCH_LENGTH, parsePatientSearch, type PatientSortKey } from "~/domain/patients/patient-search";

export const PATIENT_GUARDS = [gp_or_reception];

export type StaffAtPractice = { viewer: Viewer; practice: Practice };

export async function requirePatientStaff(request: Request, context: AppContext, practiceCode: string | undefined): Promise<StaffAtPractice> {
  const { viewer, practice } = await requireViewer(request, context, PATIENT_GUARDS, { practiceCode: practiceCode ?? "" });
  if (!practice) throw notFound();
  return { viewer, practice };
}

/** The practice's patient named by the route parameter; anything else is page-not-found. */
export async function requirePracticePatient(
  context: AppContext,
  practice: Practice,
  patientIdParam: string | undefined,
  options: { nonDigitalOnly?: boolean } = {},
): Promise<Patient> {
  const id = parseId(patientIdParam);
  const patient = id === null ? null : await findPracticePatient(context.db, practice.id, id);
  if (!patient || (options.nonDigitalOnly && !patient.nonDigital)) throw notFound();
  return patient;
}

export function auditPatient(
  context: AppContext,
  staff: StaffAtPractice,
  action: string,
  patientId: number | null,
  detail?: Record<string, string | number | boolean | null>,
) {
  return audit(context.db, {
    actorUserId: staff.viewer.userId,
    practiceId: staff.practice.id,
    action,
    ...(patientId !== null ? { subjectType: "patient", subjectId: patientId } : {}),
    detail,
    at: context.clock.now(),
  });
}

/** The list pages (/patients and /non-digital-patients): one page of rows and its links. */
export async function loadPatientList(context: AppContext, staff: StaffAtPractice, request: Request, options: { nonDigitalOnly?: boolean } = {}) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH);
  const nonDigitalOnly = options.nonDigitalOnly || url.searchParams.get("filter") === "non-digital";
  const search = parsePatientSearch(q);
  const page = await listPatients(context.db, {
    practiceId: staff.practice.id,
    search,
    nonDigitalOnly,
    cursor: cursorFromQuery(url.searchParams),
  });
  const link = (direction: "after" | "before", key: PatientSortKey) => {
    const query = new URLSearchParams();
    if (q) query.set("q", q);
    if (nonDigitalOnly && !options.nonDigitalOnly) query.set("filter", "non-digital");
    query.set(direction, encodePatientCursor(key));
    return `${url.pathname}?${query}`;
  };
  // The search words are personal data: the audit row keeps only what kind of search it was.
  await auditPatient(context, staff, options.nonDigitalOnly ? "non_digital_patients.list" : "patients.list", null, {
    search: search.kind,
    filter: nonDigitalOnly ? "non-digital" : "all",
    paged: url.searchParams.has("after") || url.searchParams.has("before"),
    results: page.rows.length,
  });
  return {
    practice: { urlCode: staff.practice.urlCode, name: staff.practice.name },
    q,
    filter: nonDigitalOnly ? ("non-digital" as const) : ("all" as const),
    searched: search.kind !== "none",
    rows: page.rows.map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`,
      dateOfBirth: formatDate(r.dateOfBirth),
      nhsNumber: r.nhsNumber ? formatNhsNumber(r.nhsNumber) : null,
      status: r.hasAccount ? "Has account" : r.nonDigital ? "Non-digital" : "No account",
    })),
    nextHref: page.next ? link("after", page.next) : null,
    previousHref: page.previous ? link("before", page.previous) : null,
  };
}
