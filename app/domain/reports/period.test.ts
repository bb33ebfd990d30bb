import { describe, expect, it } from "vitest";
import { wholeMonths, monthsOf, PERIOD_MESSAGES, resolvePeriod, weeksOf } from "./period";

const TODAY = "2026-11-25";

describe("the report period (spec 3 §4, §5)", () => {
  it("defaults to 12 months, both ends included", () => {
    expect(resolvePeriod({}, TODAY)).toEqual({ ok: true, period: { kind: "12-months", from: "2025-11-26", to: TODAY } });
    expect(resolvePeriod({ period: "nonsense" }, TODAY)).toMatchObject({ ok: true, period: { kind: "12-months" } });
  });

  it("12 weeks is 84 days, 14 days is 14", () => {
    expect(resolvePeriod({ period: "12-weeks" }, TODAY)).toMatchObject({ period: { from: "2026-09-03", to: TODAY } });
    expect(resolvePeriod({ period: "14-days" }, TODAY)).toMatchObject({ period: { from: "2026-11-12", to: TODAY } });
  });

  it("a custom period needs both dates, real ones, from not after to, neither after today", () => {
    expect(resolvePeriod({ period: "custom" }, TODAY)).toEqual({ ok: false, errors: { from: PERIOD_MESSAGES.fromRequired, to: PERIOD_MESSAGES.toRequired } });
    expect(resolvePeriod({ period: "custom", from: "2026-02-30", to: "2026-03-01" }, TODAY)).toEqual({ ok: false, errors: { from: PERIOD_MESSAGES.fromInvalid } });
    expect(resolvePeriod({ period: "custom", from: "2026-03-02", to: "2026-03-01" }, TODAY)).toEqual({ ok: false, errors: { from: PERIOD_MESSAGES.fromAfterTo } });
    expect(resolvePeriod({ period: "custom", from: "2026-11-26", to: "2026-11-27" }, TODAY)).toEqual({
      ok: false,
      errors: { from: PERIOD_MESSAGES.fromFuture, to: PERIOD_MESSAGES.toFuture },
    });
    expect(resolvePeriod({ period: "custom", from: TODAY, to: TODAY }, TODAY)).toEqual({ ok: true, period: { kind: "custom", from: TODAY, to: TODAY } });
  });

  it("lists the months and the Monday-started weeks a period touches", () => {
    expect(monthsOf({ from: "2025-12-31", to: "2026-02-01" })).toEqual(["2025-12", "2026-01", "2026-02"]);
    expect(weeksOf({ from: "2026-11-12", to: "2026-11-25" })).toEqual(["2026-11-09", "2026-11-16", "2026-11-23"]);
  });

  it("finds the months a period covers whole, as [first, after)", () => {
    expect(wholeMonths({ from: "2026-03-01", to: "2026-11-25" })).toEqual({ first: "2026-03-01", after: "2026-11-01" });
    expect(wholeMonths({ from: "2025-11-26", to: "2026-11-25" })).toEqual({ first: "2025-12-01", after: "2026-11-01" });
    expect(wholeMonths({ from: "2026-02-01", to: "2026-02-28" })).toEqual({ first: "2026-02-01", after: "2026-03-01" });
    expect(wholeMonths({ from: "2025-12-15", to: "2026-01-31" })).toEqual({ first: "2026-01-01", after: "2026-02-01" });
    // Inside one month, or two part-months: none whole.
    expect(wholeMonths({ from: "2026-11-12", to: "2026-11-25" })).toBeNull();
    expect(wholeMonths({ from: "2026-10-02", to: "2026-11-30" }) ).toEqual({ first: "2026-11-01", after: "2026-12-01" });
    expect(wholeMonths({ from: "2026-10-02", to: "2026-11-29" })).toBeNull();
  });
});
