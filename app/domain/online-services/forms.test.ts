import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BookingSchema, linkSchema } from "./forms";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

describe("link form", () => {
  it("checks the lengths with labels by flavour", () => {
    const tpp = parseWithZod(form({ accountId: "12345678", linkageKey: "abcde", unitId: "abc" }), { schema: linkSchema("tpp") });
    expect(tpp.status).toBe("error");
    expect(tpp.reply().error).toEqual({
      accountId: ["Account ID must be between 9 and 15 characters"],
      linkageKey: ["Passphrase must be between 6 and 16 characters"],
      unitId: ["Organisation Code must be between 4 and 15 characters"],
    });
    const emis = parseWithZod(form({}), { schema: linkSchema("emis") });
    expect(emis.reply().error).toEqual({
      accountId: ["Enter your Account ID"],
      linkageKey: ["Enter your Linkage Key"],
      unitId: ["Enter your ODS Code"],
    });
    const long = parseWithZod(form({ accountId: "1".repeat(16), linkageKey: "k".repeat(17), unitId: "u".repeat(16) }), { schema: linkSchema("emis") });
    expect(long.reply().error).toEqual({
      accountId: ["Account ID must be between 9 and 15 characters"],
      linkageKey: ["Linkage Key must be between 6 and 16 characters"],
      unitId: ["ODS Code must be between 4 and 15 characters"],
    });
    const ok = parseWithZod(form({ accountId: " 123456789 ", linkageKey: "abcdef", unitId: "Y123" }), { schema: linkSchema("emis") });
    expect(ok.status === "success" && ok.value).toEqual({ accountId: "123456789", linkageKey: "abcdef", unitId: "Y123" });
  });
});

describe("booking reason", () => {
  it("is required and at most 150 characters", () => {
    expect(parseWithZod(form({ reason: " " }), { schema: BookingSchema }).reply().error).toEqual({ reason: ["Enter the reason for your appointment"] });
    expect(parseWithZod(form({ reason: "x".repeat(151) }), { schema: BookingSchema }).reply().error).toEqual({
      reason: ["The reason for your appointment must be 150 characters or fewer"],
    });
    expect(parseWithZod(form({ reason: "x".repeat(150) }), { schema: BookingSchema }).status).toBe("success");
  });
});
