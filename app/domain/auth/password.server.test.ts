import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_PASSWORD_HASH_COST } from "../../../tests/support/test-password-cost";
import { hashPassword, PASSWORD_HASH_COST, setPasswordHashCostForTests, verifyPassword } from "./password.server";

describe("password hashing", () => {
  // The other tests hash at a cheaper cost (tests/support/test-password-cost.ts); this file
  // checks what production stores.
  beforeAll(() => setPasswordHashCostForTests(PASSWORD_HASH_COST));
  afterAll(() => setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST));

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

  it("reads the cost from the stored hash, so a hash of another cost still verifies", async () => {
    setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
    const cheaper = await hashPassword("Frontdoor-demo-2026");
    setPasswordHashCostForTests(PASSWORD_HASH_COST);
    expect(cheaper).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("Frontdoor-demo-2026", cheaper)).toBe(true);
    expect(await verifyPassword("Frontdoor-demo-2025", cheaper)).toBe(false);
  });

  it("keeps the production cost in production", () => {
    vi.stubEnv("NODE_ENV", "production");
    try {
      expect(() => setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST)).toThrow(/fixed in production/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
