/**
 * The mock NHS login provider on a port of its own, for loader/action tests: a configuration
 * pointing at it (the same shape the app's mock mode has) and a browser stand-in that follows
 * the provider's redirects and chooses a test user, giving back the callback URL with the code.
 */
import { generateKeyPairSync, createPublicKey } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { NhsLoginConfig } from "~/nhs-login-config.server";
import { createMockNhsLoginProvider } from "~/server/mock-nhs-login.server";
import { TEST_ORIGIN } from "./requests";

export type MockNhsLogin = {
  config: Exclude<NhsLoginConfig, { mode: "off" }>;
  /** Follows the authorisation URL through the provider as `account`; returns the callback URL. */
  signIn(authorisationUrl: string, account: string): Promise<URL>;
  close(): Promise<void>;
};

export async function startMockNhsLogin(options: { idTokenAlg?: "RS512" | "RS256" } = {}): Promise<MockNhsLogin> {
  let handler: ((req: Parameters<Parameters<typeof createServer>[1] & object>[0], res: never) => void) | null = null;
  const server: Server = createServer((req, res) => (handler ? handler(req, res as never) : res.end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const clientId = `test-client-${port}-${options.idTokenAlg ?? "RS512"}`;
  const { handle } = createMockNhsLoginProvider({
    issuer,
    clientId,
    clientPublicKey: createPublicKey(privateKey),
    redirectUris: [`${TEST_ORIGIN}/nhs-login/auth`],
    postLogoutRedirectUris: [`${TEST_ORIGIN}/`],
    idTokenAlg: options.idTokenAlg,
  });
  handler = handle as never;
  return {
    config: { mode: "mock", issuer, clientId, privateKey, settingsUrl: `${issuer}/settings` },
    async signIn(authorisationUrl, account) {
      const jar = new Map<string, string>();
      const send = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(url, {
          ...init,
          redirect: "manual",
          headers: { ...(init.headers as Record<string, string>), Cookie: [...jar].map(([n, v]) => `${n}=${v}`).join("; ") },
        });
        for (const header of response.headers.getSetCookie()) {
          const [pair] = header.split(";");
          const at = pair!.indexOf("=");
          jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
        }
        return response;
      };
      let response = await send(authorisationUrl);
      for (let hop = 0; hop < 10; hop++) {
        const location = response.headers.get("Location");
        if (response.status === 200 && /\/interaction\//.test(response.url || "")) break;
        if (!location) throw new Error(`mock NHS login: no redirect (status ${response.status}): ${await response.text()}`);
        const next = new URL(location, issuer);
        if (next.origin === TEST_ORIGIN) return next;
        if (/\/interaction\/[^/]+$/.test(next.pathname)) {
          await send(next.href);
          response = await send(next.href, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ account }).toString(),
          });
          continue;
        }
        response = await send(next.href);
      }
      throw new Error("mock NHS login: too many redirects");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
