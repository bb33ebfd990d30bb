import { describe, expect, it } from "vitest";
import { formatNhsNumber, isValidNhsNumber, nhsCheckDigit } from "./nhs-number";

describe("NHS numbers", () => {
  it.each([
    ["9434765919", true],
    ["943 476 5919", true],
    ["9434765918", false], // wrong check digit
    ["943476591", false], // nine digits
    ["94347659190", false],
    ["abcdefghij", false],
  ])("%s valid: %s", (value, valid) => {
    expect(isValidNhsNumber(value)).toBe(valid);
  });

  it("has no check digit when the remainder gives 10", () => {
    // 6 x 2 = 12, and 11 - 12 % 11 = 10
    expect(nhsCheckDigit("000000006")).toBe(null);
  });

  it("formats as 3 3 4", () => {
    expect(formatNhsNumber("9434765919")).toBe("943 476 5919");
  });
});
