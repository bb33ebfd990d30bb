import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, matchingStep, otpauthUri, timeStep, totpAt } from "./totp";

// RFC 6238 appendix B test secret "12345678901234567890" (SHA-1), truncated to 6 digits.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
  ])("matches RFC 6238 at %i seconds", (seconds, code) => {
    expect(totpAt(RFC_SECRET, timeStep(new Date(seconds * 1000)))).toBe(code);
  });

  it("round-trips base32", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });

  it("accepts one step of drift either way and no more", () => {
    const at = new Date(1_700_000_000_000);
    const step = timeStep(at);
    expect(matchingStep(RFC_SECRET, totpAt(RFC_SECRET, step - 1), at)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, totpAt(RFC_SECRET, step + 1), at)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, totpAt(RFC_SECRET, step - 2), at)).toBeNull();
    expect(matchingStep(RFC_SECRET, "12345", at)).toBeNull();
  });

  it("builds an otpauth URI authenticator apps read", () => {
    expect(otpauthUri("ABC", "a@example.com", "Frontdoor")).toBe(
      "otpauth://totp/Frontdoor%3Aa%40example.com?secret=ABC&issuer=Frontdoor&algorithm=SHA1&digits=6&period=30",
    );
  });
});
