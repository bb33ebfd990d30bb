/**
 * NHS login's configuration (decision 0080): a real provider's three settings, none (the local
 * mock outside production, off in production), or half of them (no start). The mock's key pair
 * is made when NHS login first signs with it, not when the configuration is read at start
 * (decision 0167): RSA key generation took 70–370 ms of the main thread on this machine.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MOCK_NHS_LOGIN_CLIENT_ID, readNhsLoginConfig } from "./nhs-login-config.server";

const development = { isProduction: false, allowMock: true, port: 3000 };
const production = { isProduction: true, allowMock: false, port: 3000 };
const rsaKey = () => generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;

describe("readNhsLoginConfig", () => {
  it("reads the mock's configuration without making a key; the key is made when first used, and kept", () => {
    const made: KeyObject[] = [];
    const config = readNhsLoginConfig({}, development, () => {
      made.push(rsaKey());
      return made[made.length - 1];
    });
    expect(config).toMatchObject({ mode: "mock", issuer: "http://127.0.0.1:3000/mock-nhs-login", clientId: MOCK_NHS_LOGIN_CLIENT_ID, settingsUrl: "http://127.0.0.1:3000/mock-nhs-login/settings" });
    expect(made, "reading the configuration made no key").toHaveLength(0);
    if (config.mode !== "mock") throw new Error("expected the mock");
    const key = config.privateKey;
    expect(made).toEqual([key]);
    expect(config.privateKey).toBe(key);
    expect(made, "one key, made at first use").toHaveLength(1);
  });

  it("gives every reading of the mock the process's one RSA key (the client's assertions and the mock's check agree)", () => {
    const first = readNhsLoginConfig({}, development);
    const second = readNhsLoginConfig({}, { ...development, port: 3001 });
    if (first.mode !== "mock" || second.mode !== "mock") throw new Error("expected the mock");
    expect(second.issuer).toBe("http://127.0.0.1:3001/mock-nhs-login");
    expect(first.privateKey.asymmetricKeyType).toBe("rsa");
    expect(first.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(second.privateKey).toBe(first.privateKey);
  });

  it("is off in production without settings, and takes a real provider's key as given", () => {
    expect(readNhsLoginConfig({}, production)).toEqual({ mode: "off" });
    const pem = rsaKey().export({ format: "pem", type: "pkcs8" }) as string;
    const provider = readNhsLoginConfig({ issuer: "https://auth.login.nhs.uk", clientId: "frontdoor", privateKeyPem: pem }, production, () => {
      throw new Error("a provider's key is never made here");
    });
    expect(provider).toMatchObject({ mode: "provider", issuer: "https://auth.login.nhs.uk", clientId: "frontdoor", settingsUrl: "https://settings.login.nhs.uk/" });
    if (provider.mode !== "provider") throw new Error("expected the provider");
    expect(provider.privateKey.export({ format: "pem", type: "pkcs8" })).toBe(createPrivateKey(pem).export({ format: "pem", type: "pkcs8" }));
  });

  it("refuses half a configuration and a key that is not RSA", () => {
    expect(() => readNhsLoginConfig({ issuer: "https://auth.login.nhs.uk" }, development)).toThrow(/set NHS_LOGIN_ISSUER, NHS_LOGIN_CLIENT_ID and NHS_LOGIN_PRIVATE_KEY together/);
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "pem", type: "pkcs8" }) as string;
    expect(() => readNhsLoginConfig({ issuer: "https://auth.login.nhs.uk", clientId: "frontdoor", privateKeyPem: ec }, development)).toThrow(/must be an RSA key/);
  });
});
