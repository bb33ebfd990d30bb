/** The proxy link's rules: which decision each state allows, and which reason fits which age. */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PROXY_LINK_STATUSES, PROXY_MESSAGES, ProxyDecisionSchema, decisionAllowed, reasonFitsAge, type ProxyDecision } from "./proxy-links";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return parseWithZod(data, { schema: ProxyDecisionSchema });
};

describe("decisionAllowed", () => {
  const table: Record<(typeof PROXY_LINK_STATUSES)[number], ProxyDecision[]> = {
    pending: ["approve", "decline"],
    approved: ["remove"],
    declined: [],
    removed: [],
  };
  it.each(PROXY_LINK_STATUSES)("a %s link allows exactly its decisions", (status) => {
    for (const decision of ["approve", "decline", "remove"] as const) {
      expect(decisionAllowed(status, decision)).toBe(table[status].includes(decision));
    }
  });
});

describe("reasonFitsAge", () => {
  const today = new Date("2026-11-25T12:00:00Z");
  it("a parent or guardian fits someone under 16, to the day", () => {
    expect(reasonFitsAge("under_16", "2010-11-26", today)).toBeNull(); // 15 until tomorrow
    expect(reasonFitsAge("under_16", "2010-11-25", today)).toBe(PROXY_MESSAGES.reasonUnder16ButAdult); // 16 today
  });
  it("an adult's consent fits someone 16 or over, never a child", () => {
    expect(reasonFitsAge("adult_consents", "2010-11-25", today)).toBeNull();
    expect(reasonFitsAge("adult_consents", "1948-11-30", today)).toBeNull();
    expect(reasonFitsAge("adult_consents", "2015-06-02", today)).toBe(PROXY_MESSAGES.reasonAdultButChild);
  });
});

describe("ProxyDecisionSchema", () => {
  it("approves without a reason", () => {
    expect(form({ decision: "approve" }).status).toBe("success");
  });
  it("needs a reason to decline or remove, because the carer is told it", () => {
    expect(form({ decision: "decline", note: "  " }).reply().error).toEqual({ note: [PROXY_MESSAGES.declineNoteRequired] });
    expect(form({ decision: "remove" }).reply().error).toEqual({ note: [PROXY_MESSAGES.removeNoteRequired] });
    expect(form({ decision: "decline", note: "We could not confirm consent" }).status).toBe("success");
  });
  it("refuses an unknown decision and an over-long reason", () => {
    expect(form({ decision: "grant" }).reply().error).toEqual({ decision: [PROXY_MESSAGES.chooseDecision] });
    expect(form({ decision: "decline", note: "x".repeat(501) }).reply().error).toEqual({ note: [PROXY_MESSAGES.noteTooLong] });
  });
});
