import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { createUser, latestSmsCode, mfaRow, smsCount } from "../../../tests/support/mfa-helpers";
import {
  beginMfaChallenge,
  chooseMfaType,
  deleteMfa,
  enableMfa,
  getMfaState,
  maskedMobile,
  resendSmsCode,
  SMS_CODE_SECONDS,
  SMS_RESEND_SECONDS,
  verifyMfaCode,
} from "./mfa.server";
import { timeStep, totpAt } from "./totp";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;


async function pendingAuthenticator() {
  const user = await createUser(context);
  await chooseMfaType(context, user.id, { mfaType: "authenticator" });
  const state = await getMfaState(context, user.id, user.email);
  if (state.state !== "pending" || state.mfaType !== "authenticator") throw new Error("expected a pending authenticator");
  return { user, secret: state.secret, otpauth: state.otpauth };
}

describe("MFA settings states", () => {
  it("goes none → pending → enabled → none", async () => {
    const user = await createUser(context);
    expect(await getMfaState(context, user.id, user.email)).toEqual({ state: "none" });
    await chooseMfaType(context, user.id, { mfaType: "authenticator" });
    const pending = await getMfaState(context, user.id, user.email);
    expect(pending).toMatchObject({ state: "pending", mfaType: "authenticator" });
    if (pending.state !== "pending" || pending.mfaType !== "authenticator") return;
    expect(pending.otpauth).toContain(`secret=${pending.secret}`);
    expect(pending.otpauth).toContain(encodeURIComponent(user.email));
    expect(await enableMfa(context, user.id, totpAt(pending.secret, timeStep(context.clock.now())))).toBe(true);
    expect(await getMfaState(context, user.id, user.email)).toEqual({ state: "enabled", mfaType: "authenticator", smsMobileNumber: null });
    await deleteMfa(context, user.id);
    expect(await getMfaState(context, user.id, user.email)).toEqual({ state: "none" });
  });

  it("never replaces enabled settings by choosing again", async () => {
    const { user, secret } = await pendingAuthenticator();
    await enableMfa(context, user.id, totpAt(secret, timeStep(context.clock.now())));
    expect(await chooseMfaType(context, user.id, { mfaType: "sms", smsMobileNumber: "07700900555" })).toBe(false);
    const row = await mfaRow(context, user.id);
    expect(row).toMatchObject({ enabled: true, mfaType: "authenticator", totpSecret: secret });
    expect(await smsCount(context, "07700900555")).toBe(0);
  });

  it("lets a pending choice be replaced", async () => {
    const { user } = await pendingAuthenticator();
    expect(await chooseMfaType(context, user.id, { mfaType: "sms", smsMobileNumber: "07700900556" })).toBe(true);
    expect(await getMfaState(context, user.id, user.email)).toEqual({ state: "pending", mfaType: "sms", smsMobileNumber: "07700900556" });
  });
});

describe("TOTP codes", () => {
  it("accept the current step and one either side, and refuse a wrong code", async () => {
    const { user, secret } = await pendingAuthenticator();
    const step = timeStep(context.clock.now());
    expect(await verifyMfaCode(context, user.id, "000000" === totpAt(secret, step) ? "111111" : "000000")).toBe(false);
    expect(await verifyMfaCode(context, user.id, totpAt(secret, step - 2))).toBe(false);
    expect(await verifyMfaCode(context, user.id, totpAt(secret, step - 1))).toBe(true);
    expect(await verifyMfaCode(context, user.id, totpAt(secret, step + 1))).toBe(true);
  });

  it("work once: a replayed code, or one from an earlier step, is refused", async () => {
    const { user, secret } = await pendingAuthenticator();
    const step = timeStep(context.clock.now());
    const code = totpAt(secret, step);
    expect(await verifyMfaCode(context, user.id, code)).toBe(true);
    expect(await verifyMfaCode(context, user.id, code)).toBe(false);
    expect(await verifyMfaCode(context, user.id, totpAt(secret, step - 1))).toBe(false);
    context.clock.advance(30_000);
    expect(await verifyMfaCode(context, user.id, totpAt(secret, step + 1))).toBe(true);
  });

  it("work once even when two requests race with the same code", async () => {
    const { user, secret } = await pendingAuthenticator();
    const code = totpAt(secret, timeStep(context.clock.now()));
    const results = await Promise.all([1, 2, 3].map(() => verifyMfaCode(context, user.id, code)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("refuse anything but six digits", async () => {
    const { user } = await pendingAuthenticator();
    for (const code of ["", "12345", "1234567", "12a456"]) expect(await verifyMfaCode(context, user.id, code)).toBe(false);
  });
});

describe("SMS codes", () => {
  it("send a code when SMS is chosen; the code works once", async () => {
    const user = await createUser(context);
    await chooseMfaType(context, user.id, { mfaType: "sms", smsMobileNumber: "07700900601" });
    const code = await latestSmsCode(context, "07700900601");
    expect(code).toMatch(/^\d{6}$/);
    expect(await verifyMfaCode(context, user.id, code!)).toBe(true);
    expect(await verifyMfaCode(context, user.id, code!)).toBe(false);
  });

  it("expire after 10 minutes", async () => {
    const user = await createUser(context);
    await chooseMfaType(context, user.id, { mfaType: "sms", smsMobileNumber: "07700900602" });
    const code = (await latestSmsCode(context, "07700900602"))!;
    context.clock.advance(SMS_CODE_SECONDS * 1000 - 1000);
    const wrong = code === "000000" ? "000001" : "000000";
    expect(await verifyMfaCode(context, user.id, wrong)).toBe(false);
    context.clock.advance(1000);
    expect(await verifyMfaCode(context, user.id, code)).toBe(false);
  });

  it("still work just before the 10 minutes are up", async () => {
    const user = await createUser(context);
    await chooseMfaType(context, user.id, { mfaType: "sms", smsMobileNumber: "07700900603" });
    const code = (await latestSmsCode(context, "07700900603"))!;
    context.clock.advance(SMS_CODE_SECONDS * 1000 - 1);
    expect(await verifyMfaCode(context, user.id, code)).toBe(true);
  });

  it("resend at most once per 30 seconds, and a resend replaces the old code", async () => {
    const user = await createUser(context);
    const mobile = "07700900604";
    await chooseMfaType(context, user.id, { mfaType: "sms", smsMobileNumber: mobile });
    const first = (await latestSmsCode(context, mobile))!;
    expect(await resendSmsCode(context, user.id)).toBe("too_soon");
    expect(await smsCount(context, mobile)).toBe(1);
    context.clock.advance(SMS_RESEND_SECONDS * 1000);
    expect(await resendSmsCode(context, user.id)).toBe("sent");
    expect(await smsCount(context, mobile)).toBe(2);
    const second = (await latestSmsCode(context, mobile))!;
    if (first !== second) expect(await verifyMfaCode(context, user.id, first)).toBe(false);
    expect(await verifyMfaCode(context, user.id, second)).toBe(true);
    // Once the code is used, a new one may be sent at once.
    expect(await resendSmsCode(context, user.id)).toBe("sent");
  });

  it("cannot be resent without SMS settings", async () => {
    const { user } = await pendingAuthenticator();
    expect(await resendSmsCode(context, user.id)).toBe("unavailable");
    const nobody = await createUser(context);
    expect(await resendSmsCode(context, nobody.id)).toBe("unavailable");
  });
});

describe("sign-in challenge", () => {
  it("sends an SMS user a code, but not twice within 30 seconds", async () => {
    const user = await createUser(context);
    const mobile = "07700900605";
    await chooseMfaType(context, user.id, { mfaType: "sms", smsMobileNumber: mobile });
    await enableMfa(context, user.id, (await latestSmsCode(context, mobile))!);
    expect(await beginMfaChallenge(context, user.id)).toBe("sms");
    expect(await beginMfaChallenge(context, user.id)).toBe("sms");
    expect(await smsCount(context, mobile)).toBe(2); // the setup code and one sign-in code
  });

  it("is nothing for pending settings, and authenticator for an app user", async () => {
    const { user, secret } = await pendingAuthenticator();
    expect(await beginMfaChallenge(context, user.id)).toBeNull();
    await enableMfa(context, user.id, totpAt(secret, timeStep(context.clock.now())));
    expect(await beginMfaChallenge(context, user.id)).toBe("authenticator");
  });
});

describe("maskedMobile", () => {
  it("shows only the last three digits", () => {
    expect(maskedMobile("07700900123")).toBe("a number ending 123");
    expect(maskedMobile(null)).toBe("your mobile phone");
  });
});
