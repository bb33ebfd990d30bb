import { describe, expect, it } from "vitest";
import { isOpenDuringMaintenance, maintenanceBlocks } from "./maintenance";

describe("maintenance mode's pass rule", () => {
  it("lets everything through while it is off", () => {
    expect(maintenanceBlocks({ maintenanceMode: false, pathname: "/A12345/message", isSystemAdmin: false })).toBe(false);
  });

  it("lets system admins through everywhere", () => {
    expect(maintenanceBlocks({ maintenanceMode: true, pathname: "/admin/settings", isSystemAdmin: true })).toBe(false);
  });

  it("blocks everyone else, except on sign-in and sign-out", () => {
    for (const path of ["/", "/admin/settings", "/A12345/message", "/notices/dismiss", "/login-other", "/loginx", "/A1/login/x"]) {
      expect(maintenanceBlocks({ maintenanceMode: true, pathname: path, isSystemAdmin: false }), path).toBe(true);
    }
    for (const path of ["/login", "/login/", "/login/verification", "/A12345/login", "/logout"]) {
      expect(isOpenDuringMaintenance(path), path).toBe(true);
    }
  });
});
