/**
 * What staff type in the patient search box, and the keyset cursors of the patient list.
 * Pure, so the browser, the server and the unit tests read a search the same way.
 *
 * One box takes three kinds of search (staff do not choose which):
 * - an NHS number: ten digits, spaces or dashes anywhere ("943 476 5919");
 * - a date of birth: DD/MM/YYYY (1 or 2 digit day and month; "-" or "." also accepted);
 * - otherwise a name: each word must start the first or the last name (case ignored), so
 *   "sar tho" finds Sarah Thompson and "thompson" finds every Thompson.
 */
export type PatientSearch =
  | { kind: "none" }
  | { kind: "nhs-number"; digits: string }
  | { kind: "date-of-birth"; iso: string }
  | { kind: "name"; terms: string[] }
  /** Looked like a number or a date but is not a real one: no patient can match. */
  | { kind: "invalid" };

/** Longest search accepted; longer input is cut (no name is this long). */
export const MAX_SEARCH_LENGTH = 100;
const MAX_TERMS = 3;

export function parsePatientSearch(input: string | null | undefined): PatientSearch {
  const text = (input ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  if (!text) return { kind: "none" };
  const compact = text.replace(/[\s-]/g, "");
  if (/^\d+$/.test(compact)) return compact.length === 10 ? { kind: "nhs-number", digits: compact } : { kind: "invalid" };
  const date = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (date) {
    const [d, m, y] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const value = new Date(Date.UTC(y, m - 1, d));
    if (value.getUTCFullYear() !== y || value.getUTCMonth() !== m - 1 || value.getUTCDate() !== d) return { kind: "invalid" };
    return { kind: "date-of-birth", iso: `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
  }
  const terms = text
    .toLowerCase()
    .split(/[\s,]+/)
    .map((t) => t.replace(/[^\p{L}\p{N}'-]/gu, ""))
    .filter(Boolean)
    .slice(0, MAX_TERMS);
  return terms.length ? { kind: "name", terms } : { kind: "invalid" };
}

/** Escapes LIKE wildcards so a typed "%" or "_" is matched literally. */
export function likePrefix(term: string): string {
  return `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The patient list is ordered by (lower(last_name), lower(first_name), id). A cursor is the
 * sort key of a row, base64url JSON, with the direction: "after" for Next, "before" for
 * Previous. It carries names, so it only ever travels in the staff member's own URL; the
 * request logger drops query strings.
 */
export type PatientSortKey = { last: string; first: string; id: number };
export type PatientCursor = { direction: "after" | "before"; key: PatientSortKey };

export function encodePatientCursor(key: PatientSortKey): string {
  return Buffer.from(JSON.stringify([key.last, key.first, key.id]), "utf8").toString("base64url");
}

export function decodePatientCursor(value: string | null | undefined): PatientSortKey | null {
  if (!value || value.length > 600 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [last, first, id] = parsed;
    if (typeof last !== "string" || typeof first !== "string" || !Number.isSafeInteger(id) || id < 1) return null;
    return { last, first, id };
  } catch {
    return null;
  }
}

/** The cursor of a list URL: ?after= wins over ?before=; a broken one is the first page. */
export function cursorFromQuery(query: URLSearchParams): PatientCursor | null {
  const after = decodePatientCursor(query.get("after"));
  if (after) return { direction: "after", key: after };
  const before = decodePatientCursor(query.get("before"));
  if (before) return { direction: "before", key: before };
  return null;
}
