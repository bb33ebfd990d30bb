/**
 * Staff administration (issue "administration", decision 0075) through the routes, on a real
 * database: manage staff (invite, resend, cancel, register from the link, remove a role), add a
 * staff role to oneself, the patient-facing name, notification settings and feature consents,
 * each guarded for every role.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, issueTypes, practiceMemberships, practices, staffNotificationSettings, users } from "~/db/schema";
import { hasConsent } from "~/domain/practices/consents.server";
import { CONSENT_MESSAGES } from "~/domain/practices/consents";
import { AWAITING_RESPONSE, MY_INBOX, UNASSIGNED } from "~/domain/staff/notification-settings";
import { PATIENT_FACING_NAME_MESSAGES } from "~/domain/staff/patient-facing-name";
import { STAFF_MESSAGES } from "~/domain/staff/staff-admin";
import { loadConversation } from "~/domain/requests/conversation.server";
import { replyToPatient } from "~/domain/inbox/reply.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { staffPractice } from "../../../tests/support/inbox-fixtures";
import { makeEntry, signedInPatient } from "../../../tests/support/request-fixtures";
import { linkSentTo, messagesTo, tokenOf, uniqueWord } from "../../../tests/support/registration-fixtures";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as manageStaffRoute from "./practice.$practiceCode.manage-staff";
import * as removeRoute from "./practice.$practiceCode.manage-staff_.remove.$userId.$role";
import * as staffRegisterRoute from "./practice.$practiceCode.register.staff.$token";
import * as addStaffRoleRoute from "./$practiceCode.add-staff-role";
import * as pfnRoute from "./$practiceCode.patient-facing-name";
import * as notificationRoute from "./$practiceCode.notification-settings.$userId";
import * as notificationConfirmRoute from "./$practiceCode.notification-settings.$userId_.confirm";
import * as notificationIndexRoute from "./$practiceCode.notification-settings._index";
import * as countRoute from "../inboxes/$practiceCode.inboxes.count";
import * as consentRoute from "./practices.$practiceCode.consents.$feature";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

type Args = Parameters<typeof callLoader>[1];
const nhsEmail = () => `invited.${uniqueWord()}@nhs.net`;

/** A practice with its staff and admin, another practice's admin, a patient and a system admin. */
async function world(settings: Partial<typeof practices.$inferInsert> = {}) {
  const here = await staffPractice(context);
  if (Object.keys(settings).length) await t.db.update(practices).set(settings).where(eq(practices.id, here.practice.id));
  const elsewhere = await staffPractice(context);
  const patient = await signedInPatient(context, here.practice.id);
  const admin = await makeUser(context, { globalRoles: ["admin"] });
  const adminCookie = (await signInAs(context, admin.id)).cookie;
  const cookies = {
    anonymous: undefined,
    patient: patient.cookie,
    gp: here.gp.cookie,
    receptionist: here.receptionist.cookie,
    practiceAdmin: here.practiceAdmin.cookie,
    otherPracticeAdmin: elsewhere.practiceAdmin.cookie,
    admin: adminCookie,
  } as Record<string, string | undefined>;
  return { here, elsewhere, patient, admin, cookies, code: here.practice.urlCode };
}

function get(path: string, params: Record<string, string>, cookie?: string): Args {
  return { request: getRequest(path, { cookie }), params, context };
}
function post(path: string, params: Record<string, string>, fields: Record<string, string | string[]>, cookie?: string): Args {
  return { request: postRequest(path, fields, { cookie, csrf: context }), params, context };
}

/** Where a refused request goes: sign-in, permission-denied (with its code), or 404. */
function outcome(response: Response): string {
  if (response.status === 404) return "404";
  const location = response.headers.get("Location") ?? "";
  if (/\/login\?/.test(location)) return "login";
  if (location.includes("permission-denied")) return location.includes("error_code=") ? `denied:${new URL(location, "http://x").searchParams.get("error_code")}` : "denied";
  return String(response.status);
}

/** What each person of the world gets from a page: its loader's outcome, by role. */
async function whoGets(w: { cookies: Record<string, string | undefined> }, loader: Parameters<typeof callLoader>[0], path: string, params: Record<string, string>) {
  const results: Record<string, string> = {};
  for (const [role, cookie] of Object.entries(w.cookies)) results[role] = outcome(await callLoader(loader, get(path, params, cookie)));
  return results;
}

/** The outcome table of a page only the named roles may open: visitors sign in, others denied. */
function openTo(...roles: string[]): Record<string, string> {
  const table: Record<string, string> = {};
  for (const role of ["anonymous", "patient", "gp", "receptionist", "practiceAdmin", "otherPracticeAdmin", "admin"]) {
    table[role] = roles.includes(role) ? "200" : role === "anonymous" ? "login" : "denied";
  }
  return table;
}

async function auditActions(practiceId: number) {
  return (await t.db.select().from(auditEvents).where(eq(auditEvents.practiceId, practiceId))).map((a) => a.action);
}

describe("manage staff", () => {
  it("guards every role: this practice's admin and the system admin only", async () => {
    const w = await world();
    const path = `/practice/${w.code}/manage-staff`;
    const results: Record<string, string> = {};
    for (const [role, cookie] of Object.entries(w.cookies)) {
      results[role] = outcome(await callLoader(manageStaffRoute.loader, get(path, { practiceCode: w.code }, cookie)));
      const posted = outcome(await callAction(manageStaffRoute.action, post(path, { practiceCode: w.code }, { intent: "invite" }, cookie)));
      expect(posted === results[role] || (results[role] === "200" && posted === "400")).toBe(true);
    }
    expect(results).toEqual(openTo("practiceAdmin", "admin"));
  });

  it("lists staff with their roles; invites a receptionist, who registers once from the e-mail and lands in the inbox", async () => {
    const w = await world();
    const path = `/practice/${w.code}/manage-staff`;
    const params = { practiceCode: w.code };
    const email = nhsEmail();

    const before = await readJson<{ staff: { email: string; roleLabel: string }[] }>(await callLoader(manageStaffRoute.loader, get(path, params, w.cookies.practiceAdmin)));
    expect(before.staff.map((s) => s.roleLabel)).toEqual(["Practice admin", "GP", "Receptionist"]);

    const sent = await callAction(manageStaffRoute.action, post(path, params, { intent: "invite", email, role: "receptionist" }, w.cookies.practiceAdmin));
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(path);
    const list = await readJson<{ invitations: { email: string; roleLabel: string; expired: boolean }[] }>(
      await callLoader(manageStaffRoute.loader, get(path, params, w.cookies.practiceAdmin)),
    );
    expect(list.invitations).toEqual([expect.objectContaining({ email, roleLabel: "Receptionist", expired: false })]);

    const link = await linkSentTo(context, email, "staff-invitation");
    const token = tokenOf(link);
    const fields = { intent: "register", firstName: "Rita", lastName: "Reception", password: "Staff-password-2026" };
    const registered = await callAction(staffRegisterRoute.action, { request: postRequest(link, fields), params: { practiceCode: w.code, token }, context });
    expect(registered.status).toBe(303);
    expect(registered.headers.get("Location")).toBe(`/${w.code}/inbox`);
    // Single use: the same link again is dead.
    const again = await callAction(staffRegisterRoute.action, { request: postRequest(link, fields), params: { practiceCode: w.code, token }, context });
    expect(again.status).toBe(410);

    const after = await readJson<{ staff: { email: string; roleLabel: string }[]; invitations: unknown[] }>(
      await callLoader(manageStaffRoute.loader, get(path, params, w.cookies.practiceAdmin)),
    );
    expect(after.staff).toContainEqual(expect.objectContaining({ email, roleLabel: "Receptionist" }));
    expect(after.invitations).toEqual([]);
    expect(await auditActions(w.here.practice.id)).toEqual(expect.arrayContaining(["staff.invited", "staff.registered"]));
  });

  it("refuses an address outside the NHS, and someone who already holds the role", async () => {
    const w = await world();
    const path = `/practice/${w.code}/manage-staff`;
    const params = { practiceCode: w.code };
    const gmail = await callAction(manageStaffRoute.action, post(path, params, { intent: "invite", email: "someone@gmail.com", role: "gp" }, w.cookies.practiceAdmin));
    expect(gmail.status).toBe(400);
    const [gp] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, w.here.gp.id));
    const twice = await callAction(manageStaffRoute.action, post(path, params, { intent: "invite", email: gp.email, role: "gp" }, w.cookies.practiceAdmin));
    expect(twice.status).toBe(400);
    expect(JSON.stringify(await twice.json())).toContain(STAFF_MESSAGES.alreadyMember("gp"));
    expect(await messagesTo(context, gp.email, "staff-invitation")).toHaveLength(0);
  });

  it("resend kills the old link and sends a new one; cancel kills it; another practice's admin cannot touch them", async () => {
    const w = await world();
    const path = `/practice/${w.code}/manage-staff`;
    const params = { practiceCode: w.code };
    const email = nhsEmail();
    await callAction(manageStaffRoute.action, post(path, params, { intent: "invite", email, role: "gp" }, w.cookies.practiceAdmin));
    const firstToken = tokenOf(await linkSentTo(context, email, "staff-invitation"));
    const [{ id }] = (await readJson<{ invitations: { id: string }[] }>(await callLoader(manageStaffRoute.loader, get(path, params, w.cookies.practiceAdmin)))).invitations;

    // Another practice's admin, at their own practice's address: not theirs (409, nothing changes).
    const elsewhereCode = w.elsewhere.practice.urlCode;
    const foreign = await callAction(
      manageStaffRoute.action,
      post(`/practice/${elsewhereCode}/manage-staff`, { practiceCode: elsewhereCode }, { intent: "cancel", invitationId: id }, w.cookies.otherPracticeAdmin),
    );
    expect(foreign.status).toBe(409);

    const resent = await callAction(manageStaffRoute.action, post(path, params, { intent: "resend", invitationId: id }, w.cookies.practiceAdmin));
    expect(resent.status).toBe(303);
    const secondToken = tokenOf(await linkSentTo(context, email, "staff-invitation"));
    expect(secondToken).not.toBe(firstToken);
    const staffPage = (token: string) => callLoader(staffRegisterRoute.loader, get(`/practice/${w.code}/register/staff/${token}`, { practiceCode: w.code, token }));
    expect((await staffPage(firstToken)).status).toBe(410);
    expect((await staffPage(secondToken)).status).toBe(200);

    const [{ id: newId }] = (await readJson<{ invitations: { id: string }[] }>(await callLoader(manageStaffRoute.loader, get(path, params, w.cookies.practiceAdmin)))).invitations;
    const cancelled = await callAction(manageStaffRoute.action, post(path, params, { intent: "cancel", invitationId: newId }, w.cookies.practiceAdmin));
    expect(cancelled.status).toBe(303);
    expect((await staffPage(secondToken)).status).toBe(410);
    const twice = await callAction(manageStaffRoute.action, post(path, params, { intent: "cancel", invitationId: newId }, w.cookies.practiceAdmin));
    expect(twice.status).toBe(409);
    expect(await auditActions(w.here.practice.id)).toEqual(expect.arrayContaining(["staff.invitation_resent", "staff.invitation_cancelled"]));
  });

  it("expired links stop working after 7 days and show as expired", async () => {
    const w = await world();
    const path = `/practice/${w.code}/manage-staff`;
    const email = nhsEmail();
    await callAction(manageStaffRoute.action, post(path, { practiceCode: w.code }, { intent: "invite", email, role: "gp" }, w.cookies.practiceAdmin));
    const token = tokenOf(await linkSentTo(context, email, "staff-invitation"));
    context.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    const page = await callLoader(staffRegisterRoute.loader, get(`/practice/${w.code}/register/staff/${token}`, { practiceCode: w.code, token }));
    expect(page.status).toBe(410);
    const cookie = (await signInAs(context, w.here.practiceAdmin.id)).cookie;
    const list = await readJson<{ invitations: { email: string; expired: boolean }[] }>(await callLoader(manageStaffRoute.loader, get(path, { practiceCode: w.code }, cookie)));
    expect(list.invitations).toEqual([expect.objectContaining({ email, expired: true })]);
  });
});

describe("removing a role", () => {
  it("has a confirm page; removes the role, audited; 404 for a role not held or another practice's person", async () => {
    const w = await world();
    const params = (userId: number, role: string) => ({ practiceCode: w.code, userId: String(userId), role });
    const path = (userId: number, role: string) => `/practice/${w.code}/manage-staff/remove/${userId}/${role}`;
    const receptionist = w.here.receptionist.id;

    const page = await callLoader(removeRoute.loader, get(path(receptionist, "receptionist"), params(receptionist, "receptionist"), w.cookies.practiceAdmin));
    expect(page.status).toBe(200);
    expect((await callLoader(removeRoute.loader, get(path(receptionist, "gp"), params(receptionist, "gp"), w.cookies.practiceAdmin))).status).toBe(404);
    const foreigner = w.elsewhere.gp.id;
    expect((await callLoader(removeRoute.loader, get(path(foreigner, "gp"), params(foreigner, "gp"), w.cookies.practiceAdmin))).status).toBe(404);
    for (const role of ["gp", "otherPracticeAdmin", "patient"]) {
      const refused = await callAction(removeRoute.action, post(path(receptionist, "receptionist"), params(receptionist, "receptionist"), {}, w.cookies[role]));
      expect(outcome(refused)).toBe("denied");
    }

    const removed = await callAction(removeRoute.action, post(path(receptionist, "receptionist"), params(receptionist, "receptionist"), {}, w.cookies.practiceAdmin));
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe(`/practice/${w.code}/manage-staff`);
    const left = await t.db.select().from(practiceMemberships).where(and(eq(practiceMemberships.userId, receptionist), eq(practiceMemberships.practiceId, w.here.practice.id)));
    expect(left).toHaveLength(0);
    const [row] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "staff.role_removed"), eq(auditEvents.practiceId, w.here.practice.id)));
    expect(row).toMatchObject({ actorUserId: w.here.practiceAdmin.id, subjectId: String(receptionist), detail: { role: "receptionist", before: "receptionist", after: "none" } });
    // The removed receptionist's session no longer opens the inbox.
    const count = await callLoader(countRoute.loader, get(`/${w.code}/inboxes/count`, { practiceCode: w.code }, w.cookies.receptionist));
    expect(outcome(count)).toBe("denied");
  });

  it("refuses an admin's own last practice admin role, and allows it when another admin remains", async () => {
    const w = await world();
    const me = w.here.practiceAdmin.id;
    const path = `/practice/${w.code}/manage-staff/remove/${me}/practice_admin`;
    const params = { practiceCode: w.code, userId: String(me), role: "practice_admin" };
    const page = await readJson<{ refusal: string | null }>(await callLoader(removeRoute.loader, get(path, params, w.cookies.practiceAdmin)));
    expect(page.refusal).toBe(STAFF_MESSAGES.lastOwnAdminRole);
    const refused = await callAction(removeRoute.action, post(path, params, {}, w.cookies.practiceAdmin));
    expect(refused.status).toBe(409);

    await makeUser(context, { memberships: [{ practiceId: w.here.practice.id, role: "practice_admin" }] });
    const removed = await callAction(removeRoute.action, post(path, params, {}, w.cookies.practiceAdmin));
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe("/practices");
  });
});

describe("add staff role", () => {
  it("a practice admin without a staff role becomes a receptionist and lands in the inbox; audited", async () => {
    const w = await world();
    const path = `/${w.code}/add-staff-role`;
    const params = { practiceCode: w.code };
    const results = await whoGets(w, addStaffRoleRoute.loader, path, params);
    expect(results).toEqual(openTo("practiceAdmin"));
    expect((await callAction(addStaffRoleRoute.action, post(path, params, {}, w.cookies.practiceAdmin))).status).toBe(400);
    const added = await callAction(addStaffRoleRoute.action, post(path, params, { role: "receptionist" }, w.cookies.practiceAdmin));
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe(`/${w.code}/inbox`);
    expect(await auditActions(w.here.practice.id)).toContain("staff.own_role_added");
    // Now they have a staff role: the guard refuses with has_staff_role.
    expect(outcome(await callLoader(addStaffRoleRoute.loader, get(path, params, w.cookies.practiceAdmin)))).toBe("denied:has_staff_role");
    expect(outcome(await callAction(addStaffRoleRoute.action, post(path, params, { role: "gp" }, w.cookies.practiceAdmin)))).toBe("denied:has_staff_role");
  });

  it("a practice admin who is also a GP there is refused with has_staff_role", async () => {
    const w = await world();
    const both = await makeUser(context, {
      memberships: [
        { practiceId: w.here.practice.id, role: "practice_admin" },
        { practiceId: w.here.practice.id, role: "gp" },
      ],
    });
    const cookie = (await signInAs(context, both.id)).cookie;
    expect(outcome(await callLoader(addStaffRoleRoute.loader, get(`/${w.code}/add-staff-role`, { practiceCode: w.code }, cookie)))).toBe("denied:has_staff_role");
  });
});

describe("patient-facing name", () => {
  it("is for GPs and receptionists; 1 character is refused, 2 saved; patients see it, staff the real name", async () => {
    const w = await world();
    const path = `/${w.code}/patient-facing-name`;
    const params = { practiceCode: w.code };
    const results = await whoGets(w, pfnRoute.loader, path, params);
    expect(results).toEqual(openTo("gp", "receptionist"));

    const short = await callAction(pfnRoute.action, post(path, params, { name: "R" }, w.cookies.receptionist));
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toContain(PATIENT_FACING_NAME_MESSAGES.length);
    const saved = await callAction(pfnRoute.action, post(path, params, { name: " Reception team " }, w.cookies.receptionist));
    expect(saved.status).toBe(303);
    const page = await readJson<{ name: string }>(await callLoader(pfnRoute.loader, get(path, params, w.cookies.receptionist)));
    expect(page.name).toBe("Reception team");
    expect(await auditActions(w.here.practice.id)).toContain("staff.patient_facing_name_updated");

    // A reply from the receptionist: the patient's conversation names the patient-facing name.
    const entry = await makeEntry(context, { practiceId: w.here.practice.id, patientId: w.patient.patientId, userId: w.patient.userId, stage: "submitted" });
    const replied = await replyToPatient(context, { userId: w.here.receptionist.id, practiceId: w.here.practice.id }, { entryId: entry.id, version: null, body: "Your letter is ready.", origin: "http://localhost" });
    expect(replied.status).toBe("ok");
    const conversation = await loadConversation(context, entry);
    expect(conversation.messages.filter((m) => m.from === "practice").map((m) => m.author)).toEqual([`Reception team, ${w.here.practice.name}`]);
  });
});

describe("notification settings", () => {
  it("one's own, or a staff member's for their practice admin or a system admin; only with notifications on", async () => {
    const w = await world({ notificationSetting: true });
    const gpId = w.here.gp.id;
    const path = `/${w.code}/notification-settings/${gpId}`;
    const params = { practiceCode: w.code, userId: String(gpId) };
    const results = await whoGets(w, notificationRoute.loader, path, params);
    expect(results).toEqual(openTo("gp", "practiceAdmin", "admin"));
    // Someone not on the practice's staff: 404.
    const stranger = w.elsewhere.gp.id;
    expect(outcome(await callLoader(notificationRoute.loader, get(`/${w.code}/notification-settings/${stranger}`, { practiceCode: w.code, userId: String(stranger) }, w.cookies.practiceAdmin)))).toBe("404");
    // The menu's address: one's own page.
    const own = await callLoader(notificationIndexRoute.loader, get(`/${w.code}/notification-settings`, { practiceCode: w.code }, w.cookies.gp));
    expect(own.headers.get("Location")).toBe(path);

    const off = await world();
    const offPath = `/${off.code}/notification-settings/${off.here.gp.id}`;
    expect(outcome(await callLoader(notificationRoute.loader, get(offPath, { practiceCode: off.code, userId: String(off.here.gp.id) }, off.cookies.gp)))).toBe("404");
  });

  it("saves the ticked inboxes; turning My Inbox off asks first; the count follows the settings", async () => {
    const w = await world({ notificationSetting: true });
    const me = w.here.gp.id;
    const path = `/${w.code}/notification-settings/${me}`;
    const params = { practiceCode: w.code, userId: String(me) };
    const data = await readJson<{ sections: { section: string; inboxes: { name: string; enabled: boolean }[] }[] }>(await callLoader(notificationRoute.loader, get(path, params, w.cookies.gp)));
    expect(data.sections[0].inboxes).toEqual([{ name: MY_INBOX, enabled: true }]);
    const count = async () => (await readJson<{ count: number | null }>(await callLoader(countRoute.loader, get(`/${w.code}/inboxes/count`, { practiceCode: w.code }, w.cookies.gp)))).count;
    expect(await count()).toBe(0);

    const unconfirmed = await callAction(notificationRoute.action, post(path, params, { inbox: [UNASSIGNED] }, w.cookies.gp));
    expect(unconfirmed.status).toBe(303);
    expect(unconfirmed.headers.get("Location")).toBe(`/${w.code}/notification-settings/${me}/confirm?inbox=Unassigned`);
    expect(await t.db.select().from(staffNotificationSettings).where(eq(staffNotificationSettings.userId, me))).toHaveLength(0);
    const confirmPage = await readJson<{ ticked: string[] }>(
      await callLoader(notificationConfirmRoute.loader, { request: getRequest(`${path}/confirm?inbox=Unassigned&inbox=Invented`, { cookie: w.cookies.gp }), params, context }),
    );
    expect(confirmPage.ticked).toEqual([UNASSIGNED]);

    // As the confirm page posts it: inbox[0], inbox[1], ….
    const confirmed = await callAction(notificationRoute.action, post(path, params, { "inbox[0]": UNASSIGNED, confirmed: "yes" }, w.cookies.gp));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(path);
    const saved = new Map((await t.db.select().from(staffNotificationSettings).where(eq(staffNotificationSettings.userId, me))).map((r) => [r.inboxName, r.enabled]));
    expect(saved.get(MY_INBOX)).toBe(false);
    expect(saved.get(UNASSIGNED)).toBe(true);
    expect(await auditActions(w.here.practice.id)).toContain("staff.notification_settings_updated");

    // Nothing chosen: the count is null (notifications not set up).
    await callAction(notificationRoute.action, post(path, params, {}, w.cookies.gp));
    expect(await count()).toBeNull();
  });
});

describe("the inbox count with notifications on", () => {
  it("counts each request once in the inboxes chosen, issue-type inboxes included", async () => {
    const w = await world({ notificationSetting: true });
    const me = w.here.gp.id;
    const path = `/${w.code}/notification-settings/${me}`;
    const params = { practiceCode: w.code, userId: String(me) };
    await makeEntry(context, { practiceId: w.here.practice.id, patientId: w.patient.patientId, userId: w.patient.userId, stage: "submitted", issueTypeId: 4 });
    const [type] = await t.db.select({ name: issueTypes.name }).from(issueTypes).where(eq(issueTypes.id, 4));
    const count = async () => (await readJson<{ count: number | null }>(await callLoader(countRoute.loader, get(`/${w.code}/inboxes/count`, { practiceCode: w.code }, w.cookies.gp)))).count;
    const choose = (inbox: string[]) => callAction(notificationRoute.action, post(path, params, { inbox, confirmed: "yes" }, w.cookies.gp));
    expect(await count()).toBe(1);
    await choose([type.name]);
    expect(await count()).toBe(1);
    await choose([UNASSIGNED, type.name, MY_INBOX]);
    expect(await count()).toBe(1);
    await choose([AWAITING_RESPONSE]);
    expect(await count()).toBe(0);
  });
});

describe("feature consents", () => {
  it("this practice's admin or a system admin; agreeing records who and when; withdrawing switches the feature off", async () => {
    const w = await world({ bulkMessagingEnabled: true });
    const path = `/practices/${w.code}/consents/bulk_messaging`;
    const params = { practiceCode: w.code, feature: "bulk_messaging" };
    const results = await whoGets(w, consentRoute.loader, path, params);
    expect(results).toEqual(openTo("practiceAdmin", "admin"));
    expect(outcome(await callLoader(consentRoute.loader, get(`/practices/${w.code}/consents/teleport`, { practiceCode: w.code, feature: "teleport" }, w.cookies.practiceAdmin)))).toBe("404");

    const unticked = await callAction(consentRoute.action, post(path, params, { intent: "agree" }, w.cookies.practiceAdmin));
    expect(unticked.status).toBe(400);
    expect(JSON.stringify(await unticked.json())).toContain(CONSENT_MESSAGES.agreeRequired);
    expect(await hasConsent(t.db, w.here.practice.id, "bulk_messaging")).toBe(false);

    expect((await callAction(consentRoute.action, post(path, params, { intent: "agree", agree: "yes" }, w.cookies.practiceAdmin))).status).toBe(303);
    expect(await hasConsent(t.db, w.here.practice.id, "bulk_messaging")).toBe(true);
    const page = await readJson<{ state: string; consent: { agreedBy: string } }>(await callLoader(consentRoute.loader, get(path, params, w.cookies.admin)));
    expect(page.state).toBe("agreed");
    const [pa] = await t.db.select().from(users).where(eq(users.id, w.here.practiceAdmin.id));
    expect(page.consent.agreedBy).toBe(`${pa.firstName} ${pa.lastName}`);

    expect((await callAction(consentRoute.action, post(path, params, { intent: "withdraw", understood: "yes" }, w.cookies.practiceAdmin))).status).toBe(303);
    expect(await hasConsent(t.db, w.here.practice.id, "bulk_messaging")).toBe(false);
    const [practice] = await t.db.select().from(practices).where(eq(practices.id, w.here.practice.id));
    expect(practice.bulkMessagingEnabled).toBe(false);
    expect((await callAction(consentRoute.action, post(path, params, { intent: "withdraw", understood: "yes" }, w.cookies.practiceAdmin))).status).toBe(409);
    expect(await auditActions(w.here.practice.id)).toEqual(expect.arrayContaining(["practice.consent_agreed", "practice.consent_withdrawn"]));
  });
});
