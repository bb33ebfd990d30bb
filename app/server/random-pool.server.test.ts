import { describe, expect, it } from "vitest";
import { randomBase64, randomHex } from "./random-pool.server";

describe("the request random pool", () => {
  it("gives values of the same form as randomBytes(n).toString(…)", () => {
    expect(randomBase64(16)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("never repeats a value across many refills of the pool", () => {
    // 16 bytes each, 20,000 of them: the 4 KiB pool is refilled about 80 times.
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) seen.add(randomBase64(16));
    expect(seen.size).toBe(20_000);
    const ids = new Set<string>();
    for (let i = 0; i < 5_000; i++) ids.add(randomHex(8));
    expect(ids.size).toBe(5_000);
  });

  it("spreads its bytes evenly (no byte value far from its share)", () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 4_000; i++) for (const byte of Buffer.from(randomBase64(16), "base64")) counts[byte]++;
    // 64,000 bytes: 250 expected per value; a CSPRNG stays well within ±40%.
    expect(Math.min(...counts)).toBeGreaterThan(150);
    expect(Math.max(...counts)).toBeLessThan(350);
  });

  it("refuses more than the pool holds at once", () => {
    expect(() => randomHex(5000)).toThrow(RangeError);
  });
});
