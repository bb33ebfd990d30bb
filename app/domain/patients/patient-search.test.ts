import { describe, expect, it } from "vitest";
import { cursorFromQuery, decodePatientCursor, encodePatientCursor, likePrefix, parsePatientSearch } from "./patient-search";

describe("parsePatientSearch", () => {
  it("reads ten digits, spaced or dashed, as an NHS number", () => {
    expect(parsePatientSearch("943 476 5919")).toEqual({ kind: "nhs-number", digits: "9434765919" });
    expect(parsePatientSearch(" 943-476-5919 ")).toEqual({ kind: "nhs-number", digits: "9434765919" });
    expect(parsePatientSearch("9434765919")).toEqual({ kind: "nhs-number", digits: "9434765919" });
    expect(parsePatientSearch("94347659")).toEqual({ kind: "invalid" });
  });

  it("reads DD/MM/YYYY (and D/M/YYYY, dots, dashes) as a date of birth; an impossible date matches nobody", () => {
    expect(parsePatientSearch("17/03/1984")).toEqual({ kind: "date-of-birth", iso: "1984-03-17" });
    expect(parsePatientSearch("7/3/1984")).toEqual({ kind: "date-of-birth", iso: "1984-03-07" });
    expect(parsePatientSearch("07.03.1984")).toEqual({ kind: "date-of-birth", iso: "1984-03-07" });
    expect(parsePatientSearch("31/02/1984")).toEqual({ kind: "invalid" });
    expect(parsePatientSearch("29/02/2024")).toEqual({ kind: "date-of-birth", iso: "2024-02-29" });
  });

  it("reads anything else as name prefixes, lower case, at most three words", () => {
    expect(parsePatientSearch("  Sarah  THOMPSON ")).toEqual({ kind: "name", terms: ["sarah", "thompson"] });
    expect(parsePatientSearch("O'Brien, Mary-Jane")).toEqual({ kind: "name", terms: ["o'brien", "mary-jane"] });
    expect(parsePatientSearch("a b c d")).toEqual({ kind: "name", terms: ["a", "b", "c"] });
    expect(parsePatientSearch("Zoë")).toEqual({ kind: "name", terms: ["zoë"] });
    expect(parsePatientSearch("%%%")).toEqual({ kind: "invalid" });
    expect(parsePatientSearch("")).toEqual({ kind: "none" });
    expect(parsePatientSearch(null)).toEqual({ kind: "none" });
  });

  it("escapes LIKE wildcards", () => {
    expect(likePrefix("a%b_c\\")).toBe("a\\%b\\_c\\\\%");
  });
});

describe("patient cursors", () => {
  it("round-trips a sort key, names with any characters included", () => {
    const key = { last: "o'brien-ünal", first: "zoë", id: 42 };
    const encoded = encodePatientCursor(key);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePatientCursor(encoded)).toEqual(key);
  });

  it("refuses anything else", () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const bad of [null, "", "!!", "x".repeat(601), b64(["a", "b"]), b64(["a", "b", 0]), b64(["a", 1, 2]), b64({ last: "a" }), b64(["a", "b", 1.5])]) {
      expect(decodePatientCursor(bad)).toBeNull();
    }
  });

  it("takes after before before, and ignores a broken one", () => {
    const a = encodePatientCursor({ last: "a", first: "b", id: 1 });
    const b = encodePatientCursor({ last: "c", first: "d", id: 2 });
    expect(cursorFromQuery(new URLSearchParams({ after: a, before: b }))).toEqual({ direction: "after", key: { last: "a", first: "b", id: 1 } });
    expect(cursorFromQuery(new URLSearchParams({ before: b }))?.direction).toBe("before");
    expect(cursorFromQuery(new URLSearchParams({ after: "%%" }))).toBeNull();
  });
});
