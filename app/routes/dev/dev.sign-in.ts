/**
 * GET /dev/sign-in: the end-to-end fixtures' way in (tests/support/e2e-fixtures.ts `signInAs`).
 * It starts a session exactly as the sign-in form does once a password has been checked, so a
 * journey about something else need not type one (a slow KDF each time) or walk the form.
 *
 * Exists only on a local test server started with TEST_SIGN_IN_KEY (config.server.ts refuses the
 * key anywhere else); otherwise, and for a wrong key, it is page-not-found. The key and the
 * e-mail address travel in headers, so neither reaches the request log.
 */
import { timingSafeEqual } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { startSession } from "~/domain/auth/sign-in.server";
import { findUserByEmail, normaliseEmail } from "~/domain/accounts/registration.server";
import { notFound } from "~/web/responses.server";

export const KEY_HEADER = "X-Test-Sign-In-Key";
export const EMAIL_HEADER = "X-Test-Sign-In-Email";

function keyMatches(expected: string | undefined, given: string | null): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!keyMatches(context.config.testSignInKey, request.headers.get(KEY_HEADER))) throw notFound();
  const email = normaliseEmail(request.headers.get(EMAIL_HEADER) ?? "");
  const user = email ? await findUserByEmail(context.db, email) : null;
  if (!user || user.disabledAt) throw notFound();
  const sessionId = await startSession(context, user.id, request.headers.get("User-Agent"));
  const headers = signedInHeaders(request, context, sessionId);
  headers.set("Cache-Control", "no-store");
  return new Response(null, { status: 204, headers });
}
