/**
 * The mock NHS login provider on a port of its own, for loader/action tests: a configuration
 * pointing at it (the same shape the app's mock mode has) and a browser stand-in that follows
 * the provider's redirects and chooses a test user, giving back the callback URL with the code.
 */
import { createPublicKey, createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { NhsLoginConfig } from "~/nhs-login-config.server";
import { createMockNhsLoginProvider } from "~/server/mock-nhs-login.server";
import { TEST_ORIGIN } from "./requests";

export type MockNhsLogin = {
  config: Exclude<NhsLoginConfig, { mode: "off" }>;
  /**
   * Follows the authorisation URL through the provider as `account`; returns the callback URL.
   * `null`: choose no one (a silent sign-in must come back without the page asking).
   */
  signIn(authorisationUrl: string, account: string | null): Promise<URL>;
  close(): Promise<void>;
};

/**
 * `forgeIdTokenSignature`: the token endpoint's id_token is signed again RS512 with a key that is
 * not the provider's (same header and claims), as an attacker in the middle would.
 */
export async function startMockNhsLogin(options: { idTokenAlg?: "RS512" | "RS256"; forgeIdTokenSignature?: boolean } = {}): Promise<MockNhsLogin> {
  let handler: ((req: Parameters<Parameters<typeof createServer>[1] & object>[0], res: never) => void) | null = null;
  const forger = options.forgeIdTokenSignature ? generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey : null;
  const server: Server = createServer((req, res) => {
    if (forger && req.method === "POST" && req.url === "/token") forgeIdToken(res, forger);
    return handler ? handler(req, res as never) : res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const clientId = `test-client-${port}-${options.idTokenAlg ?? "RS512"}${forger ? "-forged" : ""}`;
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
          const page = await send(next.href);
          // An interaction that needs no question (an asserted identity) goes straight on.
          if (page.headers.get("Location")) {
            response = page;
            continue;
          }
          if (account === null) throw new Error("mock NHS login: asked who is signing in");
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

/** Rewrites the token endpoint's answer: its id_token signed again with `key`. */
function forgeIdToken(res: ServerResponse, key: KeyObject) {
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  res.end = ((chunk?: unknown) => {
    const body = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : "";
    let tokens: { id_token?: string } | null = null;
    try {
      tokens = JSON.parse(body) as { id_token?: string };
    } catch {
      return end(chunk);
    }
    if (!tokens?.id_token) return end(chunk);
    const [header, payload] = tokens.id_token.split(".");
    const signature = createSign("RSA-SHA512").update(`${header}.${payload}`).sign(key).toString("base64url");
    const forged = JSON.stringify({ ...tokens, id_token: `${header}.${payload}.${signature}` });
    res.setHeader("Content-Length", Buffer.byteLength(forged));
    return end(forged);
  }) as typeof res.end;
}
