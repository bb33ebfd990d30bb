/**
 * Fixed paths that exist today. Menus link only to these, so a menu never offers a page
 * that is not built yet. Add a path here when its route lands.
 */
export const availablePaths: ReadonlySet<string> = new Set([
  "/",
  "/data-privacy",
  "/cookies",
  "/suggestion",
  "/login",
  // Passwords and account settings.
  "/password/reset",
  "/confirm-password",
  "/account-settings",
  "/account-settings/details",
  "/account-settings/change-password",
  // Multi-Factor Authentication (the menu shows it where the practice has MFA on).
  "/mfa/settings",
  // Registration, guest entry and their confirmation pages.
  "/registered",
  "/practice/:code/register",
  "/practice/:code/carer/register",
  "/practice/:code/continue-as-guest",
  "/:code/email-sent",
  "/:code/registered",
  // Signed-in landing pages (placeholders until their features land).
  "/admin",
  "/carer/dependents",
  "/practices",
  "/practices/invite",
  "/ccg-portal",
  "/:code/inbox",
  "/:code/inboxes/unassigned",
  "/:code/inboxes/awaiting-response",
  "/:code/inboxes/completed",
  "/:code/inboxes/rejected",
  "/:code/inboxes/all",
  "/:code/inboxes/count",
  "/:code/message",
  "/:code/my-requests-and-messages",
  // The request journey (issue 4).
  "/:code/message/carer",
  "/:code/message/myself",
  "/:code/message/myself/admin",
  "/:code/message/cancelled",
  // Online services (issue 6): linking, appointments, prescriptions.
  "/:code/online-services",
  "/appointments",
  "/prescriptions",
  "/pfs/not-linked",
  "/pfs/link-reset",
  // Staff: the practice's patients.
  "/:code/patients",
  "/:code/non-digital-patients",
  "/:code/non-digital-patients/add",
  // Practice administration (issue "administration"): the settings page, and the pages of the
  // same issue built alongside it (staff, staff role, patient-facing name, notifications).
  "/practices/edit/:code",
  "/practice/:code/manage-staff",
  "/:code/add-staff-role",
  "/:code/patient-facing-name",
  "/:code/notification-settings/:userId",
  "/:code/notification-settings",
  // Practice help and the TPP desktop agent (docs/decisions/0077).
  "/agent/setup",
  "/practices/online-resources/:code",
  "/videos",
  // Reports and patient feedback (issue "reports").
  "/:code/report",
  "/:code/patient-feedback",
  "/admin/reports",
  "/ccg-portal/reports",
  "/ccg-portal/practices",
  // My health and feedback (issue "patient side").
  "/:code/my-health",
  "/:code/feedback",
  "/feedback",
  // Video consultations (issue "video").
  "/:code/waitingroom",
  "/:code/videoschedules",
  // The patient's account menu (issue "patient side"): My Records, Change My Details.
  "/:code/my-medical-records",
  "/:code/change-my-details",
  // Group video (issue "video", decision 0123).
  "/:code/group_chats",
  // Availability, leave and calendar (issue "video").
  "/:code/calendar/:userId",
]);
