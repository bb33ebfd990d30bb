import { describe, expect, it } from "vitest";
import { displayAnswer, formatDateTime, NO_INFORMATION } from "./answer-display";

const choice = { kind: "single_choice", options: [{ value: "fit_note", label: "A fit note (sick note)" }] };

describe("displayAnswer", () => {
  it("shows labels, words and DD/MM/YYYY", () => {
    expect(displayAnswer(choice, "fit_note")).toBe("A fit note (sick note)");
    expect(displayAnswer({ kind: "multiple_choice", options: [{ value: "a", label: "A" }, { value: "b", label: "B" }] }, ["a", "b"])).toBe("A, B");
    expect(displayAnswer({ kind: "yes_no", options: null }, "yes")).toBe("Yes");
    expect(displayAnswer({ kind: "date", options: null }, "2026-03-15")).toBe("15/03/2026");
    expect(displayAnswer({ kind: "free_text", options: null }, "<b>as typed</b>")).toBe("<b>as typed</b>");
  });
  it("says so when there is nothing", () => {
    expect(displayAnswer(choice, "")).toBe(NO_INFORMATION);
    expect(displayAnswer(choice, undefined)).toBe(NO_INFORMATION);
  });
});

describe("formatDateTime", () => {
  it("uses London time", () => {
    expect(formatDateTime(new Date("2026-07-06T08:05:00Z"))).toBe("06/07/2026 09:05");
    expect(formatDateTime(new Date("2026-11-23T08:05:00Z"))).toBe("23/11/2026 08:05");
  });
});
