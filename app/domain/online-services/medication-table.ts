/**
 * The medication table (spec 2 §2.6): NAME, DOSAGE and SELECT, 15 rows a page, sorted by
 * name ascending unless asked otherwise. The query (?page=2&sort=name&dir=desc) is read
 * strictly: anything odd falls back to the defaults.
 */
import type { GpCourse } from "~/domain/gp-system/gp-system";

export const MEDICATION_PAGE_SIZE = 15;

export type SortKey = "name" | "dosage";
export type SortDir = "asc" | "desc";
export type TableQuery = { page: number; sort: SortKey; dir: SortDir };

export const DEFAULT_TABLE_QUERY: TableQuery = { page: 1, sort: "name", dir: "asc" };

export function parseTableQuery(params: URLSearchParams): TableQuery {
  const page = Number(params.get("page"));
  const sort = params.get("sort");
  const dir = params.get("dir");
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    sort: sort === "dosage" ? "dosage" : "name",
    dir: dir === "desc" ? "desc" : "asc",
  };
}

/** The query string of a table state, leaving out defaults. */
export function tableQueryString(q: TableQuery): string {
  const params = new URLSearchParams();
  if (q.page !== 1) params.set("page", String(q.page));
  if (q.sort !== "name") params.set("sort", q.sort);
  if (q.dir !== "asc") params.set("dir", q.dir);
  const s = params.toString();
  return s ? `?${s}` : "";
}

const collator = new Intl.Collator("en-GB", { sensitivity: "base", numeric: true });

export function sortCourses<T extends GpCourse>(courses: readonly T[], sort: SortKey, dir: SortDir): T[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...courses].sort((a, b) => {
    const primary = collator.compare(a[sort] ?? "", b[sort] ?? "");
    // Ties keep a stable order by name then id, whichever way the column is sorted.
    return sign * primary || collator.compare(a.name, b.name) || collator.compare(a.courseId, b.courseId);
  });
}

export function pageOf<T>(rows: readonly T[], page: number): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(rows.length / MEDICATION_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  return { rows: rows.slice((current - 1) * MEDICATION_PAGE_SIZE, current * MEDICATION_PAGE_SIZE), page: current, pageCount };
}

/**
 * The ticks of one page merged into the selection: boxes shown and ticked are added, shown
 * and not ticked removed, other pages' ticks kept. Only courses the patient has count.
 */
export function mergeSelection(current: ReadonlySet<string>, shown: readonly string[], ticked: readonly string[], valid: ReadonlySet<string>): Set<string> {
  const next = new Set([...current].filter((id) => valid.has(id)));
  const tickedSet = new Set(ticked);
  for (const id of shown) {
    if (!valid.has(id)) continue;
    if (tickedSet.has(id)) next.add(id);
    else next.delete(id);
  }
  return next;
}
