import { describe, expect, it } from "vitest";
import {
  addressFor,
  ageOn,
  batchAllowance,
  batchSizeFor,
  birthDateRange,
  emptyProgress,
  idempotencyKey,
  isPermanentFailure,
  matchesFilters,
  NO_FILTERS,
  parseNhsNumberList,
  RecipientsSchema,
  BULK_MESSAGES,
  MessageSchema,
  retryAt,
  settledState,
} from "./rules";

describe("rate limiter", () => {
  it("sends a second's share of the limit per batch: 50 for Notify's 3,000 a minute", () => {
    expect(batchSizeFor(3000)).toBe(50);
    expect(batchSizeFor(30)).toBe(1);
  });
  it("allows what is left of the minute, never more than a batch, never below zero", () => {
    expect(batchAllowance({ attemptedLastMinute: 0, limitPerMinute: 3000, batchSize: 50 })).toBe(50);
    expect(batchAllowance({ attemptedLastMinute: 2980, limitPerMinute: 3000, batchSize: 50 })).toBe(20);
    expect(batchAllowance({ attemptedLastMinute: 3000, limitPerMinute: 3000, batchSize: 50 })).toBe(0);
    expect(batchAllowance({ attemptedLastMinute: 3100, limitPerMinute: 3000, batchSize: 50 })).toBe(0);
  });
});

describe("retries", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  it("backs off 30 s, 2 min, 8 min, 32 min, then gives up", () => {
    expect(retryAt(now, 1, false)!.getTime() - now.getTime()).toBe(30_000);
    expect(retryAt(now, 2, false)!.getTime() - now.getTime()).toBe(120_000);
    expect(retryAt(now, 4, false)!.getTime() - now.getTime()).toBe(32 * 60_000);
    expect(retryAt(now, 5, false)).toBeNull();
  });
  it("does not retry what will not change", () => {
    expect(retryAt(now, 1, true)).toBeNull();
    expect(isPermanentFailure(400)).toBe(true);
    expect(isPermanentFailure(429)).toBe(false);
    expect(isPermanentFailure(500)).toBe(false);
    expect(isPermanentFailure(null)).toBe(false);
  });
});

describe("idempotency", () => {
  it("one key per message, patient and channel", () => {
    expect(idempotencyKey(7, 42, "sms")).toBe("bm7-p42-sms");
    expect(idempotencyKey(7, 42, "email")).not.toBe(idempotencyKey(7, 42, "sms"));
    expect(idempotencyKey(7, 4, "sms")).not.toBe(idempotencyKey(74, 0, "sms"));
  });
});

describe("recipient filters", () => {
  const today = "2026-11-27";
  it("counts age from birthdays", () => {
    expect(ageOn(today, "1961-11-27")).toBe(65);
    expect(ageOn(today, "1961-11-28")).toBe(64);
  });
  it("turns an age range into inclusive dates of birth", () => {
    expect(birthDateRange(today, 65, null)).toEqual({ from: null, to: "1961-11-27" });
    expect(birthDateRange(today, null, 64)).toEqual({ from: "1961-11-28", to: null });
    expect(birthDateRange(today, 18, 18)).toEqual({ from: "2007-11-28", to: "2008-11-27" });
    expect(birthDateRange("2028-02-29", 1, null)).toEqual({ from: null, to: "2027-03-01" });
  });
  it("agrees with the date range at the edges", () => {
    const f = { ...NO_FILTERS, minAge: 65, maxAge: 70 };
    expect(matchesFilters({ dateOfBirth: "1961-11-27", nonDigital: false, nhsNumber: null }, f, today)).toBe(true);
    expect(matchesFilters({ dateOfBirth: "1961-11-28", nonDigital: false, nhsNumber: null }, f, today)).toBe(false);
    expect(matchesFilters({ dateOfBirth: "1955-11-28", nonDigital: false, nhsNumber: null }, f, today)).toBe(true);
    expect(matchesFilters({ dateOfBirth: "1955-11-27", nonDigital: false, nhsNumber: null }, f, today)).toBe(false);
  });
  it("leaves out non-digital patients when asked, and keeps only a list's NHS numbers", () => {
    const p = { dateOfBirth: "1980-01-01", nonDigital: true, nhsNumber: "9990000018" };
    expect(matchesFilters(p, NO_FILTERS, today)).toBe(false);
    expect(matchesFilters(p, { ...NO_FILTERS, excludeNonDigital: false }, today)).toBe(true);
    expect(matchesFilters({ ...p, nonDigital: false }, { ...NO_FILTERS, nhsNumbers: ["9990000026"] }, today)).toBe(false);
    expect(matchesFilters({ ...p, nonDigital: false }, { ...NO_FILTERS, nhsNumbers: ["9990000018"] }, today)).toBe(true);
  });
  it("reads an uploaded list: a header, spaces, a CSV first column, repeats once, bad lines reported", () => {
    const parsed = parseNhsNumberList("NHS number,name\n999 000 0018,Ann\n9990000026\n\n9990000018\n1234567890\nabc\n");
    expect(parsed.numbers).toEqual(["9990000018", "9990000026"]);
    expect(parsed.refused).toEqual([
      { line: 6, value: "1234567890" },
      { line: 7, value: "abc" },
    ]);
  });
  it("reaches a patient by the address each channel needs", () => {
    const p = { email: " a@example.com ", mobile: "", userId: 5 };
    expect(addressFor("email", p)).toBe("a@example.com");
    expect(addressFor("sms", p)).toBeNull();
    expect(addressFor("nhs_app", p)).toBe("user:5");
  });
  it("refuses an age range upside down or out of bounds", () => {
    expect(RecipientsSchema.safeParse({ minAge: "70", maxAge: "65" }).success).toBe(false);
    expect(RecipientsSchema.safeParse({ minAge: "200" }).success).toBe(false);
    expect(RecipientsSchema.parse({ minAge: "65", excludeNonDigital: "on" })).toMatchObject({ minAge: 65, excludeNonDigital: true });
  });
});

describe("state", () => {
  it("is sent once nothing is queued or in flight", () => {
    const p = emptyProgress();
    p.sms.queued = 1;
    expect(settledState("sending", p)).toBe("sending");
    p.sms.queued = 0;
    p.sms.delivered = 1;
    expect(settledState("sending", p)).toBe("sent");
    expect(settledState("stopped", p)).toBe("stopped");
  });
});

describe("message step: the questionnaire (decision 0131)", () => {
  const parse = (v: Record<string, string>) => MessageSchema.safeParse({ title: "Review", body: "Dear {patient_name}", ...v });
  it("reads no questionnaire as null, an id as a number, and anything else as 0 (not found)", () => {
    expect(parse({ questionnaireId: "" }).data?.questionnaireId).toBeNull();
    expect(parse({}).data?.questionnaireId).toBeNull();
    expect(parse({ questionnaireId: "42" }).data?.questionnaireId).toBe(42);
    expect(parse({ questionnaireId: "abc" }).data?.questionnaireId).toBe(0);
    expect(parse({ questionnaireId: "99999999999" }).data?.questionnaireId).toBe(0);
  });
  it("refuses {questionnaire_link} with no questionnaire chosen, on the message", () => {
    const result = parse({ body: "Answer: {questionnaire_link}" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["body", BULK_MESSAGES.questionnaireLinkAlone]]);
    expect(parse({ body: "Answer: {questionnaire_link}", questionnaireId: "3" }).success).toBe(true);
  });
});
