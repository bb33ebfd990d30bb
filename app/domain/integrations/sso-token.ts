/**
 * The toolbar's sign-on token (spec 3 §2 /sso/auth, decision 0115): a JWT signed with HMAC-SHA256
 * by the staff member's toolbar signing key. Claims: `sub` (the staff member's e-mail address),
 * `jti` (unique per token: a token signs in once), `iat` and `exp` (a short life: at most
 * MAX_TOKEN_SECONDS from iat, and not yet expired, with a little leeway for clock drift).
 * Pure: node:crypto only.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** A token lives at most this long from its issue. */
export const MAX_TOKEN_SECONDS = 5 * 60;
/** Clocks of the practice PC and the server may differ by this much. */
export const CLOCK_LEEWAY_SECONDS = 30;

export type SsoClaims = { sub: string; jti: string; iat: number; exp: number };

export type TokenCheck =
  | { ok: true; claims: SsoClaims }
  | { ok: false; reason: "malformed" | "algorithm" | "signature" | "expired" | "not_yet_valid" | "too_long" };

const b64 = (value: string | Buffer) => Buffer.from(value).toString("base64url");

function hmac(key: string, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/** Signs claims as an HS256 JWT (the test client and the toolbar simulation use this). */
export function signSsoToken(claims: SsoClaims, signingKey: string): string {
  const head = b64(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64(JSON.stringify(claims));
  return `${head}.${body}.${hmac(signingKey, `${head}.${body}`).toString("base64url")}`;
}

function parseJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

/** Reads a token's claims without checking it (to find which credential must check it). */
export function peekClaims(token: string): Partial<SsoClaims> | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const body = parseJson(parts[1]);
  return body && typeof body === "object" ? (body as Partial<SsoClaims>) : null;
}

/** Checks a token's form, algorithm, signature (constant time) and life at `now`. */
export function verifySsoToken(token: string, signingKey: string, now: Date): TokenCheck {
  if (token.length > 4096) return { ok: false, reason: "malformed" };
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return { ok: false, reason: "malformed" };
  const [head, body, signature] = parts;
  const header = parseJson(head) as { alg?: unknown } | null;
  if (!header || typeof header !== "object") return { ok: false, reason: "malformed" };
  if (header.alg !== "HS256") return { ok: false, reason: "algorithm" };
  const expected = hmac(signingKey, `${head}.${body}`);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  const claims = parseJson(body) as Partial<SsoClaims> | null;
  if (
    !claims ||
    typeof claims.sub !== "string" ||
    claims.sub.length === 0 ||
    claims.sub.length > 254 ||
    typeof claims.jti !== "string" ||
    !/^[A-Za-z0-9_-]{8,128}$/.test(claims.jti) ||
    !Number.isInteger(claims.iat) ||
    !Number.isInteger(claims.exp)
  ) {
    return { ok: false, reason: "malformed" };
  }
  const seconds = Math.floor(now.getTime() / 1000);
  const iat = claims.iat as number;
  const exp = claims.exp as number;
  if (exp - iat > MAX_TOKEN_SECONDS) return { ok: false, reason: "too_long" };
  if (iat > seconds + CLOCK_LEEWAY_SECONDS) return { ok: false, reason: "not_yet_valid" };
  if (exp <= seconds - CLOCK_LEEWAY_SECONDS) return { ok: false, reason: "expired" };
  return { ok: true, claims: { sub: claims.sub, jti: claims.jti, iat, exp } };
}

/** The messages of spec 3 §6 (SSO auth). */
export const SSO_MESSAGES = {
  problem: "There was a problem with Single Sign On. Please log in using your username and password and set up SSO again.",
  server: "Server error. Please try again later.",
  expired: "This sign-on link has expired. Please open the patient from your toolbar again.",
  used: "This sign-on link has already been used. Please open the patient from your toolbar again.",
  notStaff: "There was a problem with Single Sign On. Your account is not a GP or receptionist at a practice.",
  toolbarLogin: "There was a problem logging in to the toolbar, please refresh the page and try again.",
  setup: "There was a problem setting up Single Sign On, please refresh the page and try again.",
  tabsSaved: "Toolbar settings successfully updated.",
  patientNotFound: "Patient cannot be found",
  redirecting: "Patient cannot be found. Re-directing back to search page...",
} as const;

/** "Loading patient with NHS Number {number}..." (spec 3 §2). */
export function loadingPatientText(nhsNumber: string): string {
  return `Loading patient with NHS Number ${nhsNumber}...`;
}

/** Where the toolbar goes once signed in (spec 3 §2 /sso/auth). */
export function ssoContinuation(input: {
  practiceCode: string;
  userId: number;
  type: string | null;
  action: string | null;
  nhsNumber: string | null;
  /** The number goes in the query (no script to read a hash), not the hash. */
  numberInQuery?: boolean;
}): string {
  if (input.type === "patient") {
    const query = new URLSearchParams();
    if (input.action) query.set("action", input.action);
    if (input.nhsNumber && input.numberInQuery) query.set("nhs_number", input.nhsNumber);
    const search = query.toString();
    const base = `/toolbar/${input.practiceCode}/patients${search ? `?${search}` : ""}`;
    return input.nhsNumber && !input.numberInQuery ? `${base}#${input.nhsNumber}` : base;
  }
  return `/${input.practiceCode}/inboxes/${input.userId}`;
}
