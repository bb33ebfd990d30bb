/**
 * The magic-link grant as a cookie (app/domain/auth/magic-links.server.ts decides it): signed,
 * naming the token, the patient and the scope, until the grant ends.
 */
import type { AppContext } from "~/context.server";
import { liveTokenGrant, type TokenGrant } from "~/domain/auth/magic-links.server";
import { readSignedValue, signValue } from "~/domain/auth/signed-value.server";
import { isSecureRequest, readCookie, serializeCookie } from "~/web/cookies";

export const TOKEN_GRANT_COOKIE = "fd_token_grant";
const GRANT_PURPOSE = "token-grant";

export function grantCookie(request: Request, context: AppContext, grant: TokenGrant, expiresAt: Date): string {
  const now = context.clock.now().getTime();
  return serializeCookie(TOKEN_GRANT_COOKIE, signValue(context.config.sessionSecret, GRANT_PURPOSE, grant, expiresAt), {
    maxAgeSeconds: Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000)),
    secure: isSecureRequest(request) || context.config.httpsOnly,
  });
}

/**
 * The magic-link grant this browser holds, or null. For routes a token holder may use
 * (the request's chat, token registration): check `grant.scope` covers what is asked for.
 */
export async function getTokenGrant(request: Request, context: AppContext): Promise<TokenGrant | null> {
  const grant = readSignedValue<TokenGrant>(context.config.sessionSecret, GRANT_PURPOSE, readCookie(request, TOKEN_GRANT_COOKIE), context.clock.now());
  return liveTokenGrant(context, grant);
}
