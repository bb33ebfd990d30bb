/**
 * The NHS login OpenID Connect client (openid-client v6; decision 0080): authorisation code
 * flow with PKCE (S256), state and nonce; the client authenticates at the token endpoint with
 * private_key_jwt signed RS512; the id_token must be signed RS512. The provider's metadata is
 * discovered once per process and kept.
 */
import { webcrypto } from "node:crypto";
import * as oidc from "openid-client";
import type { NhsLoginConfig } from "~/nhs-login-config.server";
import { readClaims, type NhsLoginClaims } from "./claims";
import { NHS_LOGIN_SCOPES, VTR_PARAMETER } from "./rules";

type Enabled = Exclude<NhsLoginConfig, { mode: "off" }>;

const discovered = new Map<string, Promise<oidc.Configuration>>();

async function clientFor(config: Enabled): Promise<oidc.Configuration> {
  const key = `${config.issuer} ${config.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    found = (async () => {
      const der = config.privateKey.export({ format: "der", type: "pkcs8" });
      const signingKey = await webcrypto.subtle.importKey("pkcs8", der, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-512" }, false, ["sign"]);
      return oidc.discovery(
        new URL(config.issuer),
        config.clientId,
        { id_token_signed_response_alg: "RS512", token_endpoint_auth_method: "private_key_jwt" },
        oidc.PrivateKeyJwt(signingKey as CryptoKey),
        {
          execute: [
            // The id_token's signature is checked against the provider's keys (JWKS), not only
            // trusted because it came over TLS: a token not signed by NHS login is refused.
            oidc.enableNonRepudiationChecks,
            // The mock runs over plain http on the loopback address; a real provider is https.
            ...(config.mode === "mock" || new URL(config.issuer).hostname === "127.0.0.1" ? [oidc.allowInsecureRequests] : []),
          ],
        },
      );
    })();
    discovered.set(key, found);
    // A provider that was away is asked again next time.
    found.catch(() => discovered.delete(key));
  }
  return found;
}

/** What the browser must bring back (kept in a signed cookie between the two legs). */
export type AuthorisationChecks = { state: string; nonce: string; codeVerifier: string };

export async function startAuthorisation(
  config: Enabled,
  options: { redirectUri: string; assertedLoginIdentity?: string | null; silent?: boolean },
): Promise<{ url: string; checks: AuthorisationChecks } | null> {
  // NHS login away (its metadata cannot be read): the caller says so.
  const client = await clientFor(config).catch(() => null);
  if (!client) return null;
  const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const parameters: Record<string, string> = {
    redirect_uri: options.redirectUri,
    scope: NHS_LOGIN_SCOPES,
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: "S256",
    state: checks.state,
    nonce: checks.nonce,
    vtr: VTR_PARAMETER,
  };
  // From the NHS App: sign in silently as the person already signed in to the app (and to
  // NHS login), naming them when the app handed over their identity.
  if (options.silent || options.assertedLoginIdentity) parameters.prompt = "none";
  if (options.assertedLoginIdentity) parameters.asserted_login_identity = options.assertedLoginIdentity;
  return { url: oidc.buildAuthorizationUrl(client, parameters).href, checks };
}

export type AuthorisationResult =
  | { ok: true; claims: NhsLoginClaims; idToken: string }
  | { ok: false; reason: "refused" | "invalid" | "unusable_claims"; error?: string };

/**
 * The callback: the code exchanged (PKCE verifier), the state and nonce compared, the id_token's
 * signature and algorithm checked, then the userinfo read for the same subject.
 */
export async function finishAuthorisation(config: Enabled, callbackUrl: URL, checks: AuthorisationChecks): Promise<AuthorisationResult> {
  const client = await clientFor(config).catch(() => null);
  if (!client) return { ok: false, reason: "invalid", error: "provider_unavailable" };
  const providerError = callbackUrl.searchParams.get("error");
  if (providerError) return { ok: false, reason: "refused", error: providerError.slice(0, 60) };
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    return { ok: false, reason: "invalid", error: errorCode(error) };
  }
  const idClaims = tokens.claims();
  if (!idClaims || !tokens.id_token) return { ok: false, reason: "invalid", error: "no_id_token" };
  let userinfo: Record<string, unknown> = {};
  try {
    userinfo = await oidc.fetchUserInfo(client, tokens.access_token, idClaims.sub);
  } catch (error) {
    return { ok: false, reason: "invalid", error: errorCode(error) };
  }
  // The level is the id_token's (signed) vot, never the userinfo's.
  const claims = readClaims({ ...userinfo, ...idClaims, vot: idClaims.vot });
  if (!claims) return { ok: false, reason: "unusable_claims" };
  return { ok: true, claims, idToken: tokens.id_token };
}

/** Where logout sends the browser to end the NHS login session too, then back to `returnTo`. */
export async function endSessionUrl(config: Enabled, idToken: string, returnTo: string): Promise<string | null> {
  try {
    const client = await clientFor(config);
    if (!client.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(client, { id_token_hint: idToken, post_logout_redirect_uri: returnTo }).href;
  } catch {
    return null;
  }
}

function errorCode(error: unknown): string {
  if (error && typeof error === "object") {
    const e = error as { code?: unknown; error?: unknown; message?: unknown };
    if (typeof e.error === "string") return e.error.slice(0, 60);
    if (typeof e.code === "string") return e.code.slice(0, 60);
  }
  return "unknown";
}
