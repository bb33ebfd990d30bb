/**
 * NHS login's configuration, checked at start (docs/decisions/0080-nhs-login-client.md).
 *
 * - A real provider: NHS_LOGIN_ISSUER (https), NHS_LOGIN_CLIENT_ID and NHS_LOGIN_PRIVATE_KEY (an RSA
 *   private key, PEM, 2048 bits or more: the client signs its token-endpoint assertion with it,
 *   RS512). All three or none: half a configuration stops the start.
 * - None of them outside production: the local mock provider (app/server/mock-nhs-login.server.ts),
 *   mounted by the app at /mock-nhs-login with a key pair made at start. Never in production.
 * - None of them in production: NHS login is off (the button is not shown). The one exception is
 *   the end-to-end tests' local test server (LOCAL_TEST_SERVER, loopback only), as for the test tools.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";

export const MOCK_NHS_LOGIN_PATH = "/mock-nhs-login";
export const MOCK_NHS_LOGIN_CLIENT_ID = "frontdoor-mock-client";
const DEFAULT_SETTINGS_URL = "https://settings.login.nhs.uk/";

/**
 * One key per process for the mock (tests read the configuration many times), made when NHS login
 * first uses it, not when the configuration is read: an RSA key takes 70–370 ms of the thread that
 * makes it, and at start that thread is loading the app (issue "speed": a tenth of a start with data).
 */
let mockKey: KeyObject | undefined;
const mockClientKey = () => (mockKey ??= generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey);

export type NhsLoginConfig =
  | { mode: "off" }
  | {
      mode: "provider" | "mock";
      issuer: string;
      clientId: string;
      privateKey: KeyObject;
      /** The management link ("Manage NHS login Account"). */
      settingsUrl: string;
    };

export function readNhsLoginConfig(
  env: { issuer?: string; clientId?: string; privateKeyPem?: string; settingsUrl?: string },
  /** allowMock: outside production, or on the local test server of the end-to-end tests (loopback only). */
  options: { isProduction: boolean; allowMock: boolean; port: number },
  /** Where the mock's key comes from: the process's one key (tests count the calls). */
  makeMockKey: () => KeyObject = mockClientKey,
): NhsLoginConfig {
  const fail = (problem: string): never => {
    throw new Error(`Frontdoor cannot start: NHS login is not configured correctly.\n  ${problem}`);
  };
  const given = [env.issuer, env.clientId, env.privateKeyPem].filter(Boolean).length;
  if (given === 0) {
    if (!options.allowMock) return { mode: "off" };
    let key: KeyObject | undefined;
    return {
      mode: "mock",
      issuer: `http://127.0.0.1:${options.port}${MOCK_NHS_LOGIN_PATH}`,
      clientId: MOCK_NHS_LOGIN_CLIENT_ID,
      get privateKey() {
        return (key ??= makeMockKey());
      },
      settingsUrl: env.settingsUrl ?? `http://127.0.0.1:${options.port}${MOCK_NHS_LOGIN_PATH}/settings`,
    };
  }
  if (given < 3) fail("set NHS_LOGIN_ISSUER, NHS_LOGIN_CLIENT_ID and NHS_LOGIN_PRIVATE_KEY together, or none of them.");
  const issuer = new URL(env.issuer!);
  if (options.isProduction && issuer.protocol !== "https:") fail("NHS_LOGIN_ISSUER must be an https:// URL in production.");
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(env.privateKeyPem!.replace(/\\n/g, "\n"));
  } catch {
    return fail("NHS_LOGIN_PRIVATE_KEY is not a private key in PEM form.");
  }
  if (privateKey.asymmetricKeyType !== "rsa") fail("NHS_LOGIN_PRIVATE_KEY must be an RSA key (NHS login uses RS512).");
  if ((privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) fail("NHS_LOGIN_PRIVATE_KEY must be 2048 bits or more.");
  return {
    mode: "provider",
    issuer: env.issuer!,
    clientId: env.clientId!,
    privateKey,
    settingsUrl: env.settingsUrl ?? DEFAULT_SETTINGS_URL,
  };
}
