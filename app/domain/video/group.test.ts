import { describe, expect, it } from "vitest";
import { GROUP_MESSAGES, groupChatSchema, groupStatus, isDirected, makesOffer, MAX_GROUP_MEMBERS, parseNhsNumbers, secondsInCall } from "./group";

const now = new Date("2026-11-27T10:00:00Z");
const parse = (fields: Record<string, unknown>) => groupChatSchema(now).safeParse({ title: "Group", date: "27/11/2026", time: "11:00", staff: ["3"], patients: "9990000001", ...fields });
const firstError = (fields: Record<string, unknown>) => {
  const r = parse(fields);
  return r.success ? null : r.error.issues[0].message;
};

describe("parseNhsNumbers", () => {
  it("reads one per line or comma-separated, spaces inside a number allowed, repeats once", () => {
    expect(parseNhsNumbers("999 000 0001\n9990000002, 9990000001\n\n")).toEqual({ numbers: ["9990000001", "9990000002"], bad: null });
    expect(parseNhsNumbers("9990000001\nabc")).toEqual({ numbers: ["9990000001"], bad: "abc" });
  });
});

describe("groupChatSchema", () => {
  it("takes a title, a future London time, staff and patients", () => {
    const r = parse({ staff: ["3", "3", "4"] });
    expect(r.success && r.data).toEqual({ title: "Group", staff: [3, 4], nhsNumbers: ["9990000001"], scheduledFor: new Date("2026-11-27T11:00:00Z") });
    // British Summer Time: 14:00 in London is 13:00 UTC.
    const summer = groupChatSchema(new Date("2027-06-01T08:00:00Z")).safeParse({ title: "G", date: "01/06/2027", time: "14:00", staff: "3", patients: "9990000001" });
    expect(summer.success && summer.data.scheduledFor.toISOString()).toBe("2027-06-01T13:00:00.000Z");
  });

  it("refuses with the page's messages", () => {
    expect(firstError({ title: " " })).toBe(GROUP_MESSAGES.title);
    expect(firstError({ staff: undefined })).toBe(GROUP_MESSAGES.staff);
    expect(firstError({ patients: "" })).toBe(GROUP_MESSAGES.patients);
    expect(firstError({ patients: "123" })).toBe(GROUP_MESSAGES.nhsNumber("123"));
    expect(firstError({ time: "09:59" })).toBe(GROUP_MESSAGES.timePast);
    expect(firstError({ date: "26/11/2026" })).toBe(GROUP_MESSAGES.datePast);
    expect(firstError({ date: "31/02/2027" })).toBe(GROUP_MESSAGES.date);
    const many = Array.from({ length: MAX_GROUP_MEMBERS }, (_, i) => `999000000${i}`).join("\n");
    expect(firstError({ patients: many })).toBe(GROUP_MESSAGES.tooMany);
  });
});

describe("the mesh's rules", () => {
  it("lets the lower member id offer, and directs all but hello and bye", () => {
    expect(makesOffer(2, 5)).toBe(true);
    expect(makesOffer(5, 2)).toBe(false);
    expect(isDirected("offer") && isDirected("ready") && !isDirected("hello") && !isDirected("bye")).toBe(true);
  });

  it("adds up each member's time in the call, an open stay counting to now", () => {
    const at = (s: number) => new Date(now.getTime() + s * 1000);
    const events = [
      { memberId: 1, kind: "joined", createdAt: at(0) },
      { memberId: 2, kind: "joined", createdAt: at(10) },
      { memberId: 1, kind: "left", createdAt: at(70) },
      { memberId: 1, kind: "joined", createdAt: at(100) },
    ];
    const seconds = secondsInCall(events, at(130));
    expect(seconds.get(1)).toBe(100);
    expect(seconds.get(2)).toBe(120);
    expect(groupStatus({ endedAt: null })).toBe("scheduled");
    expect(groupStatus({ endedAt: now })).toBe("ended");
  });
});
