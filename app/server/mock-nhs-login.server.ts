/**
 * A local stand-in for NHS login (docs/decisions/0080-nhs-login-client.md): a real OpenID
 * provider (the `oidc-provider` package) with NHS login's profile — authorisation code with
 * PKCE required, private_key_jwt client authentication and id_tokens both RS512, NHS login's
 * scopes and claims, `vtr` answered with `vot` — and test users instead of real people.
 *
 * Mounted by the app at /mock-nhs-login in development and test only (never in production:
 * readNhsLoginConfig gives no "mock" mode there), and started on its own port by the tests.
 * Its one page (choose a test user) is plain HTML that works without JavaScript.
 */
import { generateKeyPairSync, randomBytes, type JsonWebKey, type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import Provider, { type Configuration } from "oidc-provider";

import { MOCK_NHS_LOGIN_USERS, type MockNhsLoginUser } from "./mock-nhs-login-users";

export { MOCK_NHS_LOGIN_USERS, type MockNhsLoginUser };

/**
 * Any other test user by id: "p9-<NHS number>" or "p5-<NHS number>" (the end-to-end tests use
 * one per browser project, on patients of their own), registered at the demo practice.
 */
export function findMockUser(id: string): MockNhsLoginUser | undefined {
  const known = MOCK_NHS_LOGIN_USERS.find((u) => u.id === id);
  if (known) return known;
  const match = /^(p9|p5)-(\d{10})$/.exec(id);
  if (!match) return undefined;
  const nhsNumber = match[2]!;
  return {
    id,
    level: match[1] === "p9" ? "P9" : "P5",
    nhsNumber,
    givenName: "Test",
    familyName: `User ${nhsNumber.slice(-4)}`,
    birthdate: "1985-01-15",
    email: `nhs-login-${id}@example.com`,
    phone: "+447700900999",
    odsCode: "Y12345",
    label: id,
  };
}

const VOT = { P9: "P9.Cp.Cd", P5: "P5.Cp.Cd" } as const;

export type MockProviderOptions = {
  issuer: string;
  clientId: string;
  /** The client's public key (its private_key_jwt assertions are checked with it). */
  clientPublicKey: KeyObject;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Tests only: sign id_tokens with another algorithm, to prove the client refuses them. */
  idTokenAlg?: "RS512" | "RS256";
};

export function createMockNhsLoginProvider(options: MockProviderOptions) {
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const alg = options.idTokenAlg ?? "RS512";
  const publicJwk = options.clientPublicKey.export({ format: "jwk" }) as JsonWebKey;
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "private_key_jwt",
        token_endpoint_auth_signing_alg: "RS512",
        id_token_signed_response_alg: alg,
        jwks: { keys: [{ ...publicJwk, use: "sig" } as never] },
      },
    ],
    jwks: { keys: [{ ...(signingKey.export({ format: "jwk" }) as object), kid: "mock-nhs-login", use: "sig" } as never] },
    enabledJWA: {
      idTokenSigningAlgValues: ["RS512", "RS256"],
      clientAuthSigningAlgValues: ["RS512"],
    },
    pkce: { required: () => true },
    scopes: ["openid", "profile", "email", "phone", "profile_extended", "gp_registration_details"],
    claims: {
      openid: ["sub", "vot", "vtm"],
      profile: ["family_name", "given_name", "birthdate", "nhs_number", "identity_proofing_level"],
      profile_extended: ["nhs_number", "birthdate"],
      email: ["email", "email_verified"],
      phone: ["phone_number", "phone_number_verified"],
      gp_registration_details: ["gp_registration_details"],
    },
    extraParams: ["vtr", "asserted_login_identity"],
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    ttl: { Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx, id) => {
      const user = findMockUser(id);
      if (!user) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: user.id,
          vot: VOT[user.level],
          vtm: "https://auth.login.nhs.uk/trustmark/login.nhs.uk",
          identity_proofing_level: user.level,
          nhs_number: user.nhsNumber,
          given_name: user.givenName,
          family_name: user.familyName,
          birthdate: user.birthdate,
          email: user.email,
          email_verified: true,
          phone_number: user.phone,
          phone_number_verified: true,
          gp_registration_details: user.odsCode ? { gp_ods_code: user.odsCode } : undefined,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${new URL(options.issuer).pathname.replace(/\/$/, "")}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Ending the session needs no question: the client sends id_token_hint.
        logoutSource: async (ctx: { body: unknown }, form: string) => {
          ctx.body = page("Sign out of NHS login", `${form}<button class="nhsuk-button" type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>`);
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = page("Something went wrong", `<p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ""))}</p>`);
    },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.proxy = true;

  /** The interaction: choose a test user (two buttons) or give another test user's id. */
  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, post: boolean) {
    const details = await provider.interactionDetails(req, res).catch(() => null);
    if (!details || details.uid !== uid) {
      res.statusCode = 400;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(page("Your sign-in has expired", "<p>Go back to the service and start again.</p>"));
      return;
    }
    // The NHS App's handed-over identity (the mock takes a test user's id for it): no question.
    const asserted = typeof details.params.asserted_login_identity === "string" ? findMockUser(details.params.asserted_login_identity) : undefined;
    if (!post && asserted) {
      await finishAs(req, res, asserted, details);
      return;
    }
    if (!post) {
      const action = `${new URL(options.issuer).pathname.replace(/\/$/, "")}/interaction/${uid}`;
      const buttons = MOCK_NHS_LOGIN_USERS.map(
        (u) => `<form method="post" action="${action}"><input type="hidden" name="account" value="${u.id}"><button class="nhsuk-button" type="submit">Continue as ${escapeHtml(u.label)}</button></form>`,
      ).join("");
      const other = `<form method="post" action="${action}"><div class="nhsuk-form-group"><label class="nhsuk-label" for="account">Another test user's id</label><input class="nhsuk-input" id="account" name="account" type="text" autocomplete="off"></div><button class="nhsuk-button nhsuk-button--secondary" type="submit">Continue</button></form>`;
      res.statusCode = 200;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", "no-store");
      res.end(page("Choose a test user", `<p>This is a test NHS login. No real person signs in here.</p>${buttons}${other}`));
      return;
    }
    const body = new URLSearchParams(await readBody(req));
    const user = findMockUser(body.get("account")?.trim() ?? "");
    if (!user) {
      await provider.interactionFinished(req, res, { error: "access_denied", error_description: "Unknown test user" }, { mergeWithLastSubmission: false });
      return;
    }
    await finishAs(req, res, user, details);
  }

  async function finishAs(req: IncomingMessage, res: ServerResponse, user: MockNhsLoginUser, details: { params: Record<string, unknown> }) {
    const grant = new provider.Grant({ accountId: user.id, clientId: options.clientId });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: user.id }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  /**
   * prompt=none with an asserted_login_identity naming a test user: real NHS login signs the
   * app's person in without a page; the mock drops prompt=none so its interaction can do that.
   */
  function assertedSilently(req: IncomingMessage) {
    const url = new URL(req.url ?? "/", "http://mock.invalid");
    if (url.pathname !== "/auth" || url.searchParams.get("prompt") !== "none") return;
    const asserted = url.searchParams.get("asserted_login_identity");
    if (!asserted || !findMockUser(asserted)) return;
    url.searchParams.delete("prompt");
    req.url = `${url.pathname}${url.search}`;
  }

  const callback = provider.callback();
  /** A Node request handler for the provider's paths (mounted under the issuer's path). */
  function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").split("?")[0]!;
    const match = /^\/interaction\/([A-Za-z0-9_-]{1,64})$/.exec(path);
    if (match && (req.method === "GET" || req.method === "POST")) {
      interaction(req, res, match[1]!, req.method === "POST").catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error instanceof Error ? error.message : error));
      });
      return;
    }
    if (path === "/settings") {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(page("Your NHS login (test)", "<p>This is where NHS login lets people manage their account. The mock has nothing to change.</p>"));
      return;
    }
    assertedSilently(req);
    callback(req, res);
  }
  return { provider, handle };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) break;
  }
  return body;
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, content: string) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – NHS login (test)</title>
<link rel="stylesheet" href="/css/main.css">
</head>
<body>
<div class="nhsuk-width-container">
<main class="nhsuk-main-wrapper" id="maincontent">
<h1>${escapeHtml(title)}</h1>
${content}
</main>
</div>
</body>
</html>`;
}
