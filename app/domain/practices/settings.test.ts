import { describe, expect, it } from "vitest";
import { londonInstant } from "~/domain/requests/demand";
import { CORE_HOURS_MESSAGES } from "./core-hours";
import { DEFAULT_OPENING_HOURS } from "./opening-hours";
import {
  changedFields,
  closureSchema,
  DetailsSchema,
  IdleTimeoutSchema,
  parsePage,
  parseUkDate,
  requestSettingsSchema,
  SETTINGS_MESSAGES,
} from "./settings";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("practice details", () => {
  const good = { intent: "details", name: "Riverside", urlCode: "demo2", odsCode: "Y12345" } as const;
  it("takes url and ODS codes of letters and digits only", () => {
    expect(DetailsSchema.safeParse(good).success).toBe(true);
    expect(errorsOf(DetailsSchema.safeParse({ ...good, urlCode: "de mo" }))).toEqual({ urlCode: SETTINGS_MESSAGES.codeFormat });
    expect(errorsOf(DetailsSchema.safeParse({ ...good, urlCode: "demo-2" }))).toEqual({ urlCode: SETTINGS_MESSAGES.codeFormat });
    expect(errorsOf(DetailsSchema.safeParse({ ...good, odsCode: "Y1 2" }))).toEqual({ odsCode: SETTINGS_MESSAGES.odsFormat });
  });
  it("refuses codes the service uses itself", () => {
    expect(errorsOf(DetailsSchema.safeParse({ ...good, urlCode: "Practices" }))).toEqual({ urlCode: SETTINGS_MESSAGES.codeReserved });
    expect(errorsOf(DetailsSchema.safeParse({ ...good, urlCode: "aitesting" }))).toEqual({ urlCode: SETTINGS_MESSAGES.codeReserved });
  });
  it("checks a UK phone number, spaces allowed", () => {
    expect(DetailsSchema.parse({ ...good, phone: "0113 496 0000" }).phone).toBe("01134960000");
    expect(errorsOf(DetailsSchema.safeParse({ ...good, phone: "12345" }))).toEqual({ phone: SETTINGS_MESSAGES.phone });
  });
});

describe("idle timeout", () => {
  it("is empty (never) or 2 to 1440 minutes", () => {
    expect(IdleTimeoutSchema.parse({ intent: "idle-timeout" }).idleTimeout).toBeUndefined();
    expect(IdleTimeoutSchema.parse({ intent: "idle-timeout", idleTimeout: "2" }).idleTimeout).toBe(2);
    expect(IdleTimeoutSchema.safeParse({ intent: "idle-timeout", idleTimeout: "1" }).success).toBe(false);
    expect(IdleTimeoutSchema.safeParse({ intent: "idle-timeout", idleTimeout: "1441" }).success).toBe(false);
  });
});

describe("request settings", () => {
  const now = londonInstant("2026-11-25", "10:00");
  const form = { intent: "requests", dailyRequestLimit: "40", switchedOffToday: "on" };
  it("refuses a cap and switching off inside core hours in compliance mode", () => {
    const errors = errorsOf(requestSettingsSchema({ compliance: true, hours: DEFAULT_OPENING_HOURS, now }).safeParse(form));
    expect(errors).toEqual({ dailyRequestLimit: CORE_HOURS_MESSAGES.dailyCap, switchedOffToday: CORE_HOURS_MESSAGES.switchOff("wednesday") });
  });
  it("leaves them to the practice outside compliance mode", () => {
    expect(requestSettingsSchema({ compliance: false, hours: DEFAULT_OPENING_HOURS, now }).parse(form)).toMatchObject({ dailyRequestLimit: 40, switchedOffToday: true });
  });
});

describe("exceptional closure", () => {
  const now = londonInstant("2026-11-25", "10:00");
  const schema = closureSchema({ now, toInstant: londonInstant });
  const form = { intent: "add-closure", startDate: "25/11/2026", startTime: "12:00", endDate: "26/11/2026", endTime: "08:00", reason: "Flood", alternative: "Call 111" };
  it("turns London dates and times into instants", () => {
    expect(schema.parse(form)).toEqual({ startsAt: londonInstant("2026-11-25", "12:00"), endsAt: londonInstant("2026-11-26", "08:00"), reason: "Flood", alternative: "Call 111" });
  });
  it("refuses an end before the start, in the past, or more than 14 days on", () => {
    expect(errorsOf(schema.safeParse({ ...form, endDate: "25/11/2026", endTime: "11:00" }))).toEqual({ endDate: SETTINGS_MESSAGES.closureOrder });
    expect(errorsOf(schema.safeParse({ ...form, startDate: "24/11/2026", endDate: "25/11/2026", endTime: "09:00" }))).toEqual({ endDate: SETTINGS_MESSAGES.closureOver });
    expect(errorsOf(schema.safeParse({ ...form, endDate: "10/12/2026" }))).toEqual({ endDate: SETTINGS_MESSAGES.closureTooLong });
  });
  it("reads only real DD/MM/YYYY dates", () => {
    expect(parseUkDate("1/2/2026")).toBe("2026-02-01");
    expect(parseUkDate("31/02/2026")).toBeNull();
    expect(parseUkDate("2026-02-01")).toBeNull();
  });
});

describe("audit and paging helpers", () => {
  it("lists only the fields that changed, before and after", () => {
    expect(changedFields({ a: 1, b: "x", c: null }, { a: 1, b: "y", c: null })).toEqual([{ field: "b", before: "x", after: "y" }]);
  });
  it("reads ?page=, anything odd being the first page", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("1e9")).toBe(1);
    expect(parsePage(null)).toBe(1);
  });
});
