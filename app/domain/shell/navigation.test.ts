/**
 * Menu visibility (spec 1 §6 "Menu visibility", spec 2 §2.1 patient menu, spec 3 staff
 * navigation) through menuItems(): each rule shown on and off, for who may and may not see it.
 */
import { describe, expect, it } from "vitest";
import { menuItems, signedInNavigation, type MenuPractice, type MenuViewer } from "./navigation";

const NOBODY: MenuViewer = {
  firstName: "Sam",
  isGuest: false,
  isAdmin: false,
  isCarer: false,
  isPatient: false,
  isStaff: false,
  isPracticeAdmin: false,
  hasMagicToken: false,
  practiceCode: "demo",
  practiceName: "Riverside Medical Centre",
  userId: 42,
};
const WHO = {
  staff: { ...NOBODY, isStaff: true },
  practiceAdmin: { ...NOBODY, isPracticeAdmin: true },
  admin: { ...NOBODY, isAdmin: true, practiceCode: null, practiceName: null },
  adminAtPractice: { ...NOBODY, isAdmin: true },
  patient: { ...NOBODY, isPatient: true },
  carer: { ...NOBODY, isCarer: true },
  guest: { ...NOBODY, isGuest: true, isPatient: true },
  tokenPatient: { ...NOBODY, isPatient: true, hasMagicToken: true },
  staffAndPracticeAdmin: { ...NOBODY, isStaff: true, isPracticeAdmin: true },
  ccgAdmin: { ...NOBODY, isCcgAdmin: true, practiceCode: null, practiceName: null },
} satisfies Record<string, MenuViewer>;
type Who = keyof typeof WHO;

const OFF: MenuPractice = {
  mfaEnabled: false,
  bulkMessagingEnabled: false,
  reportsEnabled: false,
  notificationSetting: false,
  groupChatSetting: false,
  ssoSetting: false,
  tabsSetting: false,
  patientViewEnabled: false,
  linkageEnabled: false,
};

function labels(who: Who, flags: Partial<MenuPractice> = {}): string[] {
  const { bar, account } = menuItems(WHO[who], { ...OFF, ...flags });
  return [...bar, ...account].map((item) => item.label);
}

/** item, the practice flags that switch it on, who sees it then, who does not. */
const RULES: Array<{ item: string; on: Partial<MenuPractice>; shown: Who[]; hidden: Who[] }> = [
  // Reports: staff, practice admin or admin, and reports enabled.
  { item: "Reports", on: { reportsEnabled: true }, shown: ["staff", "practiceAdmin", "adminAtPractice"], hidden: ["patient", "carer", "guest"] },
  // Bulk messages: bulk_messaging_enabled plus staff or practice admin.
  { item: "Bulk Messages", on: { bulkMessagingEnabled: true }, shown: ["staff", "practiceAdmin"], hidden: ["admin", "patient", "carer", "guest"] },
  // Patient feedback: staff or practice admin (needs nothing switched on).
  { item: "Patient Feedback", on: {}, shown: ["staff", "practiceAdmin"], hidden: ["admin", "patient", "carer", "guest"] },
  // AI testing: admin.
  { item: "AI Testing", on: {}, shown: ["admin", "adminAtPractice"], hidden: ["staff", "practiceAdmin", "patient", "carer", "guest"] },
  // Multi-Factor Authentication: practice mfa_enabled (guests have no password to protect).
  { item: "Multi-Factor Authentication", on: { mfaEnabled: true }, shown: ["staff", "practiceAdmin", "patient", "carer"], hidden: ["guest"] },
  // Toolbar settings: staff when sso_setting or tabs_setting is on.
  { item: "Toolbar Settings", on: { ssoSetting: true }, shown: ["staff"], hidden: ["practiceAdmin", "admin", "patient", "carer", "guest"] },
  { item: "Toolbar Settings", on: { tabsSetting: true }, shown: ["staff"], hidden: ["practiceAdmin", "patient"] },
  // Notification settings: notification_setting on (inbox notifications: a staff-side page).
  { item: "Notification Settings", on: { notificationSetting: true }, shown: ["staff", "practiceAdmin"], hidden: ["patient", "carer", "guest"] },
  // Group video: group_chat_setting on.
  { item: "Group Video", on: { groupChatSetting: true }, shown: ["staff", "practiceAdmin"], hidden: [] },
  // Video (issue "video"): allow_video. Patients' bar: Video calls; staff's menu: the video schedules.
  { item: "Video calls", on: { allowVideo: true }, shown: ["patient", "carer"], hidden: ["guest", "staff", "practiceAdmin"] },
  { item: "Video Consultation Calendar", on: { allowVideo: true }, shown: ["staff"], hidden: ["patient", "carer", "guest", "practiceAdmin"] },
  // My Records: patient_view_enabled and no magic token.
  { item: "My Records", on: { patientViewEnabled: true }, shown: ["patient"], hidden: ["guest", "tokenPatient", "staff", "practiceAdmin"] },
  // My health: patient or carer plus patient_my_health_enabled (spec 2 §6); never a guest.
  { item: "My health", on: { patientMyHealthEnabled: true }, shown: ["patient", "carer"], hidden: ["guest", "staff", "practiceAdmin"] },
  // Online Services: linkage_enabled.
  { item: "Online Services", on: { linkageEnabled: true }, shown: ["patient", "carer"], hidden: ["guest", "staff", "practiceAdmin"] },
];

describe("menu visibility rules", () => {
  describe.each(RULES)("$item with $on", ({ item, on, shown, hidden }) => {
    it.each(shown)("shown to %s when on", (who) => {
      expect(labels(who, on)).toContain(item);
    });
    // An item that needs no setting has nothing to switch off.
    if (Object.keys(on).length > 0) {
      it.each(shown)("hidden from %s when off", (who) => {
        expect(labels(who)).not.toContain(item);
      });
    }
    it.each(hidden)("never shown to %s", (who) => {
      expect(labels(who, on)).not.toContain(item);
    });
  });

  it("Toolbar Settings needs one of the two settings", () => {
    expect(labels("staff", { ssoSetting: true, tabsSetting: true })).toContain("Toolbar Settings");
    expect(labels("staff", { ssoSetting: false, tabsSetting: false })).not.toContain("Toolbar Settings");
  });

  // Spec 2's patient menu (People I Care For, My Records, Account Settings, MFA, Manage NHS
  // login Account, Change My Details, Online Services, Data Privacy) has no Group Video; it
  // is a staff item (spec 3).
  it("Group Video is not offered to patients, carers or guests", () => {
    for (const who of ["patient", "carer", "guest"] as const) expect(labels(who, { groupChatSetting: true })).not.toContain("Group Video");
  });
});

describe("bars by audience", () => {
  it("staff get the staff bar with their practice's links", () => {
    expect(menuItems(WHO.staff, OFF).bar.map((i) => i.href)).toEqual([
      "/demo/inbox",
      "/demo/patients",
      "/demo/patient-feedback",
      "/demo/message-templates",
    ]);
  });

  it("a practice admin without a staff role has no Inboxes or Patients", () => {
    const bar = menuItems(WHO.practiceAdmin, OFF).bar.map((i) => i.label);
    expect(bar).not.toContain("Inboxes");
    expect(bar).not.toContain("Patients");
    expect(bar).toContain("Patient Feedback");
  });

  it("patients get the patient bar; guests have no My health", () => {
    const on = { ...OFF, patientMyHealthEnabled: true };
    expect(menuItems(WHO.patient, on).bar.map((i) => i.label)).toEqual(["Messages", "My health", "Give feedback", "Make a request"]);
    expect(menuItems(WHO.guest, on).bar.map((i) => i.label)).toEqual(["Messages", "Give feedback", "Make a request"]);
  });

  it("Video calls only when the practice offers video, and never for guests", () => {
    expect(menuItems(WHO.patient, { ...OFF, allowVideo: true, patientMyHealthEnabled: true }).bar.map((i) => i.label)).toEqual(["Messages", "Video calls", "My health", "Give feedback", "Make a request"]);
    expect(menuItems(WHO.carer, { ...OFF, allowVideo: true }).bar.map((i) => i.label)).toContain("Video calls");
    expect(menuItems(WHO.guest, { ...OFF, allowVideo: true }).bar.map((i) => i.label)).not.toContain("Video calls");
  });

  it("account items every signed-in user has, and the guest exceptions", () => {
    expect(labels("patient")).toEqual(expect.arrayContaining(["Account Settings", "Change My Details", "Data Privacy"]));
    expect(labels("guest")).not.toContain("Account Settings");
    expect(labels("guest")).toContain("Data Privacy");
    expect(labels("carer")).toContain("People I Care For");
    expect(labels("practiceAdmin")).toEqual(expect.arrayContaining(["Back to Practices", "Manage Staff & Inboxes", "Edit Practice"]));
    expect(labels("staff")).not.toContain("Edit Practice");
  });

  it("practice links need a practice: an admin with none gets only what needs none", () => {
    const { bar, account } = menuItems(WHO.admin, { ...OFF, reportsEnabled: true, groupChatSetting: true });
    expect(bar.map((i) => i.label)).toEqual(["AI Testing"]);
    expect(account.map((i) => i.label)).toEqual(["Account Settings", "Data Privacy"]);
  });
});

describe("administration items (spec 3 §2 user dropdown)", () => {
  const hrefOf = (who: Who, label: string, flags: Partial<MenuPractice> = {}) =>
    menuItems(WHO[who], { ...OFF, ...flags }).account.find((i) => i.label === label)?.href;
  const ADMIN_RULES: Array<{ item: string; href: string; on?: Partial<MenuPractice>; shown: Who[]; hidden: Who[] }> = [
    { item: "Back to Practices", href: "/practices", shown: ["practiceAdmin", "staffAndPracticeAdmin"], hidden: ["staff", "admin", "patient", "carer", "guest", "ccgAdmin"] },
    { item: "Place Portal", href: "/ccg-portal", shown: ["ccgAdmin"], hidden: ["staff", "practiceAdmin", "admin", "patient"] },
    { item: "Manage Staff & Inboxes", href: "/practice/demo/manage-staff", shown: ["practiceAdmin", "staffAndPracticeAdmin"], hidden: ["staff", "admin", "patient", "carer", "guest", "ccgAdmin"] },
    { item: "Edit Practice", href: "/practices/edit/demo", shown: ["practiceAdmin", "staffAndPracticeAdmin"], hidden: ["staff", "admin", "patient", "carer", "guest", "ccgAdmin"] },
    // practice_admin_no_staff_role: refused (has_staff_role) to a practice admin who is staff already.
    { item: "Add Staff Role", href: "/demo/add-staff-role", shown: ["practiceAdmin"], hidden: ["staffAndPracticeAdmin", "staff", "admin", "patient", "ccgAdmin"] },
    { item: "Patient-Facing Name", href: "/demo/patient-facing-name", shown: ["staff", "staffAndPracticeAdmin"], hidden: ["practiceAdmin", "admin", "patient", "carer", "guest"] },
    { item: "Notification Settings", href: "/demo/notification-settings/42", on: { notificationSetting: true }, shown: ["staff", "practiceAdmin"], hidden: ["patient", "ccgAdmin"] },
  ];
  describe.each(ADMIN_RULES)("$item", ({ item, href, on, shown, hidden }) => {
    it.each(shown)("links %s to its page", (who) => {
      expect(hrefOf(who, item, on)).toBe(href);
    });
    it.each(hidden)("is never shown to %s", (who) => {
      expect(hrefOf(who, item, on)).toBeUndefined();
    });
  });

  it("never offers Edit Practice at the AI-testing practice", () => {
    const at = { ...WHO.practiceAdmin, practiceCode: "aitesting" };
    expect(menuItems(at, OFF).account.map((i) => i.label)).not.toContain("Edit Practice");
  });

  it("links the per-user notification settings page through its pattern", () => {
    const nav = signedInNavigation(WHO.staff, { ...OFF, notificationSetting: true }, new Set(["/:code/notification-settings/:userId"]));
    expect(nav.account?.items.map((i) => i.href)).toEqual(["/demo/notification-settings/42"]);
  });

  it("offers the Practice Calendar only at practice code tes, to its GPs and receptionists (their own calendar)", () => {
    const atTes = (who: Who) => ({ ...WHO[who], practiceCode: "tes" });
    const calendarOf = (v: MenuViewer) => signedInNavigation(v, OFF, new Set(["/:code/calendar/:userId"])).account?.items.find((i) => i.label === "Practice Calendar")?.href;
    expect(calendarOf(atTes("staff"))).toBe("/tes/calendar/42");
    expect(calendarOf(atTes("staffAndPracticeAdmin"))).toBe("/tes/calendar/42");
    expect(calendarOf(WHO.staff)).toBeUndefined();
    for (const who of ["practiceAdmin", "patient", "carer", "guest"] as const) expect(calendarOf(atTes(who))).toBeUndefined();
  });

  it("gives a regional-group admin the staff header", () => {
    expect(signedInNavigation(WHO.ccgAdmin, null, new Set(["/ccg-portal"]))).toMatchObject({ audience: "staff" });
  });
});

describe("signedInNavigation", () => {
  const everything = new Set(["/data-privacy", "/account-settings", "/:code/inbox", "/:code/message", "/:code/my-requests-and-messages"]);

  it("leaves out pages that do not exist yet", () => {
    const nav = signedInNavigation(WHO.staff, { ...OFF, reportsEnabled: true }, everything);
    expect(nav.items.map((i) => i.label)).toEqual(["Inboxes"]);
    expect(nav.account?.items.map((i) => i.label)).toEqual(["Account Settings", "Data Privacy"]);
  });

  it("labels logout End Session for guests, and picks the audience", () => {
    expect(signedInNavigation(WHO.guest, OFF, everything).account?.logoutLabel).toBe("End Session");
    expect(signedInNavigation(WHO.patient, OFF, everything)).toMatchObject({ audience: "patient", practiceName: undefined });
    expect(signedInNavigation(WHO.staff, OFF, everything)).toMatchObject({ audience: "staff", practiceName: "Riverside Medical Centre" });
    expect(signedInNavigation(WHO.admin, OFF, everything).audience).toBe("staff");
  });
});

describe("practice help and the TPP desktop agent (docs/decisions/0077)", () => {
  const labels = (who: Who, practice: MenuPractice) => menuItems(WHO[who], practice).account.map((l) => l.label);
  it("offers the desktop agent to a TPP practice's admin only", () => {
    expect(menuItems(WHO.practiceAdmin, { ...OFF, ehrType: "tpp" }).account).toContainEqual({ label: "Desktop Agent", href: "/agent/setup?practice=demo" });
    expect(labels("practiceAdmin", { ...OFF, ehrType: "emis" })).not.toContain("Desktop Agent");
    expect(labels("staff", { ...OFF, ehrType: "tpp" })).not.toContain("Desktop Agent");
  });
  it("offers online resources to practice admins and the training videos to staff too", () => {
    expect(labels("practiceAdmin", OFF)).toEqual(expect.arrayContaining(["Online Resources", "Training Videos"]));
    expect(labels("staff", OFF)).toContain("Training Videos");
    expect(labels("staff", OFF)).not.toContain("Online Resources");
    expect(labels("patient", OFF)).not.toContain("Training Videos");
  });
  it("keeps a link with a query when its page exists", () => {
    const nav = signedInNavigation(WHO.practiceAdmin, { ...OFF, ehrType: "tpp" }, new Set(["/agent/setup", "/videos", "/practices/online-resources/:code"]));
    expect(nav.account?.items.map((l) => l.href)).toEqual(expect.arrayContaining(["/agent/setup?practice=demo", "/practices/online-resources/demo", "/videos"]));
  });
});

describe("Manage NHS login Account (decision 0083)", () => {
  const settings = "https://settings.login.nhs.uk/";
  it("stands in for Account Settings and MFA for a session signed in with NHS login, and is kept as another site's link", () => {
    const viewer = { ...WHO.patient, nhsLoginSettingsUrl: settings };
    const nav = signedInNavigation(viewer, { ...OFF, mfaEnabled: true }, new Set(["/account-settings", "/mfa/settings", "/data-privacy"]));
    const items = nav.account?.items ?? [];
    expect(items).toContainEqual({ label: "Manage NHS login Account", href: settings });
    expect(items.map((l) => l.label)).not.toEqual(expect.arrayContaining(["Account Settings"]));
    expect(items.map((l) => l.label)).not.toContain("Multi-Factor Authentication");
  });
  it("is not offered to anyone signed in another way", () => {
    const labels = menuItems(WHO.patient, { ...OFF, mfaEnabled: true }).account.map((l) => l.label);
    expect(labels).toEqual(expect.arrayContaining(["Account Settings", "Multi-Factor Authentication"]));
    expect(labels).not.toContain("Manage NHS login Account");
  });
});
