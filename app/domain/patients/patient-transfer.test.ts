import { describe, expect, it } from "vitest";
import { hasRequestsToSend, PatientTransferSchema, TRANSFER_MESSAGES, transferMessage } from "./patient-transfer";

const parse = (fields: Record<string, string>) => PatientTransferSchema.safeParse(fields);
const messagesOf = (fields: Record<string, string>) => {
  const result = parse(fields);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("the ask to send requests on", () => {
  it("needs the new practice, which requests and the agreement, each with its message", () => {
    expect(messagesOf({})).toEqual([TRANSFER_MESSAGES.newPractice, TRANSFER_MESSAGES.which, TRANSFER_MESSAGES.consent]);
    expect(messagesOf({ newPractice: "   ", which: "all", consent: "yes" })).toEqual([TRANSFER_MESSAGES.newPractice]);
    expect(messagesOf({ newPractice: "x".repeat(201), which: "all", consent: "yes" })).toEqual([TRANSFER_MESSAGES.newPracticeTooLong]);
    expect(messagesOf({ newPractice: "Oak Surgery", newPracticeTown: "y".repeat(101), which: "all", consent: "yes" })).toEqual([TRANSFER_MESSAGES.newPracticeTownTooLong]);
    expect(messagesOf({ newPractice: "Oak Surgery", which: "some", consent: "yes" })).toEqual([TRANSFER_MESSAGES.which]);
    expect(messagesOf({ newPractice: "Oak Surgery", which: "all", consent: "no" })).toEqual([TRANSFER_MESSAGES.consent]);
  });

  it("trims, and an empty town is none", () => {
    const result = parse({ newPractice: "  Oak Surgery ", newPracticeTown: " ", which: "open", consent: "yes" });
    expect(result.success && result.data).toEqual({ newPractice: "Oak Surgery", newPracticeTown: null, which: "open", consent: "yes" });
  });

  it("words the practice's request with the new practice, the choice and its count, and the agreement", () => {
    const text = transferMessage({ newPractice: "Oak Surgery", newPracticeTown: "Leeds", which: "all", consent: "yes" }, { all: 3, open: 1 });
    expect(text).toBe(
      "I am moving to another GP practice.\nNew practice: Oak Surgery, Leeds.\nPlease send all my requests and their messages (3 requests) to my new practice.\nI agree to you sharing them with my new practice.",
    );
    expect(transferMessage({ newPractice: "Oak Surgery", newPracticeTown: null, which: "open", consent: "yes" }, { all: 3, open: 1 })).toContain(
      "New practice: Oak Surgery.\nPlease send only my requests that have not been answered yet (1 request)",
    );
  });

  it("has something to send only when the chosen requests exist", () => {
    expect(hasRequestsToSend("all", { all: 0, open: 0 })).toBe(false);
    expect(hasRequestsToSend("open", { all: 2, open: 0 })).toBe(false);
    expect(hasRequestsToSend("all", { all: 2, open: 0 })).toBe(true);
    expect(hasRequestsToSend("open", { all: 2, open: 1 })).toBe(true);
  });
});
