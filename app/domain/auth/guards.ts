/**
 * The route guards of spec 1 §6 as pure decisions over the viewer. Loaders AND actions
 * call them through `requireGuards` (guards.server.ts): an action is an endpoint too.
 * A guard answers null to let the request through, or where to send it instead.
 */
import type { PermissionErrorCode } from "~/copy";
import type { GlobalRole, PracticeRole } from "./viewer.server";

/** The part of the viewer guards need; tests build it by hand for every role. */
export type GuardViewer = {
  isGuest: boolean;
  globalRoles: ReadonlySet<GlobalRole>;
  memberships: ReadonlyArray<{ practiceId: number; urlCode: string; role: PracticeRole }>;
  patient: { id: number; urlCode: string } | null;
  hasSentRequests: boolean;
  /** Seconds since the password was last proven. */
  secondsSinceAuthenticated: number;
  /** Signed in with NHS login: "P9" or "P5" (P5 sees no records: decision 0081). */
  nhsLoginLevel?: string | null;
};

export type GuardTarget = {
  /** The path and query being asked for (for ?redirect=). */
  path: string;
  /** The practice named in the URL, when there is one. */
  practice?: { id: number; urlCode: string } | null;
  /** A magic-link token carried in the query (?token=). */
  token?: string | null;
  /** A magic-link token holder (the session carries it): patient role without an account. */
  tokenHolder?: boolean;
};

export type GuardOutcome =
  | { kind: "login"; redirect: string; reason?: "fresh" }
  | { kind: "redirect"; to: string }
  | { kind: "denied"; errorCode?: PermissionErrorCode };

export type Guard = (viewer: GuardViewer | null, target: GuardTarget) => GuardOutcome | null;

const STAFF_ROLES: ReadonlySet<PracticeRole> = new Set(["gp", "receptionist"]);
export const AITESTING = "aitesting";
const FRESH_SECONDS = 10 * 60;

// ---- role facts -------------------------------------------------------------------

export const isAdmin = (v: GuardViewer) => v.globalRoles.has("admin");
export const isCarer = (v: GuardViewer) => v.globalRoles.has("carer_user");
export const isPatient = (v: GuardViewer) => v.patient !== null;
export const isStaffAnywhere = (v: GuardViewer) => v.memberships.some((m) => STAFF_ROLES.has(m.role));
export const isPracticeAdminAnywhere = (v: GuardViewer) => v.memberships.some((m) => m.role === "practice_admin");

function rolesAt(v: GuardViewer, practiceId: number | undefined) {
  return new Set(v.memberships.filter((m) => m.practiceId === practiceId).map((m) => m.role));
}
export const isStaffAt = (v: GuardViewer, practiceId: number | undefined) =>
  [...rolesAt(v, practiceId)].some((r) => STAFF_ROLES.has(r));
export const isPracticeAdminAt = (v: GuardViewer, practiceId: number | undefined) =>
  rolesAt(v, practiceId).has("practice_admin");

/** The first staff practice: where "their inbox" is. */
function staffHome(v: GuardViewer) {
  return v.memberships.find((m) => STAFF_ROLES.has(m.role)) ?? null;
}

/**
 * Where a signed-in user lands (spec 1 §6 not_loggedin), in the spec's order: admin,
 * carer with no requests, advanced, staff, practice admin, ccg admin, patient with
 * requests, otherwise the message page.
 */
export function landingPath(v: GuardViewer): string {
  if (isAdmin(v)) return "/admin";
  if (isCarer(v) && !v.hasSentRequests) return "/carer/dependents";
  if (v.globalRoles.has("advanced")) return "/practices/invite";
  const staff = staffHome(v);
  if (staff) return staff.urlCode.toLowerCase() === AITESTING ? "/aitesting/redirect" : `/${staff.urlCode}/inbox`;
  if (isPracticeAdminAnywhere(v)) return "/practices";
  if (v.globalRoles.has("ccg_admin")) return "/ccg-portal";
  const code = v.patient?.urlCode;
  if (code && v.hasSentRequests && v.nhsLoginLevel !== "P5") return `/${code}/my-requests-and-messages`;
  if (code) return `/${code}/message`;
  // A carer with requests but no patient record of their own: their requests are their
  // dependents', so their home is still the dependents page (no message page to go to).
  if (isCarer(v)) return "/carer/dependents";
  return "/account-settings";
}

// ---- guards -----------------------------------------------------------------------

const login = (target: GuardTarget): GuardOutcome => ({ kind: "login", redirect: target.path });

export const not_loggedin: Guard = (v) => (v ? { kind: "redirect", to: landingPath(v) } : null);

export const loggedin: Guard = (v, t) => {
  if (v) return null;
  if (t.tokenHolder && t.token) return { kind: "redirect", to: `/register/${encodeURIComponent(t.token)}` };
  return login(t);
};

export const loggedinNotGuest: Guard = (v, t) => loggedin(v, t) ?? (v!.isGuest ? { kind: "denied" } : null);

/** Guests are refused, and so are staff (they use the staff variants of these pages). */
export const noGPNoGuestAccount: Guard = (v, t) =>
  loggedinNotGuest(v, t) ?? (isStaffAnywhere(v!) ? { kind: "denied", errorCode: "logout_required" } : null);

export const loggedinOrToken: Guard = (v, t) => {
  if (!v && t.token) return { kind: "redirect", to: `/security/${encodeURIComponent(t.token)}` };
  return loggedin(v, t);
};

export const nogp: Guard = (v) => (v && isStaffAnywhere(v) ? { kind: "denied", errorCode: "logout_required" } : null);

/**
 * The pages of one request's draft: patients as `nogp`, and also staff of the practice in the
 * URL, who write requests on a patient's behalf (spec 3 §2 /message/staff/{patient_id}).
 */
export const nogpExceptHere: Guard = (v, t) =>
  v && isStaffAnywhere(v) && !isStaffAt(v, t.practice?.id) ? { kind: "denied", errorCode: "logout_required" } : null;

export const patient: Guard = (v, t) => loggedin(v, t) ?? (isPatient(v!) || isCarer(v!) ? null : { kind: "denied" });

export const gp_or_reception: Guard = (v, t) => loggedin(v, t) ?? (isStaffAt(v!, t.practice?.id) ? null : { kind: "denied" });

export const gp_or_reception_any_practice: Guard = (v, t) =>
  loggedin(v, t) ?? (isStaffAnywhere(v!) ? null : { kind: "denied" });

export const gp_or_reception_or_practice_admin: Guard = (v, t) =>
  loggedin(v, t) ??
  (isAdmin(v!) || isStaffAt(v!, t.practice?.id) || isPracticeAdminAt(v!, t.practice?.id) ? null : { kind: "denied" });

export const inbox: Guard = (v, t) => {
  const outcome = loggedin(v, t);
  if (outcome) return outcome;
  const practiceId = t.practice?.id;
  if (t.practice?.urlCode.toLowerCase() === AITESTING && isStaffAt(v!, practiceId)) {
    return { kind: "redirect", to: "/aitesting/redirect" };
  }
  if (isStaffAt(v!, practiceId)) return null;
  if (isPracticeAdminAt(v!, practiceId)) return { kind: "denied", errorCode: "no_staff_role" };
  return { kind: "denied" };
};

/**
 * The practices of the federated inbox (practice code `all`, spec 3 §2): every practice where
 * the viewer is a GP or receptionist, but the AI-testing one, whose clinicians have their own
 * review area (docs/decisions/0062-federated-inbox.md).
 */
export function federatedPracticeIds(v: Pick<GuardViewer, "memberships">): number[] {
  const ids = v.memberships.filter((m) => STAFF_ROLES.has(m.role) && m.urlCode.toLowerCase() !== AITESTING).map((m) => m.practiceId);
  return [...new Set(ids)];
}

/** The inbox guard for `/all/inboxes/…`: staff of at least one practice, as `inbox` is at one. */
export const federated_inbox: Guard = (v, t) => {
  const outcome = loggedin(v, t);
  if (outcome) return outcome;
  if (federatedPracticeIds(v!).length > 0) return null;
  if (isStaffAnywhere(v!)) return { kind: "redirect", to: "/aitesting/redirect" };
  if (isPracticeAdminAnywhere(v!)) return { kind: "denied", errorCode: "no_staff_role" };
  return { kind: "denied" };
};

export const admin: Guard = (v, t) => loggedin(v, t) ?? (isAdmin(v!) ? null : { kind: "denied" });

export const advanced: Guard = (v, t) => loggedin(v, t) ?? (v!.globalRoles.has("advanced") ? null : { kind: "denied" });

export const ccg_admin: Guard = (v, t) => loggedin(v, t) ?? (v!.globalRoles.has("ccg_admin") ? null : { kind: "denied" });

/**
 * On a page of one practice (the URL names it) only that practice's admins pass, as for
 * every practice-scoped guard; without one (My Practices) an admin of any practice does.
 */
export const practice_admin: Guard = (v, t) =>
  loggedin(v, t) ??
  (isAdmin(v!) || (t.practice ? isPracticeAdminAt(v!, t.practice.id) : isPracticeAdminAnywhere(v!)) ? null : { kind: "denied" });

/** Staff help (the training videos): a GP, receptionist or practice admin anywhere, or a system admin. */
export const staff_or_practice_admin_anywhere: Guard = (v, t) =>
  loggedin(v, t) ?? (isAdmin(v!) || isStaffAnywhere(v!) || isPracticeAdminAnywhere(v!) ? null : { kind: "denied" });

export const practice_admin_no_staff_role: Guard = (v, t) =>
  practice_admin(v, t) ??
  ((t.practice ? isStaffAt(v!, t.practice.id) : isStaffAnywhere(v!)) ? { kind: "denied", errorCode: "has_staff_role" } : null);

export const edit_practice: Guard = (v, t) => {
  const outcome = loggedin(v, t);
  if (outcome) return outcome;
  if (t.practice?.urlCode.toLowerCase() === AITESTING) return { kind: "denied" };
  return isAdmin(v!) || isPracticeAdminAt(v!, t.practice?.id) ? null : { kind: "denied" };
};

export const manageStaff: Guard = edit_practice;

export const onlygp: Guard = (v, t) =>
  loggedin(v, t) ?? (v!.memberships.some((m) => m.role === "gp" && (!t.practice || m.practiceId === t.practice.id)) ? null : { kind: "denied" });

export const fresh: Guard = (v, t) =>
  loggedin(v, t) ?? (v!.secondsSinceAuthenticated < FRESH_SECONDS ? null : { kind: "login", redirect: t.path, reason: "fresh" });

/**
 * Video (spec 3 §6): staff of the practice. "With video" (the practice's allow_video) and the
 * global video setting are flags, not roles: `requireVideoStaff` (app/web/video) checks them
 * after this guard, so every video page refuses alike when either is off.
 */
export const staff_with_video: Guard = gp_or_reception;
export const video_consultations: Guard = staff_with_video;
export const video_scheduling: Guard = staff_with_video;

/** Runs guards in order; the first that objects decides. */
export function decide(guards: Guard[], viewer: GuardViewer | null, target: GuardTarget): GuardOutcome | null {
  for (const guard of guards) {
    const outcome = guard(viewer, target);
    if (outcome) return outcome;
  }
  return null;
}

/** /practices/invite (decision 0076): advanced users invite practices; system admins may too. */
export const advanced_or_admin: Guard = (v, t) =>
  loggedin(v, t) ?? (v!.globalRoles.has("advanced") || isAdmin(v!) ? null : { kind: "denied" });
