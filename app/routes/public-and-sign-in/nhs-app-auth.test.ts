/**
 * /nhs-app-auth/{journeyPath} (spec 2 §2.4; decision 0084): a silent NHS login sign-in that
 * continues to the journey, asked in the open when NHS login cannot do it silently; and the
 * NHS login user's account management (spec 1 §2.2, decision 0083).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nhsLoginIdentities, sessions } from "~/db/schema";
import { demoNhsNumber } from "~/db/seed.server";
import { hashSessionId } from "~/domain/sessions/sessions.server";
import { navigationFor } from "~/web/shell/shell-nav.server";
import { getViewer } from "~/web/auth/viewer.server";
import type { TestContext } from "../../../tests/support/context";
import { startMockNhsLogin, type MockNhsLogin } from "../../../tests/support/nhs-login-mock";
import { createUser } from "../../../tests/support/registration-fixtures";
import { callLoader, cookieHeaderAfter, getRequest, setCookie } from "../../../tests/support/requests";
import { signedInPatient } from "../../../tests/support/request-fixtures";
import { makePractice, useTestWorld } from "../../../tests/support/world";
import * as appAuth from "./nhs-app-auth.$";
import * as authRoute from "./nhs-login.auth";
import * as accountSettings from "./account-settings._index";

const world = useTestWorld();
let mock: MockNhsLogin;
let next = 9700;

beforeAll(async () => {
  mock = await startMockNhsLogin();
}, 30_000);
afterAll(async () => {
  await mock?.close();
});

const contextWith = (provider: MockNhsLogin): TestContext => ({ ...world.context, config: { ...world.context.config, nhsLogin: provider.config } });

async function enter(context: TestContext, journeyPath: string, query = "", cookie?: string) {
  return callLoader(appAuth.loader, { request: getRequest(`/nhs-app-auth/${journeyPath}${query}`, { cookie }), params: { "*": journeyPath }, context });
}

/** A user already linked to NHS login as `sub`. */
async function linkedUser(context: TestContext, sub: string) {
  const user = await createUser(context, {});
  await world.db.insert(nhsLoginIdentities).values({ sub, userId: user.id, level: "P9", createdAt: context.clock.now(), lastSignedInAt: context.clock.now() });
  return user;
}

describe("/nhs-app-auth/{journeyPath}", () => {
  it("signs the app's person in silently through NHS login and continues to the journey", async () => {
    const context = contextWith(mock);
    const practice = await makePractice(context);
    const sub = `p9-${demoNhsNumber(next++)}`;
    const user = await linkedUser(context, sub);
    const started = await enter(context, `${practice.urlCode}/admin-hub`, `?assertedLoginIdentity=${sub}`);
    expect(started.status).toBe(302);
    const asked = new URL(started.headers.get("Location")!);
    expect(asked.searchParams.get("prompt")).toBe("none");
    expect(asked.searchParams.get("asserted_login_identity")).toBe(sub);
    // No page at NHS login: straight back with a code.
    const callback = await mock.signIn(asked.href, null);
    const done = await callLoader(authRoute.loader, { request: getRequest(`${callback.pathname}${callback.search}`, { cookie: cookieHeaderAfter(started) }), context });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/${practice.urlCode}/admin-hub`);
    const session = setCookie(done, "fd_session")!;
    const [row] = await world.db.select().from(sessions).where(eq(sessions.idHash, hashSessionId(session.value)));
    expect(row).toMatchObject({ userId: user.id, nhsLoginLevel: "P9" });
  });

  it("asks in the open when NHS login cannot sign in silently, keeping the journey", async () => {
    const context = contextWith(mock);
    const started = await enter(context, "demo/clinical-request");
    const asked = new URL(started.headers.get("Location")!);
    expect(asked.searchParams.get("prompt")).toBe("none");
    expect(asked.searchParams.get("asserted_login_identity")).toBeNull();
    // No NHS login session at the provider: it answers login_required.
    const response = await fetch(asked.href, { redirect: "manual" });
    const callback = new URL(response.headers.get("Location")!);
    expect(callback.searchParams.get("error")).toBe("login_required");
    const again = await callLoader(authRoute.loader, { request: getRequest(`${callback.pathname}${callback.search}`, { cookie: cookieHeaderAfter(started) }), context });
    expect(again.status).toBe(302);
    const open = new URL(again.headers.get("Location")!);
    expect(open.origin).toBe(new URL(mock.config.issuer).origin);
    expect(open.searchParams.get("prompt")).toBeNull();
    // Then NHS login's page, and back to the journey.
    const sub = `p9-${demoNhsNumber(next++)}`;
    await linkedUser(context, sub);
    const back = await mock.signIn(open.href, sub);
    const done = await callLoader(authRoute.loader, { request: getRequest(`${back.pathname}${back.search}`, { cookie: cookieHeaderAfter(again) }), context });
    expect(done.headers.get("Location")).toBe("/demo/clinical-request");
  });

  it("sends someone already signed in straight to the journey, and refuses a path not of this site", async () => {
    const context = contextWith(mock);
    const practice = await makePractice(context);
    const patient = await signedInPatient(context, practice.id);
    const inside = await enter(context, `${practice.urlCode}/admin-hub`, "", patient.cookie);
    expect(inside.headers.get("Location")).toBe(`/${practice.urlCode}/admin-hub`);
    const bad = await enter(context, "demo/../admin");
    expect(bad.status).toBe(404);
  });
});

describe("NHS login's account management", () => {
  it("replaces Account Settings in the menu and is where /account-settings sends an NHS login session", async () => {
    const context = contextWith(mock);
    const practice = await makePractice(context);
    const patient = await signedInPatient(context, practice.id);
    const sessionId = decodeURIComponent(patient.cookie.split("fd_session=")[1]!.split(";")[0]!);
    const request = () => getRequest("/account-settings", { cookie: patient.cookie });
    const before = await navigationFor(request(), context, (await getViewer(request(), context))!);
    expect(before.account?.items.map((i) => i.label)).toContain("Account Settings");
    expect(before.account?.items.map((i) => i.label)).not.toContain("Manage NHS login Account");

    await world.db.update(sessions).set({ nhsLoginLevel: "P9" }).where(eq(sessions.idHash, hashSessionId(sessionId)));
    const after = await navigationFor(request(), context, (await getViewer(request(), context))!);
    expect(after.account?.items).toContainEqual({ label: "Manage NHS login Account", href: mock.config.settingsUrl });
    expect(after.account?.items.map((i) => i.label)).not.toContain("Account Settings");
    const sent = await callLoader(accountSettings.loader, { request: request(), context });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(mock.config.settingsUrl);
  });
});
