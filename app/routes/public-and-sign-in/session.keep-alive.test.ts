import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATIENT_IDLE_SECONDS } from "~/domain/sessions/sessions.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { callLoader, getRequest, readJson, setCookie, wasThrown } from "../../../tests/support/requests";
import { makePractice, makeUser, sessionRow, signInAs } from "../../../tests/support/session-fixtures";
import { loader } from "./session.keep-alive";

const t = useTestWorld();
let context: TestContext;

beforeEach(() => {
  context = makeContext(t.db);
});

const keepAlive = (cookie?: string) =>
  callLoader(loader, { request: getRequest("/session/keep-alive", { cookie, headers: { Accept: "application/json" } }), context });

async function patient() {
  const practice = await makePractice(context);
  const user = await makeUser(context, { patientAt: practice.id });
  return signInAs(context, user.id);
}

describe("GET /session/keep-alive", () => {
  it("refreshes a live session and says how long it now has", async () => {
    const { sessionId, cookie } = await patient();
    context.clock.advance(5 * 60 * 1000);
    const response = await keepAlive(cookie);
    expect(response.status).toBe(200);
    expect(wasThrown(response)).toBe(false);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await readJson(response)).toEqual({ signedIn: true, remainingSeconds: PATIENT_IDLE_SECONDS });
    const row = await sessionRow(context, sessionId);
    expect(row.lastSeenAt).toEqual(context.clock.now());
    expect(row.idleExpiresAt).toEqual(new Date(context.clock.now().getTime() + PATIENT_IDLE_SECONDS * 1000));
  });

  it("keeps a session alive past the idle timeout while the page keeps asking", async () => {
    const { cookie } = await patient();
    for (let minute = 1; minute <= 12; minute++) {
      context.clock.advance(60 * 1000);
      expect((await keepAlive(cookie)).status, `minute ${minute}`).toBe(200);
    }
  });

  it("answers within the 15 s write interval with the deadline as stored", async () => {
    const { cookie } = await patient();
    context.clock.advance(10 * 1000);
    expect(await readJson(await keepAlive(cookie))).toEqual({ signedIn: true, remainingSeconds: PATIENT_IDLE_SECONDS - 10 });
  });

  it("says null for staff whose practice has no idle timeout", async () => {
    const practice = await makePractice(context, { idleTimeout: null });
    const user = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "receptionist" }] });
    const { cookie } = await signInAs(context, user.id);
    expect(await readJson(await keepAlive(cookie))).toEqual({ signedIn: true, remainingSeconds: null });
  });

  it("answers 401 (not a redirect) to a visitor who is not signed in", async () => {
    const response = await keepAlive();
    expect(response.status).toBe(401);
    expect(response.headers.get("Location")).toBeNull();
    expect(await readJson(response)).toEqual({ signedIn: false, expired: false });
  });

  it("answers 401 expired once the session ran out, and clears the cookie", async () => {
    const { sessionId, cookie } = await patient();
    context.clock.advance(PATIENT_IDLE_SECONDS * 1000);
    const response = await keepAlive(cookie);
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ signedIn: false, expired: true });
    const cleared = setCookie(response, cookie.split("=")[0]);
    expect(cleared?.value).toBe("");
    expect(cleared?.attributes["max-age"]).toBe("0");
    expect(await sessionRow(context, sessionId)).toBeUndefined();
  });
});
