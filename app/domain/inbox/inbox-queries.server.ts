/**
 * The inbox lists: one query shape per inbox, keyset-paginated so page 500 costs what page 1
 * costs. Membership matches inboxKeysOf (inboxes.ts).
 */
import { and, asc, desc, eq, isNotNull, isNull, lt, gt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { issueTypes, patientEntries, patients } from "~/db/schema";

export type InboxSelector =
  | "unassigned"
  | "rejected"
  | "awaiting-response"
  | "completed"
  | "all"
  | { issueTypeId: number }
  | { staffUserId: number };
export type InboxSort = "newest" | "oldest";

export type InboxRow = {
  id: number;
  patientId: number;
  patientFirstName: string;
  patientLastName: string;
  issueTypeName: string;
  submittedAt: Date;
  urgencyId: number | null;
  assignedToId: number | null;
  stage: string;
  awaitingPatientReply: boolean;
};

export type InboxPage = { rows: InboxRow[]; next: string | null };

function membership(inbox: InboxSelector): SQL {
  const open = eq(patientEntries.stage, "submitted");
  if (inbox === "all") return isNotNull(patientEntries.submittedAt);
  if (inbox === "completed") return eq(patientEntries.stage, "completed");
  if (inbox === "rejected") return eq(patientEntries.stage, "rejected");
  if (inbox === "awaiting-response") return and(open, eq(patientEntries.awaitingPatientReply, true))!;
  if (inbox === "unassigned") return and(open, eq(patientEntries.awaitingPatientReply, false), isNull(patientEntries.assignedToId))!;
  if ("issueTypeId" in inbox) return and(open, eq(patientEntries.issueTypeId, inbox.issueTypeId))!;
  return and(open, eq(patientEntries.awaitingPatientReply, false), eq(patientEntries.assignedToId, inbox.staffUserId))!;
}

/** Cursor: "{submitted_at ms}.{id}" of the last row shown. */
export function encodeCursor(row: { submittedAt: Date; id: number }): string {
  return `${row.submittedAt.getTime()}.${row.id}`;
}

export function decodeCursor(value: string | null | undefined): { at: Date; id: number } | null {
  const match = /^(\d{1,15})\.(\d{1,10})$/.exec(value ?? "");
  return match ? { at: new Date(Number(match[1])), id: Number(match[2]) } : null;
}

export async function listInbox(
  db: Db,
  input: { practiceId: number; inbox: InboxSelector; sort: InboxSort; after?: string | null; limit?: number },
): Promise<InboxPage> {
  const limit = input.limit ?? 20;
  const cursor = decodeCursor(input.after);
  const newest = input.sort === "newest";
  const keyset = cursor
    ? newest
      ? or(lt(patientEntries.submittedAt, cursor.at), and(eq(patientEntries.submittedAt, cursor.at), lt(patientEntries.id, cursor.id)))
      : or(gt(patientEntries.submittedAt, cursor.at), and(eq(patientEntries.submittedAt, cursor.at), gt(patientEntries.id, cursor.id)))
    : undefined;
  const rows = await db
    .select({
      id: patientEntries.id,
      patientId: patientEntries.patientId,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
      issueTypeName: issueTypes.name,
      submittedAt: sql<Date>`${patientEntries.submittedAt}`.mapWith(patientEntries.submittedAt),
      urgencyId: patientEntries.urgencyId,
      assignedToId: patientEntries.assignedToId,
      stage: patientEntries.stage,
      awaitingPatientReply: patientEntries.awaitingPatientReply,
    })
    .from(patientEntries)
    .innerJoin(patients, eq(patients.id, patientEntries.patientId))
    .innerJoin(issueTypes, eq(issueTypes.id, patientEntries.issueTypeId))
    .where(and(eq(patientEntries.practiceId, input.practiceId), isNull(patientEntries.deletedAt), isNotNull(patientEntries.submittedAt), membership(input.inbox), keyset))
    .orderBy(newest ? desc(patientEntries.submittedAt) : asc(patientEntries.submittedAt), newest ? desc(patientEntries.id) : asc(patientEntries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit) as InboxRow[];
  return { rows: page, next: rows.length > limit ? encodeCursor(page[page.length - 1]) : null };
}
