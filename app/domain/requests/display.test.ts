import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatIsoDate, formatTime, orNoInformation } from "./display";

describe("display", () => {
  it("shows London dates and 24-hour times, across the clock change", () => {
    expect(formatDate(new Date("2026-03-02T23:30:00Z"))).toBe("02/03/2026");
    expect(formatTime(new Date("2026-03-02T09:05:00Z"))).toBe("09:05");
    // British Summer Time: 23:30 UTC is already the next day in London.
    expect(formatDate(new Date("2026-07-02T23:30:00Z"))).toBe("03/07/2026");
    expect(formatTime(new Date("2026-07-02T23:30:00Z"))).toBe("00:30");
    expect(formatDateTime(new Date("2026-07-06T08:05:00Z"))).toBe("06/07/2026 09:05");
  });

  it("turns ISO dates around without a time zone, and says when there is nothing", () => {
    expect(formatIsoDate("2026-03-15")).toBe("15/03/2026");
    expect(orNoInformation("  ")).toBe("No information provided");
    expect(orNoInformation(null)).toBe("No information provided");
    expect(orNoInformation("kept")).toBe("kept");
  });
});
