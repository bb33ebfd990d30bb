/**
 * Test-only accounts for e2e journeys that change an account's own security state (MFA
 * on, then off), so the shared demo accounts stay as every other journey expects them.
 * One account per Playwright project (js-off, js-on): the projects run in parallel.
 *
 * No imports here: the journeys read these names without loading app code. The rows are
 * made by e2e-seed-users.ts, which the e2e launcher runs before the app starts.
 */
export const E2E_USER_PASSWORD = "E2e-journey-password-2026";

export const E2E_PROJECTS = ["js-off", "js-on"] as const;

/** The MFA journey's account for a project, e.g. e2e.mfa.js-off@example.com. */
export function e2eMfaUserEmail(project: string): string {
  return `e2e.mfa.${project}@example.com`;
}

/** The staff-inbox journey's patient for a project: has an account and one request at demo. */
export function e2eInboxPatient(project: string) {
  const suffix = project === "js-off" ? "Nojs" : "Withjs";
  return { email: `e2e.inbox.${project}@example.com`, firstName: "Robin", lastName: `Inbox${suffix}`, dateOfBirth: "1979-02-11" };
}

/**
 * The federated-inbox journey's staff member for a project: GP at demotpp (Hillside, where
 * they land) and receptionist at demo (Riverside).
 */
export function e2eFederatedStaff(project: string) {
  const suffix = project === "js-off" ? "Nojs" : "Withjs";
  return { email: `e2e.federated.${project}@nhs.net`, firstName: "Sam", lastName: `Twosite${suffix}` };
}

/** A patient at demo (no account) with one submitted request waiting unassigned, for that journey. */
export function e2eFederatedPatient(project: string) {
  const suffix = project === "js-off" ? "Nojs" : "Withjs";
  return { firstName: "Robin", lastName: `Federated${suffix}`, dateOfBirth: "1975-08-19", request: "A repeat of my sick note, please." };
}

/** The request journey's patient (an account with a patient record at demo) for a project. */
export function e2eRequestPatientEmail(project: string): string {
  return `e2e.request.patient.${project}@example.com`;
}

/** The request journey's carer (carer_user, and a patient at demo too) for a project. */
export function e2eRequestCarerEmail(project: string): string {
  return `e2e.request.carer.${project}@example.com`;
}

/** The carer's dependent, a patient at demo without an account. */
export function e2eRequestDependent(project: string) {
  return { firstName: "Poppy", lastName: `Ashworth${project === "js-off" ? "off" : "on"}`, dateOfBirth: "2016-04-09" };
}

/** The carer-approval journey's carer (carer_user at demo, no record of their own) for a project. */
export function e2eApprovalCarerEmail(project: string): string {
  return `e2e.approval.carer.${project}@example.com`;
}

/** The person that carer asks to act for: an adult patient at demo without an account. */
export function e2eApprovalDependent(project: string) {
  return { firstName: "Winifred", lastName: `Approval${project === "js-off" ? "off" : "on"}`, day: "5", month: "5", year: "1950", dateOfBirth: "1950-05-05" };
}

/** A patient at demo without an account, who continues as a guest in the request journey. */
export function e2eRequestGuest(project: string) {
  return { firstName: "Robin", lastName: `Fairweather${project === "js-off" ? "off" : "on"}`, day: "3", month: "9", year: "1979", dateOfBirth: "1979-09-03" };
}

/** The chat journey's signed-in patient for a project (tests/support/e2e-seed-requests.ts). */
export function e2eChatUserEmail(project: string): string {
  return `e2e.chat.${project}@example.com`;
}

/** The address on record of the chat journey's link holder (a patient without an account). */
export function e2eChatLinkEmail(project: string): string {
  return `e2e.chatlink.${project}@example.com`;
}

/** What the chat journeys expect to find, as seeded. */
export const E2E_CHAT = {
  requestText: "Off work with flu from 2 March, <b>not</b> bold",
  practiceMessage: "Which dates do you need the fit note to cover?",
  linkRequestText: "A letter for my landlord",
  linkPracticeMessage: "Your letter is ready to collect from reception.",
  /** 09/05/1985 */
  linkHolderDateOfBirth: "1985-05-09",
} as const;

/** The manage-staff journey's practice admin at demo (no staff role), for a project (decision 0075). */
export function e2eStaffAdmin(project: string) {
  const suffix = project === "js-off" ? "Nojs" : "Withjs";
  return { email: `e2e.staffadmin.${project}@nhs.net`, firstName: "Pat", lastName: `Staffadmin${suffix}` };
}

/** The staff-settings journey's receptionist at demo (patient-facing name, notification settings). */
export function e2eSettingsReceptionist(project: string) {
  const suffix = project === "js-off" ? "Nojs" : "Withjs";
  return { email: `e2e.staffsettings.${project}@nhs.net`, firstName: "Remy", lastName: `Settings${suffix}` };
}

/**
 * The agent-setup journey's practice admin for a project (docs/decisions/0077): admin of the
 * demo TPP practice (Hillside, only looked at) and of a TPP practice of their own, whose agent
 * the journey configures, so the two projects never share a key.
 */
export function e2eAgentAdmin(project: string) {
  const suffix = project === "js-off" ? "off" : "on";
  return { email: `e2e.agent.${project}@nhs.net`, firstName: "Morgan", lastName: `Agent${suffix}`, practiceName: `Moorside Surgery ${project}`, practiceCode: `e2etpp${suffix}` };
}

/**
 * The practice-settings journey's own practice per project (no other journey changes it), its
 * practice admin (no staff role: lands on /practices) and a patient with an account there.
 */
export function e2eSettingsPractice(project: string) {
  const suffix = project === "js-off" ? "off" : "on";
  return {
    code: `settings${suffix}`,
    name: `Settings Surgery ${suffix.toUpperCase()}`,
    adminEmail: `e2e.settings.admin.${project}@nhs.net`,
    patientEmail: `e2e.settings.patient.${project}@example.com`,
  };
}

/**
 * The toolbar single sign-on journey's GP at demo (which has sso_setting on) and their patient
 * with a known NHS number, per project: each project sets up a credential of its own.
 */
export function e2eToolbarStaff(project: string) {
  const suffix = project === "js-off" ? "Nojs" : "Withjs";
  return {
    email: `e2e.toolbar.${project}@nhs.net`,
    firstName: "Toby",
    lastName: `Toolbar${suffix}`,
    patient: { firstName: "Nia", lastName: `Toolbar${suffix}`, nhsNumber: project === "js-off" ? "4010232005" : "4010232013" },
  };
}

/** The AI-testing journey's reviewer (a receptionist of the aitesting practice), per project. */
export function e2eAiReviewerEmail(project: string): string {
  return `e2e.aitesting.${project}@nhs.net`;
}

/** The document-filing setup journey's token (for demotpp), per project; seeded unused each run. */
export function e2eDocmanToken(project: string): string {
  return `e2e-docman-setup-${project}`;
}

/** The carer-dependents journey's carer (issue "patient side"): registered at demo, one approved dependent. */
export function e2eDependentsCarerEmail(project: string): string {
  return `e2e.dependents.carer.${project}@example.com`;
}

/** That carer's approved dependent, a child at demo without an account. */
export function e2eDependentsChild(project: string) {
  return { firstName: "Bertie", lastName: `Caredfor${project === "js-off" ? "off" : "on"}`, dateOfBirth: "2018-03-14" };
}

/** The my-details journey's patient (issue "patient side"): a patient at demo with an account. */
export function e2eMyDetailsPatientEmail(project: string): string {
  return `e2e.mydetails.${project}@example.com`;
}

/** The filing journey's patient (no account) at demo, with one request written by the reception. */
export function e2eFilingPatient(project: string) {
  const suffix = project === "js-off" ? "Nojs" : "Withjs";
  return { firstName: "Ashley", lastName: `Filing${suffix}`, dateOfBirth: "1958-06-21", request: "Asthma review, my inhaler runs out next week." };
}

/**
 * The leave/calendar journey's people at demo (issue "video"), per project: a GP who records
 * leave, the GP colleague who covers, a receptionist who assigns, and a patient (no account) with
 * one request waiting unassigned (tests/support/e2e-seed-leave.ts).
 */
export function e2eLeavePeople(project: string) {
  const suffix = project === "js-off" ? "Nojs" : "Withjs";
  return {
    gp: { email: `e2e.leave.gp.${project}@nhs.net`, firstName: "Lena", lastName: `Leave${suffix}` },
    cover: { email: `e2e.leave.cover.${project}@nhs.net`, firstName: "Colin", lastName: `Cover${suffix}` },
    reception: { email: `e2e.leave.reception.${project}@nhs.net`, firstName: "Rhea", lastName: `Rota${suffix}` },
    patient: { firstName: "Lionel", lastName: `Leavecase${suffix}`, dateOfBirth: "1971-02-14", request: "A letter for my landlord about my mobility, please." },
  };
}
