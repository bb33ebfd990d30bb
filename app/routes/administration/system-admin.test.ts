/**
 * System administration (decision 0076), against a real database: who may open each page
 * (every role), onboarding a practice from /practices/add and from a practice invitation,
 * registration codes, resend and delete, global notices and their dismissal, global settings
 * and maintenance mode through the route layer.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GlobalRole, PracticeRole } from "~/domain/auth/viewer.server";
import { auditEvents, authTokens, globalSettings, noticeDismissals, notices, openingHours, practiceInvitations, practiceMemberships, practices } from "~/db/schema";
import { isRegistrationCode } from "~/domain/practices/onboarding";
import { DISMISSED_NOTICES_COOKIE } from "~/domain/admin/notices";
import { invalidateShellCache } from "~/domain/shell/shell-cache.server";
import { guardAction, guardLoader } from "~/server/route-layer.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { makePractice, makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { KNOWN_PASSWORD, linkSentTo, messagesTo, tokenOf, uniqueWord } from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import * as root from "~/root";
import * as adminHome from "./admin._index";
import * as addPracticeRoute from "./practices.add._index";
import * as onboardingRoute from "./practices.add.$token";
import * as completeRoute from "./practices.registration-complete.$token";
import * as inviteRoute from "./practices.invite";
import * as deleteInvitationRoute from "./practices.invite_.$invitationId.delete";
import * as noticesRoute from "./admin.notices._index";
import * as newNoticeRoute from "./admin.notices.new";
import * as editNoticeRoute from "./admin.notices.$noticeId";
import * as dismissRoute from "../public-and-sign-in/notices.dismiss";
import * as settingsRoute from "./admin.settings";
import * as loginRoute from "../public-and-sign-in/login._index";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

type Persona = "anonymous" | "patient" | "gp" | "receptionist" | "practiceAdmin" | "admin" | "advanced" | "ccgAdmin";
const PERSONAS: Persona[] = ["anonymous", "patient", "gp", "receptionist", "practiceAdmin", "admin", "advanced", "ccgAdmin"];

async function person(kind: Persona, practiceId: number): Promise<string | undefined> {
  if (kind === "anonymous") return undefined;
  const globalRoles: GlobalRole[] = kind === "admin" ? ["admin"] : kind === "advanced" ? ["advanced"] : kind === "ccgAdmin" ? ["ccg_admin"] : [];
  const role: Record<string, PracticeRole> = { gp: "gp", receptionist: "receptionist", practiceAdmin: "practice_admin" };
  const user = await makeUser(context, {
    globalRoles,
    memberships: role[kind] ? [{ practiceId, role: role[kind] }] : [],
    patientAt: kind === "patient" ? practiceId : undefined,
  });
  return (await signInAs(context, user.id)).cookie;
}

async function systemAdmin() {
  const user = await makeUser(context, { globalRoles: ["admin"] });
  return { user, cookie: (await signInAs(context, user.id)).cookie };
}

function outcome(response: Response): string {
  const location = response.headers.get("Location") ?? "";
  if (response.status >= 300 && response.status < 400) {
    if (location.startsWith("/login")) return "login";
    if (location.includes("permission-denied")) return "denied";
    return "redirect";
  }
  if (response.status === 404) return "404";
  if (response.status < 300) return "ok";
  return String(response.status);
}

const practiceForm = (code: string, email: string) => ({ name: `Onboard Surgery ${code}`, urlCode: code, odsCode: "Y12345", ehrType: "tpp", country: "wales", ccgId: "", adminEmail: email });

describe("who may open the system admin pages", () => {
  const ADMIN_ONLY = "login denied denied denied denied ok denied denied";
  const pages: Array<[string, { loader: (args: never) => unknown }, string, string]> = [
    ["/admin", adminHome, "", ADMIN_ONLY],
    ["/practices/add", addPracticeRoute, "", ADMIN_ONLY],
    ["/admin/notices", noticesRoute, "", ADMIN_ONLY],
    ["/admin/notices/new", newNoticeRoute, "", ADMIN_ONLY],
    ["/admin/settings", settingsRoute, "", ADMIN_ONLY],
    ["/practices/invite", inviteRoute, "", "login denied denied denied denied ok ok denied"],
  ];

  it.each(pages)("%s", async (path, module, _q, expected) => {
    const practice = await makePractice(context);
    const got: string[] = [];
    for (const kind of PERSONAS) got.push(outcome(await callLoader(module.loader as never, { request: getRequest(path, { cookie: await person(kind, practice.id) }), context })));
    expect(got.join(" ")).toBe(expected);
  });

  it("refuses the actions to the same people (nothing is saved)", async () => {
    const practice = await makePractice(context);
    for (const kind of PERSONAS.filter((k) => k !== "admin")) {
      const cookie = await person(kind, practice.id);
      const code = `deny${uniqueWord()}`.replace(/[^A-Za-z0-9]/g, "").slice(0, 30);
      const add = await callAction(addPracticeRoute.action, { request: postRequest("/practices/add", practiceForm(code, "x@nhs.net"), { cookie }), context });
      expect(["login", "denied"]).toContain(outcome(add));
      const notice = await callAction(newNoticeRoute.action, { request: postRequest("/admin/notices/new", { title: "x", body: "y", active: "on" }, { cookie }), context });
      expect(["login", "denied"]).toContain(outcome(notice));
      const settings = await callAction(settingsRoute.action, { request: postRequest("/admin/settings", { maximumPatientAge: "111", maintenanceMode: "on" }, { cookie }), context });
      expect(["login", "denied"]).toContain(outcome(settings));
      if (kind !== "advanced") {
        const invite = await callAction(inviteRoute.action, { request: postRequest("/practices/invite", { email: "p@nhs.net", practiceName: "P" }, { cookie }), context });
        expect(["login", "denied"]).toContain(outcome(invite));
      }
      const [row] = await t.db.select().from(practices).where(eq(practices.urlCode, code));
      expect(row).toBeUndefined();
    }
    const [settings] = await t.db.select().from(globalSettings);
    expect(settings?.maintenanceMode ?? false).toBe(false);
  });

  it("shows registration-complete only to the new practice's admins and system admins (404 otherwise)", async () => {
    const admin = await systemAdmin();
    const code = `rc${uniqueWord()}`.replace(/[^A-Za-z0-9]/g, "").slice(0, 30);
    const email = `rc.${uniqueWord()}@example.com`;
    await callAction(addPracticeRoute.action, { request: postRequest("/practices/add", practiceForm(code, email), { cookie: admin.cookie }), context });
    const token = tokenOf(await linkSentTo(context, email, "practice-admin-invitation"));
    const done = await callAction(onboardingRoute.action, {
      request: postRequest(`/practices/add/${token}`, { intent: "register", firstName: "Rhian", lastName: "Evans", password: KNOWN_PASSWORD }),
      params: { token },
      context,
    });
    const newAdminCookie = done.headers.get("Set-Cookie")!.split(";")[0];
    const other = await makePractice(context);
    const got: string[] = [];
    for (const kind of PERSONAS) {
      got.push(outcome(await callLoader(completeRoute.loader, { request: getRequest(`/practices/registration-complete/${token}`, { cookie: await person(kind, other.id) }), params: { token }, context })));
    }
    expect(got.join(" ")).toBe("login 404 404 404 404 ok 404 404");
    const own = await callLoader(completeRoute.loader, { request: getRequest(`/practices/registration-complete/${token}`, { cookie: newAdminCookie }), params: { token }, context });
    expect(own.status).toBe(200);
  });
});

describe("adding a practice (/practices/add)", () => {
  it("creates the practice with default hours, e-mails a single-use link, and its admin registers and is signed in", async () => {
    const admin = await systemAdmin();
    const code = `Add${uniqueWord()}`.replace(/[^A-Za-z0-9]/g, "").slice(0, 30);
    const email = `new.admin.${uniqueWord()}@example.com`;
    const added = await callAction(addPracticeRoute.action, { request: postRequest("/practices/add", practiceForm(code, email), { cookie: admin.cookie }), context });
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/admin");

    const [practice] = await t.db.select().from(practices).where(eq(practices.urlCode, code));
    expect(practice).toMatchObject({ odsCode: "Y12345", ehrType: "tpp", country: "wales", coreHoursCompliance: false });
    const hours = await t.db.select().from(openingHours).where(eq(openingHours.practiceId, practice.id));
    expect(hours).toHaveLength(7);
    expect(hours.find((h) => h.day === "monday")).toMatchObject({ closed: false, localOpeningTime: "08:00:00", localClosingTime: "18:30:00" });
    expect(hours.find((h) => h.day === "sunday")).toMatchObject({ closed: true });
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.practiceId, practice.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["practice.created", "practice_admin.invited"]));
    expect(audits.find((a) => a.action === "practice.created")?.actorUserId).toBe(admin.user.id);

    const link = await linkSentTo(context, email, "practice-admin-invitation");
    expect(link).toMatch(/^\/practices\/add\/[A-Za-z0-9_-]+$/);
    const token = tokenOf(link);
    const page = await readJson<{ state: string; practice: { urlCode: string } }>(await callLoader(onboardingRoute.loader, { request: getRequest(link), params: { token }, context }));
    expect(page).toMatchObject({ state: "register", practice: { urlCode: code } });

    const weak = await callAction(onboardingRoute.action, { request: postRequest(link, { intent: "register", firstName: "Rhian", lastName: "Evans", password: "short" }), params: { token }, context });
    expect(weak.status).toBe(400);

    const done = await callAction(onboardingRoute.action, { request: postRequest(link, { intent: "register", firstName: "Rhian", lastName: "Evans", password: KNOWN_PASSWORD }), params: { token }, context });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/practices/registration-complete/${token}`);
    const cookie = done.headers.get("Set-Cookie")!.split(";")[0];
    const complete = await readJson<{ practice: { urlCode: string } }>(
      await callLoader(completeRoute.loader, { request: getRequest(`/practices/registration-complete/${token}`, { cookie }), params: { token }, context }),
    );
    expect(complete.practice.urlCode).toBe(code);
    const members = await t.db.select().from(practiceMemberships).where(eq(practiceMemberships.practiceId, practice.id));
    expect(members.map((m) => m.role)).toEqual(["practice_admin"]);

    // Single use.
    const again = await callLoader(onboardingRoute.loader, { request: getRequest(link), params: { token }, context });
    expect(again.status).toBe(410);
    const replay = await callAction(onboardingRoute.action, { request: postRequest(link, { intent: "register", firstName: "X", lastName: "Y", password: KNOWN_PASSWORD }), params: { token }, context });
    expect(replay.status).toBe(410);
  });

  it("refuses a practice code in use (any case) and symbols in it", async () => {
    const admin = await systemAdmin();
    const existing = await makePractice(context);
    const taken = await callAction(addPracticeRoute.action, { request: postRequest("/practices/add", practiceForm(existing.urlCode.toUpperCase(), "a@nhs.net"), { cookie: admin.cookie }), context });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(await taken.json())).toContain("Another practice already uses this practice code");
    const symbols = await callAction(addPracticeRoute.action, { request: postRequest("/practices/add", practiceForm("bad code!", "a@nhs.net"), { cookie: admin.cookie }), context });
    expect(symbols.status).toBe(400);
  });

  it("lets the owner of an existing account sign in and accept; another account is refused", async () => {
    const admin = await systemAdmin();
    const owner = await makeUser(context, {});
    const code = `Acc${uniqueWord()}`.replace(/[^A-Za-z0-9]/g, "").slice(0, 30);
    await callAction(addPracticeRoute.action, { request: postRequest("/practices/add", practiceForm(code, owner.email), { cookie: admin.cookie }), context });
    const link = await linkSentTo(context, owner.email, "practice-admin-invitation");
    const token = tokenOf(link);
    const anonymous = await readJson<{ state: string; signInHref: string }>(await callLoader(onboardingRoute.loader, { request: getRequest(link), params: { token }, context }));
    expect(anonymous).toMatchObject({ state: "sign_in", signInHref: `/login?redirect=${encodeURIComponent(link)}` });

    const stranger = (await signInAs(context, (await makeUser(context, {})).id)).cookie;
    const wrong = await callAction(onboardingRoute.action, { request: postRequest(link, { intent: "accept" }, { cookie: stranger }), params: { token }, context });
    expect(wrong.status).toBe(409);

    const { cookie } = await signInAs(context, owner.id);
    const accepted = await callAction(onboardingRoute.action, { request: postRequest(link, { intent: "accept" }, { cookie }), params: { token }, context });
    expect(accepted.status).toBe(303);
    const [practice] = await t.db.select().from(practices).where(eq(practices.urlCode, code));
    const [member] = await t.db.select().from(practiceMemberships).where(and(eq(practiceMemberships.practiceId, practice.id), eq(practiceMemberships.userId, owner.id)));
    expect(member?.role).toBe("practice_admin");
  });
});

describe("practice invitations (/practices/invite)", () => {
  async function advanced() {
    const user = await makeUser(context, { globalRoles: ["advanced"] });
    return { user, cookie: (await signInAs(context, user.id)).cookie };
  }

  it("invites with a registration code, finds it by search, resends with a new link and registers the practice", async () => {
    const inviter = await advanced();
    const email = `practice.${uniqueWord()}@example.com`;
    const sent = await callAction(inviteRoute.action, {
      request: postRequest("/practices/invite", { email, practiceName: "Oakfield Medical Centre", odsCode: "b81001" }, { cookie: inviter.cookie }),
      context,
    });
    expect(sent.status).toBe(303);
    const [invitation] = await t.db.select().from(practiceInvitations).where(eq(practiceInvitations.email, email));
    expect(isRegistrationCode(invitation.registrationCode)).toBe(true);
    expect(invitation).toMatchObject({ odsCode: "B81001", invitedByUserId: inviter.user.id, practiceId: null });
    const [message] = await messagesTo(context, email, "practice-invitation");
    expect(message.body).toContain(invitation.registrationCode);

    for (const term of [invitation.registrationCode.toLowerCase(), email, "oakfield"]) {
      const list = await readJson<{ invitations: { id: number }[] }>(await callLoader(inviteRoute.loader, { request: getRequest(`/practices/invite?q=${encodeURIComponent(term)}`, { cookie: inviter.cookie }), context }));
      expect(list.invitations.map((i) => i.id)).toContain(invitation.id);
    }

    const firstLink = await linkSentTo(context, email, "practice-invitation");
    context.clock.advance(60_000);
    const resent = await callAction(inviteRoute.action, {
      request: postRequest("/practices/invite", { intent: "resend", invitationId: String(invitation.id), returnTo: "/practices/invite?q=oak" }, { cookie: inviter.cookie }),
      context,
    });
    expect(resent.headers.get("Location")).toBe("/practices/invite?q=oak");
    const [afterResend] = await t.db.select().from(practiceInvitations).where(eq(practiceInvitations.id, invitation.id));
    expect(afterResend.lastSentAt.getTime()).toBeGreaterThan(invitation.lastSentAt.getTime());
    const secondLink = await linkSentTo(context, email, "practice-invitation");
    expect(secondLink).not.toBe(firstLink);
    expect((await callLoader(onboardingRoute.loader, { request: getRequest(firstLink), params: { token: tokenOf(firstLink) }, context })).status).toBe(410);

    const token = tokenOf(secondLink);
    const page = await readJson<{ state: string; kind: string; invitation: { practiceName: string; odsCode: string } }>(
      await callLoader(onboardingRoute.loader, { request: getRequest(secondLink), params: { token }, context }),
    );
    expect(page).toMatchObject({ state: "register", kind: "invitation", invitation: { practiceName: "Oakfield Medical Centre", odsCode: "B81001" } });
    const code = `Oak${uniqueWord()}`.replace(/[^A-Za-z0-9]/g, "").slice(0, 30);
    const missingDetails = await callAction(onboardingRoute.action, { request: postRequest(secondLink, { intent: "register", firstName: "Sam", lastName: "Hale", password: KNOWN_PASSWORD }), params: { token }, context });
    expect(missingDetails.status).toBe(400);
    const done = await callAction(onboardingRoute.action, {
      request: postRequest(secondLink, { intent: "register", firstName: "Sam", lastName: "Hale", password: KNOWN_PASSWORD, name: "Oakfield Medical Centre", urlCode: code, odsCode: "B81001", ehrType: "emis", country: "england", ccgId: "" }),
      params: { token },
      context,
    });
    expect(done.status).toBe(303);
    const [practice] = await t.db.select().from(practices).where(eq(practices.urlCode, code));
    expect(practice).toMatchObject({ name: "Oakfield Medical Centre", country: "england", coreHoursCompliance: true });
    const [completed] = await t.db.select().from(practiceInvitations).where(eq(practiceInvitations.id, invitation.id));
    expect(completed.practiceId).toBe(practice.id);
    expect(completed.completedAt).not.toBeNull();
    const cookie = done.headers.get("Set-Cookie")!.split(";")[0];
    expect((await callLoader(completeRoute.loader, { request: getRequest(`/practices/registration-complete/${token}`, { cookie }), params: { token }, context })).status).toBe(200);
  });

  it("deletes after a confirm page: the link dies and the list no longer shows it", async () => {
    const inviter = await advanced();
    const email = `gone.${uniqueWord()}@example.com`;
    await callAction(inviteRoute.action, { request: postRequest("/practices/invite", { email, practiceName: "Gone Surgery" }, { cookie: inviter.cookie }), context });
    const [invitation] = await t.db.select().from(practiceInvitations).where(eq(practiceInvitations.email, email));
    const link = await linkSentTo(context, email, "practice-invitation");
    const path = `/practices/invite/${invitation.id}/delete`;
    const params = { invitationId: String(invitation.id) };
    const confirm = await readJson<{ practiceName: string }>(await callLoader(deleteInvitationRoute.loader, { request: getRequest(path, { cookie: inviter.cookie }), params, context }));
    expect(confirm.practiceName).toBe("Gone Surgery");
    const deleted = await callAction(deleteInvitationRoute.action, { request: postRequest(path, {}, { cookie: inviter.cookie }), params, context });
    expect(deleted.headers.get("Location")).toBe("/practices/invite");
    expect((await callLoader(onboardingRoute.loader, { request: getRequest(link), params: { token: tokenOf(link) }, context })).status).toBe(410);
    expect((await callLoader(deleteInvitationRoute.loader, { request: getRequest(path, { cookie: inviter.cookie }), params, context })).status).toBe(404);
    const audit = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "practice_invitation.deleted"), eq(auditEvents.subjectId, String(invitation.id))));
    expect(audit).toHaveLength(1);
    const [live] = await t.db.select().from(authTokens).where(and(eq(authTokens.purpose, "practice_invitation"), isNull(authTokens.usedAt), eq(authTokens.email, email)));
    expect(live).toBeUndefined();
  });
});

describe("global notices", () => {
  type Root = { notice: { id: number; title: string } | null };
  const rootData = async (cookie?: string) => readJson<Root>(await callLoader(root.loader, { request: getRequest("/A1/message", { cookie }), context }));

  it("publish to every reader until each dismisses it: a row when signed in, a cookie otherwise", async () => {
    await t.db.update(notices).set({ active: false });
    invalidateShellCache(t.db);
    const admin = await systemAdmin();
    const title = `Planned work ${uniqueWord()}`;
    const bad = await callAction(newNoticeRoute.action, { request: postRequest("/admin/notices/new", { title, body: "", active: "on" }, { cookie: admin.cookie }), context });
    expect(bad.status).toBe(400);
    const created = await callAction(newNoticeRoute.action, { request: postRequest("/admin/notices/new", { title, body: "Slow on Sunday.", active: "on" }, { cookie: admin.cookie }), context });
    expect(created.status).toBe(303);
    const [row] = await t.db.select().from(notices).orderBy(desc(notices.id)).limit(1);

    expect((await rootData()).notice?.title).toBe(title);
    const practice = await makePractice(context);
    const patient = await person("patient", practice.id);
    expect((await rootData(patient)).notice?.id).toBe(row.id);

    const anonymous = await callAction(dismissRoute.action, { request: postRequest("/notices/dismiss", { noticeId: String(row.id), returnTo: "/A1/message?x=1" }), context });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("Location")).toBe("/A1/message?x=1");
    const cookie = setCookie(anonymous, DISMISSED_NOTICES_COOKIE);
    expect(cookie?.value).toBe(String(row.id));
    expect((await rootData(`${DISMISSED_NOTICES_COOKIE}=${cookie?.value}`)).notice).toBeNull();

    const offSite = await callAction(dismissRoute.action, { request: postRequest("/notices/dismiss", { noticeId: String(row.id), returnTo: "//evil.example/" }, { cookie: patient }), context });
    expect(offSite.headers.get("Location")).toBe("/");
    const dismissals = await t.db.select().from(noticeDismissals).where(eq(noticeDismissals.noticeId, row.id));
    expect(dismissals).toHaveLength(1);
    expect((await rootData(patient)).notice).toBeNull();
    expect((await rootData()).notice?.id).toBe(row.id);

    // Deactivated: gone for everyone at once (the shell cache is invalidated).
    const off = await callAction(editNoticeRoute.action, { request: postRequest(`/admin/notices/${row.id}`, { intent: "deactivate" }, { cookie: admin.cookie }), params: { noticeId: String(row.id) }, context });
    expect(off.status).toBe(303);
    expect((await rootData()).notice).toBeNull();
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, String(row.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["notice.created", "notice.deactivated"]));
  });

  it("shows only inside its window, and edits are audited", async () => {
    await t.db.update(notices).set({ active: false });
    invalidateShellCache(t.db);
    const admin = await systemAdmin();
    // The fake clock's today, in the form's DD/MM/YYYY: a window starting tomorrow is not live yet.
    const now = context.clock.now();
    const tomorrow = new Date(now.getTime() + 36 * 3600_000);
    const fmt = (d: Date) => `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
    await callAction(newNoticeRoute.action, { request: postRequest("/admin/notices/new", { title: "Later", body: "Soon.", startsDate: fmt(tomorrow), startsTime: "12:00", active: "on" }, { cookie: admin.cookie }), context });
    const [row] = await t.db.select().from(notices).orderBy(desc(notices.id)).limit(1);
    expect((await rootData()).notice).toBeNull();
    const list = await readJson<{ notices: { id: number; state: string }[] }>(await callLoader(noticesRoute.loader, { request: getRequest("/admin/notices", { cookie: admin.cookie }), context }));
    expect(list.notices.find((n) => n.id === row.id)?.state).toBe("scheduled");
    const edited = await callAction(editNoticeRoute.action, { request: postRequest(`/admin/notices/${row.id}`, { intent: "save", title: "Now", body: "Now.", active: "on" }, { cookie: admin.cookie }), params: { noticeId: String(row.id) }, context });
    expect(edited.status).toBe(303);
    expect((await rootData()).notice?.title).toBe("Now");
    const [audit] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "notice.updated"), eq(auditEvents.subjectId, String(row.id))));
    expect(audit.detail).toMatchObject({ title: "changed" });
    await t.db.update(notices).set({ active: false });
    invalidateShellCache(t.db);
    expect((await callLoader(editNoticeRoute.loader, { request: getRequest("/admin/notices/999999", { cookie: admin.cookie }), params: { noticeId: "999999" }, context })).status).toBe(404);
  });
});

describe("global settings and maintenance mode", () => {
  const settingsForm = (extra: Record<string, string> = {}) => ({ maximumPatientAge: "111", videoEnabled: "on", ...extra });

  it("saves the settings and audits before → after", async () => {
    const admin = await systemAdmin();
    const saved = await callAction(settingsRoute.action, {
      request: postRequest("/admin/settings", settingsForm({ videoEnabled: "", healthHubUrl: "https://hub.example.nhs.uk", allowedTimeStart: "07:00", allowedTimeEnd: "22:00" }), { cookie: admin.cookie }),
      context,
    });
    expect(saved.status).toBe(303);
    const [row] = await t.db.select().from(globalSettings);
    expect(row).toMatchObject({ videoEnabled: false, healthHubUrl: "https://hub.example.nhs.uk", allowedTimeStart: "07:00:00" });
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "global_settings.updated")).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit.actorUserId).toBe(admin.user.id);
    expect(audit.detail).toMatchObject({ videoEnabled: "true → false", healthHubUrl: " → https://hub.example.nhs.uk" });
    const refused = await callAction(settingsRoute.action, { request: postRequest("/admin/settings", settingsForm({ healthHubUrl: "http://x" }), { cookie: admin.cookie }), context });
    expect(refused.status).toBe(400);
    await callAction(settingsRoute.action, { request: postRequest("/admin/settings", settingsForm(), { cookie: admin.cookie }), context });
  });

  it("gives everyone but system admins the 503 maintenance page, keeps sign-in open, and an admin turns it off", async () => {
    const admin = await systemAdmin();
    const practice = await makePractice(context);
    const patient = await person("patient", practice.id);
    const on = await callAction(settingsRoute.action, { request: postRequest("/admin/settings", settingsForm({ maintenanceMode: "on", maintenanceMessage: "Back at 6pm." }), { cookie: admin.cookie }), context });
    expect(on.status).toBe(303);
    try {
      const rootLoader = guardLoader(root.loader as never);
      for (const cookie of [undefined, patient]) {
        const closed = await callLoader(rootLoader, { request: getRequest("/A1/message", { cookie }), context });
        expect(closed.status).toBe(503);
        expect(closed.headers.get("Retry-After")).toBe("300");
        expect(await closed.json()).toMatchObject({ kind: "maintenance", message: "Back at 6pm." });
      }
      // Actions too (a patient's post), but not the system admin's.
      const post = await callAction(guardAction("routes/notices.dismiss", dismissRoute.action as never), { request: postRequest("/notices/dismiss", { noticeId: "1" }, { cookie: patient, csrf: context }), context });
      expect(post.status).toBe(503);
      expect((await callLoader(guardLoader(loginRoute.loader as never), { request: getRequest("/login"), context })).status).toBe(200);
      expect((await callLoader(guardLoader(settingsRoute.loader as never), { request: getRequest("/admin/settings", { cookie: admin.cookie }), context })).status).toBe(200);
      const off = await callAction(guardAction("routes/admin.settings", settingsRoute.action as never), {
        request: postRequest("/admin/settings", settingsForm(), { cookie: admin.cookie, csrf: context }),
        context,
      });
      expect(off.status).toBe(303);
      expect((await callLoader(rootLoader, { request: getRequest("/A1/message"), context })).status).toBe(200);
    } finally {
      await t.db.update(globalSettings).set({ maintenanceMode: false });
      invalidateShellCache(t.db);
    }
  });
});
