/**
 * Every guard of guards.ts against every role (spec 1 §6, spec 3 §6), as one matrix.
 * Viewers are built by hand; the page asked for is at practice "demo" unless a test says
 * otherwise. Outcomes: allow | login | login:fresh | deny | deny:<error_code> | redirect:<path>.
 */
import { describe, expect, it } from "vitest";
import * as guards from "./guards";
import { decide, landingPath, type Guard, type GuardOutcome, type GuardTarget, type GuardViewer } from "./guards";
import type { GlobalRole, PracticeRole } from "./viewer.server";

const DEMO = { id: 1, urlCode: "demo" };
const OTHER = { id: 2, urlCode: "other" };
const AITESTING = { id: 3, urlCode: "aitesting" };
type PracticeRef = typeof DEMO;

function viewer(options: {
  roles?: GlobalRole[];
  at?: Array<[PracticeRef, PracticeRole]>;
  patientAt?: PracticeRef;
  guest?: boolean;
  entries?: number;
  secondsSinceAuthenticated?: number;
}): GuardViewer {
  return {
    isGuest: options.guest ?? false,
    globalRoles: new Set(options.roles ?? []),
    memberships: (options.at ?? []).map(([p, role]) => ({ practiceId: p.id, urlCode: p.urlCode, role })),
    patient: options.patientAt ? { id: 100, urlCode: options.patientAt.urlCode } : null,
    hasSentRequests: (options.entries ?? 0) > 0,
    secondsSinceAuthenticated: options.secondsSinceAuthenticated ?? 0,
  };
}

const TOKEN = "tok-123";

/** The columns: who is asking. The last two are not signed in. */
const ROLES = {
  admin: viewer({ roles: ["admin"] }),
  advanced: viewer({ roles: ["advanced"] }),
  ccg_admin: viewer({ roles: ["ccg_admin"] }),
  "practice_admin+staff": viewer({ at: [[DEMO, "practice_admin"], [DEMO, "receptionist"]] }),
  practice_admin: viewer({ at: [[DEMO, "practice_admin"]] }),
  gp: viewer({ at: [[DEMO, "gp"]] }),
  receptionist: viewer({ at: [[DEMO, "receptionist"]] }),
  carer: viewer({ roles: ["carer_user"] }),
  patient: viewer({ patientAt: DEMO }),
  guest: viewer({ patientAt: DEMO, guest: true }),
  token_holder: null,
  anonymous: null,
} satisfies Record<string, GuardViewer | null>;
type Role = keyof typeof ROLES;
const ROLE_NAMES = Object.keys(ROLES) as Role[];

function targetFor(role: Role, practice: PracticeRef | null = DEMO): GuardTarget {
  const path = practice ? `/${practice.urlCode}/page?x=1` : "/page?x=1";
  return role === "token_holder" ? { path: `${path}&token=${TOKEN}`, practice, token: TOKEN, tokenHolder: true } : { path, practice };
}

function show(outcome: GuardOutcome | null): string {
  if (!outcome) return "allow";
  switch (outcome.kind) {
    case "login":
      return outcome.reason ? `login:${outcome.reason}` : "login";
    case "redirect":
      return `redirect:${outcome.to}`;
    case "denied":
      return outcome.errorCode ? `deny:${outcome.errorCode}` : "deny";
  }
}

// Shorthands for the matrix.
const A = "allow";
const D = "deny";
const L = "login";
const REG = `redirect:/register/${TOKEN}`;
const SEC = `redirect:/security/${TOKEN}`;
const LOGOUT = "deny:logout_required";

/**
 * guard → outcome per role, columns in ROLES order:
 *   admin, advanced, ccg_admin, practice_admin+staff, practice_admin, gp, receptionist,
 *   carer, patient, guest, token_holder, anonymous
 */
const MATRIX: Record<string, string[]> = {
  // A signed-in user is sent where their role lands (spec 1 §6 not_loggedin).
  not_loggedin: [
    "redirect:/admin",
    "redirect:/practices/invite",
    "redirect:/ccg-portal",
    "redirect:/demo/inbox",
    "redirect:/practices",
    "redirect:/demo/inbox",
    "redirect:/demo/inbox",
    "redirect:/carer/dependents",
    "redirect:/demo/message",
    "redirect:/demo/message",
    A,
    A,
  ],
  loggedin: [A, A, A, A, A, A, A, A, A, A, REG, L],
  loggedinNotGuest: [A, A, A, A, A, A, A, A, A, D, REG, L],
  // Guests are refused; so are staff, who use the staff side (as nogp).
  noGPNoGuestAccount: [A, A, A, LOGOUT, A, LOGOUT, LOGOUT, A, A, D, REG, L],
  loggedinOrToken: [A, A, A, A, A, A, A, A, A, A, SEC, L],
  // Only refuses staff; it does not ask anyone to sign in.
  nogp: [A, A, A, LOGOUT, A, LOGOUT, LOGOUT, A, A, A, A, A],
  // As nogp, except staff of the practice in the URL (they write requests for patients there).
  nogpExceptHere: [A, A, A, A, A, A, A, A, A, A, A, A],
  // Patient or carer_user; a guest account is a patient record too.
  patient: [D, D, D, D, D, D, D, A, A, A, REG, L],
  gp_or_reception: [D, D, D, A, D, A, A, D, D, D, REG, L],
  gp_or_reception_any_practice: [D, D, D, A, D, A, A, D, D, D, REG, L],
  gp_or_reception_or_practice_admin: [A, D, D, A, A, A, A, D, D, D, REG, L],
  inbox: [D, D, D, A, "deny:no_staff_role", A, A, D, D, D, REG, L],
  // The federated inbox (practice code all): staff of any practice.
  federated_inbox: [D, D, D, A, "deny:no_staff_role", A, A, D, D, D, REG, L],
  admin: [A, D, D, D, D, D, D, D, D, D, REG, L],
  advanced: [D, A, D, D, D, D, D, D, D, D, REG, L],
  // /practices/invite (decision 0076): advanced users, and system admins too.
  advanced_or_admin: [A, A, D, D, D, D, D, D, D, D, REG, L],
  ccg_admin: [D, D, A, D, D, D, D, D, D, D, REG, L],
  practice_admin: [A, D, D, A, A, D, D, D, D, D, REG, L],
  // The training videos: staff and practice admins of any practice, and system admins.
  staff_or_practice_admin_anywhere: [A, D, D, A, A, A, A, D, D, D, REG, L],
  practice_admin_no_staff_role: [A, D, D, "deny:has_staff_role", A, D, D, D, D, D, REG, L],
  edit_practice: [A, D, D, A, A, D, D, D, D, D, REG, L],
  manageStaff: [A, D, D, A, A, D, D, D, D, D, REG, L],
  onlygp: [D, D, D, D, D, A, D, D, D, D, REG, L],
  // Everyone here signed in a moment ago (secondsSinceAuthenticated 0).
  fresh: [A, A, A, A, A, A, A, A, A, A, REG, L],
  // Video: staff of the practice (the practice's and the global video flags are checked after).
  staff_with_video: [D, D, D, A, D, A, A, D, D, D, REG, L],
  video_consultations: [D, D, D, A, D, A, A, D, D, D, REG, L],
  video_scheduling: [D, D, D, A, D, A, A, D, D, D, REG, L],
};

/** Exports of guards.ts that are not guards. */
const NOT_GUARDS = new Set([
  "AITESTING",
  "isAdmin",
  "isCarer",
  "isPatient",
  "isStaffAnywhere",
  "isPracticeAdminAnywhere",
  "isStaffAt",
  "isPracticeAdminAt",
  "federatedPracticeIds",
  "landingPath",
  "decide",
]);
const exportedGuards = Object.entries(guards).filter(([name, value]) => typeof value === "function" && !NOT_GUARDS.has(name)) as Array<
  [string, Guard]
>;

describe("the guard matrix", () => {
  it("covers every guard guards.ts exports, and nothing else", () => {
    expect(exportedGuards.map(([name]) => name).sort()).toEqual(Object.keys(MATRIX).sort());
    for (const row of Object.values(MATRIX)) expect(row).toHaveLength(ROLE_NAMES.length);
  });

  describe.each(exportedGuards)("%s", (name, guard) => {
    it.each(ROLE_NAMES.map((role, column) => [role, MATRIX[name]?.[column]] as const))("%s → %s", (role, expected) => {
      expect(show(guard(ROLES[role], targetFor(role)))).toBe(expected);
    });
  });

  it("a refused login carries the page asked for, query and all", () => {
    expect(guards.loggedin(null, { path: "/demo/page?x=1&y=2", practice: DEMO })).toEqual({ kind: "login", redirect: "/demo/page?x=1&y=2" });
  });
});

describe("token holders and ?token", () => {
  it("a ?token without a token session is not a token holder: loggedin asks for sign-in", () => {
    const target = { path: `/demo/page?token=${TOKEN}`, practice: DEMO, token: TOKEN };
    expect(show(guards.loggedin(null, target))).toBe(L);
    expect(show(guards.loggedinOrToken(null, target))).toBe(SEC);
  });

  it("a signed-in user with a ?token is simply signed in", () => {
    expect(show(guards.loggedinOrToken(ROLES.patient, { path: "/x", token: TOKEN }))).toBe(A);
  });

  it("escapes the token in the path", () => {
    expect(show(guards.loggedinOrToken(null, { path: "/x", token: "a/b?c" }))).toBe("redirect:/security/a%2Fb%3Fc");
  });
});

describe("landingPath (where not_loggedin sends each role)", () => {
  const cases: Array<[string, string, GuardViewer]> = [
    ["admin", "/admin", ROLES.admin],
    ["advanced", "/practices/invite", ROLES.advanced],
    ["ccg_admin", "/ccg-portal", ROLES.ccg_admin],
    ["practice admin with a staff role: their inbox", "/demo/inbox", ROLES["practice_admin+staff"]],
    ["practice admin without a staff role", "/practices", ROLES.practice_admin],
    ["gp", "/demo/inbox", ROLES.gp],
    ["receptionist", "/demo/inbox", ROLES.receptionist],
    ["staff at aitesting: the AI-testing redirect", "/aitesting/redirect", viewer({ at: [[AITESTING, "gp"]] })],
    ["carer with no requests", "/carer/dependents", ROLES.carer],
    ["carer with requests and no patient record", "/carer/dependents", viewer({ roles: ["carer_user"], entries: 2 })],
    ["carer with requests who is a patient too", "/demo/my-requests-and-messages", viewer({ roles: ["carer_user"], patientAt: DEMO, entries: 2 })],
    ["patient with no requests: the message page", "/demo/message", ROLES.patient],
    ["patient with requests", "/demo/my-requests-and-messages", viewer({ patientAt: DEMO, entries: 1 })],
    ["guest", "/demo/message", ROLES.guest],
    ["admin who is also staff: admin first", "/admin", viewer({ roles: ["admin"], at: [[DEMO, "gp"]] })],
    ["carer with no requests before advanced", "/carer/dependents", viewer({ roles: ["carer_user", "advanced"] })],
    ["staff who is also a patient: staff first", "/demo/inbox", viewer({ at: [[DEMO, "gp"]], patientAt: DEMO })],
    ["practice admin before ccg_admin", "/practices", viewer({ roles: ["ccg_admin"], at: [[DEMO, "practice_admin"]] })],
    ["no role and no patient record", "/account-settings", viewer({})],
  ];
  it.each(cases)("%s → %s", (_label, expected, v) => {
    expect(landingPath(v)).toBe(expected);
  });
});

describe("fresh: a password proven in the last 10 minutes", () => {
  const signedIn = ROLE_NAMES.filter((role) => ROLES[role] !== null);
  it.each(signedIn)("%s: 599 s allow, 600 s and 601 s back to the password", (role) => {
    const at = (seconds: number) => show(guards.fresh({ ...ROLES[role]!, secondsSinceAuthenticated: seconds }, targetFor(role)));
    expect(at(0)).toBe(A);
    expect(at(599)).toBe(A);
    expect(at(600)).toBe("login:fresh");
    expect(at(601)).toBe("login:fresh");
  });

  it("asks for the password with the page to return to", () => {
    const v = { ...ROLES.patient, secondsSinceAuthenticated: 3600 };
    expect(guards.fresh(v, { path: "/account-settings?tab=email" })).toEqual({ kind: "login", redirect: "/account-settings?tab=email", reason: "fresh" });
  });
});

describe("the aitesting practice", () => {
  const at = (guard: Guard, v: GuardViewer) => show(guard(v, { path: "/aitesting/inbox", practice: AITESTING }));

  it("inbox sends its staff to the AI-testing redirect", () => {
    expect(at(guards.inbox, viewer({ at: [[AITESTING, "gp"]] }))).toBe("redirect:/aitesting/redirect");
    expect(at(guards.inbox, viewer({ at: [[AITESTING, "receptionist"]] }))).toBe("redirect:/aitesting/redirect");
    expect(at(guards.inbox, viewer({ at: [[AITESTING, "practice_admin"], [AITESTING, "gp"]] }))).toBe("redirect:/aitesting/redirect");
  });

  it("inbox still refuses everyone else there", () => {
    expect(at(guards.inbox, viewer({ at: [[AITESTING, "practice_admin"]] }))).toBe("deny:no_staff_role");
    expect(at(guards.inbox, ROLES.gp)).toBe(D); // staff of another practice
    expect(at(guards.inbox, ROLES.admin)).toBe(D);
    expect(at(guards.inbox, ROLES.patient)).toBe(D);
  });

  it("the code is matched without regard to case", () => {
    const upper = { id: 3, urlCode: "AITesting" };
    expect(show(guards.inbox(viewer({ at: [[upper, "gp"]] }), { path: "/AITesting/inbox", practice: upper }))).toBe(
      "redirect:/aitesting/redirect",
    );
    expect(show(guards.edit_practice(ROLES.admin, { path: "/x", practice: upper }))).toBe(D);
  });

  it.each([
    ["system admin", ROLES.admin],
    ["its practice admin", viewer({ at: [[AITESTING, "practice_admin"]] })],
    ["its practice admin with a staff role", viewer({ at: [[AITESTING, "practice_admin"], [AITESTING, "gp"]] })],
  ])("edit_practice and manageStaff never pass there, not even for the %s", (_label, v) => {
    expect(at(guards.edit_practice, v)).toBe(D);
    expect(at(guards.manageStaff, v)).toBe(D);
  });
});

describe("the federated inbox (practice code all)", () => {
  const all = (v: GuardViewer) => show(guards.federated_inbox(v, { path: "/all/inboxes/all", practice: null }));

  it("takes every practice where the viewer is staff, but the AI-testing one", () => {
    const v = viewer({ at: [[DEMO, "gp"], [OTHER, "receptionist"], [OTHER, "practice_admin"], [AITESTING, "gp"]] });
    expect(guards.federatedPracticeIds(v)).toEqual([DEMO.id, OTHER.id]);
    expect(guards.federatedPracticeIds(viewer({ at: [[DEMO, "practice_admin"], [OTHER, "gp"]] }))).toEqual([OTHER.id]);
    expect(all(v)).toBe(A);
  });

  it("sends clinicians of the AI-testing practice alone to its redirect, and refuses admins without a staff role", () => {
    expect(all(viewer({ at: [[AITESTING, "gp"]] }))).toBe("redirect:/aitesting/redirect");
    expect(all(viewer({ at: [[DEMO, "practice_admin"], [OTHER, "practice_admin"]] }))).toBe("deny:no_staff_role");
    expect(all(viewer({ roles: ["admin"] }))).toBe(D);
  });
});

describe("practice-scoped guards refuse staff of another practice", () => {
  const elsewhere: Array<[string, GuardViewer]> = [
    ["gp", viewer({ at: [[OTHER, "gp"]] })],
    ["receptionist", viewer({ at: [[OTHER, "receptionist"]] })],
    ["practice admin", viewer({ at: [[OTHER, "practice_admin"]] })],
    ["practice admin with a staff role", viewer({ at: [[OTHER, "practice_admin"], [OTHER, "gp"]] })],
  ];
  const scoped: Array<[string, Guard]> = [
    ["gp_or_reception", guards.gp_or_reception],
    ["gp_or_reception_or_practice_admin", guards.gp_or_reception_or_practice_admin],
    ["inbox", guards.inbox],
    ["practice_admin", guards.practice_admin],
    ["practice_admin_no_staff_role", guards.practice_admin_no_staff_role],
    ["edit_practice", guards.edit_practice],
    ["manageStaff", guards.manageStaff],
    ["onlygp", guards.onlygp],
  ];
  describe.each(scoped)("%s at demo", (_name, guard) => {
    it.each(elsewhere)("%s of another practice → deny", (_label, v) => {
      expect(show(guard(v, { path: "/demo/page", practice: DEMO }))).toBe(D);
    });
  });

  it("the any-practice variant lets them through", () => {
    for (const [, v] of elsewhere.filter(([label]) => label !== "practice admin")) {
      expect(show(guards.gp_or_reception_any_practice(v, { path: "/demo/page", practice: DEMO }))).toBe(A);
    }
  });

  it("a role at another practice does not count against a role here", () => {
    const adminHereGpThere = viewer({ at: [[DEMO, "practice_admin"], [OTHER, "gp"]] });
    const target = { path: "/demo/page", practice: DEMO };
    expect(show(guards.inbox(adminHereGpThere, target))).toBe("deny:no_staff_role");
    expect(show(guards.practice_admin_no_staff_role(adminHereGpThere, target))).toBe(A);
    expect(show(guards.edit_practice(adminHereGpThere, target))).toBe(A);
  });

  it("without a practice in the URL, practice_admin passes an admin of any practice (My Practices)", () => {
    expect(show(guards.practice_admin(viewer({ at: [[OTHER, "practice_admin"]] }), { path: "/practices" }))).toBe(A);
    expect(show(guards.practice_admin_no_staff_role(viewer({ at: [[DEMO, "practice_admin"], [OTHER, "gp"]] }), { path: "/practices" }))).toBe(
      "deny:has_staff_role",
    );
  });
});

describe("decide", () => {
  it("runs guards in order and the first objection wins", () => {
    const target = { path: "/demo/message", practice: DEMO };
    expect(decide([guards.loggedin, guards.nogp], null, target)).toEqual({ kind: "login", redirect: "/demo/message" });
    expect(decide([guards.loggedin, guards.nogp], ROLES.gp, target)).toEqual({ kind: "denied", errorCode: "logout_required" });
    expect(decide([guards.loggedin, guards.nogp], ROLES.patient, target)).toBeNull();
    // Staff of another practice are refused where staff of this one may write for a patient.
    expect(decide([guards.loggedin, guards.nogpExceptHere], ROLES.gp, { ...target, practice: { id: 999, urlCode: "elsewhere" } })).toEqual({
      kind: "denied",
      errorCode: "logout_required",
    });
    expect(decide([], null, target)).toBeNull();
  });
});
