/**
 * Practice administration (issue "administration"): /practices/edit/{code}, /practices and
 * /ccg-portal through their loaders and actions, against a real database; the core-hours rule
 * (decision 0074) as the settings page refuses and as patients then see the request form.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, ccgs, exceptionalClosures, openingHours, practiceConsents, practices, users } from "~/db/schema";
import { CONSENT_TERMS } from "~/domain/practices/consents";
import { CORE_HOURS_MESSAGES } from "~/domain/practices/core-hours";
import { WEEKDAYS } from "~/domain/practices/opening-hours";
import { SETTINGS_MESSAGES } from "~/domain/practices/settings";
import { londonInstant } from "~/domain/requests/demand";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { makePractice, makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as ccgRoute from "../reports/ccg-portal._index";
import * as messageRoute from "../requests/$practiceCode.message._index";
import * as editRoute from "./practices.edit.$practiceCode";
import * as practicesRoute from "./practices._index";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
// Wednesday 25 November 2026, 10:00 in London (GMT).
const WEDNESDAY_10 = londonInstant("2026-11-25", "10:00");

type World = Awaited<ReturnType<typeof buildWorld>>;
let w: World;

async function buildWorld() {
  const here = await makePractice(context);
  const elsewhere = await makePractice(context);
  const aitesting = (await context.db.select().from(practices).where(eq(practices.urlCode, "aitesting")))[0] ??
    (await context.db.insert(practices).values({ name: "AI testing", urlCode: "aitesting" }).returning())[0];
  const [group] = await context.db.insert(ccgs).values({ name: "Test ICB" }).returning();
  await context.db.update(practices).set({ ccgId: group.id }).where(eq(practices.id, here.id));
  const cookie = async (user: { id: number }) => (await signInAs(context, user.id)).cookie;
  const patientUser = await makeUser(context, { patientAt: here.id });
  const gp = await makeUser(context, { memberships: [{ practiceId: here.id, role: "gp" }] });
  const receptionist = await makeUser(context, { memberships: [{ practiceId: here.id, role: "receptionist" }] });
  const padmin = await makeUser(context, { memberships: [{ practiceId: here.id, role: "practice_admin" }] });
  const otherAdmin = await makeUser(context, { memberships: [{ practiceId: elsewhere.id, role: "practice_admin" }] });
  const admin = await makeUser(context, { globalRoles: ["admin"] });
  const advanced = await makeUser(context, { globalRoles: ["advanced"] });
  const ccg = await makeUser(context, { globalRoles: ["ccg_admin"] });
  await context.db.update(users).set({ ccgId: group.id }).where(eq(users.id, ccg.id));
  return {
    here,
    elsewhere,
    aitesting,
    group,
    ids: { padmin: padmin.id, admin: admin.id },
    cookies: {
      anonymous: "",
      patient: await cookie(patientUser),
      gp: await cookie(gp),
      receptionist: await cookie(receptionist),
      padmin: await cookie(padmin),
      otherAdmin: await cookie(otherAdmin),
      admin: await cookie(admin),
      advanced: await cookie(advanced),
      ccg: await cookie(ccg),
    },
  };
}

beforeAll(async () => {
  context.clock.set(WEDNESDAY_10);
  w = await buildWorld();
});

type Reply = { intent: string | null; lastResult?: { error?: Record<string, string[]> } };
type Role = keyof World["cookies"];

const editPath = (code: string) => `/practices/edit/${code}`;
function loadEdit(code: string, who: Role) {
  return callLoader(editRoute.loader, { request: getRequest(editPath(code), { cookie: w.cookies[who] }), params: { practiceCode: code }, context });
}
function post(code: string, who: Role, fields: Record<string, string>) {
  return callAction(editRoute.action, {
    request: postRequest(editPath(code), fields, { cookie: w.cookies[who], csrf: context }),
    params: { practiceCode: code },
    context,
  });
}
const outcome = (r: Response) => {
  if (r.status === 200) return "ok";
  const to = r.headers.get("Location") ?? "";
  if (to.includes("/login")) return "login";
  if (to.includes("permission-denied")) return "denied";
  if (r.status === 404) return "404";
  if (r.status >= 300 && r.status < 400) return "redirect";
  return String(r.status);
};

function hoursForm(change: Record<string, string> = {}) {
  const fields: Record<string, string> = { intent: "opening-hours" };
  for (const day of WEEKDAYS) {
    if (day === "saturday" || day === "sunday") fields[`${day}Closed`] = "on";
    else {
      fields[`${day}Opens`] = "08:00";
      fields[`${day}Closes`] = "18:30";
    }
  }
  return { ...fields, ...change };
}

async function settingAudits(practiceId: number, field: string) {
  const rows = await t.db.select().from(auditEvents).where(and(eq(auditEvents.practiceId, practiceId), eq(auditEvents.action, "practice.setting_changed")));
  return rows.filter((r) => (r.detail as Record<string, unknown>)?.field === field).map((r) => ({ actor: r.actorUserId, ...(r.detail as Record<string, unknown>) }));
}

describe("who may open the settings page (edit_practice)", () => {
  const expected: Record<Role, string> = {
    anonymous: "login",
    patient: "denied",
    gp: "denied",
    receptionist: "denied",
    padmin: "ok",
    otherAdmin: "denied",
    admin: "ok",
    advanced: "denied",
    ccg: "denied",
  };
  it.each(Object.entries(expected) as [Role, string][])("%s: %s (loader and action)", async (who, answer) => {
    expect(outcome(await loadEdit(w.here.urlCode, who))).toBe(answer);
    const posted = await post(w.here.urlCode, who, { intent: "idle-timeout", idleTimeout: "15" });
    expect(answer === "ok" ? posted.status : outcome(posted)).toBe(answer === "ok" ? 303 : answer);
  });

  it("is never open for the AI-testing practice, not even to a system admin", async () => {
    expect(outcome(await loadEdit(w.aitesting.urlCode, "admin"))).toBe("denied");
    expect(outcome(await post(w.aitesting.urlCode, "admin", { intent: "idle-timeout", idleTimeout: "" }))).toBe("denied");
  });

  it("is page-not-found for an unknown practice code", async () => {
    expect((await loadEdit("nosuchpractice", "admin")).status).toBe(404);
  });
});

describe("saving a section", () => {
  it("saves the idle timeout and audits who changed what, before and after", async () => {
    const response = await post(w.here.urlCode, "padmin", { intent: "idle-timeout", idleTimeout: "20" });
    expect(response.status).toBe(303);
    const [row] = await t.db.select().from(practices).where(eq(practices.id, w.here.id));
    expect(row.idleTimeout).toBe(20);
    expect(await settingAudits(w.here.id, "idleTimeout")).toContainEqual({ actor: w.ids.padmin, section: "idle-timeout", field: "idleTimeout", before: 15, after: 20 });
    // Empty means never; 1 is refused (the database's rule too).
    expect((await post(w.here.urlCode, "padmin", { intent: "idle-timeout", idleTimeout: "1" })).status).toBe(400);
    expect((await post(w.here.urlCode, "padmin", { intent: "idle-timeout" })).status).toBe(303);
    expect((await t.db.select().from(practices).where(eq(practices.id, w.here.id)))[0].idleTimeout).toBeNull();
  });

  it("refuses url and ODS codes with symbols or spaces, and a code another practice has", async () => {
    const details = { intent: "details", name: "Renamed Surgery", urlCode: "bad code!", odsCode: "Y1-23" };
    const refused = await readJson<Reply>(await post(w.here.urlCode, "padmin", details));
    expect(refused.intent).toBe("details");
    expect(refused.lastResult?.error?.urlCode).toEqual([SETTINGS_MESSAGES.codeFormat]);
    expect(refused.lastResult?.error?.odsCode).toEqual([SETTINGS_MESSAGES.odsFormat]);
    const taken = await post(w.here.urlCode, "padmin", { ...details, urlCode: w.elsewhere.urlCode.toUpperCase(), odsCode: "" });
    expect(taken.status).toBe(400);
    expect((await readJson<Reply>(taken)).lastResult?.error?.urlCode).toEqual([SETTINGS_MESSAGES.codeTaken]);
    const reserved = await post(w.here.urlCode, "padmin", { ...details, urlCode: "admin", odsCode: "" });
    expect((await readJson<Reply>(reserved)).lastResult?.error?.urlCode).toEqual([SETTINGS_MESSAGES.codeReserved]);
  });

  it("follows a new url code to the new code's page, and audits the change", async () => {
    const oldCode = w.here.urlCode;
    const newCode = `${oldCode}x`;
    const response = await post(oldCode, "padmin", { intent: "details", name: w.here.name, urlCode: newCode, phone: "0113 496 0000" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/practices/edit/${newCode}#details`);
    expect(await settingAudits(w.here.id, "urlCode")).toContainEqual(expect.objectContaining({ before: oldCode, after: newCode }));
    expect((await loadEdit(newCode, "padmin")).status).toBe(200);
    // Put it back for the tests after this one.
    await post(newCode, "padmin", { intent: "details", name: w.here.name, urlCode: oldCode });
  });

  it("switches video or bulk messaging on only once the practice has agreed to its terms", async () => {
    const refused = await post(w.here.urlCode, "padmin", { intent: "features", bulkMessagingEnabled: "on", allowVideo: "on" });
    expect(refused.status).toBe(400);
    const body = JSON.stringify(await refused.json());
    expect(body).toContain("Agree to the bulk messaging terms before switching it on");
    expect(body).toContain(`Agree to the ${CONSENT_TERMS.video.title.toLowerCase()} terms before switching it on`);
    const [row] = await t.db.select().from(practices).where(eq(practices.id, w.here.id));
    expect(row).toMatchObject({ bulkMessagingEnabled: false, allowVideo: false });
    await t.db.insert(practiceConsents).values({ practiceId: w.here.id, feature: "bulk_messaging", termsVersion: CONSENT_TERMS.bulk_messaging.version, agreedAt: context.clock.now() });
  });

  it("saves features as switched on or off", async () => {
    expect((await post(w.here.urlCode, "padmin", { intent: "features", bulkMessagingEnabled: "on", notificationSetting: "on" })).status).toBe(303);
    const [row] = await t.db.select().from(practices).where(eq(practices.id, w.here.id));
    expect(row).toMatchObject({ bulkMessagingEnabled: true, notificationSetting: true, allowVideo: false });
    expect(await settingAudits(w.here.id, "bulkMessagingEnabled")).toContainEqual(expect.objectContaining({ before: false, after: true }));
  });

  it("switches automatic filing on completion on and off, audited (decision 0133)", async () => {
    // The other features as the test before left them (the tests below read them).
    const kept = { bulkMessagingEnabled: "on", notificationSetting: "on" };
    expect((await post(w.here.urlCode, "padmin", { intent: "features", ...kept, autofileOnCompletion: "on" })).status).toBe(303);
    expect((await t.db.select().from(practices).where(eq(practices.id, w.here.id)))[0].autofileOnCompletion).toBe(true);
    expect(await settingAudits(w.here.id, "autofileOnCompletion")).toContainEqual(expect.objectContaining({ before: false, after: true }));
    expect((await post(w.here.urlCode, "padmin", { intent: "features", ...kept })).status).toBe(303);
    expect((await t.db.select().from(practices).where(eq(practices.id, w.here.id)))[0].autofileOnCompletion).toBe(false);
    expect(await settingAudits(w.here.id, "autofileOnCompletion")).toContainEqual(expect.objectContaining({ before: true, after: false }));
  });
});

describe("core-hours compliance on the settings page (England, the default)", () => {
  it("saves opening hours that keep 08:00 to 18:30 open on weekdays, one audit row per day changed", async () => {
    const response = await post(w.here.urlCode, "padmin", hoursForm({ mondayOpens: "07:30", mondayCloses: "19:00" }));
    expect(response.status).toBe(303);
    const rows = await t.db.select().from(openingHours).where(eq(openingHours.practiceId, w.here.id));
    expect(rows.find((r) => r.day === "monday")).toMatchObject({ localOpeningTime: "07:30:00", localClosingTime: "19:00:00", closed: false });
    expect(await settingAudits(w.here.id, "monday")).toContainEqual(expect.objectContaining({ before: "08:00-18:30", after: "07:30-19:00" }));
  });

  it("refuses a Wednesday closing at 17:00 with a message naming the day", async () => {
    const response = await post(w.here.urlCode, "padmin", hoursForm({ wednesdayCloses: "17:00" }));
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.lastResult?.error?.wednesdayCloses).toEqual([CORE_HOURS_MESSAGES.closesEarly("wednesday")]);
    const [wednesday] = await t.db.select().from(openingHours).where(and(eq(openingHours.practiceId, w.here.id), eq(openingHours.day, "wednesday")));
    expect(wednesday?.localClosingTime ?? "18:30:00").toBe("18:30:00");
  });

  it("refuses a weekday marked closed", async () => {
    const reply = await readJson<Reply>(await post(w.here.urlCode, "padmin", hoursForm({ fridayClosed: "on" })));
    expect(reply.lastResult?.error?.fridayClosed).toEqual([CORE_HOURS_MESSAGES.dayClosed("friday")]);
  });

  it("refuses a daily cap and switching off before 18:30 on a weekday", async () => {
    const response = await post(w.here.urlCode, "padmin", { intent: "requests", dailyRequestLimit: "50", switchedOffToday: "on" });
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.lastResult?.error?.dailyRequestLimit).toEqual([CORE_HOURS_MESSAGES.dailyCap]);
    expect(reply.lastResult?.error?.switchedOffToday).toEqual([CORE_HOURS_MESSAGES.switchOff("wednesday")]);
  });

  it("allows switching off after 18:30, and saves the practice's message to patients", async () => {
    context.clock.set(londonInstant("2026-11-25", "18:30"));
    try {
      const response = await post(w.here.urlCode, "padmin", { intent: "requests", switchedOffToday: "on", demandMessage: "Call us on 0113 496 0000." });
      expect(response.status).toBe(303);
      const [row] = await t.db.select().from(practices).where(eq(practices.id, w.here.id));
      expect(row).toMatchObject({ requestsClosedOn: "2026-11-25", demandMessage: "Call us on 0113 496 0000." });
      expect((await post(w.here.urlCode, "padmin", { intent: "requests", demandMessage: "Call us on 0113 496 0000." })).status).toBe(303);
    } finally {
      context.clock.set(WEDNESDAY_10);
    }
  });

  it("lets only a system admin turn compliance off, and only for a practice outside England", async () => {
    expect((await post(w.here.urlCode, "padmin", { intent: "compliance", country: "wales" })).status).toBe(403);
    const england = await post(w.here.urlCode, "admin", { intent: "compliance", country: "england" });
    expect((await readJson<Reply>(england)).lastResult?.error?.coreHoursCompliance).toEqual([CORE_HOURS_MESSAGES.turnOff]);
    expect((await post(w.elsewhere.urlCode, "admin", { intent: "compliance", country: "wales" })).status).toBe(303);
    const [wales] = await t.db.select().from(practices).where(eq(practices.id, w.elsewhere.id));
    expect(wales).toMatchObject({ country: "wales", coreHoursCompliance: false });
    // Outside compliance mode a cap and an early closing are the practice's choice.
    expect((await post(w.elsewhere.urlCode, "admin", { intent: "requests", dailyRequestLimit: "50" })).status).toBe(303);
    expect((await post(w.elsewhere.urlCode, "admin", hoursForm({ wednesdayCloses: "17:00" }))).status).toBe(303);
  });
});

describe("exceptional closures", () => {
  const closure = { intent: "add-closure", startDate: "25/11/2026", startTime: "09:00", endDate: "25/11/2026", endTime: "17:00", reason: "Staff training", alternative: "Call 0113 496 0000 or use NHS 111 online." };

  /** The patient's request start page: open goes straight on to step 2; closed says why. */
  async function patientStart() {
    return callLoader(messageRoute.loader, { request: getRequest(`/${w.here.urlCode}/message`, { cookie: w.cookies.patient }), params: { practiceCode: w.here.urlCode }, context });
  }

  it("requires the reason and where to go instead, and an end after the start and in the future", async () => {
    const reply = await readJson<Reply>(await post(w.here.urlCode, "padmin", { ...closure, reason: "", alternative: "" }));
    expect(reply.lastResult?.error).toMatchObject({ reason: [SETTINGS_MESSAGES.closureReason], alternative: [SETTINGS_MESSAGES.closureAlternative] });
    const backwards = await readJson<Reply>(await post(w.here.urlCode, "padmin", { ...closure, endDate: "24/11/2026" }));
    expect(backwards.lastResult?.error?.endDate).toEqual([SETTINGS_MESSAGES.closureOrder]);
    const past = await readJson<Reply>(await post(w.here.urlCode, "padmin", { ...closure, endTime: "09:30" }));
    expect(past.lastResult?.error?.endDate).toEqual([SETTINGS_MESSAGES.closureOver]);
  });

  it("closes the request form inside core hours, tells patients where to go instead, and is listed for the regional group", async () => {
    // In core hours on a weekday the form is open, whatever else is set.
    expect((await patientStart()).headers.get("Location")).toBe(`/${w.here.urlCode}/message/myself`);

    expect((await post(w.here.urlCode, "padmin", closure)).status).toBe(303);
    const [row] = await t.db.select().from(exceptionalClosures).where(eq(exceptionalClosures.practiceId, w.here.id));
    expect(row).toMatchObject({ reason: "Staff training", createdByUserId: w.ids.padmin, cancelledAt: null });
    const [recorded] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "practice.closure_recorded"), eq(auditEvents.subjectId, String(row.id))));
    expect(recorded.actorUserId).toBe(w.ids.padmin);

    const stopped = await readJson<{ stopped: string; message: string; alternative: string; practiceMessage: string }>(await patientStart());
    expect(stopped).toMatchObject({
      stopped: "closed",
      alternative: "Call 0113 496 0000 or use NHS 111 online.",
      practiceMessage: "Call us on 0113 496 0000.",
    });
    expect(stopped.message).toContain("has closed online consultation until 17:00 on Wednesday 25 November");

    const portal = await readJson<{ practices: { urlCode: string; closures: { reason: string; inForce: boolean }[] }[] }>(
      await callLoader(ccgRoute.loader, { request: getRequest("/ccg-portal", { cookie: w.cookies.ccg }), context }),
    );
    expect(portal.practices.find((p) => p.urlCode === w.here.urlCode)?.closures).toEqual([expect.objectContaining({ reason: "Staff training", inForce: true })]);

    // Another practice's admin cannot cancel it, even at their own practice's address.
    expect((await post(w.elsewhere.urlCode, "admin", { intent: "cancel-closure", closureId: String(row.id) })).status).toBe(404);
    expect((await post(w.here.urlCode, "padmin", { intent: "cancel-closure", closureId: String(row.id) })).status).toBe(303);
    expect((await patientStart()).headers.get("Location")).toBe(`/${w.here.urlCode}/message/myself`);
    const [cancelled] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "practice.closure_cancelled"), eq(auditEvents.subjectId, String(row.id))));
    expect(cancelled.actorUserId).toBe(w.ids.padmin);
  });
});

describe("/practices", () => {
  const load = (who: Role, query = "") => callLoader(practicesRoute.loader, { request: getRequest(`/practices${query}`, { cookie: w.cookies[who] }), context });

  it("lists the practices a practice admin administers, with their setup state and links", async () => {
    const data = await readJson<{ practices: { urlCode: string; hoursSet: boolean; staffInvited: boolean; setupConfirmed: boolean; features: string[] }[] }>(await load("padmin"));
    expect(data.practices.map((p) => p.urlCode)).toEqual([w.here.urlCode]);
    expect(data.practices[0]).toMatchObject({ hoursSet: true, staffInvited: true, setupConfirmed: false });
    expect(data.practices[0].features).toContain("Bulk messaging");
  });

  it("lists every practice for a system admin, 20 a page", async () => {
    for (let i = 0; i < 20; i++) await makePractice(context);
    const first = await readJson<{ total: number; pageCount: number; practices: unknown[] }>(await load("admin"));
    expect(first.practices).toHaveLength(20);
    expect(first.pageCount).toBe(Math.ceil(first.total / 20));
    const second = await readJson<{ practices: unknown[] }>(await load("admin", "?page=2"));
    expect(second.practices).toHaveLength(first.total - 20);
  });

  it.each([
    ["anonymous", "login"],
    ["patient", "denied"],
    ["gp", "denied"],
    ["receptionist", "denied"],
    ["advanced", "denied"],
    ["ccg", "denied"],
  ] as [Role, string][])("refuses %s (%s)", async (who, answer) => {
    expect(outcome(await load(who))).toBe(answer);
  });
});

describe("/ccg-portal", () => {
  const load = (who: Role, query = "") => callLoader(ccgRoute.loader, { request: getRequest(`/ccg-portal${query}`, { cookie: w.cookies[who] }), context });

  it("lists the group's practices only, searched by name or code", async () => {
    const data = await readJson<{ ccgName: string; practices: { urlCode: string }[] }>(await load("ccg"));
    expect(data.ccgName).toBe("Test ICB");
    expect(data.practices.map((p) => p.urlCode)).toEqual([w.here.urlCode]);
    const none = await readJson<{ total: number }>(await load("ccg", `?search=${encodeURIComponent(w.elsewhere.urlCode)}`));
    expect(none.total).toBe(0);
    const found = await readJson<{ total: number }>(await load("ccg", `?search=${encodeURIComponent(w.here.urlCode.slice(0, 8))}`));
    expect(found.total).toBe(1);
  });

  it.each([
    ["anonymous", "login"],
    ["patient", "denied"],
    ["gp", "denied"],
    ["padmin", "denied"],
    ["admin", "denied"],
    ["advanced", "denied"],
  ] as [Role, string][])("refuses %s (%s)", async (who, answer) => {
    expect(outcome(await load(who))).toBe(answer);
  });
});
