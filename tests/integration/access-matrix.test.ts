/// <reference types="vite/client" />
/**
 * Who may open what: every route module with a loader or an action (found in app/routes, so a
 * new route without a row here fails the first test), called as each role, for a thing of
 * their own and for someone else's, through the route layer production wraps every module in
 * (guardLoader / guardAction: CSRF token sent, no idempotency key). Each call's answer is
 * sorted into a class and compared with the table below.
 *
 * Roles (the columns, in this order; access-matrix-world.ts builds them):
 *   anon     nobody signed in
 *   patient  patient P: an account with a patient record at practice A
 *   guest    a guest account (guest flag) with a patient record at A
 *   carer    carer CA, whose link to dependent D1 at A the practice approved
 *   pending  carer CP, whose link to dependent D2 at A is still pending
 *   gp       a GP at A            recept   a receptionist at A
 *   staffB   a GP at practice B (another practice)
 *   padmin   practice A's practice admin (no staff role)
 *   admin    a system admin (global role admin)
 *
 * Targets (the two tables of a row):
 *   own      practice A's address naming the role's own thing: their request, draft, file,
 *            proxy link, carer page, personal inbox (a role without such a thing of its own
 *            gets practice A's: patient P's requests, carer CA's link). On a page that names
 *            no thing but the practice: practice A's page.
 *   foreign  something that is not theirs at their own practice's address: another patient's
 *            request, draft, file, appointment or prescription (patients, guests, carers);
 *            practice B's request, patient, file or staff member at A's address (A's staff and
 *            admins); practice A's at B's address (staffB). On a page that names no thing but
 *            the practice: practice B's page (where staffB works).
 *
 * Outcome classes (a cell "x/y" is x for the loader, y for the action):
 *   ok      allowed: 2xx, or a redirect that is not to sign-in or permission-denied
 *   form    allowed, and the route answered the (deliberately empty) form itself: 400, 409
 *           conflict, 410 dead link, 429 (actions post an empty form, so nothing changes)
 *   back    a redirect back to the same page: post/redirect/get; on the request start steps,
 *           refused there (the page says why: not registered at this practice)
 *   home    a signed-in visitor on a signed-out page (home, sign-in, registration): sent to
 *           where their role lands
 *   login   sent to sign in (a redirect to /login or /{code}/login; 401 from keep-alive)
 *   denied  403, or a redirect to the permission-denied page
 *   404     page-not-found: the thing is not theirs (never a leak of whether it exists)
 *
 * Every answer with data (a loader's, or an action's such as a 400 with its form) is also read
 * for what no page may carry (a hash, sealed text, a secret, a token, the text-search document)
 * and, for the patient-side roles, the practice's own handling of a request (triage, assignee,
 * filing): `fieldsNotForRole`.
 *
 * The three rules of the security issue also get tests of their own below the matrix: carer
 * proxy access is granted by the practice, a guest sees only what that guest sent, and every
 * staff action checks the practice of the request it changes.
 */
import type { ActionFunction, LoaderFunction } from "@remix-run/node";
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  carerDependents,
  entryActions,
  entryComments,
  entryEvents,
  entryFiles,
  entryMessages,
  gpLinks,
  gpPrescriptionRequests,
  gpSlots,
  outbox,
  patientEntries,
  patients,
  practiceMemberships,
  users,
  videoConsultations,
} from "~/db/schema";
import { signValue } from "~/domain/auth/signed-value.server";
import { FILE_LINK_PURPOSE } from "~/web/inbox/inbox-pages.server";
import { addAction } from "~/domain/inbox/notes.server";
import { changeRequest } from "~/domain/inbox/request-handling.server";
import { guardAction, guardLoader } from "~/server/route-layer.server";
import { type TestContext } from "../support/context";
import { useTestWorld } from "../support/world";
import { routeModulesById } from "../support/route-modules";
import { submittedRequest } from "../support/inbox-fixtures";
import { makeGpPatient } from "../support/online-services-fixtures";
import { createPatient, createUser, sessionCookie } from "../support/registration-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson, TEST_ORIGIN, type FormFields } from "../support/requests";
import { attachFile, buildWorld, entryOf, ROLE_NAMES, ROLES, type Persona, type Role, type Things, type World } from "./access-matrix-world";

type RouteModule = { loader?: LoaderFunction; action?: ActionFunction };

// Every route module, as the Remix build has them (the tests beside them excluded).
const modules = import.meta.glob<RouteModule>(["../../app/routes/*/*.ts", "../../app/routes/*/*.tsx", "!../../app/routes/*/*.test.ts", "!../../app/routes/*/*.test.tsx"], {
  eager: true,
});
// …and the URLs of the route table (app/route-table.mjs) that share a module.
const ROUTE_MODULES = routeModulesById(modules);

// ---- the table ---------------------------------------------------------------------------

const OUTCOMES = ["ok", "form", "back", "home", "login", "denied", "404"] as const;
type Outcome = (typeof OUTCOMES)[number];

type Ctx = { t: Things; page: string; persona: Persona; w: World };
type Params = Record<string, string>;

type Row = {
  route: string;
  /** One line: why everyone may open it (the table then says what each still gets). */
  public?: string;
  params?: (c: Ctx) => Params;
  query?: (c: Ctx) => string;
  /** What the action is posted (default: an empty form, with the CSRF token). */
  body?: FormFields;
  /** Ten cells, one per role in ROLES order. */
  own: string;
  /** As `own`, for someone else's thing; absent when the address names nothing of anyone's. */
  foreign?: string;
  /** Why there is no foreign table (besides `public`). */
  noForeign?: string;
  /** The action ends the session it is given: each call gets a new one. */
  freshSession?: boolean;
  /** Puts back what an allowed action changed, for the rows after it. */
  restore?: (w: World) => Promise<void>;
};

// Addresses.
const practice = (c: Ctx): Params => ({ practiceCode: c.page });
const at = (c: Ctx, rest: Params = {}): Params => ({ practiceCode: c.t.code, ...rest });
const draft = (c: Ctx) => at(c, { entryId: String(c.t.draft) });
const none = (): Params => ({});

const ALL = (cell: string) => Array(ROLES.length).fill(cell).join(" ");
const SIGNED_OUT_PAGE = "ok/form home home home home home home home home home";

const ROWS: Row[] = [
  // ---- public pages ----------------------------------------------------------------------
  { route: "routes/$", public: "any unknown address is page-not-found", params: () => ({ "*": "no/such/page" }), own: ALL("404") },
  { route: "routes/page-not-found", public: "the page-not-found page itself", own: ALL("404") },
  { route: "routes/permission-denied", public: "the permission-denied page itself (403 by design)", own: ALL("denied") },
  { route: "routes/$practiceCode.permission-denied", public: "the permission-denied page itself (403 by design)", params: practice, own: ALL("denied") },
  { route: "routes/_index", public: "home: for visitors; signed-in users go where their role lands", own: "ok home home home home home home home home home" },
  { route: "routes/cookies", public: "the cookie policy and the banner's choice", own: ALL("ok/back") },
  { route: "routes/maintenance-banner", public: "dismissing the maintenance banner", own: ALL("ok") },
  { route: "routes/notices.dismiss", public: "dismissing a global notice (decision 0076)", own: ALL("ok") },
  { route: "routes/suggestion", public: "the suggestion form in the footer", own: ALL("form") },
  { route: "routes/logout", public: "signing out (a GET just goes home)", own: ALL("ok"), freshSession: true },
  { route: "routes/registered", public: "the address is confirmed: sign in", own: ALL("ok") },
  { route: "routes/$practiceCode.registered", public: "the address is confirmed: sign in at the practice", params: practice, own: ALL("ok") },
  { route: "routes/practice.$practiceCode._index", public: "a practice's public page", params: practice, own: ALL("ok") },
  { route: "routes/$practiceCode.email-sent", public: "after registration or guest entry: check your email", params: practice, own: ALL("ok/back") },
  { route: "routes/dev.outbox", public: "the development outbox: 404 in production (tested below)", own: ALL("ok") },
  { route: "routes/dev.sign-in", public: "the e2e fixtures' sign-in: 404 without the run's key (tested below)", own: ALL("404") },
  { route: "routes/session.keep-alive", public: "the idle timer's heartbeat: 401 when signed out", own: "login ok ok ok ok ok ok ok ok ok" },
  { route: "routes/login._index", public: "sign in", own: SIGNED_OUT_PAGE },
  { route: "routes/$practiceCode.login", public: "sign in at a practice", params: practice, own: SIGNED_OUT_PAGE },
  { route: "routes/login.verification", public: "sign-in's second step: without a pending sign-in, back to /login", own: "login home home home home home home home home home" },
  { route: "routes/password.reset._index", public: "ask for a password reset link", own: SIGNED_OUT_PAGE },
  { route: "routes/practice.$practiceCode.register._index", public: "patient registration", params: practice, own: SIGNED_OUT_PAGE },
  { route: "routes/practice.$practiceCode.carer.register", public: "carer registration", params: practice, own: SIGNED_OUT_PAGE },
  { route: "routes/$practiceCode.carer.register", public: "carer registration (the practice code alone)", params: practice, own: SIGNED_OUT_PAGE },
  { route: "routes/practice.$practiceCode.continue-as-guest", public: "guest entry", params: practice, own: SIGNED_OUT_PAGE },
  // Links from e-mails: the token is the credential (these are dead ones: 410 or "dead").
  { route: "routes/validate.$token", public: "e-mail validation link", params: () => ({ token: "dead-token" }), own: ALL("form") },
  { route: "routes/guest-validate.$token", public: "guest e-mail link", params: () => ({ token: "dead-token" }), own: ALL("form") },
  { route: "routes/password.reset.$token", public: "password reset link", params: () => ({ token: "dead-token" }), own: ALL("ok/form") },
  { route: "routes/security.$token", public: "magic link (date of birth first)", params: () => ({ token: "dead-token" }), own: ALL("ok/form") },
  // NHS login (issue "NHS login and App"): the entry signs in through NHS login (its provider is
  // not running here, so it says so on the sign-in page); the set-up pages need a live token.
  { route: "routes/nhs-login.auth", public: "NHS login's entry and callback", own: "login ok ok ok ok ok ok ok ok ok" },
  { route: "routes/nhs-login.setup.$token", public: "NHS login set-up for someone new", params: () => ({ token: "dead-token-0123456789abcdef" }), own: "404 home home home home home home home home home" },
  { route: "routes/nhs-login.select-practice.$token", public: "NHS login: choose the practice", params: () => ({ token: "dead-token-0123456789abcdef" }), own: "404 home home home home home home home home home" },
  { route: "routes/nhs-login.link-account.$token", public: "NHS login: link an existing account", params: () => ({ token: "dead-token-0123456789abcdef" }), own: "404 home home home home home home home home home" },
  { route: "routes/nhs-login.$practiceCode.register.$token", public: "NHS login: register at the practice", params: (c) => ({ practiceCode: c.page, token: "dead-token-0123456789abcdef" }), own: "404 home home home home home home home home home" },
  { route: "routes/nhs-app-auth.$", public: "the NHS App's entry: signs in through NHS login, then the journey", params: () => ({ "*": "demo/admin-hub" }), own: "login ok ok ok ok ok ok ok ok ok" },
  { route: "routes/nhs-login.$practiceCode.registered", public: "after registering with NHS login", params: practice, own: "login ok ok ok ok ok ok ok ok ok" },
  { route: "routes/register.$token", public: "registration from a magic link (to /security first)", params: () => ({ token: "dead-token" }), own: ALL("ok") },
  { route: "routes/practice-admin-register.$token", public: "practice admin invitation", params: () => ({ token: "dead-token" }), own: ALL("form") },
  { route: "routes/practice.$practiceCode.register.practice-admin.$token", public: "practice admin invitation", params: (c) => ({ practiceCode: c.page, token: "dead-token" }), own: ALL("form") },
  { route: "routes/practices.add.$token", public: "practice onboarding link (decision 0076)", params: () => ({ token: "dead-token" }), own: ALL("form") },
  { route: "routes/practice.$practiceCode.register.staff.$token", public: "staff invitation", params: (c) => ({ practiceCode: c.page, token: "dead-token" }), own: ALL("form") },

  // ---- account pages (signed in, not a guest) -----------------------------------------------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  { route: "routes/confirm-password",
    own:     "login       ok/form     ok/form     ok/form     ok/form     ok/form     ok/form     ok/form     ok/form     ok/form" },
  { route: "routes/account-settings._index",
    own:     "login       ok          denied      ok          ok          ok          ok          ok          ok          ok" },
  { route: "routes/account-settings.details",
    own:     "login       ok/form     denied      ok/form     ok/form     ok/form     ok/form     ok/form     ok/form     ok/form" },
  { route: "routes/account-settings.change-password",
    own:     "login       ok/form     denied      ok/form     ok/form     ok/form     ok/form     ok/form     ok/form     ok/form" },
  { route: "routes/mfa.settings",
    own:     "login       ok/back     denied      ok/back     ok/back     ok/back     ok/back     ok/back     ok/back     ok/back" },
  { route: "routes/mfa.settings.disable",
    own:     "login       ok          denied      ok          ok          ok          ok          ok          ok          ok" },
  { route: "routes/pfs.link-reset",
    own:     "login       ok          denied      ok          ok          ok          ok          ok          ok          ok" },
  { route: "routes/pfs.not-linked",
    own:     "login       ok          denied      ok          ok          ok          ok          ok          ok          ok" },
  { route: "routes/admin._index",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok" },
  { route: "routes/ccg-portal._index",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  // Reports (issue "reports"): the practice's gp, receptionist or practice admin (and admin); the
  // regional portal is ccg_admin only (none of these roles); the CSV has the page's guard.
  { route: "routes/$practiceCode.report", params: practice,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      ok          ok",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      ok" },
  { route: "routes/$practiceCode.report_.csv.$section", params: (c) => ({ practiceCode: c.page, section: "requests-monthly" }),
    own:     "login       denied      denied      denied      denied      ok          ok          denied      ok          ok",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      ok" },
  { route: "routes/$practiceCode.patient-feedback", params: practice,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      ok          ok",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      ok" },
  // My health and feedback (issue "patient side"): a patient or carer of the practice (not a guest
  // for My health), My health only where the practice has it on (A has, B has not).
  { route: "routes/$practiceCode.my-health._index", params: practice,
    own:     "login       ok          denied      ok          denied      denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/$practiceCode.my-health.blood-pressure", params: practice,
    own:     "login       ok/form     denied      ok/form     denied      denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/$practiceCode.submittedreading", params: at, query: (c) => `entry=${c.t.entry}`,
    own:     "login       ok          denied      ok          denied      denied      denied      denied      denied      denied",
    foreign: "login       404         denied      404         denied      denied      denied      denied      denied      denied" },
  { route: "routes/$practiceCode.feedback", params: practice,
    own:     "login       ok/form     ok/form     ok/form     denied      denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/feedback", noForeign: "names no practice: the viewer's own",
    own:     "login       ok/form     ok/form     ok/form     denied      denied      denied      denied      denied      denied" },
  { route: "routes/friends-family-test.$token", public: "the friends and family test link (a dead one: 404)", params: () => ({ token: "dead-token" }), own: ALL("404") },
  // The rest of the patient side (decisions 0103, 0104, 0108, 0109): deleting a reading (none in
  // this world: the allowed roles find none), My Records (A has patient_view_enabled off: every
  // role is denied; the integration test opens it where it is on), moving practice (own record).
  { route: "routes/$practiceCode.my-health.blood-pressure_.$readingId.delete", params: (c) => ({ practiceCode: c.page, readingId: "999999" }),
    own:     "login       404         denied      404         denied      denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/$practiceCode.my-medical-records", params: practice,
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/$practiceCode.patient-transfer", params: practice,
    own:     "login       ok/form     denied      denied      denied      denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/frontdoor-health-hub.redirect", noForeign: "names nothing: the configured health hub",
    own:     "login       ok          ok          ok          ok          denied      denied      denied      denied      denied" },
  { route: "routes/research", public: "research participation, for visitors", own: "ok home home home home home home home home home" },
  { route: "routes/practice.$practiceCode.verification", public: "how the practice checks who you are, for visitors", params: practice, own: "ok home home home home home home home home home" },
  { route: "routes/msg.$type.auth.$token", public: "the link in a practice's message (a dead one)", params: () => ({ type: "message", token: "dead-token" }), own: ALL("ok/form") },
  { route: "routes/$practiceCode.statistics", public: "blocked: redirects home (spec 3 §2)", params: practice, own: ALL("ok") },
  { route: "routes/admin.reports",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok" },
  { route: "routes/admin.reports.csv.$section", params: () => ({ section: "requests-monthly" }), noForeign: "the system admin's report: any practice",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok" },
  // Staff integrations (issue 21): the toolbar's single sign-on (public: the key and token are the
  // credential; signed in, the sign-on is skipped), the toolbar pages (the practice's gp or
  // receptionist), and toolbar login (gp or receptionist anywhere).
  { route: "routes/sso.auth", public: "toolbar single sign-on: the API key and signed token are the credential",
    own:     "ok/form     denied/back denied/back denied/back denied/back ok/back     ok/back     ok/back     denied/back denied/back" },
  { route: "routes/sso.$practiceCode.setup", params: practice,
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok/form     denied      denied" },
  { route: "routes/toolbar.$practiceCode.patients", params: practice,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      denied" },
  { route: "routes/toolbar-login", noForeign: "the staff member's own practices",
    own:     "login       denied      denied      denied      denied      ok          ok          ok          denied      denied" },
  // The AI-testing review area: only the aitesting practice's GP or receptionist (none of these
  // roles); the completed list also a system admin (decision 0118: 404 here, no aitesting practice).
  { route: "routes/aitesting.redirect", noForeign: "the reviewer's own next review",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/aitesting.review.$assignmentId", params: () => ({ assignmentId: "1" }), noForeign: "only the aitesting practice's reviewers get past the guard",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/aitesting.completed", noForeign: "the reviewer's own reviews",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      404" },
  // Document-management sign-on (decision 0116): signed-out only; each step needs its query and
  // the page before it (a flow cookie), so a bare call is permission-denied for everyone.
  { route: "routes/docman.auth", public: "the document-filing service's token (none here: token expired)",
    own:     "ok          denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/docman.token-expired", public: "the expired setup link page, signed out only",
    own:     "ok          denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/docman.what-is-frontdoor", public: "a redirect to the product's page", own: ALL("ok") },
  { route: "routes/docman.setup._index", public: "needs the token, the practice and the previous page", own: ALL("denied") },
  { route: "routes/docman.setup.practice", public: "needs the token and the previous page", own: ALL("denied") },
  { route: "routes/docman.setup.register", public: "needs the token, the practice and the previous page", own: ALL("denied") },
  { route: "routes/docman.setup.link", public: "needs the token, the practice and the previous page", own: ALL("denied") },
  { route: "routes/docman.setup.registered", public: "needs the previous page", own: ALL("denied") },
  { route: "routes/ccg-portal.practices",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/ccg-portal.reports",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/ccg-portal.reports.csv.$section", params: () => ({ section: "requests-monthly" }), noForeign: "ccg_admin only (no such role here); the group scope is tested in app/routes/reports/reports.test.ts",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/ccg-portal.practice.$practiceCode.reports", params: practice, noForeign: "ccg_admin only (no such role here); the group scope is tested in app/routes/reports/reports.test.ts",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/ccg-portal.practice.$practiceCode.reports.csv.$section", params: (c) => ({ practiceCode: c.page, section: "requests-monthly" }), noForeign: "ccg_admin only (no such role here); the group scope is tested in app/routes/reports/reports.test.ts",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  // Message templates (issue "templates"): the practice's gp, receptionist or practice admin (and
  // admin) at /{code}/…; the national ones at the unprefixed addresses, system admin only.
  { route: "routes/$practiceCode.message-templates", params: practice,
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      ok/form     ok/form",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok/form     denied      ok/form" },
  { route: "routes/$practiceCode.create-message-template", params: practice,
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      ok/form     ok/form",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok/form     denied      ok/form" },
  { route: "routes/$practiceCode.edit-message-template.$templateId", params: (c) => ({ practiceCode: c.page, templateId: "999999" }),
    noForeign: "no such template is page-not-found; another practice's and a national one are tested in app/routes/templates/message-templates.test.ts",
    own:     "login       denied      denied      denied      denied      404         404         denied      404         404" },
  { route: "routes/message-templates",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok/form" },
  { route: "routes/create-message-template",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok/form" },
  { route: "routes/edit-message-template.$templateId", params: () => ({ templateId: "999999" }), noForeign: "national templates are no practice's: no such template is page-not-found",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      404" },
  { route: "routes/$practiceCode.questionnaire-details.$questionnaireId", params: (c) => ({ practiceCode: c.page, questionnaireId: "999999" }),
    noForeign: "no such questionnaire is page-not-found; another practice's is tested in app/routes/templates/questionnaires.test.ts",
    own:     "login       denied      denied      denied      denied      404         404         denied      404         404" },
  { route: "routes/questionnaire.$questionnaireId", params: () => ({ questionnaireId: "999999" }), noForeign: "national questionnaires are no practice's: no such questionnaire is page-not-found",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      404" },
  { route: "routes/$practiceCode.questionnaire.$questionnaireId", public: "a sent questionnaire: the link's token is the key (or the patient signed in); none here is page-not-found, the rest is in app/routes/templates/questionnaire-send.test.ts",
    params: (c) => ({ practiceCode: c.page, questionnaireId: "999999" }), own: ALL("404") },
  { route: "routes/$practiceCode.submittedquestionnaire", public: "the thank-you page after a questionnaire's answers: no personal data", params: practice, own: ALL("ok") },
  { route: "routes/$practiceCode.create-questionnaire", params: practice,
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      ok/form     ok/form",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok/form     denied      ok/form" },
  { route: "routes/$practiceCode.edit-questionnaire.$questionnaireId", params: (c) => ({ practiceCode: c.page, questionnaireId: "999999" }),
    noForeign: "no such questionnaire is page-not-found; another practice's and a national one are tested in app/routes/templates/questionnaire-editor.test.ts",
    own:     "login       denied      denied      denied      denied      404         404         denied      404         404" },
  { route: "routes/create-questionnaire",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok/form" },
  { route: "routes/edit-questionnaire.$questionnaireId", params: () => ({ questionnaireId: "999999" }), noForeign: "national questionnaires are no practice's: no such questionnaire is page-not-found",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      404" },
  { route: "routes/$practiceCode.upload-templates", params: practice,
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      ok/form     ok/form",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok/form     denied      ok/form" },
  { route: "routes/practices._index",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      ok          ok" },
  { route: "routes/practices.invite",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok/form" },
  // The TPP desktop agent (docs/decisions/0077). Practices A and B are on EMIS: A's admin is told
  // there is nothing to set up (the post is 404); B is not theirs (404). A TPP practice's own
  // cases are in app/routes/agent-setup.test.ts.
  {
    route: "routes/agent.setup",
    query: (c) => `practice=${c.page}`,
    own:     "login       denied      denied      denied      denied      denied      denied      denied      ok/404      ok/404",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      404         ok/404",
  },
  {
    route: "routes/agent.setup_.regenerate",
    query: (c) => `practice=${c.page}`,
    own:     "login       denied      denied      denied      denied      denied      denied      denied      404         404",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      404         404",
  },
  {
    route: "routes/agent.setup_.status",
    query: (c) => `practice=${c.page}`,
    own:     "login       denied      denied      denied      denied      denied      denied      denied      404         404",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      404         404",
  },
  { route: "routes/agent.status", public: "the desktop agent's report: its key is the credential, 401 without one", own: ALL("login") },
  {
    route: "routes/practices.online-resources.$practiceCode",
    params: practice,
    own:     "login       denied      denied      denied      denied      denied      denied      denied      ok          ok",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      ok",
  },
  { route: "routes/videos._index",
    own:     "login       denied      denied      denied      denied      ok          ok          ok          ok          ok" },
  // ---- system administration (decision 0076) --------------------------------------------------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  { route: "routes/practices.add._index",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok/form" },
  { route: "routes/practices.invite_.$invitationId.delete", params: () => ({ invitationId: "999999" }), noForeign: "an invitation is no practice's or person's: no such invitation is page-not-found",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      404" },
  { route: "routes/admin.notices._index",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok" },
  { route: "routes/admin.notices.new",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok/form" },
  { route: "routes/admin.notices.$noticeId", params: () => ({ noticeId: "999999" }), noForeign: "notices are global: no such notice is page-not-found",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      404/form" },
  { route: "routes/admin.settings",
    own:     "login       denied      denied      denied      denied      denied      denied      denied      denied      ok/form" },
  { route: "routes/practices.registration-complete.$token", params: () => ({ token: "dead-token" }), noForeign: "the token names the practice: a dead or someone else's link is page-not-found",
    own:     "login       404         denied      404         404         404         404         404         404         404" },
  // Practice settings (issue "administration"): edit_practice, that practice's admin or a system admin.
  {
    route: "routes/practices.edit.$practiceCode",
    params: practice,
    own:     "login       denied      denied      denied      denied      denied      denied      denied      ok/form     ok/form",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      ok/form",
  },

  // ---- carers ----------------------------------------------------------------------------------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  { route: "routes/carer.dependents",
    own:     "login       denied      denied      ok          ok          denied      denied      denied      denied      denied" },
  { route: "routes/$practiceCode.change-my-details", params: practice, body: { mobile: "123" },
    own:     "login       ok/form     denied      denied      denied      denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/$practiceCode.dependents", params: practice,
    own:     "login       denied      denied      ok          ok          denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      ok          ok          denied      denied      denied      denied      denied" },
  { route: "routes/carer.dependents_.add",
    own:     "login       denied      denied      ok/form     ok/form     denied      denied      denied      denied      denied" },
  { route: "routes/$practiceCode.dependents.add", params: practice,
    own:     "login       denied      denied      ok/form     ok/form     denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      ok/form     ok/form     denied      denied      denied      denied      denied" },
  {
    route: "routes/$practiceCode.dependents.$proxyUserId",
    params: (c) => at(c, { proxyUserId: String(c.t.dependent) }),
    own:     "login       denied      denied      ok/form     ok/form     denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      404         404         denied      denied      denied      denied      denied",
  },
  {
    route: "routes/$practiceCode.carer.$carerId.register",
    params: (c) => at(c, { carerId: String(c.t.carerId) }),
    own:     "login       denied      denied      ok/form     ok/form     denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      denied",
  },

  // ---- starting a request ----------------------------------------------------------------------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  {
    route: "routes/$practiceCode.message._index",
    params: practice,
    own:     "login       ok/form     ok/form     ok/form     denied/back denied      denied      denied      denied/back denied/back",
    foreign: "login       denied/back denied/back denied/back denied/back denied      denied      denied      denied/back denied/back",
  },
  {
    route: "routes/$practiceCode.message.myself._index",
    params: practice,
    own:     "login       ok/form     ok/form     ok          denied/back denied      denied      denied      denied/back denied/back",
    foreign: "login       denied/back denied/back denied/back denied/back denied      denied      denied      denied/back denied/back",
  },
  {
    route: "routes/$practiceCode.message.myself.admin",
    params: practice,
    own:     "login       ok/form     ok/form     ok          denied/back denied      denied      denied      denied/back denied/back",
    foreign: "login       denied/back denied/back denied/back denied/back denied      denied      denied      denied/back denied/back",
  },
  // The NHS App's entry pages (spec 2 §2.4): for oneself, never as carer, never a guest.
  {
    route: "routes/$practiceCode.admin-hub",
    params: practice,
    own:     "login       ok/form     denied      denied/back denied/back denied      denied      denied      denied/back denied/back",
    foreign: "login       denied/back denied      denied/back denied/back denied      denied      denied      denied/back denied/back",
  },
  {
    route: "routes/$practiceCode.clinical-request",
    params: practice,
    own:     "login       ok/form     denied      denied/back denied/back denied      denied      denied      denied/back denied/back",
    foreign: "login       denied/back denied      denied/back denied/back denied      denied      denied      denied/back denied/back",
  },
  {
    route: "routes/$practiceCode.nonclinical-request",
    params: practice,
    own:     "login       ok/form     denied      denied/back denied/back denied      denied      denied      denied/back denied/back",
    foreign: "login       denied/back denied      denied/back denied/back denied      denied      denied      denied/back denied/back",
  },
  {
    route: "routes/$practiceCode.emergency-warning",
    params: practice,
    own:     "login       ok          denied      denied      denied      denied      denied      denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      denied",
  },
  {
    route: "routes/$practiceCode.message.carer._index",
    params: practice,
    own:     "login       ok/form     ok/form     ok/form     denied/back denied      denied      denied      denied/back denied/back",
    foreign: "login       denied/back denied/back denied/back denied/back denied      denied      denied      denied/back denied/back",
  },
  {
    route: "routes/$practiceCode.message.carer.$dependentId",
    params: (c) => at(c, { dependentId: String(c.t.dependent) }),
    own:     "login       404         404         ok/form     denied/back denied      denied      denied      denied/back denied/back",
    foreign: "login       404         404         404         denied/back denied      denied      denied      denied/back denied/back",
  },
  {
    route: "routes/$practiceCode.message.staff.$patientId",
    params: (c) => at(c, { patientId: String(c.t.patient) }),
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },
  {
    route: "routes/$practiceCode.message.cancelled",
    params: practice,
    own:     "login       ok          ok          ok          ok          ok          ok          denied      ok          ok",
    foreign: "login       ok          ok          ok          ok          denied      denied      ok          ok          ok",
  },

  // ---- a draft and its pages (the patient side, or staff writing one for a patient) -----------------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  {
    route: "routes/$practiceCode.questions.$entryId",
    params: draft,
    own:     "login       ok/form     ok/form     ok/form     404         ok/form     ok/form     denied      404         404",
    foreign: "login       404         404         404         404         404         404         404         404         404",
  },
  {
    route: "routes/$practiceCode.questions.$entryId_.cancel",
    params: (c) => at(c, { entryId: String(c.t.cancelDraft) }),
    own:     "login       ok          ok          ok          404         ok          ok          denied      404         404",
    foreign: "login       404         404         404         404         404         404         404         404         404",
  },
  {
    route: "routes/$practiceCode.confirmation.$entryId",
    params: draft,
    own:     "login       ok          ok          ok          404         ok          ok          denied      404         404",
    foreign: "login       404         404         404         404         404         404         404         404         404",
  },
  {
    // The action closes a draft only on a red-flag answer (none here), and shows the page again.
    route: "routes/$practiceCode.emergency.$entryId",
    params: draft,
    own:     "login       ok/back     ok/back     ok/back     404         ok/back     ok/back     denied      404         404",
    foreign: "login       404         404         404         404         404         404         404         404         404",
  },
  {
    route: "routes/$practiceCode.signposted",
    params: at,
    query: (c) => `entry=${c.t.draft}`,
    own:     "login       ok          ok          ok          404         ok          ok          denied      404         404",
    foreign: "login       404         404         404         404         404         404         404         404         404",
  },
  {
    // The Pharmacy First link's counted redirect (issue "reports"): a draft without a rule goes back to its place.
    route: "routes/$practiceCode.signposted_.service",
    params: at,
    query: (c) => `entry=${c.t.draft}`,
    own:     "login       ok/back     ok/back     ok/back     404         ok/back     ok/back     denied      404         404",
    foreign: "login       404         404         404         404         404         404         404         404         404",
  },
  {
    route: "routes/$practiceCode.submitted",
    params: at,
    query: (c) => `entry=${c.t.entry}`,
    own:     "login       ok          ok          ok          404         ok          ok          denied      404         404",
    foreign: "login       404         404         404         404         404         404         404         404         404",
  },

  // ---- a sent request: its conversation, files and the list (patients and carers only) -----------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  {
    route: "routes/$practiceCode.chat.$patientEntryId",
    params: (c) => at(c, { patientEntryId: String(c.t.entry) }),
    own:     "login       ok/form     ok/form     ok/form     404         denied      denied      denied      denied      denied",
    foreign: "login       404         404         404         404         denied      denied      denied      denied      denied",
  },
  {
    route: "routes/$practiceCode.chat.$patientEntryId_.files.$fileId",
    params: (c) => at(c, { patientEntryId: String(c.t.entry), fileId: c.t.file }),
    own:     "login       ok          ok          ok          404         denied      denied      denied      denied      denied",
    foreign: "login       404         404         404         404         denied      denied      denied      denied      denied",
  },
  {
    route: "routes/$practiceCode.my-requests-and-messages",
    params: practice,
    own:     "login       ok          ok          ok          ok          denied      denied      denied      denied      denied",
    foreign: "login       ok          ok          ok          ok          denied      denied      denied      denied      denied",
  },

  // ---- GP online services (the patient's own GP record; never a guest's) --------------------------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  {
    route: "routes/$practiceCode.online-services",
    params: practice,
    own:     "login       ok/form     denied      404         404         404         404         404         404         404",
    foreign: "login       404         denied      404         404         404         404         404         404         404",
  },
  {
    route: "routes/$practiceCode.online-services_.unlink",
    params: practice,
    own:     "login       ok          denied      404         404         404         404         404         404         404",
    foreign: "login       404         denied      404         404         404         404         404         404         404",
    restore: (w) => w.relinkP(),
  },
  {
    route: "routes/$practiceCode.appointment.details.$slotId",
    params: (c) => at(c, { slotId: c.t.slot }),
    own:     "login       ok          denied      404         404         404         404         404         404         404",
    foreign: "login       404         denied      404         404         404         404         404         404         404",
  },
  {
    // Foreign: the loader answers 404; the action leaves it to the GP system, which refuses to
    // cancel another patient's appointment (400, nothing changes: tested below).
    route: "routes/$practiceCode.appointment.cancel.$slotId",
    params: (c) => at(c, { slotId: c.t.cancelSlot }),
    own:     "login       ok          denied      404         404         404         404         404         404         404",
    foreign: "login       404/form    denied      404         404         404         404         404         404         404",
  },
  { route: "routes/appointments._index",
    own:     "login       ok          denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/appointments.cancelled",
    own:     "login       ok          denied      denied      denied      denied      denied      denied      denied      denied" },
  {
    route: "routes/appointments.book.$slotId",
    params: (c) => ({ slotId: c.w.freeSlot }),
    own:     "login       ok/form     denied      denied      denied      denied      denied      denied      denied      denied",
    noForeign: "a free slot is nobody's (another practice's is 'gone': back to the list)",
  },
  {
    route: "routes/appointments.booked.$bookingId",
    params: (c) => ({ bookingId: c.t.booking }),
    own:     "login       ok          denied      denied      denied      denied      denied      denied      denied      denied",
    foreign: "login       404         denied      denied      denied      denied      denied      denied      denied      denied",
  },
  { route: "routes/prescriptions._index",
    own:     "login       ok/back     denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/prescriptions.cancelled",
    own:     "login       ok          denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/prescriptions.start-again",
    own:     "login       ok          denied      denied      denied      denied      denied      denied      denied      denied" },
  {
    route: "routes/prescriptions.details.$prescriptionId",
    params: (c) => ({ prescriptionId: c.t.prescription }),
    own:     "login       ok          denied      denied      denied      denied      denied      denied      denied      denied",
    foreign: "login       404         denied      denied      denied      denied      denied      denied      denied      denied",
  },
  {
    // As the appointment's: the GP system refuses another patient's prescription (tested below).
    route: "routes/prescriptions.cancel.$prescriptionId",
    params: (c) => ({ prescriptionId: c.t.cancelPrescription }),
    own:     "login       ok          denied      denied      denied      denied      denied      denied      denied      denied",
    foreign: "login       404/form    denied      denied      denied      denied      denied      denied      denied      denied",
  },

  // ---- staff: inboxes --------------------------------------------------------------------------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  { route: "routes/$practiceCode.inbox", params: practice,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      denied" },
  { route: "routes/$practiceCode.inboxes", params: practice,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      denied" },
  { route: "routes/$practiceCode.inboxes.count", params: practice,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      denied" },
  { route: "routes/$practiceCode.inboxes.carer-requests", params: practice,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      denied" },
  { route: "routes/$practiceCode.inboxes.issue_type.$type", params: (c) => ({ practiceCode: c.page, type: "4" }),
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      denied" },
  {
    route: "routes/$practiceCode.inboxes.$inbox",
    params: (c) => at(c, { inbox: String(c.t.staffMember) }),
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },
  {
    route: "routes/inboxes.$staffMemberId.$practiceCode",
    params: (c) => at(c, { staffMemberId: String(c.t.staffMember) }),
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },
  {
    route: "routes/$practiceCode.inboxes.$inbox.request-details.$requestId",
    params: (c) => at(c, { inbox: "all", requestId: String(c.t.entry) }),
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },
  {
    route: "routes/$practiceCode.inboxes.issue_type.$type.request-details.$requestId",
    params: (c) => at(c, { type: "4", requestId: String(c.t.entry) }),
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },
  {
    // A stale version: the request's own staff get the conflict (409), so nothing is deleted.
    route: "routes/$practiceCode.requests.$requestId.delete",
    params: (c) => at(c, { requestId: String(c.t.entry) }),
    body: { version: "-1" },
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },
  {
    // Filing to the GP record (issue "staff integrations"): no summary, so nothing is filed.
    route: "routes/$practiceCode.requests.$requestId.file",
    params: (c) => at(c, { requestId: String(c.t.entry) }),
    body: { intent: "file", codes: "195967001", summary: "" },
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },
  {
    // Signed for the viewer (as the details page signs links for its reader).
    route: "routes/$practiceCode.requests.$requestId.files.$fileId",
    params: (c) => at(c, { requestId: String(c.t.entry), fileId: c.t.file }),
    query: (c) => `sig=${encodeURIComponent(fileSignature(c))}`,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },

  // ---- staff: patients and carers ----------------------------------------------------------------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  { route: "routes/$practiceCode.patients._index", params: practice,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      denied" },
  { route: "routes/$practiceCode.non-digital-patients._index", params: practice,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      denied" },
  { route: "routes/$practiceCode.non-digital-patients.add", params: practice,
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok/form     denied      denied" },
  {
    route: "routes/$practiceCode.patients.$patientId._index",
    params: (c) => at(c, { patientId: String(c.t.patient) }),
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },
  {
    route: "routes/$practiceCode.patients.$patientId.edit-details",
    params: (c) => at(c, { patientId: String(c.t.patient) }),
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },
  {
    route: "routes/$practiceCode.non-digital-patients.edit.$patientId",
    params: (c) => at(c, { patientId: String(c.t.nonDigital) }),
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },
  {
    route: "routes/$practiceCode.$patientId.carer.$userId",
    params: (c) => at(c, { patientId: String(c.t.carerLink.patientId), userId: String(c.t.carerLink.carerUserId) }),
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
  },

  // Merging patients (issue "staff integrations", decision 0110): find and merge, gp, receptionist
  // or practice admin (and admin); the merge's page with its Undo, gp or receptionist.
  {
    route: "routes/$practiceCode.merge.$patientId",
    params: (c) => at(c, { patientId: String(c.t.patient) }),
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      ok/form     ok/form",
    foreign: "login       denied      denied      denied      denied      404         404         404         404         404",
  },
  { route: "routes/$practiceCode.submitted_.$id", params: (c) => at(c, { id: "999999" }), noForeign: "only a request staff of this practice wrote; others are page-not-found (app/routes/requests/request-staff-start.test.ts)",
    own:     "login       denied      denied      denied      denied      404         404         denied      denied      denied" },
  { route: "routes/$practiceCode.merge.$mergeId.patient", params: (c) => at(c, { mergeId: "999999" }), noForeign: "no merge in this world: an unknown merge is page-not-found; another practice's is tested in app/routes/patients/merge-patients.test.ts",
    own:     "login       denied      denied      denied      denied      404         404         denied      denied      denied" },

  // ---- staff administration (issue "administration", decision 0075) ---------------------------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  { route: "routes/practice.$practiceCode.manage-staff", params: practice,
    own:     "login       denied      denied      denied      denied      denied      denied      denied      ok/form     ok/form",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      ok/form" },
  {
    // The practice admin takes away the GP's role, the system admin the receptionist's (both put back).
    route: "routes/practice.$practiceCode.manage-staff_.remove.$userId.$role",
    params: (c) => ({
      practiceCode: c.page,
      userId: String(c.persona.role === "admin" ? c.w.people.recept.id : c.w.people.gp.id),
      role: c.persona.role === "admin" ? "receptionist" : "gp",
    }),
    own:     "login       denied      denied      denied      denied      denied      denied      denied      ok          ok",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      404",
    restore: async (w) => {
      await context.db
        .insert(practiceMemberships)
        .values([
          { userId: w.people.gp.id, practiceId: w.A.id, role: "gp" },
          { userId: w.people.recept.id, practiceId: w.A.id, role: "receptionist" },
        ])
        .onConflictDoNothing();
    },
  },
  { route: "routes/$practiceCode.add-staff-role", params: practice,
    own:     "login       denied      denied      denied      denied      denied      denied      denied      ok/form     denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      denied" },
  { route: "routes/$practiceCode.patient-facing-name", params: practice,
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok/form     denied      denied" },
  {
    // Own: the staff member's own settings (the admins: A's GP's). Foreign: practice B's GP at A's address.
    route: "routes/$practiceCode.notification-settings.$userId",
    params: (c) => at(c, { userId: String(c.t.staffMember) }),
    own:     "login       denied      denied      denied      denied      ok          ok          denied      ok          ok",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      404         404",
  },
  {
    route: "routes/$practiceCode.notification-settings.$userId_.confirm",
    params: (c) => at(c, { userId: String(c.t.staffMember) }),
    own:     "login       denied      denied      denied      denied      ok          ok          denied      ok          ok",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      404         404",
  },
  { route: "routes/$practiceCode.notification-settings._index", params: practice,
    own:     "login       denied      denied      denied      denied      ok          ok          denied      ok          ok",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok          denied      ok" },
  // ---- video (issue "video"): staff of a practice with video; the call's patient side ----------
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  { route: "routes/$practiceCode.videoschedules", params: practice,
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok/form     denied      denied" },
  {
    // Own: A's consultation (P with A's GP); foreign: B's at A's address. Cancelled ones are put back.
    route: "routes/$practiceCode.videoschedules_.$consultationId.cancel",
    params: (c) => at(c, { consultationId: String(c.t.video) }),
    // The GP cancels it first; the receptionist's cancel then finds it cancelled (409).
    own:     "login       denied      denied      denied      denied      ok          ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied",
    restore: async (w) => {
      await context.db.update(videoConsultations).set({ status: "scheduled", cancelledAt: null }).where(inArray(videoConsultations.id, [w.video.A.id, w.video.P2.id, w.video.B.id]));
    },
  },
  { route: "routes/$practiceCode.video-consultations.$staffMemberId", params: (c) => at(c, { staffMemberId: String(c.t.staffMember) }),
    own:     "login       denied      denied      denied      denied      ok          ok          denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied" },
  { route: "routes/$practiceCode.video.$consultationId", params: (c) => at(c, { consultationId: String(c.t.video) }),
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      denied      denied",
    foreign: "login       denied      denied      denied      denied      404         404         404         denied      denied" },
  {
    // The call's signalling: A's staff (clinician side) and patient P (patient side); anyone else 404.
    route: "routes/$practiceCode.video.$consultationId_.signal", params: (c) => at(c, { consultationId: String(c.t.video) }),
    own:     "404         ok/form     404         404         404         ok/form     ok/form     404         404         404",
    foreign: "404         404         404         404         404         404         404         404         404         404" },
  { route: "routes/$practiceCode.waitingroom", params: practice,
    own:     "login       ok          ok          ok          ok          denied      denied      denied      denied      denied",
    foreign: "login       ok          ok          ok          ok          denied      denied      denied      denied      denied" },
  // ---- group video (issue "video", decision 0123): own is P's call with A's GP; foreign P2's, or B's at A's address.
    //        anon        patient     guest       carer       pending     gp          recept      staffB      padmin      admin
  { route: "routes/$practiceCode.group_chats", params: practice,
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      ok/form     ok/form",
    foreign: "login       denied      denied      denied      denied      denied      denied      ok/form     denied      ok/form" },
  { route: "routes/$practiceCode.group_chat.video.$groupChatId", params: (c) => at(c, { groupChatId: String(c.t.groupChat) }),
    own:     "login       ok/form     404         404         404         ok/form     ok/form     404         ok/form     ok/form",
    foreign: "login       404         404         404         404         404         404         404         404         404" },
  {
    // Members only: P and A's GP; anyone else (signed out too) 404.
    route: "routes/$practiceCode.group_chat.video.$groupChatId_.signal", params: (c) => at(c, { groupChatId: String(c.t.groupChat) }),
    own:     "404         ok/form     404         404         404         ok/form     404         404         404         404",
    foreign: "404         404         404         404         404         404         404         404         404         404" },
  // Availability, leave and calendar (issue "video"): gp, receptionist or practice admin of the practice.
  { route: "routes/$practiceCode.availability.$staffMemberId", params: (c) => at(c, { staffMemberId: String(c.t.staffMember) }),
    own:     "login       denied      denied      denied      denied      ok/back     ok/back     denied      ok/back     ok/back",
    foreign: "login       denied      denied      denied      denied      404         404         404         404         404" },
  { route: "routes/$practiceCode.leave.$staffMemberId", params: (c) => at(c, { staffMemberId: String(c.t.staffMember) }),
    own:     "login       denied      denied      denied      denied      ok/form     ok/form     denied      ok/form     ok/form",
    foreign: "login       denied      denied      denied      denied      404         404         404         404         404" },
  { route: "routes/$practiceCode.leave.$staffMemberId_.$leaveId", params: (c) => at(c, { staffMemberId: String(c.t.staffMember), leaveId: "999999" }), noForeign: "no such leave is page-not-found; another person's is tested in app/routes/video/rota.test.ts",
    own:     "login       denied      denied      denied      denied      404         404         denied      404         404" },
  { route: "routes/$practiceCode.leave.$staffMemberId_.$leaveId.cancel", params: (c) => at(c, { staffMemberId: String(c.t.staffMember), leaveId: "999999" }), noForeign: "no such leave is page-not-found; another person's is tested in app/routes/video/rota.test.ts",
    own:     "login       denied      denied      denied      denied      404         404         denied      404         404" },
  { route: "routes/$practiceCode.calendar.$staffMemberId", params: (c) => at(c, { staffMemberId: String(c.t.staffMember) }),
    own:     "login       denied      denied      denied      denied      ok          ok          denied      ok          ok",
    foreign: "login       denied      denied      denied      denied      404         404         404         404         404" },
  { route: "routes/practices.$practiceCode.consents.$feature", params: (c) => ({ practiceCode: c.page, feature: "bulk_messaging" }),
    own:     "login       denied      denied      denied      denied      denied      denied      denied      ok/form     ok/form",
    foreign: "login       denied      denied      denied      denied      denied      denied      denied      denied      ok/form" },
  // Bulk messages (issue "templates"): the practice's gp, receptionist or practice admin, and only where
  // bulk messaging is on with its terms agreed: in this world it is off, so page-not-found past the guard
  // (on, with another practice's message: app/routes/templates/bulk-messages.test.ts).
  { route: "routes/$practiceCode.bulk-messages", params: practice,
    own:     "login       denied      denied      denied      denied      404         404         denied      404         404",
    foreign: "login       denied      denied      denied      denied      denied      denied      404         denied      404" },
  { route: "routes/$practiceCode.bulk-message.$bulkMessageId", params: (c) => ({ practiceCode: c.page, bulkMessageId: "999999" }),
    noForeign: "bulk messaging is off here; another practice's message is tested in app/routes/templates/bulk-messages.test.ts",
    own:     "login       denied      denied      denied      denied      404         404         denied      404         404" },
  { route: "routes/$practiceCode.bulk-message.$bulkMessageId_.files.$fileId",
    params: (c) => ({ practiceCode: c.page, bulkMessageId: "999999", fileId: "00000000-0000-4000-8000-000000000000" }),
    noForeign: "bulk messaging is off here; another practice's message and file are tested in app/routes/templates/bulk-files.test.ts",
    own:     "login       denied      denied      denied      denied      404         404         denied      404         404" },
  { route: "routes/patient_bulk_messages.patient", noForeign: "the signed-in patient's own messages only (scoped in the query)",
    own:     "login       ok          ok          ok          ok          denied      denied      denied      denied      denied" },
  { route: "routes/patient_bulk_messages.$bulkMessageId.request", params: () => ({ bulkMessageId: "999999" }),
    noForeign: "a message not sent to the patient is page-not-found: tested in app/routes/templates/bulk-messages.test.ts",
    own:     "login       404         404         404         404         denied      denied      denied      denied      denied" },
  { route: "routes/$practiceCode.appointment-booking.$invitationId", public: "a booking invitation: its link's token is the key (or the patient signed in); none here is page-not-found",
    params: (c) => ({ practiceCode: c.page, invitationId: "999999" }), own: ALL("404") },
  { route: "routes/appointment_reminders.cancel.$token", public: "the reminder's cancel link (a dead one: 404)", params: () => ({ token: "dead-token-0123456789abcdef" }), own: ALL("404") },
  { route: "routes/appointment_reminders.unsubscribe.$token", public: "the reminder's unsubscribe link (a dead one: 404)", params: () => ({ token: "dead-token-0123456789abcdef" }), own: ALL("404") },
  // Bulk-message attachments (decision 0128): the link's token is the key; a dead one is the 404 page, and its
  // download goes back to that page (live links, expiry and the audit rows: app/routes/templates/bulk-files.test.ts).
  { route: "routes/$practiceCode.bm.$bulkMessageId.files.$token", public: "a bulk-message attachment's link (a dead one: 404)",
    params: (c) => ({ practiceCode: c.page, bulkMessageId: "999999", token: "A".repeat(43) }), own: ALL("404") },
  { route: "routes/$practiceCode.bm.$bulkMessageId.files.$token_.download", public: "a bulk-message attachment's file (a dead link goes back to its page)",
    params: (c) => ({ practiceCode: c.page, bulkMessageId: "999999", token: "A".repeat(43) }), own: ALL("ok") },
  { route: "routes/notify.delivery-receipts", public: "GOV.UK Notify's delivery receipts: its bearer token is the credential, 401 without one (decision 0129)", own: ALL("login") },
];

// ---- running a cell ----------------------------------------------------------------------------

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
let world: World;

beforeAll(async () => {
  world = await buildWorld(context);
});

function fileSignature(c: Ctx): string {
  if (c.persona.userId === null) return "none";
  const expires = new Date(context.clock.now().getTime() + 60_000);
  return signValue(context.config.sessionSecret, FILE_LINK_PURPOSE, { f: c.t.file, u: c.persona.userId }, expires);
}

/** The address of a route module (Remix v2 flat routes), its params filled in. */
function pathOf(route: string, params: Params): string {
  const used = new Set<string>();
  const take = (name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for the param ${name}`);
    used.add(name);
    return value;
  };
  const parts: string[] = [];
  for (const raw of route.replace(/^routes\//, "").split(".")) {
    if (raw === "_index") continue;
    const segment = raw.endsWith("_") ? raw.slice(0, -1) : raw;
    if (segment.startsWith("_")) continue;
    if (segment === "$") parts.push(take("*"));
    else if (segment.startsWith("$")) parts.push(encodeURIComponent(take(segment.slice(1))));
    else parts.push(segment);
  }
  const extra = Object.keys(params).filter((k) => !used.has(k));
  if (extra.length) throw new Error(`${route}: params it does not have: ${extra.join(", ")}`);
  return `/${parts.join("/")}`;
}

/** Ten cells → role → [loader outcome, action outcome]. */
function parseCells(route: string, line: string): Record<Role, [Outcome, Outcome]> {
  const cells = line.trim().split(/\s+/);
  if (cells.length !== ROLES.length) throw new Error(`${route}: ${cells.length} cells, not ${ROLES.length}: "${line}"`);
  const out = {} as Record<Role, [Outcome, Outcome]>;
  ROLES.forEach((role, i) => {
    const [loader, action = loader] = cells[i].split("/");
    for (const o of [loader, action]) if (!(OUTCOMES as readonly string[]).includes(o)) throw new Error(`${route}: unknown outcome "${o}"`);
    out[role] = [loader as Outcome, action as Outcome];
  });
  return out;
}

function classify(response: Response, path: string): string {
  const status = response.status;
  if (status >= 300 && status < 400) {
    const to = new URL(response.headers.get("Location") ?? "", TEST_ORIGIN).pathname;
    if (/^\/([A-Za-z0-9]+\/)?login$/.test(to) || to === "/confirm-password") return "login";
    if (/^\/([A-Za-z0-9]+\/)?permission-denied$/.test(to)) return "denied";
    if (to === new URL(path, TEST_ORIGIN).pathname) return "back";
    return "ok";
  }
  if (status >= 200 && status < 300) return "ok";
  if (status === 401) return "login";
  if (status === 403) return "denied";
  if (status === 404) return "404";
  if ([400, 409, 410, 429].includes(status)) return "form";
  return `status ${status}`;
}

/**
 * What no page's data may carry, whoever asks: a hash, sealed text, a TOTP secret, an NHS login
 * token, the text-search document. Loader and action data go to the browser (in the page of a
 * hydrated route, or to anyone who asks for `?_data=`), so a whole row returned by either shows
 * what the page does not.
 */
const SECRET_FIELDS = /"(\w*Hash|\w*Sealed|sealed|totpSecret|lastTotpStep|idToken|nhsLoginIdToken|searchDocument)":/g;
/** And what patients, guests, carers and visitors are not shown of a request: the practice's own handling of it. */
const STAFF_FIELDS = /"(triage\w*|assignedToId|filedByUserId|filedAutomatically|mergedIntoPatientId)":/g;
const PATIENT_SIDE: readonly Role[] = ["anon", "patient", "guest", "carer", "pending"];

async function fieldsNotForRole(role: Role, response: Response): Promise<string[]> {
  if (!(response.headers.get("Content-Type") ?? "").includes("json")) return [];
  const text = await response.text();
  const found = [...text.matchAll(SECRET_FIELDS), ...(PATIENT_SIDE.includes(role) ? text.matchAll(STAFF_FIELDS) : [])].map((m) => m[1]);
  return [...new Set(found)];
}

function describeResponse(response: Response): string {
  const location = response.headers.get("Location");
  return `${response.status}${location ? ` → ${location}` : ""}`;
}

function matches(expected: Outcome, got: string, response: Response, persona: Persona): boolean {
  if (expected !== "home") return got === expected;
  return got === "ok" && response.status >= 300 && response.status < 400 && response.headers.get("Location") === persona.landing;
}

type Guarded = { loader?: LoaderFunction; action?: ActionFunction };
const guarded = new Map<string, Guarded>();
function guardedModule(route: string): Guarded {
  let g = guarded.get(route);
  if (!g) {
    const module = ROUTE_MODULES.get(route)!;
    g = {
      loader: module.loader ? guardLoader(module.loader) : undefined,
      action: module.action ? guardAction(route, module.action) : undefined,
    };
    guarded.set(route, g);
  }
  return g;
}

async function call(route: string, fn: "loader" | "action", path: string, params: Params, cookie: string | undefined, body: FormFields = {}) {
  const g = guardedModule(route);
  return fn === "loader"
    ? callLoader(g.loader, { request: getRequest(path, { cookie }), params, context })
    : callAction(g.action, { request: postRequest(path, body, { cookie, csrf: context }), params, context });
}

async function runCell(row: Row, fn: "loader" | "action", target: "own" | "foreign") {
  const expected = parseCells(row.route, target === "own" ? row.own : row.foreign!);
  const wrong: string[] = [];
  try {
    for (const role of ROLES) {
      const persona = world.personas[role];
      const c: Ctx = {
        t: (target === "own" ? world.own : world.foreign)[role],
        page: target === "own" ? world.A.urlCode : world.B.urlCode,
        persona,
        w: world,
      };
      const params = (row.params ?? none)(c);
      const path = pathOf(row.route, params) + (row.query ? `?${row.query(c)}` : "");
      const cookie = row.freshSession ? await world.freshCookie(role) : persona.cookie;
      const want = expected[role][fn === "loader" ? 0 : 1];
      let response: Response;
      try {
        response = await call(row.route, fn, path, params, cookie, row.body);
      } catch (error) {
        wrong.push(`${role}: expected ${want}, but ${fn} threw ${error instanceof Error ? error.message : String(error)} (${path})`);
        continue;
      }
      const got = classify(response, path);
      if (!matches(want, got, response, persona)) {
        wrong.push(`${role}: expected ${want}${want === "home" ? ` (${persona.landing})` : ""}, got ${got} (${describeResponse(response)}) for ${fn.toUpperCase()} ${path}`);
      }
      const carried = await fieldsNotForRole(role, response);
      if (carried.length > 0) wrong.push(`${role}: the ${fn}'s data carries ${carried.join(", ")} (${path})`);
    }
  } finally {
    if (fn === "action" && row.restore) await row.restore(world);
  }
  expect(wrong, `${row.route} ${fn} ${target}: ${wrong.length} role(s) wrong`).toEqual([]);
}

// ---- the tests ------------------------------------------------------------------------------

describe("the access matrix covers every route", () => {
  const withCode = [...ROUTE_MODULES].filter(([, m]) => m.loader || m.action).map(([id]) => id);

  it("has a row for every route module with a loader or an action (add one for a new route)", () => {
    const rows = new Set(ROWS.map((r) => r.route));
    expect(withCode.filter((id) => !rows.has(id))).toEqual([]);
    expect(withCode.length).toBeGreaterThan(80);
  });

  it("names only routes that exist and have a loader or an action, once each", () => {
    const routes = ROWS.map((r) => r.route);
    expect(routes.filter((r) => !withCode.includes(r))).toEqual([]);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it("says for each row why it has no foreign table, or gives one", () => {
    expect(ROWS.filter((r) => !r.foreign && !r.public && !r.noForeign && r.params && r.params !== none).map((r) => r.route)).toEqual([]);
    for (const r of ROWS) {
      parseCells(r.route, r.own);
      if (r.foreign) parseCells(r.route, r.foreign);
    }
  });

  it("asks as every role the issue names", () => {
    expect(Object.keys(ROLE_NAMES)).toEqual([...ROLES]);
  });
});

type Cell = { row: Row; fn: "loader" | "action"; target: "own" | "foreign"; label: string };
const CELLS: Cell[] = ROWS.flatMap((row) => {
  const module = ROUTE_MODULES.get(row.route);
  if (!module) return [];
  const fns = (["loader", "action"] as const).filter((fn) => module[fn]);
  const targets = row.foreign ? (["own", "foreign"] as const) : (["own"] as const);
  return fns.flatMap((fn) =>
    targets.map((target) => ({ row, fn, target, label: `${row.route} ${fn} ${target}${row.public ? ` (public: ${row.public})` : ""}` })),
  );
});

describe("the access matrix", () => {
  // Loaders first: an allowed action may use a thing up (a cancelled draft, an appointment).
  const ordered = [...CELLS.filter((c) => c.fn === "loader"), ...CELLS.filter((c) => c.fn === "action")];
  it.each(ordered)("$label", ({ row, fn, target }) => runCell(row, fn, target));
});

describe("dev outbox", () => {
  it("is page-not-found in production, whoever asks", async () => {
    const production = { ...context, config: { ...context.config, isProduction: true, testTools: false } };
    for (const role of ROLES) {
      const response = await callLoader(guardedModule("routes/dev.outbox").loader, {
        request: getRequest("/dev/outbox", { cookie: world.personas[role].cookie }),
        context: production,
      });
      expect(response.status, role).toBe(404);
    }
  });
});

describe("test sign-in (/dev/sign-in)", () => {
  const key = "test-sign-in-key-".padEnd(40, "x");
  // The matrix's context has no key, as a server without TEST_SIGN_IN_KEY.
  const ask = (headers: Record<string, string>, ctx?: TestContext) =>
    callLoader(guardedModule("routes/dev.sign-in").loader, {
      request: new Request("http://localhost/dev/sign-in", { headers }),
      context: ctx ?? { ...context, config: { ...context.config, testSignInKey: key } },
    });

  const emailOf = async (role: Role) => {
    const [user] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, world.personas[role].userId!));
    return user!.email;
  };

  it("starts a session for the named account when the run's key is given", async () => {
    const response = await ask({ "X-Test-Sign-In-Key": key, "X-Test-Sign-In-Email": await emailOf("patient") });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().join(";")).toMatch(/session/i);
  });

  it("is page-not-found for a wrong or missing key, an unknown account, or a server without a key", async () => {
    const email = await emailOf("patient");
    expect((await ask({ "X-Test-Sign-In-Key": key.replace(/x$/, "y"), "X-Test-Sign-In-Email": email })).status).toBe(404);
    expect((await ask({ "X-Test-Sign-In-Email": email })).status).toBe(404);
    expect((await ask({ "X-Test-Sign-In-Key": key, "X-Test-Sign-In-Email": "nobody@example.com" })).status).toBe(404);
    expect((await ask({ "X-Test-Sign-In-Key": key, "X-Test-Sign-In-Email": email }, context)).status).toBe(404);
  });
});

// ---- rule 1: carer proxy access is granted by the practice -----------------------------------------

const loaderOf = (route: string) => guardedModule(route).loader;
const actionOf = (route: string) => guardedModule(route).action;

async function get(route: string, params: Params, cookie: string | undefined, query = "") {
  const path = pathOf(route, params) + query;
  return callLoader(loaderOf(route), { request: getRequest(path, { cookie }), params, context });
}

async function post(route: string, params: Params, cookie: string | undefined, body: FormFields) {
  const path = pathOf(route, params);
  return callAction(actionOf(route), { request: postRequest(path, body, { cookie, csrf: context }), params, context });
}

type ListData = { rows: { id: number }[] };

describe("carer proxy access is the practice's to grant", () => {
  let carer: { userId: number; cookie: string };
  let linkX: number;
  let linkY: number;
  let sent: number;
  let byStaff: number;
  let fileOfSent: string;
  let draftX: number;
  let ofY: number;
  let code: string;

  beforeAll(async () => {
    code = world.A.urlCode;
    const user = await createUser(context, { carer: true, firstName: "Cara" });
    carer = { userId: user.id, cookie: await sessionCookie(context, user.id) };
    const dx = await createPatient(context, world.A.id, { firstName: "Dora", dateOfBirth: "2016-02-03" });
    const dy = await createPatient(context, world.A.id, { firstName: "Dan", dateOfBirth: "2014-05-06" });
    const [x] = await context.db.insert(carerDependents).values({ carerUserId: user.id, patientId: dx.id, relationship: "parent", reason: "under_16", status: "pending" }).returning();
    const [y] = await context.db.insert(carerDependents).values({ carerUserId: user.id, patientId: dy.id, relationship: "parent", reason: "under_16", status: "approved" }).returning();
    linkX = x.id;
    linkY = y.id;
    // What the carer sent for X (under an earlier approval), what the practice wrote for X, a draft.
    sent = await entryOf(context, { practiceId: world.A.id, patientId: dx.id, userId: user.id, stage: "submitted" });
    fileOfSent = await attachFile(context, sent, user.id);
    byStaff = await entryOf(context, { practiceId: world.A.id, patientId: dx.id, userId: world.people.gp.id, stage: "submitted", staff: true });
    draftX = await entryOf(context, { practiceId: world.A.id, patientId: dx.id, userId: user.id });
    ofY = await entryOf(context, { practiceId: world.A.id, patientId: dy.id, userId: user.id, stage: "submitted" });
  });

  describe.each(["pending", "declined", "removed", "approved"] as const)("while the link is %s", (status) => {
    const sees = status === "approved";
    const expected = sees ? 200 : 404;

    beforeAll(async () => {
      await context.db.update(carerDependents).set({ status }).where(eq(carerDependents.id, linkX));
    });

    it(`${sees ? "lists" : "leaves out"} the dependent's requests in My requests (the other dependent's always)`, async () => {
      const response = await get("routes/$practiceCode.my-requests-and-messages", { practiceCode: code }, carer.cookie);
      expect(response.status).toBe(200);
      const ids = (await readJson<ListData>(response)).rows.map((r) => r.id);
      expect(ids).toContain(ofY);
      expect(ids.includes(sent), "what the carer sent").toBe(sees);
      expect(ids.includes(byStaff), "what the practice wrote").toBe(sees);
    });

    it(`${sees ? "opens" : "does not find (404)"} the conversations and files`, async () => {
      for (const id of [sent, byStaff]) {
        const chat = await get("routes/$practiceCode.chat.$patientEntryId", { practiceCode: code, patientEntryId: String(id) }, carer.cookie);
        expect(chat.status, `chat ${id}`).toBe(expected);
      }
      const file = await get("routes/$practiceCode.chat.$patientEntryId_.files.$fileId", { practiceCode: code, patientEntryId: String(sent), fileId: fileOfSent }, carer.cookie);
      expect(file.status).toBe(expected);
      const [{ n: before }] = await context.db.select({ n: count() }).from(entryMessages).where(eq(entryMessages.patientEntryId, sent));
      const reply = await post("routes/$practiceCode.chat.$patientEntryId", { practiceCode: code, patientEntryId: String(sent) }, carer.cookie, { body: "Any news?" });
      expect(reply.status).toBe(sees ? 303 : 404);
      const [{ n: after }] = await context.db.select({ n: count() }).from(entryMessages).where(eq(entryMessages.patientEntryId, sent));
      expect(after - before).toBe(sees ? 1 : 0);
    });

    it(`${sees ? "starts" : "refuses (404)"} a request for the dependent at /message/carer/{dependentId}, and lists them ${sees ? "" : "not "}as a choice`, async () => {
      const page = await get("routes/$practiceCode.message.carer.$dependentId", { practiceCode: code, dependentId: String(linkX) }, carer.cookie);
      expect(page.status).toBe(expected);
      const [{ n: before }] = await context.db.select({ n: count() }).from(patientEntries).where(eq(patientEntries.createdByUserId, carer.userId));
      const start = await post("routes/$practiceCode.message.carer.$dependentId", { practiceCode: code, dependentId: String(linkX) }, carer.cookie, { issueTypeId: "4" });
      expect(start.status).toBe(sees ? 303 : 404);
      const [{ n: after }] = await context.db.select({ n: count() }).from(patientEntries).where(eq(patientEntries.createdByUserId, carer.userId));
      expect(after - before).toBe(sees ? 1 : 0);
      const choose = await get("routes/$practiceCode.message.carer._index", { practiceCode: code }, carer.cookie);
      const choices = (await readJson<{ dependents: { id: number }[] }>(choose)).dependents.map((d) => d.id);
      expect(choices).toContain(linkY);
      expect(choices.includes(linkX)).toBe(sees);
    });

    it(`${sees ? "opens" : "does not find (404)"} the draft and the sent page`, async () => {
      const questions = await get("routes/$practiceCode.questions.$entryId", { practiceCode: code, entryId: String(draftX) }, carer.cookie);
      expect(questions.status).toBe(expected);
      const submitted = await get("routes/$practiceCode.submitted", { practiceCode: code }, carer.cookie, `?entry=${sent}`);
      expect(submitted.status).toBe(expected);
    });

    it(`offers ${sees ? "a" : "no"} request link on People I care for`, async () => {
      const response = await get("routes/carer.dependents", {}, carer.cookie);
      const links = (await readJson<{ links: { id: number; status: string; requestHref: string | null }[] }>(response)).links;
      const x = links.find((l) => l.id === linkX)!;
      expect(x.status).toBe(status);
      expect(x.requestHref !== null).toBe(sees);
    });
  });

  it("in the matrix: carer CP (pending) got 404 for dependent D2's request, chat, file and drafts", () => {
    // Guard against a matrix edit that would quietly drop the rule.
    const chat = ROWS.find((r) => r.route === "routes/$practiceCode.chat.$patientEntryId")!;
    expect(parseCells(chat.route, chat.own).pending).toEqual(["404", "404"]);
  });
});

// ---- rule 2: a guest sees only what that guest account sent ----------------------------------------

describe("a guest sees only the requests that guest account created", () => {
  let code: string;
  let recordId: number;
  let guest1: { id: number; cookie: string };
  let guest2: { id: number; cookie: string };
  let registered: { id: number; cookie: string };
  let fromGuest1: number;
  let fileOfGuest1: string;
  let fromGuest2: number;
  let byPhone: number;

  const linkRecordTo = (userId: number) => context.db.update(patients).set({ userId }).where(eq(patients.id, recordId));
  const listed = async (cookie: string) => {
    const response = await get("routes/$practiceCode.my-requests-and-messages", { practiceCode: code }, cookie);
    expect(response.status).toBe(200);
    return (await readJson<ListData>(response)).rows.map((r) => r.id).sort((a, b) => a - b);
  };
  const chat = async (id: number, cookie: string) =>
    (await get("routes/$practiceCode.chat.$patientEntryId", { practiceCode: code, patientEntryId: String(id) }, cookie)).status;
  const file = async (id: number, fileId: string, cookie: string) =>
    (await get("routes/$practiceCode.chat.$patientEntryId_.files.$fileId", { practiceCode: code, patientEntryId: String(id), fileId }, cookie)).status;

  beforeAll(async () => {
    code = world.A.urlCode;
    const record = await createPatient(context, world.A.id, { firstName: "Oliver" });
    recordId = record.id;
    byPhone = await entryOf(context, { practiceId: world.A.id, patientId: recordId, userId: world.people.gp.id, stage: "submitted", staff: true });
    const g1 = await createUser(context, { guest: true });
    const g2 = await createUser(context, { guest: true });
    const p = await createUser(context, { firstName: "Oliver" });
    guest1 = { id: g1.id, cookie: await sessionCookie(context, g1.id) };
    guest2 = { id: g2.id, cookie: await sessionCookie(context, g2.id) };
    registered = { id: p.id, cookie: await sessionCookie(context, p.id) };
  });

  it("the first guest sees what it sent: the list, the chat and its files", async () => {
    await linkRecordTo(guest1.id);
    fromGuest1 = await entryOf(context, { practiceId: world.A.id, patientId: recordId, userId: guest1.id, stage: "submitted" });
    fileOfGuest1 = await attachFile(context, fromGuest1, guest1.id);
    expect(await listed(guest1.cookie)).toEqual([fromGuest1]);
    expect(await chat(fromGuest1, guest1.cookie)).toBe(200);
    expect(await file(fromGuest1, fileOfGuest1, guest1.cookie)).toBe(200);
    // Not what the practice wrote for the record on the phone.
    expect(await chat(byPhone, guest1.cookie)).toBe(404);
  });

  it("a second guest linked to the same record sees only its own: not the first guest's list entry, chat or file", async () => {
    await linkRecordTo(guest2.id);
    fromGuest2 = await entryOf(context, { practiceId: world.A.id, patientId: recordId, userId: guest2.id, stage: "submitted" });
    expect(await listed(guest2.cookie)).toEqual([fromGuest2]);
    expect(await chat(fromGuest1, guest2.cookie)).toBe(404);
    expect(await file(fromGuest1, fileOfGuest1, guest2.cookie)).toBe(404);
    expect(await chat(byPhone, guest2.cookie)).toBe(404);
    expect(await chat(fromGuest2, guest2.cookie)).toBe(200);
    const reply = await post("routes/$practiceCode.chat.$patientEntryId", { practiceCode: code, patientEntryId: String(fromGuest1) }, guest2.cookie, { body: "It's me" });
    expect(reply.status).toBe(404);
  });

  it("the registered patient sees their record's requests but none a guest sent", async () => {
    await linkRecordTo(registered.id);
    expect(await listed(registered.cookie)).toEqual([byPhone]);
    expect(await chat(byPhone, registered.cookie)).toBe(200);
    expect(await chat(fromGuest1, registered.cookie)).toBe(404);
    expect(await chat(fromGuest2, registered.cookie)).toBe(404);
    expect(await file(fromGuest1, fileOfGuest1, registered.cookie)).toBe(404);
  });

  it("never lets a guest reach the patient's appointments, prescriptions, online services or account pages", async () => {
    // A guest whose record is linked to the GP system, with an appointment and a prescription.
    const g = await makeGpPatient(context, world.A, { linked: true, guest: true });
    const cookie = await sessionCookie(context, g.userId);
    const now = context.clock.now();
    const slots = await context.gpSystem.slots(g, { start: now, end: new Date(now.getTime() + 28 * 86_400_000) });
    const slotId = slots.ok ? slots.value[0].slots[0].slotId : "";
    const booked = await context.gpSystem.book(g, { slotId, reason: "Review" });
    const courses = await context.gpSystem.courses(g);
    const ordered = await context.gpSystem.requestPrescription(g, [courses.ok ? courses.value[0].courseId : ""]);
    expect(booked.ok && ordered.ok).toBe(true);
    const bookingId = booked.ok ? booked.value.bookingId : "";
    const prescriptionId = ordered.ok ? ordered.value.prescriptionId : "";
    const pages: [string, Params][] = [
      ["routes/appointments._index", {}],
      ["routes/appointments.book.$slotId", { slotId: world.freeSlot }],
      ["routes/appointments.booked.$bookingId", { bookingId }],
      ["routes/appointments.cancelled", {}],
      ["routes/$practiceCode.appointment.details.$slotId", { practiceCode: world.A.urlCode, slotId }],
      ["routes/$practiceCode.appointment.cancel.$slotId", { practiceCode: world.A.urlCode, slotId }],
      ["routes/prescriptions._index", {}],
      ["routes/prescriptions.details.$prescriptionId", { prescriptionId }],
      ["routes/prescriptions.cancel.$prescriptionId", { prescriptionId }],
      ["routes/prescriptions.cancelled", {}],
      ["routes/prescriptions.start-again", {}],
      ["routes/$practiceCode.online-services", { practiceCode: world.A.urlCode }],
      ["routes/$practiceCode.online-services_.unlink", { practiceCode: world.A.urlCode }],
      ["routes/account-settings._index", {}],
      ["routes/account-settings.details", {}],
      ["routes/account-settings.change-password", {}],
      ["routes/mfa.settings", {}],
      ["routes/mfa.settings.disable", {}],
    ];
    const reached: string[] = [];
    for (const [route, params] of pages) {
      const path = pathOf(route, params);
      const g2 = guardedModule(route);
      if (g2.loader) {
        const response = await callLoader(g2.loader, { request: getRequest(path, { cookie }), params, context });
        if (classify(response, path) !== "denied") reached.push(`GET ${path}: ${describeResponse(response)}`);
      }
      if (g2.action) {
        const response = await callAction(g2.action, { request: postRequest(path, { reason: "x", currentPassword: "x" }, { cookie, csrf: context }), params, context });
        if (classify(response, path) !== "denied") reached.push(`POST ${path}: ${describeResponse(response)}`);
      }
    }
    expect(reached).toEqual([]);
    // Nothing was booked, cancelled or unlinked on the guest's behalf.
    const [slot] = await context.db.select().from(gpSlots).where(eq(gpSlots.id, Number(slotId)));
    expect(slot.bookedByPatientId).toBe(g.patientId);
    const [rx] = await context.db.select().from(gpPrescriptionRequests).where(eq(gpPrescriptionRequests.id, Number(prescriptionId)));
    expect(rx.cancelledAt).toBeNull();
    expect(await context.db.select().from(gpLinks).where(eq(gpLinks.patientId, g.patientId))).toHaveLength(1);
  });
});

// ---- rule 3: every staff action checks the request's practice ------------------------------------

const DETAILS = "routes/$practiceCode.inboxes.$inbox.request-details.$requestId";
const TYPE_DETAILS = "routes/$practiceCode.inboxes.issue_type.$type.request-details.$requestId";

/** Everything a handling action can change about a request. */
async function requestState(entryId: number) {
  const [[entry], messages, comments, actions, events, files, audit, [{ n: mail }]] = await Promise.all([
    context.db.select().from(patientEntries).where(eq(patientEntries.id, entryId)),
    context.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entryId)).orderBy(asc(entryMessages.id)),
    context.db.select().from(entryComments).where(eq(entryComments.patientEntryId, entryId)).orderBy(asc(entryComments.id)),
    context.db.select().from(entryActions).where(eq(entryActions.patientEntryId, entryId)).orderBy(asc(entryActions.id)),
    context.db.select().from(entryEvents).where(eq(entryEvents.patientEntryId, entryId)).orderBy(asc(entryEvents.id)),
    context.db.select().from(entryFiles).where(eq(entryFiles.patientEntryId, entryId)).orderBy(asc(entryFiles.id)),
    context.db.select().from(auditEvents).where(and(eq(auditEvents.subjectType, "patient_entry"), eq(auditEvents.subjectId, String(entryId)))).orderBy(asc(auditEvents.id)),
    context.db.select({ n: count() }).from(outbox),
  ]);
  return { entry, messages, comments, actions, events, files, audit, mail };
}

type Intent = { intent: string; prepare?: (entryId: number) => Promise<Record<string, string>>; fields: (version: number) => Record<string, string> };

describe("every staff action checks the practice of the request", () => {
  const gpA = () => ({ userId: world.people.gp.id, practiceId: world.A.id });
  const INTENTS: Intent[] = [
    { intent: "assign", fields: (v) => ({ version: String(v), assignee: String(world.people.gp.id) }) },
    { intent: "urgency", fields: (v) => ({ version: String(v), urgencyId: "3" }) },
    { intent: "reply", fields: (v) => ({ version: String(v), body: "Please book a blood test." }) },
    { intent: "complete", fields: (v) => ({ version: String(v), reason: "Letter sent" }) },
    { intent: "reject", fields: (v) => ({ version: String(v), reason: "Not something we can do online" }) },
    {
      intent: "undo",
      prepare: async (entryId) => {
        const done = await changeRequest(context, gpA(), { entryId, version: null, command: { kind: "complete", reason: null } });
        expect(done.status).toBe("ok");
        return {};
      },
      fields: (v) => ({ version: String(v) }),
    },
    { intent: "cancel", fields: (v) => ({ version: String(v) }) },
    { intent: "comment", fields: () => ({ body: "Rang the patient" }) },
    { intent: "action", fields: () => ({ text: "Book a blood test", actionAssignee: "nobody" }) },
    {
      intent: "action-complete",
      prepare: async (entryId) => {
        const added = await addAction(context, gpA(), { entryId, text: "Book a blood test", assignedToId: null });
        return { actionId: String(added!.id) };
      },
      fields: () => ({}),
    },
  ];

  it.each(INTENTS)(
    "$intent: staff of practice B get 404 through B's inboxes and the federated one, permission denied through A's, and nothing changes; A's own staff can",
    async ({ intent, prepare, fields }) => {
      const { entry } = await submittedRequest(context, world.A.id);
      const extra = prepare ? await prepare(entry.id) : {};
      const [{ version }] = await context.db.select({ version: patientEntries.version }).from(patientEntries).where(eq(patientEntries.id, entry.id));
      const body = { intent, ...fields(version), ...extra };
      const before = await requestState(entry.id);
      const gpB = world.personas.staffB.cookie;
      const tries: [string, Params, number][] = [
        [DETAILS, { practiceCode: world.B.urlCode, inbox: "all", requestId: String(entry.id) }, 404],
        [DETAILS, { practiceCode: world.B.urlCode, inbox: String(world.people.gpB.id), requestId: String(entry.id) }, 404],
        [TYPE_DETAILS, { practiceCode: world.B.urlCode, type: "4", requestId: String(entry.id) }, 404],
        [DETAILS, { practiceCode: "all", inbox: "all", requestId: String(entry.id) }, 404],
      ];
      for (const [route, params, status] of tries) {
        const response = await post(route, params, gpB, body);
        expect(response.status, `${pathOf(route, params)}: ${describeResponse(response)}`).toBe(status);
      }
      const throughA = await post(DETAILS, { practiceCode: world.A.urlCode, inbox: "all", requestId: String(entry.id) }, gpB, body);
      expect(classify(throughA, "/")).toBe("denied");
      expect(await requestState(entry.id)).toEqual(before);

      // The same form from practice A's own GP goes through: the refusals above were the practice check.
      const mine = await post(DETAILS, { practiceCode: world.A.urlCode, inbox: "all", requestId: String(entry.id) }, world.personas.gp.cookie, body);
      expect(mine.status, describeResponse(mine)).toBe(303);
      expect(await requestState(entry.id)).not.toEqual(before);
    },
  );

  it("action-complete naming practice A's action through practice B's own request: 404, the action stays open", async () => {
    const { entry } = await submittedRequest(context, world.A.id);
    const added = await addAction(context, gpA(), { entryId: entry.id, text: "Call back", assignedToId: null });
    const theirs = world.requests.ofPB.entry;
    const response = await post(DETAILS, { practiceCode: world.B.urlCode, inbox: "all", requestId: String(theirs) }, world.personas.staffB.cookie, {
      intent: "action-complete",
      actionId: String(added!.id),
    });
    expect(response.status).toBe(404);
    const [row] = await context.db.select().from(entryActions).where(eq(entryActions.id, added!.id));
    expect(row.completedAt).toBeNull();
  });

  it("delete, patient details, non-digital details, carer decisions and staff-started requests of practice A: 404 from practice B, nothing changes", async () => {
    const B = world.B.urlCode;
    const gpB = world.personas.staffB.cookie;
    const { entry } = await submittedRequest(context, world.A.id);
    const pending = await createUser(context, { carer: true });
    const dependent = await createPatient(context, world.A.id, { firstName: "Pip", dateOfBirth: "2017-01-01" });
    const [link] = await context.db.insert(carerDependents).values({ carerUserId: pending.id, patientId: dependent.id, reason: "under_16", status: "pending" }).returning();
    const patientId = world.people.P.patientId;
    const details = { firstName: "Mallory", lastName: "Changed", "dateOfBirth.day": "1", "dateOfBirth.month": "2", "dateOfBirth.year": "1990" };
    const snapshot = async () => ({
      entry: (await context.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id)))[0],
      patient: (await context.db.select().from(patients).where(eq(patients.id, patientId)))[0],
      nonDigital: (await context.db.select().from(patients).where(eq(patients.id, world.own.gp.nonDigital)))[0],
      link: (await context.db.select().from(carerDependents).where(eq(carerDependents.id, link.id)))[0],
      staffDrafts: (await context.db.select({ id: patientEntries.id }).from(patientEntries).where(and(eq(patientEntries.createdByUserId, world.people.gpB.id), eq(patientEntries.patientId, patientId)))).length,
      outbox: (await context.db.select({ n: count() }).from(outbox))[0].n,
    });
    const before = await snapshot();
    const posts: [string, Params, FormFields][] = [
      ["routes/$practiceCode.requests.$requestId.delete", { requestId: String(entry.id) }, { version: String(entry.version) }],
      ["routes/$practiceCode.requests.$requestId.file", { requestId: String(entry.id) }, { intent: "file", codes: "195967001", summary: "Filed from practice B" }],
      ["routes/$practiceCode.patients.$patientId.edit-details", { patientId: String(patientId) }, details],
      ["routes/$practiceCode.non-digital-patients.edit.$patientId", { patientId: String(world.own.gp.nonDigital) }, details],
      ["routes/$practiceCode.$patientId.carer.$userId", { patientId: String(dependent.id), userId: String(pending.id) }, { decision: "approve" }],
      ["routes/$practiceCode.message.staff.$patientId", { patientId: String(patientId) }, { issueTypeId: "4" }],
    ];
    const wrong: string[] = [];
    for (const [route, params, body] of posts) {
      const viaB = await post(route, { practiceCode: B, ...params }, gpB, body);
      if (viaB.status !== 404) wrong.push(`${pathOf(route, { practiceCode: B, ...params })}: ${describeResponse(viaB)}`);
      const viaA = await post(route, { practiceCode: world.A.urlCode, ...params }, gpB, body);
      if (classify(viaA, "/") !== "denied") wrong.push(`${pathOf(route, { practiceCode: world.A.urlCode, ...params })}: ${describeResponse(viaA)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(before.entry.deletedAt).toBeNull();
    expect(before.link.status).toBe("pending");
  });
});

// ---- online services act on the patient's own GP record only ---------------------------------------

describe("another patient's appointment or prescription", () => {
  it("is not cancelled when a patient posts its id (the GP system refuses it)", async () => {
    const cookie = world.personas.patient.cookie;
    const slotId = world.gpOfP2.cancelSlot;
    const prescriptionId = world.gpOfP2.cancelPrescription;
    const cancelAppointment = await post("routes/$practiceCode.appointment.cancel.$slotId", { practiceCode: world.A.urlCode, slotId }, cookie, {});
    expect(cancelAppointment.status).toBe(400);
    const cancelPrescription = await post("routes/prescriptions.cancel.$prescriptionId", { prescriptionId }, cookie, {});
    expect(cancelPrescription.status).toBe(400);
    const [slot] = await context.db.select().from(gpSlots).where(eq(gpSlots.id, Number(slotId)));
    expect(slot.bookedByPatientId).toBe(world.people.P2.patientId);
    const [rx] = await context.db.select().from(gpPrescriptionRequests).where(and(eq(gpPrescriptionRequests.id, Number(prescriptionId)), isNull(gpPrescriptionRequests.cancelledAt)));
    expect(rx).toBeDefined();
  });
});
