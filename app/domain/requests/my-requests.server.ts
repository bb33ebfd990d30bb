/**
 * "My requests and messages" (spec 2 §2.1): the requests a signed-in user may see at one
 * practice (their own and those of the people they care for, through entryScope), newest
 * first, 20 a page (spec 2 §9). Only requests sent to the practice are listed: drafts, and
 * drafts that ended unsent, are left out.
 */
import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { issueTypes, patientEntries, patients } from "~/db/schema";
import { entryScope } from "./access.server";
import { formatDate } from "./display";
import { requestReference } from "./reference";
import { requestStatus, type RequestStatus } from "./request-status";

export const MY_REQUESTS_PAGE_SIZE = 20;

export type MyRequestRow = {
  id: number;
  reference: string;
  /** Who the request is about: "myself" for the user's own record, else the dependent's name. */
  forWhom: { relation: "myself" } | { relation: "dependent"; name: string };
  issueTypeName: string;
  /** DD/MM/YYYY, or null when it never reached the practice. */
  sentOn: string | null;
  status: RequestStatus;
};

export type MyRequestsPage = {
  rows: MyRequestRow[];
  page: number;
  pageCount: number;
  total: number;
};

/** The page asked for in ?page=, as a whole number from 1 (anything else is page 1). */
export function pageFromQuery(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export async function listMyRequests(db: Db, input: { userId: number; practiceId: number; page: number }): Promise<MyRequestsPage> {
  const where = and(
    eq(patientEntries.practiceId, input.practiceId),
    entryScope(input.userId),
    // Only what reached the practice: a draft being written belongs to the steps, and one that
    // ended unsent (cancelled, timed out, emergency) never shows (issue "patient side").
    isNotNull(patientEntries.submittedAt),
  );
  const [{ total }] = await db.select({ total: count() }).from(patientEntries).where(where);
  const pageCount = Math.max(1, Math.ceil(total / MY_REQUESTS_PAGE_SIZE));
  // Past the end (a request was removed meanwhile, or a hand-typed number): the last page.
  const page = Math.min(Math.max(1, input.page), pageCount);
  const rows = await db
    .select({
      id: patientEntries.id,
      stage: patientEntries.stage,
      awaitingPatientReply: patientEntries.awaitingPatientReply,
      closedAt: patientEntries.closedAt,
      submittedAt: patientEntries.submittedAt,
      issueTypeName: issueTypes.name,
      patientUserId: patients.userId,
      firstName: patients.firstName,
      lastName: patients.lastName,
    })
    .from(patientEntries)
    .innerJoin(issueTypes, eq(issueTypes.id, patientEntries.issueTypeId))
    .innerJoin(patients, eq(patients.id, patientEntries.patientId))
    .where(where)
    .orderBy(desc(sql`coalesce(${patientEntries.submittedAt}, ${patientEntries.startedAt})`), desc(patientEntries.id))
    .limit(MY_REQUESTS_PAGE_SIZE)
    .offset((page - 1) * MY_REQUESTS_PAGE_SIZE);
  return {
    page,
    pageCount,
    total,
    rows: rows.map((r) => ({
      id: r.id,
      reference: requestReference(r.id),
      forWhom: r.patientUserId === input.userId ? { relation: "myself" } : { relation: "dependent", name: `${r.firstName} ${r.lastName}` },
      issueTypeName: r.issueTypeName,
      sentOn: r.submittedAt ? formatDate(r.submittedAt) : null,
      // The where clause leaves out live drafts, so there is always a status.
      status: requestStatus(r) ?? "cancelled",
    })),
  };
}
