import { describe, expect, it } from "vitest";
import { onlineResourceFeatures } from "./online-resources";

describe("the practice's features on the online resources page", () => {
  it("shows each feature's state at the practice", () => {
    const off = { appointmentsEnabled: false, prescriptionsEnabled: false, linkageEnabled: false, allowVideo: false, notificationSetting: false, mfaEnabled: false, bulkMessagingEnabled: false, translationPatient: false };
    expect(onlineResourceFeatures(off).every((f) => !f.on)).toBe(true);
    const some = onlineResourceFeatures({ ...off, appointmentsEnabled: true, mfaEnabled: true });
    expect(some.filter((f) => f.on).map((f) => f.label)).toEqual(["Appointments", "Multi-factor authentication"]);
    expect(new Set(some.map((f) => f.label)).size).toBe(some.length);
  });
});
