/**
 * The text of a request, for the inbox search (spec 3 §2): its written (free text) answers as one
 * English full-text document in patient_entries.search_document. The document is made by the
 * database function request_search_document (migration 0007), so the app, the seeds and the
 * backfill agree; it is set when the request is sent, when its answers are final.
 */
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable as Tx } from "~/db/client.server";
import { patientEntries } from "~/db/schema";


/** The value for `search_document` in an update of the request itself. */
export function requestSearchDocument(): SQL {
  return sql`request_search_document(${patientEntries.id})`;
}

/** Sets a sent request's document from its answers (seeds and fixtures that write rows directly). */
export async function indexRequestText(tx: Tx, entryId: number): Promise<void> {
  await tx.update(patientEntries).set({ searchDocument: requestSearchDocument() }).where(eq(patientEntries.id, entryId));
}

/** indexRequestText for several requests in one statement (bulk seeds). */
export async function indexRequestsText(tx: Tx, entryIds: readonly number[]): Promise<void> {
  if (entryIds.length === 0) return;
  await tx.update(patientEntries).set({ searchDocument: requestSearchDocument() }).where(inArray(patientEntries.id, [...entryIds]));
}

/**
 * "Requests whose text matches": the words as a web search reads them (all words, "quoted
 * phrases", -excluded), stemmed in English, so "coughing" finds "cough". Uses the GIN index
 * (practice_id, search_document), hence the practice in the condition.
 */
export function requestTextMatches(practiceId: number, text: string): SQL {
  return sql`(${patientEntries.practiceId} = ${practiceId} and ${patientEntries.searchDocument} @@ websearch_to_tsquery('english', ${text}))`;
}
