/**
 * The "Request details" report section (spec 3 §2 report types; decision 0119): the requests
 * sent in the period, counted by where they are now, and listed one by one. The list names no
 * patient (a report is seen by roles who may not open the requests); each reference links to
 * the request in the practice's inbox only for its gp and receptionists, and that page keeps
 * its own guard. Pure: the rows as the page and the CSV show them.
 */
import { requestReference } from "~/domain/requests/reference";
import { urgencyLabel } from "~/domain/inbox/transitions";
import { formatLondonDateTime } from "~/domain/time/london";
import { minutesLabel, SUBMITTER_LABELS, submitterOf } from "./rollup";

/** Where a request sent in the period is now: the section's categories, in order. */
export const REQUEST_STATES = [
  { key: "submitted", label: "Open" },
  { key: "completed", label: "Completed" },
  { key: "rejected", label: "Rejected" },
  { key: "cancelled", label: "Cancelled" },
] as const;

/** Rows a page of the list shows. */
export const DETAILS_PAGE_SIZE = 25;
/** The most rows one CSV of the list holds (a year at a very large practice is about 60,000). */
export const DETAILS_CSV_CAP = 100_000;

export type RequestDetailsRecord = {
  id: number;
  practiceName: string;
  practiceCode: string;
  submittedAt: Date;
  typeName: string;
  requester: string;
  submittedVia: string;
  stage: string;
  awaitingPatientReply: boolean;
  urgencyId: number | null;
  /** The first staff message or the closing, whichever came first; null while neither happened. */
  firstResponseAt: Date | null;
};

export type RequestDetailsRow = { cells: string[]; href?: string };

export function requestDetailsColumns(withPractice: boolean): string[] {
  return [...(withPractice ? ["Practice"] : []), "Reference", "Sent", "Type", "Submitted by", "Status", "Urgency", "Time to first response"];
}

export function stateLabel(r: Pick<RequestDetailsRecord, "stage" | "awaitingPatientReply">): string {
  if (r.stage === "submitted") return r.awaitingPatientReply ? "Awaiting response" : "Open";
  return REQUEST_STATES.find((s) => s.key === r.stage)?.label ?? r.stage;
}

export function requestDetailsRow(r: RequestDetailsRecord, opts: { withPractice: boolean; inboxLinks: boolean }): RequestDetailsRow {
  const minutes = r.firstResponseAt ? Math.max(0, Math.floor((r.firstResponseAt.getTime() - r.submittedAt.getTime()) / 60_000)) : null;
  const cells = [
    ...(opts.withPractice ? [r.practiceName] : []),
    requestReference(r.id),
    formatLondonDateTime(r.submittedAt),
    r.typeName,
    SUBMITTER_LABELS[submitterOf({ requester: r.requester, submittedVia: r.submittedVia })],
    stateLabel(r),
    urgencyLabel(r.urgencyId),
    minutes === null ? "No response yet" : minutesLabel(minutes),
  ];
  return { cells, href: opts.inboxLinks ? `/${r.practiceCode}/inboxes/all/request-details/${r.id}` : undefined };
}

/** The list's page from the query (1 when missing or not a page number), kept to what exists. */
export function detailsPage(raw: string | null, total: number): number {
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  const last = Math.max(1, Math.ceil(total / DETAILS_PAGE_SIZE));
  return Math.min(Math.max(n, 1), last);
}
