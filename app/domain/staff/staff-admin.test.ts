import { describe, expect, it } from "vitest";
import { AddStaffRoleSchema, compareStaff, InvitationActionSchema, invitationState, inviteSchema, removalRefusal, STAFF_MESSAGES } from "./staff-admin";

describe("inviteSchema", () => {
  const valid = { intent: "invite", email: "New.Person@nhs.net", role: "receptionist" };
  it("takes an NHS address and a role, the address lower-cased", () => {
    const parsed = inviteSchema(false).safeParse(valid);
    expect(parsed.success && parsed.data).toEqual({ intent: "invite", email: "new.person@nhs.net", role: "receptionist" });
  });
  it("refuses an address outside the NHS domains; the test domain only outside production", () => {
    expect(inviteSchema(true).safeParse({ ...valid, email: "someone@gmail.com" }).success).toBe(false);
    expect(inviteSchema(true).safeParse({ ...valid, email: "someone@example.com" }).success).toBe(true);
    expect(inviteSchema(false).safeParse({ ...valid, email: "someone@example.com" }).success).toBe(false);
  });
  it("needs one of the three roles, with the page's message", () => {
    for (const role of ["gp", "receptionist", "practice_admin"]) expect(inviteSchema(false).safeParse({ ...valid, role }).success).toBe(true);
    const parsed = inviteSchema(false).safeParse({ ...valid, role: "admin" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(STAFF_MESSAGES.chooseRole);
  });
});

describe("InvitationActionSchema", () => {
  it("names an invitation by its id (a uuid) for resend or cancel", () => {
    const id = "7d3f2c1e-8a9b-4c5d-9e0f-1a2b3c4d5e6f";
    expect(InvitationActionSchema.safeParse({ intent: "resend", invitationId: id }).success).toBe(true);
    expect(InvitationActionSchema.safeParse({ intent: "cancel", invitationId: id }).success).toBe(true);
    expect(InvitationActionSchema.safeParse({ intent: "cancel", invitationId: "1" }).success).toBe(false);
    expect(InvitationActionSchema.safeParse({ intent: "delete", invitationId: id }).success).toBe(false);
  });
});

describe("removalRefusal", () => {
  const base = { actorUserId: 1, targetUserId: 1, role: "practice_admin" as const, practiceAdminCount: 1 };
  it("refuses an admin's own last practice admin role", () => {
    expect(removalRefusal(base)).toBe(STAFF_MESSAGES.lastOwnAdminRole);
  });
  it("allows it when another practice admin remains, and any other role or person", () => {
    expect(removalRefusal({ ...base, practiceAdminCount: 2 })).toBeNull();
    expect(removalRefusal({ ...base, role: "gp" })).toBeNull();
    expect(removalRefusal({ ...base, role: "receptionist" })).toBeNull();
    // Someone else's (a system admin removing the last practice admin may invite a new one).
    expect(removalRefusal({ ...base, targetUserId: 2 })).toBeNull();
  });
});

describe("invitationState", () => {
  it("is pending until the expiry, then expired", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    expect(invitationState(new Date("2026-03-01T12:00:01Z"), now)).toBe("pending");
    expect(invitationState(now, now)).toBe("expired");
  });
});

describe("compareStaff", () => {
  it("orders practice admins, GPs, receptionists, then by surname and first name", () => {
    const people = [
      { role: "receptionist" as const, lastName: "Adams", firstName: "Zoe" },
      { role: "gp" as const, lastName: "brown", firstName: "Al" },
      { role: "gp" as const, lastName: "Brown", firstName: "Aa" },
      { role: "practice_admin" as const, lastName: "Young", firstName: "Pat" },
    ];
    expect([...people].sort(compareStaff).map((p) => `${p.role}:${p.firstName}`)).toEqual(["practice_admin:Pat", "gp:Aa", "gp:Al", "receptionist:Zoe"]);
  });
});

describe("AddStaffRoleSchema", () => {
  it("offers GP or receptionist only", () => {
    expect(AddStaffRoleSchema.safeParse({ role: "gp" }).success).toBe(true);
    expect(AddStaffRoleSchema.safeParse({ role: "receptionist" }).success).toBe(true);
    expect(AddStaffRoleSchema.safeParse({ role: "practice_admin" }).success).toBe(false);
    expect(AddStaffRoleSchema.safeParse({}).success).toBe(false);
  });
});
