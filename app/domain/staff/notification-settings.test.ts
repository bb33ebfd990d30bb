import { describe, expect, it } from "vitest";
import {
  AWAITING_RESPONSE,
  confirmPath,
  describeChanges,
  effectiveSettings,
  inboxSections,
  MY_INBOX,
  needsMyInboxConfirmation,
  NOTIFICATION_MESSAGES,
  NotificationSettingsSchema,
  settingsFromForm,
  UNASSIGNED,
} from "./notification-settings";

const names = [MY_INBOX, UNASSIGNED, AWAITING_RESPONSE, "Admin"];

describe("inboxSections", () => {
  it("groups the personal, shared and issue-type inboxes", () => {
    const sections = inboxSections(["Admin", "Medical"]);
    expect(sections.map((s) => [s.section, s.inboxes.map((i) => i.name)])).toEqual([
      ["personal", [MY_INBOX]],
      ["shared", [UNASSIGNED, AWAITING_RESPONSE]],
      ["issue type", ["Admin", "Medical"]],
    ]);
  });
  it("leaves a section empty when there is nothing in it, with the spec's sentence", () => {
    expect(inboxSections([])[2].inboxes).toEqual([]);
    expect(NOTIFICATION_MESSAGES.empty("issue type")).toBe("You currently do not have any issue type inboxes set up at your practice (or practices).");
  });
});

describe("effectiveSettings", () => {
  it("defaults to My Inbox and Unassigned on (what the bubble counted), the saved choice otherwise", () => {
    expect([...effectiveSettings(names, new Map())]).toEqual([[MY_INBOX, true], [UNASSIGNED, true], [AWAITING_RESPONSE, false], ["Admin", false]]);
    expect(effectiveSettings(names, new Map([[MY_INBOX, false], ["Admin", true]])).get(MY_INBOX)).toBe(false);
  });
});

describe("settingsFromForm", () => {
  it("sets every known inbox from the ticks and ignores names the page did not offer", () => {
    expect([...settingsFromForm(names, ["Admin", "Invented"])]).toEqual([[MY_INBOX, false], [UNASSIGNED, false], [AWAITING_RESPONSE, false], ["Admin", true]]);
  });
});

describe("needsMyInboxConfirmation", () => {
  it("only when My Inbox goes from on to off", () => {
    const on = new Map([[MY_INBOX, true]]);
    const off = new Map([[MY_INBOX, false]]);
    expect(needsMyInboxConfirmation(on, off)).toBe(true);
    expect(needsMyInboxConfirmation(off, off)).toBe(false);
    expect(needsMyInboxConfirmation(on, on)).toBe(false);
    expect(needsMyInboxConfirmation(off, on)).toBe(false);
  });
});

describe("describeChanges", () => {
  it("lists the inboxes that changed, by name", () => {
    const before = new Map([[MY_INBOX, true], [UNASSIGNED, true], ["Admin", false]]);
    const after = new Map([[MY_INBOX, true], [UNASSIGNED, false], ["Admin", true]]);
    expect(describeChanges(before, after)).toBe("Unassigned: on → off; Admin: off → on");
    expect(describeChanges(before, before)).toBe("");
  });
});

describe("the form", () => {
  it("takes the ticked inboxes (none is an empty list) and an optional confirmation", () => {
    expect(NotificationSettingsSchema.parse({})).toEqual({ inbox: [] });
    expect(NotificationSettingsSchema.parse({ inbox: ["Admin"], confirmed: "yes" })).toEqual({ inbox: ["Admin"], confirmed: "yes" });
    expect(NotificationSettingsSchema.safeParse({ confirmed: "maybe" }).success).toBe(false);
  });
  it("carries the choices to the confirm page in its query", () => {
    expect(confirmPath("demo", 7, [UNASSIGNED, "Admin"])).toBe("/demo/notification-settings/7/confirm?inbox=Unassigned&inbox=Admin");
    expect(confirmPath("demo", 7, [])).toBe("/demo/notification-settings/7/confirm");
  });
});
