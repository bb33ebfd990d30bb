/**
 * Small signed, expiring values for cookies that carry state between two steps, such as
 * "password proven, MFA code still due". Tampering or expiry reads as absent.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function signValue<T>(secret: string, purpose: string, value: T, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ v: value, e: expiresAt.getTime() })).toString("base64url");
  return `${payload}.${createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url")}`;
}

export function readSignedValue<T>(secret: string, purpose: string, raw: string | undefined, now: Date): T | null {
  if (!raw) return null;
  const [payload, signature] = raw.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url"));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { v: T; e: number };
    return parsed.e > now.getTime() ? parsed.v : null;
  } catch {
    return null;
  }
}
