import { describe, expect, it } from "vitest";
import { londonInstant } from "~/domain/time/london";
import { canCancel, canJoin, effectiveStatus, formatDuration, parseClockTime, parseLondonDate, scheduleSchema, smsRecipient, VIDEO_MESSAGES } from "./schedule";

const now = new Date("2026-11-27T10:00:00Z");
const at = (iso: string) => new Date(iso);

describe("video statuses", () => {
  it("reads a scheduled consultation nobody joined as missed an hour after its time", () => {
    const c = { status: "scheduled" as const, scheduledFor: at("2026-11-27T08:59:00Z"), patientJoinedAt: null };
    expect(effectiveStatus(c, now)).toBe("missed");
    expect(effectiveStatus({ ...c, scheduledFor: at("2026-11-27T09:30:00Z") }, now)).toBe("scheduled");
    expect(effectiveStatus({ ...c, patientJoinedAt: at("2026-11-27T09:00:00Z") }, now)).toBe("scheduled");
  });
  it("keeps cancelled and complete as stored", () => {
    expect(effectiveStatus({ status: "cancelled", scheduledFor: at("2026-11-26T08:00:00Z"), patientJoinedAt: null }, now)).toBe("cancelled");
    expect(effectiveStatus({ status: "complete", scheduledFor: at("2026-11-28T08:00:00Z"), patientJoinedAt: null }, now)).toBe("complete");
  });
  it("cancels and joins only what is still to happen (the clinician may still open a missed one)", () => {
    const future = { status: "scheduled" as const, scheduledFor: at("2026-11-28T08:00:00Z"), patientJoinedAt: null };
    const missed = { ...future, scheduledFor: at("2026-11-26T08:00:00Z") };
    expect(canCancel(future, now)).toBe(true);
    expect(canCancel(missed, now)).toBe(false);
    expect(canJoin(missed, now, "patient")).toBe(false);
    expect(canJoin(missed, now, "clinician")).toBe(true);
    expect(canJoin({ ...future, status: "complete" }, now, "clinician")).toBe(false);
  });
});

describe("the scheduling form", () => {
  const good = { nhsNumber: "999 000 1006", date: "28/11/2026", time: "14:30", clinician: "7" };
  const parse = (v: Record<string, string>) => scheduleSchema(now).safeParse(v);
  const messages = (v: Record<string, string>) => {
    const r = parse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it("turns the London date and time into an instant (GMT in winter)", () => {
    const r = parse(good);
    expect(r.success && r.data.scheduledFor.toISOString()).toBe("2026-11-28T14:30:00.000Z");
    expect(r.success && r.data.nhsNumber).toBe("9990001006");
  });
  it("validates the override mobile with the spec's message", () => {
    expect(messages({ ...good, overrideMobile: "0123" })).toEqual([VIDEO_MESSAGES.overrideMobile]);
    expect(VIDEO_MESSAGES.overrideMobile).toBe("Mobile number is invalid.");
    expect(parse({ ...good, overrideMobile: "07700 900 123", sendSms: "on" }).success).toBe(true);
  });
  it("refuses a date or time in the past, and nonsense", () => {
    expect(messages({ ...good, date: "26/11/2026" })).toEqual([VIDEO_MESSAGES.datePast]);
    expect(messages({ ...good, date: "27/11/2026", time: "09:00" })).toEqual([VIDEO_MESSAGES.timePast]);
    expect(messages({ ...good, date: "31/02/2027" })).toEqual([VIDEO_MESSAGES.date]);
    expect(messages({ ...good, time: "24:00" })).toEqual([VIDEO_MESSAGES.time]);
    expect(messages({ ...good, nhsNumber: "12" })).toEqual([VIDEO_MESSAGES.patient]);
    expect(messages({ ...good, clinician: "x" })).toEqual([VIDEO_MESSAGES.clinician]);
  });
  it("parses the date and time forms people type", () => {
    expect(parseLondonDate("1/3/2027")).toBe("2027-03-01");
    expect(parseLondonDate("2027-03-01")).toBe("2027-03-01");
    expect(parseLondonDate("29/02/2027")).toBeNull();
    expect(parseClockTime("9.05")).toBe("09:05");
    expect(parseClockTime("9:5")).toBeNull();
  });
});

describe("Europe/London times across the clock changes", () => {
  it("reads summer times as BST and winter as GMT", () => {
    expect(londonInstant("2026-07-01", "09:00").toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(londonInstant("2026-12-01", "09:00").toISOString()).toBe("2026-12-01T09:00:00.000Z");
  });
  it("moves a time the spring change skips an hour on, and takes the first of a repeated autumn hour", () => {
    expect(londonInstant("2026-03-29", "01:30").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(londonInstant("2026-10-25", "01:30").toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });
});

describe("smsRecipient and formatDuration", () => {
  it("sends to the override, else the record's mobile, only when asked", () => {
    expect(smsRecipient({ sendSms: true, overrideMobile: "07700900999" }, "07700900123")).toBe("07700900999");
    expect(smsRecipient({ sendSms: true }, "07700 900 123")).toBe("07700900123");
    expect(smsRecipient({ sendSms: true }, "0113 496 0000")).toBeNull();
    expect(smsRecipient({ sendSms: false }, "07700900123")).toBeNull();
  });
  it("shows a call's length", () => {
    expect(formatDuration(725)).toBe("12 minutes 5 seconds");
    expect(formatDuration(45)).toBe("45 seconds");
    expect(formatDuration(60)).toBe("1 minute");
    expect(formatDuration(61)).toBe("1 minute 1 second");
    expect(formatDuration(0)).toBe("0 seconds");
  });
});
