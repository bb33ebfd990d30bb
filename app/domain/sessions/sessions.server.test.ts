/**
 * Idle and absolute expiry against a real database, moved by a FakeClock (spec 1 §4, §9):
 * patients 600 s; staff their practice's idle_timeout minus a minute, or never; nobody
 * past 12 hours; the row written at most every 15 s; expired rows deleted; a request the page
 * makes by itself is no activity.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { practices, sessions } from "~/db/schema";
import { copy } from "~/copy";
import { getViewerState } from "~/web/auth/viewer.server";
import { loader as loginLoader } from "~/routes/public-and-sign-in/login._index";
import { loader as rootLoader } from "~/root";
import { loader as adminLoader } from "~/routes/administration/admin._index";
import { loader as messageLoader } from "~/routes/requests/$practiceCode.message._index";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { callLoader, cookieHeaderAfter, getRequest, readJson } from "../../../tests/support/requests";
import { makePractice, makeUser, sessionRow, signInAs } from "../../../tests/support/session-fixtures";
import {
  ABSOLUTE_LIFETIME_SECONDS,
  hashSessionId,
  PATIENT_IDLE_SECONDS,
  purgeExpiredSessions,
  REFRESH_WRITE_INTERVAL_SECONDS,
  resolveSession,
} from "./sessions.server";

const t = useTestWorld();
let context: TestContext;

beforeEach(() => {
  context = makeContext(t.db);
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** One page view: the viewer load every loader runs, which resolves and refreshes the session. */
async function visit(cookie: string) {
  return getViewerState(getRequest("/", { cookie }), context);
}

async function patientSession() {
  const practice = await makePractice(context);
  const user = await makeUser(context, { patientAt: practice.id });
  return signInAs(context, user.id);
}

async function staffSession(idleTimeout: number | null, role: "gp" | "receptionist" | "practice_admin" = "gp") {
  const practice = await makePractice(context, { idleTimeout });
  const user = await makeUser(context, { memberships: [{ practiceId: practice.id, role }] });
  return { practice, ...(await signInAs(context, user.id)) };
}

describe("patients, carers and guests: 600 s without activity", () => {
  it("a session left alone lasts just under 600 s", async () => {
    const { sessionId, cookie } = await patientSession();
    const row = await sessionRow(context, sessionId);
    expect(row.idleExpiresAt!.getTime() - row.lastSeenAt.getTime()).toBe(PATIENT_IDLE_SECONDS * SECOND);
    context.clock.advance(PATIENT_IDLE_SECONDS * SECOND - 1);
    expect((await visit(cookie)).viewer).not.toBeNull();
  });

  it("is over at 600 s: reported as idle, and the row deleted", async () => {
    const { sessionId, cookie } = await patientSession();
    context.clock.advance(PATIENT_IDLE_SECONDS * SECOND);
    expect(await visit(cookie)).toEqual({ viewer: null, expired: true });
    expect(await sessionRow(context, sessionId)).toBeUndefined();
    // The next request has nothing to find: a plain signed-out visitor, not "expired" again.
    expect(await visit(cookie)).toEqual({ viewer: null, expired: false });
  });

  it("each visit moves the deadline on", async () => {
    const { cookie } = await patientSession();
    for (let i = 0; i < 5; i++) {
      context.clock.advance(9 * MINUTE);
      expect((await visit(cookie)).viewer, `visit ${i}`).not.toBeNull();
    }
    context.clock.advance(10 * MINUTE);
    expect((await visit(cookie)).expired).toBe(true);
  });

  it("a request the page made by itself (the slot list's refresh) does not move it (decision 0162)", async () => {
    const { sessionId, cookie } = await patientSession();
    const before = await sessionRow(context, sessionId);
    context.clock.advance(9 * MINUTE);
    const refresh = await getViewerState(getRequest("/", { cookie }), { ...context, background: true });
    expect(refresh.viewer).not.toBeNull();
    expect((await sessionRow(context, sessionId)).idleExpiresAt).toEqual(before.idleExpiresAt);
    context.clock.advance(1 * MINUTE);
    expect(await visit(cookie)).toEqual({ viewer: null, expired: true });
  });

  it("guests and carers are on the same 600 s", async () => {
    const guest = await makeUser(context, { guest: true });
    const carer = await makeUser(context, { globalRoles: ["carer_user"] });
    for (const user of [guest, carer]) {
      const { sessionId } = await signInAs(context, user.id);
      const row = await sessionRow(context, sessionId);
      expect(row.idleExpiresAt!.getTime() - row.createdAt.getTime()).toBe(600 * SECOND);
    }
  });
});

describe("staff and practice admins: the practice's idle_timeout minus one minute", () => {
  it("idle_timeout 30 logs out after 29 minutes", async () => {
    const first = await staffSession(30);
    context.clock.advance(29 * MINUTE - 1);
    expect((await visit(first.cookie)).viewer).not.toBeNull();

    const second = await staffSession(30, "receptionist");
    context.clock.advance(29 * MINUTE);
    expect(await visit(second.cookie)).toEqual({ viewer: null, expired: true });
  });

  it("practice admins follow it too", async () => {
    const { sessionId } = await staffSession(30, "practice_admin");
    const row = await sessionRow(context, sessionId);
    expect(row.idleExpiresAt!.getTime() - row.lastSeenAt.getTime()).toBe(29 * MINUTE);
  });

  it("idle_timeout null: no idle expiry at all", async () => {
    const { sessionId, cookie } = await staffSession(null);
    expect((await sessionRow(context, sessionId)).idleExpiresAt).toBeNull();
    context.clock.advance(11 * HOUR + 59 * MINUTE);
    expect((await visit(cookie)).viewer).not.toBeNull();
  });

  it("a change of idle_timeout applies at the next refresh", async () => {
    const { practice, sessionId, cookie } = await staffSession(null);
    await context.db.update(practices).set({ idleTimeout: 5 }).where(eq(practices.id, practice.id));
    context.clock.advance(REFRESH_WRITE_INTERVAL_SECONDS * SECOND);
    await visit(cookie);
    const row = await sessionRow(context, sessionId);
    expect(row.idleExpiresAt!.getTime() - context.clock.now().getTime()).toBe(4 * MINUTE);
  });

  it("a patient who is also staff follows the staff rule", async () => {
    const practice = await makePractice(context, { idleTimeout: null });
    const user = await makeUser(context, { patientAt: practice.id, memberships: [{ practiceId: practice.id, role: "gp" }] });
    const { sessionId } = await signInAs(context, user.id);
    expect((await sessionRow(context, sessionId)).idleExpiresAt).toBeNull();
  });
});

describe("absolute lifetime: 12 hours whatever the activity", () => {
  it("ends an active patient session at 12 h", async () => {
    const { sessionId, cookie } = await patientSession();
    for (let elapsed = 0; elapsed + 9 * MINUTE < ABSOLUTE_LIFETIME_SECONDS * SECOND; elapsed += 9 * MINUTE) {
      context.clock.advance(9 * MINUTE);
      expect((await resolveSession(context.db, context.clock, sessionId, () => PATIENT_IDLE_SECONDS)).state).toBe("active");
    }
    expect((await visit(cookie)).viewer).not.toBeNull();
    context.clock.set(new Date((await sessionRow(context, sessionId)).absoluteExpiresAt));
    expect(await visit(cookie)).toEqual({ viewer: null, expired: true });
    expect(await sessionRow(context, sessionId)).toBeUndefined();
  });

  it("ends a staff session with no idle timeout at 12 h", async () => {
    const { sessionId, cookie } = await staffSession(null);
    context.clock.advance(ABSOLUTE_LIFETIME_SECONDS * SECOND - 1);
    expect((await visit(cookie)).viewer).not.toBeNull();
    context.clock.advance(1);
    const lookup = await resolveSession(context.db, context.clock, sessionId, () => null);
    expect(lookup).toEqual({ state: "expired", reason: "absolute" });
    expect(await visit(cookie)).toEqual({ viewer: null, expired: false });
  });

  it("says idle rather than absolute when only the idle deadline has passed", async () => {
    const { sessionId } = await patientSession();
    context.clock.advance(PATIENT_IDLE_SECONDS * SECOND);
    expect(await resolveSession(context.db, context.clock, sessionId, () => 600)).toEqual({ state: "expired", reason: "idle" });
  });
});

describe("refresh writes", () => {
  it("writes the row at most every 15 s", async () => {
    const { sessionId, cookie } = await patientSession();
    const created = await sessionRow(context, sessionId);

    context.clock.advance(REFRESH_WRITE_INTERVAL_SECONDS * SECOND - 1);
    await visit(cookie);
    expect(await sessionRow(context, sessionId)).toEqual(created);

    context.clock.advance(1);
    await visit(cookie);
    const refreshed = await sessionRow(context, sessionId);
    expect(refreshed.lastSeenAt).toEqual(context.clock.now());
    expect(refreshed.idleExpiresAt).toEqual(new Date(context.clock.now().getTime() + PATIENT_IDLE_SECONDS * SECOND));
    // The absolute deadline and the time of sign-in never move.
    expect(refreshed.absoluteExpiresAt).toEqual(created.absoluteExpiresAt);
    expect(refreshed.authenticatedAt).toEqual(created.authenticatedAt);
  });

  it("so the deadline can lag the last request by less than 15 s", async () => {
    const { cookie } = await patientSession();
    context.clock.advance(14 * SECOND);
    await visit(cookie); // not written
    context.clock.advance(PATIENT_IDLE_SECONDS * SECOND - 14 * SECOND);
    expect((await visit(cookie)).expired).toBe(true);
  });
});

describe("housekeeping", () => {
  it("purgeExpiredSessions removes rows past either deadline and keeps live ones", async () => {
    const idle = await patientSession();
    const noIdle = await staffSession(null);
    context.clock.advance(PATIENT_IDLE_SECONDS * SECOND + 1);
    const live = await patientSession();
    await purgeExpiredSessions(context.db, context.clock);
    expect(await sessionRow(context, idle.sessionId)).toBeUndefined();
    expect(await sessionRow(context, noIdle.sessionId)).toBeDefined();
    expect(await sessionRow(context, live.sessionId)).toBeDefined();
    context.clock.advance(ABSOLUTE_LIFETIME_SECONDS * SECOND);
    await purgeExpiredSessions(context.db, context.clock);
    const left = await context.db.select().from(sessions).where(eq(sessions.idHash, hashSessionId(noIdle.sessionId)));
    expect(left).toEqual([]);
  });
});

describe("idle logout, end to end: guard, then the sign-in page's message", () => {
  it("a guarded page sends an idle-expired user to /login with expired=1, clearing the cookie", async () => {
    const admin = await makeUser(context, { globalRoles: ["admin"] });
    const { cookie } = await signInAs(context, admin.id);
    expect((await callLoader(adminLoader, { request: getRequest("/admin", { cookie }), context })).status).toBe(200);

    context.clock.advance(PATIENT_IDLE_SECONDS * SECOND); // no practice: the patient timer
    const response = await callLoader(adminLoader, { request: getRequest("/admin?tab=1", { cookie }), context });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("redirect")).toBe("/admin?tab=1");
    expect(location.searchParams.get("expired")).toBe("1");
    expect(cookieHeaderAfter(response, cookie)).toBe("");

    const login = await callLoader(loginLoader, { request: getRequest(location.pathname + location.search), context });
    const page = await readJson<{ expiredMessage: string | null; redirect: string | null }>(login);
    expect(page.expiredMessage).toBe(copy.idleLogout(context.config.productName));
    expect(page.redirect).toBe("/admin?tab=1");
  });

  it("on a practice page the practice's sign-in shows the message", async () => {
    const practice = await makePractice(context);
    const patient = await makeUser(context, { patientAt: practice.id });
    const { cookie } = await signInAs(context, patient.id);
    context.clock.advance(PATIENT_IDLE_SECONDS * SECOND);
    const path = `/${practice.urlCode}/message`;
    const response = await callLoader(messageLoader, {
      request: getRequest(path, { cookie }),
      params: { practiceCode: practice.urlCode },
      context,
    });
    const location = new URL(response.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe(`/${practice.urlCode}/login`);
    expect(location.searchParams.get("expired")).toBe("1");
    expect(location.searchParams.get("redirect")).toBe(path);
    const login = await callLoader(loginLoader, {
      request: getRequest(location.pathname + location.search),
      params: { practiceCode: practice.urlCode },
      context,
    });
    expect((await readJson<{ expiredMessage: string }>(login)).expiredMessage).toBe(copy.idleLogout(context.config.productName));
  });

  it("without expired=1 the sign-in page shows no idle message", async () => {
    const login = await callLoader(loginLoader, { request: getRequest("/login?redirect=%2Fadmin"), context });
    expect((await readJson<{ expiredMessage: string | null }>(login)).expiredMessage).toBeNull();
  });

  it("the root loader gives the page its idle timer: seconds left for a patient, none for untimed staff", async () => {
    // The settings of the idle-timer script (app/client/idle-timer-settings.ts, decision 0145).
    const idleTimer = (idleSeconds: number, remainingSeconds: number) => ({
      idleSeconds,
      remainingSeconds,
      csrfToken: expect.any(String),
      loggedOutText: copy.idleLogout(context.config.productName),
    });
    const patient = await patientSession();
    context.clock.advance(20 * SECOND);
    let data = await readJson<{ idleTimer: unknown }>(await callLoader(rootLoader, { request: getRequest("/cookies", { cookie: patient.cookie }), context }));
    // The visit refreshed the session (20 s since the last write), so the full 600 s are left.
    expect(data.idleTimer).toEqual(idleTimer(600, 600));
    context.clock.advance(10 * SECOND);
    data = await readJson(await callLoader(rootLoader, { request: getRequest("/cookies", { cookie: patient.cookie }), context }));
    // Not written this time (10 s < 15 s): the stored deadline is 10 s nearer.
    expect(data.idleTimer).toEqual(idleTimer(600, 590));

    const timed = await staffSession(30);
    data = await readJson(await callLoader(rootLoader, { request: getRequest("/cookies", { cookie: timed.cookie }), context }));
    expect(data.idleTimer).toEqual(idleTimer(29 * 60, 29 * 60));

    const untimed = await staffSession(null);
    data = await readJson(await callLoader(rootLoader, { request: getRequest("/cookies", { cookie: untimed.cookie }), context }));
    expect(data.idleTimer).toBeNull();

    data = await readJson(await callLoader(rootLoader, { request: getRequest("/cookies"), context }));
    expect(data.idleTimer).toBeNull();
  });
});
