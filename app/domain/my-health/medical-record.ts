/**
 * My Records (spec 2 §2.1 /{code}/my-medical-records, decision 0109): the summary of the GP
 * record as the page shows it. Whatever the GP system answers other than the record (not
 * linked, a 400, a timeout) reads as "not available": the page has nothing else to offer.
 */
import type { GpRecordItem, GpRecordSummary, GpResult } from "~/domain/gp-system/gp-system";
import { formatDate } from "~/validation/dates";

export const MEDICAL_RECORD_MESSAGES = {
  unavailable: "Your medical record is not currently available - please try again later. If the problem persists please contact your practice.",
  none: "None recorded",
} as const;

export type RecordRow = { name: string; detail: string | null; date: string };
export type RecordSection = { id: string; title: string; rows: RecordRow[] };
export type RecordView = { state: "shown"; sections: RecordSection[] } | { state: "unavailable"; message: string };

const rows = (items: readonly GpRecordItem[]): RecordRow[] => items.map((i) => ({ name: i.name, detail: i.detail, date: formatDate(i.recordedOn) }));

export function recordView(result: GpResult<GpRecordSummary>): RecordView {
  if (!result.ok) return { state: "unavailable", message: MEDICAL_RECORD_MESSAGES.unavailable };
  const r = result.value;
  return {
    state: "shown",
    sections: [
      { id: "allergies", title: "Allergies and adverse reactions", rows: rows(r.allergies) },
      { id: "medication", title: "Repeat medication", rows: r.medication.map((m) => ({ name: m.name, detail: m.dosage, date: "" })) },
      { id: "problems", title: "Problems and conditions", rows: rows(r.problems) },
      { id: "test-results", title: "Test results", rows: rows(r.testResults) },
    ],
  };
}
