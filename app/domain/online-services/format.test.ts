import { describe, expect, it } from "vitest";
import { buildAddress, formatAppointmentDate, formatLondonDate, formatTime, londonDay, londonTime, orNoInformation } from "./format";

describe("online-services formats", () => {
  it("writes appointment dates as dddd DD MMMM YYYY in London", () => {
    expect(formatAppointmentDate("2026-12-07T09:00:00Z")).toBe("Monday 07 December 2026");
    // 23:30 UTC on 31 May is already 1 June in London (BST).
    expect(formatAppointmentDate("2026-05-31T23:30:00Z")).toBe("Monday 01 June 2026");
  });

  it("writes times as HH:mm and dates as DD/MM/YYYY in London", () => {
    expect(formatTime("2026-07-01T08:05:00Z")).toBe("09:05");
    expect(formatTime("2026-12-01T13:30:00Z")).toBe("13:30");
    expect(formatLondonDate("2026-05-31T23:30:00Z")).toBe("01/06/2026");
    expect(londonDay("2026-05-31T23:30:00Z")).toBe("2026-06-01");
  });

  it("turns London wall-clock times into instants, summer and winter", () => {
    expect(londonTime("2026-07-01", "09:00").toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(londonTime("2026-12-01", "09:00").toISOString()).toBe("2026-12-01T09:00:00.000Z");
  });

  it("shows 'No information provided' for empty values", () => {
    expect(orNoInformation(null)).toBe("No information provided");
    expect(orNoInformation("  ")).toBe("No information provided");
    expect(orNoInformation("Cough")).toBe("Cough");
  });

  it("builds the address from village, town and postcode, adding a different street number", () => {
    expect(buildAddress({ streetNumber: "12 Riverside Road", village: "Holbeck", town: "Leeds", postcode: "LS11 5AB" })).toBe(
      "12 Riverside Road, Holbeck, Leeds, LS11 5AB",
    );
    expect(buildAddress({ streetNumber: "Chapel Allerton", village: "Chapel Allerton", town: "Leeds", postcode: "LS7 4NZ" })).toBe(
      "Chapel Allerton, Leeds, LS7 4NZ",
    );
    expect(buildAddress({ streetNumber: null, village: null, town: "Harrogate", postcode: "HG1 2RS" })).toBe("Harrogate, HG1 2RS");
  });
});
