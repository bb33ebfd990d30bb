import { describe, expect, test } from "vitest";
import { stylesheetFor } from "./stylesheet";

describe("stylesheetFor", () => {
  test("signed out, patients and carers get the patient sheet", () => {
    expect(stylesheetFor(null)).toBe("/css/main.css");
    expect(stylesheetFor({ memberships: [], globalRoles: new Set() })).toBe("/css/main.css");
    expect(stylesheetFor({ memberships: [], globalRoles: new Set(["carer_user"]) })).toBe("/css/main.css");
  });
  test("practice members and system roles get the staff sheet", () => {
    expect(stylesheetFor({ memberships: [{ role: "staff" }], globalRoles: new Set() })).toBe("/css/staff.css");
    for (const role of ["admin", "advanced", "ccg_admin"]) expect(stylesheetFor({ memberships: [], globalRoles: new Set([role]) })).toBe("/css/staff.css");
  });
});
