import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("Frontdoor-demo-2026");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("Frontdoor-demo-2026", hash)).toBe(true);
    expect(await verifyPassword("frontdoor-demo-2026", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same-Password-1")).not.toBe(await hashPassword("same-Password-1"));
  });

  it("refuses when there is no stored hash, or a malformed one", async () => {
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "plain-text")).toBe(false);
  });
});
