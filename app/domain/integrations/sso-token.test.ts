import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box";
import { loadingPatientText, MAX_TOKEN_SECONDS, peekClaims, signSsoToken, ssoContinuation, verifySsoToken } from "./sso-token";

const KEY = "signing-key-0123456789abcdefghijklmnopqrstuv";
const NOW = new Date("2026-11-27T10:00:00Z");
const at = (secondsFromNow: number) => Math.floor(NOW.getTime() / 1000) + secondsFromNow;
const claims = (over: Partial<{ sub: string; jti: string; iat: number; exp: number }> = {}) => ({
  sub: "gp@example.com",
  jti: "abcdefghij123456",
  iat: at(0),
  exp: at(120),
  ...over,
});

describe("toolbar sign-on token", () => {
  it("accepts a token signed with the key, within its life", () => {
    const check = verifySsoToken(signSsoToken(claims(), KEY), KEY, NOW);
    expect(check).toEqual({ ok: true, claims: claims() });
  });

  it("refuses another key's signature, and a changed body", () => {
    expect(verifySsoToken(signSsoToken(claims(), "another-key"), KEY, NOW)).toEqual({ ok: false, reason: "signature" });
    const [head, , sig] = signSsoToken(claims(), KEY).split(".");
    const forged = `${head}.${Buffer.from(JSON.stringify(claims({ sub: "admin@example.com" }))).toString("base64url")}.${sig}`;
    expect(verifySsoToken(forged, KEY, NOW)).toEqual({ ok: false, reason: "signature" });
  });

  it("refuses an expired token (beyond the 30 s leeway) and one issued in the future", () => {
    expect(verifySsoToken(signSsoToken(claims({ iat: at(-200), exp: at(-31) }), KEY), KEY, NOW)).toEqual({ ok: false, reason: "expired" });
    expect(verifySsoToken(signSsoToken(claims({ iat: at(-200), exp: at(-10) }), KEY), KEY, NOW).ok).toBe(true);
    expect(verifySsoToken(signSsoToken(claims({ iat: at(60), exp: at(120) }), KEY), KEY, NOW)).toEqual({ ok: false, reason: "not_yet_valid" });
  });

  it("refuses a token that would live longer than five minutes", () => {
    expect(verifySsoToken(signSsoToken(claims({ exp: at(MAX_TOKEN_SECONDS + 1) }), KEY), KEY, NOW)).toEqual({ ok: false, reason: "too_long" });
  });

  it("refuses alg none and other algorithms, and malformed tokens", () => {
    const body = Buffer.from(JSON.stringify(claims())).toString("base64url");
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${body}.c2ln`;
    expect(verifySsoToken(none, KEY, NOW)).toEqual({ ok: false, reason: "algorithm" });
    for (const bad of ["", "a.b", "a.b.c.d", "not a token", "x".repeat(5000)]) expect(verifySsoToken(bad, KEY, NOW).ok).toBe(false);
    expect(verifySsoToken(signSsoToken(claims({ jti: "short" }), KEY), KEY, NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(peekClaims("a.b")).toBeNull();
  });
});

describe("where the toolbar goes", () => {
  it("to the toolbar's patient load with the number in the hash, or in the query without JS", () => {
    const base = { practiceCode: "demo", userId: 7, type: "patient", action: "open", nhsNumber: "9434765919" };
    expect(ssoContinuation(base)).toBe("/toolbar/demo/patients?action=open#9434765919");
    expect(ssoContinuation({ ...base, numberInQuery: true })).toBe("/toolbar/demo/patients?action=open&nhs_number=9434765919");
    expect(ssoContinuation({ ...base, type: null })).toBe("/demo/inboxes/7");
    expect(loadingPatientText("943 476 5919")).toBe("Loading patient with NHS Number 943 476 5919...");
  });
});

describe("sealed secrets", () => {
  it("open with the same secret and purpose only", () => {
    const sealed = sealSecret("server-secret", "sso", "the signing key");
    expect(sealed).not.toContain("the signing key");
    expect(openSecret("server-secret", "sso", sealed)).toBe("the signing key");
    expect(openSecret("other-secret", "sso", sealed)).toBeNull();
    expect(openSecret("server-secret", "other", sealed)).toBeNull();
    expect(openSecret("server-secret", "sso", "v1.broken")).toBeNull();
  });
});
