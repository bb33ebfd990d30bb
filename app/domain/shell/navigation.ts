/**
 * The header by audience (spec 1 §2.1, §6). Computed on the server from the viewer and the
 * practice's flags, so menu visibility follows the same role data the guards use. Only
 * pages that exist are linked: `available` says which, and other items are left out.
 */
export type NavLink = { label: string; href: string };
export type Audience = "public" | "patient" | "staff";
export type ShellNavigation = {
  audience: Audience;
  homeHref: string;
  /** Shown beside the logo for staff: the practice they are working in. */
  practiceName?: string;
  items: NavLink[];
  account?: { name: string; items: NavLink[]; logoutLabel: "Logout" | "End Session" };
  /** Staff: requests waiting in their own and the unassigned inbox, and where to poll it. */
  inboxBubble?: { count: number | null; countUrl: string };
};

/** What menu visibility depends on (spec 1 §6 "Menu visibility"). */
export type MenuViewer = {
  firstName: string;
  isGuest: boolean;
  isAdmin: boolean;
  isCarer: boolean;
  isPatient: boolean;
  /** gp or receptionist at the current practice. */
  isStaff: boolean;
  isPracticeAdmin: boolean;
  hasMagicToken: boolean;
  practiceCode: string | null;
  practiceName: string | null;
  /** The signed-in user (Notification Settings is per user); absent in tests that need none. */
  userId?: number | null;
  /** Regional-group admin (ccg_admin): Place Portal. */
  isCcgAdmin?: boolean;
  /**
   * Signed in through NHS login: NHS login's account-management link ("Manage NHS login
   * Account"), which stands in for Account Settings and MFA (decision 0083).
   */
  nhsLoginSettingsUrl?: string | null;
};

export type MenuPractice = {
  mfaEnabled: boolean;
  bulkMessagingEnabled: boolean;
  reportsEnabled: boolean;
  notificationSetting: boolean;
  groupChatSetting: boolean;
  ssoSetting: boolean;
  tabsSetting: boolean;
  patientViewEnabled: boolean;
  linkageEnabled: boolean;
  /** The practice offers video consultations: patients get Video calls (the waiting room). */
  allowVideo?: boolean;
  /** The clinical system: a TPP practice's admin sets up its desktop agent (docs/decisions/0077). */
  ehrType?: string | null;
  /** patient_my_health_enabled: My health for patients and carers (spec 2 §2.9). */
  patientMyHealthEnabled?: boolean;
};

const NO_PRACTICE: MenuPractice = {
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

export function publicNavigation(options: { healthHubUrl?: string | null; available: ReadonlySet<string> }): ShellNavigation {
  const items: NavLink[] = [];
  // The health hub (when the practice group has one) stands where "Home" would be.
  if (options.healthHubUrl) items.push({ label: "Health hub", href: options.healthHubUrl });
  else items.push({ label: "Home", href: "/" });
  for (const link of [
    { label: "Help", href: "/help" },
    { label: "Login", href: "/login" },
  ]) {
    if (options.available.has(link.href)) items.push(link);
  }
  return { audience: "public", homeHref: "/", items };
}

/** Every menu item a viewer may see, before leaving out pages that do not exist yet. */
export function menuItems(v: MenuViewer, practice: MenuPractice | null): { bar: NavLink[]; account: NavLink[] } {
  const p = practice ?? NO_PRACTICE;
  const code = v.practiceCode;
  const staffOrAdmin = v.isStaff || v.isPracticeAdmin;
  const bar: NavLink[] = [];
  const account: NavLink[] = [];
  if (v.isStaff || v.isPracticeAdmin) {
    if (code && v.isStaff) bar.push({ label: "Inboxes", href: `/${code}/inbox` });
    if (code && v.isStaff) bar.push({ label: "Patients", href: `/${code}/patients` });
    if (code && p.bulkMessagingEnabled) bar.push({ label: "Bulk Messages", href: `/${code}/bulk-messages` });
    if (code) bar.push({ label: "Patient Feedback", href: `/${code}/patient-feedback` });
    if (code) bar.push({ label: "Message Templates", href: `/${code}/message-templates` });
  } else if (v.isPatient || v.isCarer || v.isGuest) {
    if (code) bar.push({ label: "Messages", href: `/${code}/my-requests-and-messages` });
    if (code && p.allowVideo && !v.isGuest) bar.push({ label: "Video calls", href: `/${code}/waitingroom` });
    if (code && !v.isGuest && p.patientMyHealthEnabled) bar.push({ label: "My health", href: `/${code}/my-health` });
    if (code) bar.push({ label: "Give feedback", href: `/${code}/feedback` });
    if (code) bar.push({ label: "Make a request", href: `/${code}/message` });
  }
  if (v.isAdmin) bar.push({ label: "AI Testing", href: "/aitesting/completed" });

  // Administration (spec 3 §2 user dropdown; issue "administration").
  if (v.isPracticeAdmin) account.push({ label: "Back to Practices", href: "/practices" });
  if (v.isCcgAdmin) account.push({ label: "Place Portal", href: "/ccg-portal" });
  if (v.isStaff && p.allowVideo && code) account.push({ label: "Video Consultation Calendar", href: `/${code}/videoschedules` });
  if ((staffOrAdmin || v.isAdmin) && p.reportsEnabled && code) account.push({ label: "Reports", href: `/${code}/report` });
  // Spec 3 §2: the Practice Calendar only at practice code tes; a GP's or receptionist's own calendar (decision 0099).
  if (v.isStaff && code?.toLowerCase() === "tes" && v.userId) account.push({ label: "Practice Calendar", href: `/${code}/calendar/${v.userId}` });
  if (v.isPracticeAdmin && code) account.push({ label: "Manage Staff & Inboxes", href: `/practice/${code}/manage-staff` });
  // edit_practice: never the AI-testing practice.
  if (v.isPracticeAdmin && code && code.toLowerCase() !== "aitesting") account.push({ label: "Edit Practice", href: `/practices/edit/${code}` });
  // practice_admin_no_staff_role: a practice admin who is not yet a GP or receptionist here.
  if (v.isPracticeAdmin && !v.isStaff && code) account.push({ label: "Add Staff Role", href: `/${code}/add-staff-role` });
  // The patient-facing name page is for gp or receptionist.
  if (v.isStaff && code) account.push({ label: "Patient-Facing Name", href: `/${code}/patient-facing-name` });
  // Help for the practice, and the TPP desktop agent (docs/decisions/0077).
  if (v.isPracticeAdmin && code && p.ehrType === "tpp") account.push({ label: "Desktop Agent", href: `/agent/setup?practice=${code}` });
  if (v.isPracticeAdmin && code) account.push({ label: "Online Resources", href: `/practices/online-resources/${code}` });
  if (staffOrAdmin) account.push({ label: "Training Videos", href: "/videos" });
  if (v.isCarer) account.push({ label: "People I Care For", href: "/carer/dependents" });
  if (p.patientViewEnabled && !v.hasMagicToken && v.isPatient && !v.isGuest && code) account.push({ label: "My Records", href: `/${code}/my-medical-records` });
  if (v.isStaff && (p.ssoSetting || p.tabsSetting) && code) account.push({ label: "Toolbar Settings", href: `/sso/${code}/setup` });
  if (p.notificationSetting && staffOrAdmin && code && v.userId) account.push({ label: "Notification Settings", href: `/${code}/notification-settings/${v.userId}` });
  if (p.groupChatSetting && staffOrAdmin && code) account.push({ label: "Group Video", href: `/${code}/group_chats` });
  const nhsLogin = Boolean(v.nhsLoginSettingsUrl);
  if (!v.isGuest && !nhsLogin) account.push({ label: "Account Settings", href: "/account-settings" });
  if (p.mfaEnabled && !v.isGuest && !nhsLogin) account.push({ label: "Multi-Factor Authentication", href: "/mfa/settings" });
  if (v.nhsLoginSettingsUrl) account.push({ label: "Manage NHS login Account", href: v.nhsLoginSettingsUrl });
  if ((v.isPatient || v.isCarer) && code) account.push({ label: "Change My Details", href: `/${code}/change-my-details` });
  if (p.linkageEnabled && !v.isGuest && (v.isPatient || v.isCarer) && code) account.push({ label: "Online Services", href: `/${code}/online-services` });
  account.push({ label: "Data Privacy", href: "/data-privacy" });
  return { bar, account };
}

/** Paths with a parameter match by their pattern (e.g. "/:code/inbox", "/:code/notification-settings/:userId"). */
export function isAvailable(link: string, available: ReadonlySet<string>, practiceCode: string | null): boolean {
  // A query (e.g. ?practice=) picks something on the page; the page is what must exist.
  const href = link.split("?")[0];
  if (available.has(href)) return true;
  if (/\/\d+$/.test(href) && isAvailable(href.replace(/\/\d+$/, "/:userId"), available, practiceCode)) return true;
  if (practiceCode && href.startsWith(`/${practiceCode}/`)) return available.has(`/:code${href.slice(practiceCode.length + 1)}`);
  if (practiceCode && href.includes(`/${practiceCode}`)) return available.has(href.replace(`/${practiceCode}`, "/:code"));
  return false;
}

export function signedInNavigation(
  v: MenuViewer,
  practice: MenuPractice | null,
  available: ReadonlySet<string>,
): ShellNavigation {
  const { bar, account } = menuItems(v, practice);
  // Another site's page (NHS login's account management) is not ours to check.
  const keep = (l: NavLink) => /^https?:\/\//.test(l.href) || isAvailable(l.href, available, v.practiceCode);
  const audience: Audience = v.isStaff || v.isPracticeAdmin || v.isAdmin || v.isCcgAdmin ? "staff" : "patient";
  return {
    audience,
    homeHref: "/",
    practiceName: audience === "staff" ? (v.practiceName ?? undefined) : undefined,
    items: bar.filter(keep),
    account: { name: v.firstName, items: account.filter(keep), logoutLabel: v.isGuest ? "End Session" : "Logout" },
  };
}
