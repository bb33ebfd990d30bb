import { describe, expect, it } from "vitest";
import { MyDetailsSchema } from "./my-details";

describe("MyDetailsSchema (spec 2 §5 phone rules)", () => {
  it("takes UK numbers with spaces stripped and formats the postcode", () => {
    const parsed = MyDetailsSchema.parse({ mobile: "07700 900 123", phone: "+44 113 496 0000", postcode: "ls14ap" });
    expect(parsed).toEqual({ mobile: "07700900123", phone: "+441134960000", addressLine1: null, town: null, postcode: "LS1 4AP" });
  });

  it("refuses other numbers with the spec's messages", () => {
    const result = MyDetailsSchema.safeParse({ mobile: "01134960000", phone: "12345" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ mobile: "Please enter a valid UK mobile phone number.", phone: "Please enter a valid UK phone number." });
  });

  it("clears a field left empty", () => {
    expect(MyDetailsSchema.parse({})).toEqual({ mobile: null, phone: null, addressLine1: null, town: null, postcode: null });
  });
});
