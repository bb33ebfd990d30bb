import { describe, expect, it } from "vitest";
import { GlobalSettingsSchema, settingsChanges } from "./global-settings";

const good = { maximumPatientAge: "111", allowedTimeStart: "", allowedTimeEnd: "" };

describe("the global settings form", () => {
  it("reads ticked boxes as on and empty links as none", () => {
    expect(GlobalSettingsSchema.parse({ ...good, videoEnabled: "on", healthHubUrl: " " })).toMatchObject({ videoEnabled: true, maintenanceMode: false, healthHubUrl: null, maximumPatientAge: 111 });
  });

  it("wants https links, both request times in order, and a sensible age", () => {
    const paths = (input: Record<string, string>) => GlobalSettingsSchema.safeParse({ ...good, ...input }).error?.issues.map((i) => i.path[0]);
    expect(paths({ healthHubUrl: "http://example.com" })).toEqual(["healthHubUrl"]);
    expect(paths({ staffLicenceUrl: "javascript:alert(1)" })).toEqual(["staffLicenceUrl"]);
    expect(paths({ allowedTimeStart: "08:00" })).toEqual(["allowedTimeEnd"]);
    expect(paths({ allowedTimeStart: "18:00", allowedTimeEnd: "08:00" })).toEqual(["allowedTimeEnd"]);
    expect(paths({ maximumPatientAge: "9" })).toEqual(["maximumPatientAge"]);
  });

  it("lists what changed, before → after", () => {
    expect(settingsChanges<Record<string, unknown>>({ a: true, b: "x", c: null }, { a: false, b: "x", c: "y" })).toEqual({ a: "true → false", c: " → y" });
  });
});
