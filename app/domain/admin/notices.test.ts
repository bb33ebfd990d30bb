import { describe, expect, it } from "vitest";
import { NoticeSchema } from "./notice-schema";
import { addDismissed, dateTimeFields, isNoticeLive, MAX_DISMISSED_IN_COOKIE, noticeState, noticeText, parseDismissedCookie, parseUkDate } from "./notices";

const at = (iso: string) => new Date(iso);

describe("a notice's live window", () => {
  const notice = { active: true, startsAt: at("2026-12-01T09:00:00Z"), endsAt: at("2026-12-02T09:00:00Z") };

  it("shows from its start (inclusive) until its end (exclusive)", () => {
    expect(isNoticeLive(notice, at("2026-12-01T08:59:59Z"))).toBe(false);
    expect(isNoticeLive(notice, at("2026-12-01T09:00:00Z"))).toBe(true);
    expect(isNoticeLive(notice, at("2026-12-02T08:59:59Z"))).toBe(true);
    expect(isNoticeLive(notice, at("2026-12-02T09:00:00Z"))).toBe(false);
  });

  it("is open-ended without dates, and never live when inactive", () => {
    expect(isNoticeLive({ active: true, startsAt: null, endsAt: null }, at("2030-01-01T00:00:00Z"))).toBe(true);
    expect(isNoticeLive({ ...notice, active: false }, at("2026-12-01T12:00:00Z"))).toBe(false);
    expect(noticeState(notice, at("2026-11-30T00:00:00Z"))).toBe("scheduled");
    expect(noticeState(notice, at("2026-12-03T00:00:00Z"))).toBe("ended");
    expect(noticeState({ ...notice, active: false }, at("2026-12-01T12:00:00Z"))).toBe("inactive");
  });
});

describe("the notice form", () => {
  const base = { title: "Planned work", body: "The service is slow on Sunday.", active: "on" };

  it("reads DD/MM/YYYY and HH:mm as UK time (GMT and BST)", () => {
    const winter = NoticeSchema.parse({ ...base, startsDate: "01/12/2026", startsTime: "09:30", endsDate: "2/12/2026" });
    expect(winter.startsAt?.toISOString()).toBe("2026-12-01T09:30:00.000Z");
    expect(winter.endsAt?.toISOString()).toBe("2026-12-02T00:00:00.000Z");
    const summer = NoticeSchema.parse({ ...base, startsDate: "01/07/2026", startsTime: "9:30" });
    expect(summer.startsAt?.toISOString()).toBe("2026-07-01T08:30:00.000Z");
    expect(dateTimeFields(summer.startsAt)).toEqual({ date: "01/07/2026", time: "09:30" });
  });

  it("refuses impossible dates, bad times, a time without a date and an end before the start", () => {
    const errors = (input: Record<string, string>) => NoticeSchema.safeParse({ ...base, ...input }).error?.issues.map((i) => i.path.join("."));
    expect(errors({ startsDate: "31/02/2026" })).toEqual(["startsDate"]);
    expect(errors({ startsDate: "01/12/2026", startsTime: "25:00" })).toEqual(["startsTime"]);
    expect(errors({ endsTime: "10:00" })).toEqual(["endsDate"]);
    expect(errors({ startsDate: "02/12/2026", endsDate: "01/12/2026" })).toEqual(["endsDate"]);
    expect(errors({ welshTitle: "Gwaith" })).toEqual(["welshBody"]);
    expect(parseUkDate("2026-12-01")).toBeNull();
  });

  it("reads an unticked Active as inactive", () => {
    expect(NoticeSchema.parse({ title: "a", body: "b" }).active).toBe(false);
  });
});

describe("anonymous dismissals", () => {
  it("keep the newest ids and ignore anything malformed", () => {
    expect(parseDismissedCookie("3.x.7.-1.0.12")).toEqual([3, 7, 12]);
    expect(addDismissed("3.7", 3)).toBe("7.3");
    let cookie: string | undefined;
    for (let id = 1; id <= MAX_DISMISSED_IN_COOKIE + 5; id++) cookie = addDismissed(cookie, id);
    expect(parseDismissedCookie(cookie)).toHaveLength(MAX_DISMISSED_IN_COOKIE);
    expect(parseDismissedCookie(cookie)[0]).toBe(6);
  });
});

describe("the notice's language", () => {
  it("is Welsh for a Welsh reader when there is Welsh text", () => {
    const n = { title: "T", body: "B", welshTitle: "TC", welshBody: "BC" };
    expect(noticeText(n, "cy")).toEqual({ title: "TC", body: "BC", lang: "cy" });
    expect(noticeText(n, "en").lang).toBe("en");
    expect(noticeText({ ...n, welshTitle: null, welshBody: null }, "cy").lang).toBe("en");
  });
});
