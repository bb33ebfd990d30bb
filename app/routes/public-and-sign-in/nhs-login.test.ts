/**
 * NHS login end to end at the route level: the real OIDC client against the mock provider
 * (oidc-provider on a port of its own), the set-up pages, matching by NHS number, the P5 limits,
 * and the checks that must fail: state, nonce, PKCE and the id_token's signature algorithm.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nhsLoginIdentities, patients, sessions, users } from "~/db/schema";
import { demoNhsNumber } from "~/db/seed.server";
import { hashSessionId } from "~/domain/sessions/sessions.server";
import { readSignedValue, signValue } from "~/domain/auth/signed-value.server";
import { NHS_LOGIN_AUTH_COOKIE } from "~/web/nhs-login/nhs-login.server";
import { readFlash } from "~/web/flash.server";
import type { TestContext } from "../../../tests/support/context";
import { startMockNhsLogin, type MockNhsLogin } from "../../../tests/support/nhs-login-mock";
import { createUser, KNOWN_PASSWORD } from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest, setCookie } from "../../../tests/support/requests";
import { makePractice, useTestWorld } from "../../../tests/support/world";
import * as authRoute from "./nhs-login.auth";
import * as linkRoute from "./nhs-login.link-account.$token";
import * as registerRoute from "./nhs-login.$practiceCode.register.$token";
import * as registeredRoute from "./nhs-login.$practiceCode.registered";
import * as selectRoute from "./nhs-login.select-practice.$token";
import * as setupRoute from "./nhs-login.setup.$token";

const world = useTestWorld();
let mock: MockNhsLogin;
let rs256: MockNhsLogin;
let forged: MockNhsLogin;
let next = 9500;

beforeAll(async () => {
  mock = await startMockNhsLogin();
  rs256 = await startMockNhsLogin({ idTokenAlg: "RS256" });
  forged = await startMockNhsLogin({ forgeIdTokenSignature: true });
}, 30_000);
afterAll(async () => {
  await mock?.close();
  await rs256?.close();
  await forged?.close();
});

function contextWith(provider: MockNhsLogin): TestContext {
  return { ...world.context, config: { ...world.context.config, nhsLogin: provider.config } };
}

/** Starts at /nhs-login/auth; returns the provider URL and the cookie the browser keeps. */
async function start(context: TestContext, query = "") {
  const response = await callLoader(authRoute.loader, { request: getRequest(`/nhs-login/auth${query}`), context });
  expect(response.status).toBe(302);
  return { url: response.headers.get("Location")!, cookie: cookieHeaderAfter(response) };
}

/** The whole round trip: start, the provider as `account`, the callback. */
async function signIn(context: TestContext, account: string, provider = mock) {
  const { url, cookie } = await start(context);
  const callback = await provider.signIn(url, account);
  return callLoader(authRoute.loader, { request: getRequest(`${callback.pathname}${callback.search}`, { cookie }), context });
}

async function sessionOf(response: Response) {
  const cookie = setCookie(response, "fd_session");
  expect(cookie?.value).toBeTruthy();
  const [row] = await world.db.select().from(sessions).where(eq(sessions.idHash, hashSessionId(cookie!.value)));
  return row!;
}

async function patientWith(practiceId: number, nhsNumber: string, userId: number | null = null) {
  const [row] = await world.db
    .insert(patients)
    .values({ practiceId, firstName: "Test", lastName: `User ${nhsNumber.slice(-4)}`, dateOfBirth: "1985-01-15", nhsNumber, userId })
    .returning();
  return row!;
}

describe("/nhs-login/auth", () => {
  it("starts with NHS login's profile: code flow, PKCE S256, state, nonce, scopes and vtr", async () => {
    const context = contextWith(mock);
    const { url, cookie } = await start(context, "?redirect=/demo/message");
    const asked = new URL(url);
    expect(asked.origin).toBe(new URL(mock.config.issuer).origin);
    expect(asked.searchParams.get("response_type")).toBe("code");
    expect(asked.searchParams.get("code_challenge_method")).toBe("S256");
    expect(asked.searchParams.get("scope")).toBe("openid profile email phone profile_extended gp_registration_details");
    expect(JSON.parse(asked.searchParams.get("vtr")!)).toEqual(expect.arrayContaining(["P9.Cp.Cd", "P5.Cp.Cd"]));
    expect(asked.searchParams.get("prompt")).toBeNull();
    const kept = readSignedValue<{ state: string; nonce: string; redirect: string }>(
      context.config.sessionSecret,
      "nhs-login-auth",
      decodeURIComponent(cookie.split("=")[1]!),
      context.clock.now(),
    );
    expect(kept).toMatchObject({ state: asked.searchParams.get("state"), nonce: asked.searchParams.get("nonce"), redirect: "/demo/message" });
  });

  it("asks for a silent sign-in when the NHS App hands over the person's identity", async () => {
    const { url } = await start(contextWith(mock), "?assertedLoginIdentity=eyJhbGciOi.abc.def");
    const asked = new URL(url);
    expect(asked.searchParams.get("prompt")).toBe("none");
    expect(asked.searchParams.get("asserted_login_identity")).toBe("eyJhbGciOi.abc.def");
  });

  it("registers a new P9 user at the practice chosen, matched by NHS number, then signs them straight in", async () => {
    const context = contextWith(mock);
    const practice = await makePractice(context, { odsCode: "Y12345" });
    const nhsNumber = demoNhsNumber(next++);
    const record = await patientWith(practice.id, nhsNumber);
    // Someone else with the same name and date of birth is never matched.
    await patientWith(practice.id, demoNhsNumber(next++));

    const callback = await signIn(context, `p9-${nhsNumber}`);
    expect(callback.status).toBe(303);
    const setup = callback.headers.get("Location")!;
    expect(setup).toMatch(/^\/nhs-login\/setup\/[A-Za-z0-9_-]+$/);
    const token = setup.split("/").pop()!;
    expect((await callLoader(setupRoute.loader, { request: getRequest(setup), params: { token }, context })).status).toBe(200);
    const options = await (await callLoader(selectRoute.loader, { request: getRequest(`/nhs-login/select-practice/${token}`), params: { token }, context })).json();
    expect(options.practices.length).toBeGreaterThan(0);

    const chosen = await callAction(selectRoute.action, {
      request: postRequest(`/nhs-login/select-practice/${token}`, { practice: practice.urlCode }, { csrf: context }),
      params: { token },
      context,
    });
    expect(chosen.headers.get("Location")).toBe(`/nhs-login/${practice.urlCode}/register/${token}`);
    const page = await (await callLoader(registerRoute.loader, { request: getRequest(chosen.headers.get("Location")!), params: { token, practiceCode: practice.urlCode }, context })).json();
    expect(page.matched).toBe(true);
    const registered = await callAction(registerRoute.action, {
      request: postRequest(`/nhs-login/${practice.urlCode}/register/${token}`, {}, { csrf: context }),
      params: { token, practiceCode: practice.urlCode },
      context,
    });
    expect(registered.headers.get("Location")).toBe(`/nhs-login/${practice.urlCode}/registered`);
    const session = await sessionOf(registered);
    expect(session.nhsLoginLevel).toBe("P9");
    expect(session.nhsLoginIdToken).toBeTruthy();
    const [claimed] = await world.db.select().from(patients).where(eq(patients.id, record.id));
    expect(claimed!.userId).toBe(session.userId);
    const [identity] = await world.db.select().from(nhsLoginIdentities).where(eq(nhsLoginIdentities.userId, session.userId));
    expect(identity).toMatchObject({ sub: `p9-${nhsNumber}`, level: "P9" });
    const [user] = await world.db.select().from(users).where(eq(users.id, session.userId));
    expect(user!.passwordHash).toBeNull();
    const after = cookieHeaderAfter(registered);
    const done = await callLoader(registeredRoute.loader, { request: getRequest(`/nhs-login/${practice.urlCode}/registered`, { cookie: after }), params: { practiceCode: practice.urlCode }, context });
    expect(done.status).toBe(200);
    // The pending sign-in is spent.
    expect((await callLoader(setupRoute.loader, { request: getRequest(setup), params: { token }, context })).status).toBe(404);

    // Next time: straight in, to where the redirect said.
    const again = await signIn(context, `p9-${nhsNumber}`);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe("/");
    expect((await sessionOf(again)).userId).toBe(session.userId);

    // Logging out ends the NHS login session too.
    const logout = await import("./logout");
    const out = await callAction(logout.action, { request: postRequest("/logout", {}, { cookie: cookieHeaderAfter(again), csrf: context }), context });
    expect(out.status).toBe(303);
    const end = new URL(out.headers.get("Location")!);
    expect(end.href.startsWith(mock.config.issuer)).toBe(true);
    expect(end.searchParams.get("id_token_hint")).toBeTruthy();
    expect(end.searchParams.get("post_logout_redirect_uri")).toBe("http://localhost/");
  });

  it("links a record that already has an account after that account's password", async () => {
    const context = contextWith(mock);
    const practice = await makePractice(context);
    const nhsNumber = demoNhsNumber(next++);
    const owner = await createUser(context, {});
    await patientWith(practice.id, nhsNumber, owner.id);
    const callback = await signIn(context, `p9-${nhsNumber}`);
    const token = callback.headers.get("Location")!.split("/").pop()!;
    const chosen = await callAction(selectRoute.action, {
      request: postRequest(`/nhs-login/select-practice/${token}`, { practice: practice.urlCode }, { csrf: context }),
      params: { token },
      context,
    });
    expect(chosen.headers.get("Location")).toBe(`/nhs-login/link-account/${token}`);
    const page = await (await callLoader(linkRoute.loader, { request: getRequest(`/nhs-login/link-account/${token}`), params: { token }, context })).json();
    expect(page.email).toBe(owner.email);
    const wrong = await callAction(linkRoute.action, {
      request: postRequest(`/nhs-login/link-account/${token}`, { password: "not-the-password" }, { csrf: context }),
      params: { token },
      context,
    });
    expect(wrong.status).toBe(400);
    const linked = await callAction(linkRoute.action, {
      request: postRequest(`/nhs-login/link-account/${token}`, { password: KNOWN_PASSWORD }, { csrf: context }),
      params: { token },
      context,
    });
    expect(linked.status).toBe(303);
    expect((await sessionOf(linked)).userId).toBe(owner.id);
  });

  it("marks a P5 sign-in's session P5: it may not open records", async () => {
    const context = contextWith(mock);
    const practice = await makePractice(context);
    const nhsNumber = demoNhsNumber(next++);
    await patientWith(practice.id, nhsNumber);
    const callback = await signIn(context, `p5-${nhsNumber}`);
    const token = callback.headers.get("Location")!.split("/").pop()!;
    await callAction(selectRoute.action, { request: postRequest(`/nhs-login/select-practice/${token}`, { practice: practice.urlCode }, { csrf: context }), params: { token }, context });
    const registered = await callAction(registerRoute.action, {
      request: postRequest(`/nhs-login/${practice.urlCode}/register/${token}`, {}, { csrf: context }),
      params: { token, practiceCode: practice.urlCode },
      context,
    });
    const session = await sessionOf(registered);
    expect(session.nhsLoginLevel).toBe("P5");
    const history = await import("../requests/$practiceCode.my-requests-and-messages");
    const denied = await callLoader(history.loader, {
      request: getRequest(`/${practice.urlCode}/my-requests-and-messages`, { cookie: cookieHeaderAfter(registered) }),
      params: { practiceCode: practice.urlCode },
      context,
    });
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toContain("permission-denied");
  });
});

describe("the checks that must fail", () => {
  const failed = (response: Response, context: TestContext) => {
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    expect(setCookie(response, "fd_session")).toBeUndefined();
    const flash = readFlash(context.config.sessionSecret, new Request("http://localhost/", { headers: { Cookie: cookieHeaderAfter(response) } }));
    expect(flash?.text).toMatch(/could not be signed in with NHS login/);
  };

  async function tamperedCookie(context: TestContext, cookie: string, change: Record<string, string>) {
    const raw = decodeURIComponent(cookie.split("=")[1]!);
    const value = readSignedValue<Record<string, string>>(context.config.sessionSecret, "nhs-login-auth", raw, context.clock.now())!;
    const signed = signValue(context.config.sessionSecret, "nhs-login-auth", { ...value, ...change }, new Date(context.clock.now().getTime() + 60_000));
    return `${NHS_LOGIN_AUTH_COOKIE}=${encodeURIComponent(signed)}`;
  }

  it("refuses a callback whose state is not the one sent", async () => {
    const context = contextWith(mock);
    const { url, cookie } = await start(context);
    const callback = await mock.signIn(url, "p9-test-user");
    callback.searchParams.set("state", "someone-elses-state");
    failed(await callLoader(authRoute.loader, { request: getRequest(`${callback.pathname}${callback.search}`, { cookie }), context }), context);
  });

  it("refuses an id_token whose nonce is not the one sent", async () => {
    const context = contextWith(mock);
    const { url, cookie } = await start(context);
    const callback = await mock.signIn(url, "p9-test-user");
    const forged = await tamperedCookie(context, cookie, { nonce: "another-nonce-value-0123456789" });
    failed(await callLoader(authRoute.loader, { request: getRequest(`${callback.pathname}${callback.search}`, { cookie: forged }), context }), context);
  });

  it("refuses a code exchanged without the PKCE verifier it was issued for", async () => {
    const context = contextWith(mock);
    const { url, cookie } = await start(context);
    const callback = await mock.signIn(url, "p9-test-user");
    const forged = await tamperedCookie(context, cookie, { codeVerifier: "x".repeat(64) });
    failed(await callLoader(authRoute.loader, { request: getRequest(`${callback.pathname}${callback.search}`, { cookie: forged }), context }), context);
  });

  it("refuses a callback without the cookie of the browser that started it", async () => {
    const context = contextWith(mock);
    const { url } = await start(context);
    const callback = await mock.signIn(url, "p9-test-user");
    failed(await callLoader(authRoute.loader, { request: getRequest(`${callback.pathname}${callback.search}`), context }), context);
  });

  it("refuses an id_token not signed RS512", async () => {
    const context = contextWith(rs256);
    failed(await signIn(context, "p9-test-user", rs256), context);
  });

  it("refuses an id_token whose signature is not the provider's key", async () => {
    const context = contextWith(forged);
    failed(await signIn(context, "p9-test-user", forged), context);
  });
});
