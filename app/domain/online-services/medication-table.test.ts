import { describe, expect, it } from "vitest";
import { mergeSelection, pageOf, parseTableQuery, sortCourses, tableQueryString } from "./medication-table";

const course = (courseId: string, name: string, dosage: string | null = null) => ({ courseId, name, dosage });

describe("medication table", () => {
  it("reads the query strictly, defaulting to page 1 by name ascending", () => {
    expect(parseTableQuery(new URLSearchParams(""))).toEqual({ page: 1, sort: "name", dir: "asc" });
    expect(parseTableQuery(new URLSearchParams("page=2&sort=dosage&dir=desc"))).toEqual({ page: 2, sort: "dosage", dir: "desc" });
    expect(parseTableQuery(new URLSearchParams("page=-1&sort=evil&dir=up"))).toEqual({ page: 1, sort: "name", dir: "asc" });
    expect(parseTableQuery(new URLSearchParams("page=1.5"))).toMatchObject({ page: 1 });
    expect(tableQueryString({ page: 1, sort: "name", dir: "asc" })).toBe("");
    expect(tableQueryString({ page: 2, sort: "name", dir: "desc" })).toBe("?page=2&dir=desc");
  });

  it("sorts by name or dosage either way, ignoring case", () => {
    const courses = [course("1", "b tablets", "Two"), course("2", "A cream", "one"), course("3", "C drops", "Three")];
    expect(sortCourses(courses, "name", "asc").map((c) => c.courseId)).toEqual(["2", "1", "3"]);
    expect(sortCourses(courses, "name", "desc").map((c) => c.courseId)).toEqual(["3", "1", "2"]);
    expect(sortCourses(courses, "dosage", "asc").map((c) => c.courseId)).toEqual(["2", "3", "1"]);
  });

  it("pages by 15, clamping the page number", () => {
    const rows = Array.from({ length: 22 }, (_, i) => i);
    expect(pageOf(rows, 1)).toMatchObject({ page: 1, pageCount: 2, rows: rows.slice(0, 15) });
    expect(pageOf(rows, 2).rows).toEqual(rows.slice(15));
    expect(pageOf(rows, 9)).toMatchObject({ page: 2 });
    expect(pageOf([], 1)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });

  it("merges one page's ticks into the selection, keeping other pages'", () => {
    const valid = new Set(["1", "2", "3", "4"]);
    const merged = mergeSelection(new Set(["1", "4", "gone"]), ["1", "2"], ["2", "99"], valid);
    expect([...merged].sort()).toEqual(["2", "4"]);
  });
});
