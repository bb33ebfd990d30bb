/**
 * One-shot messages carried across a redirect (POST, redirect, GET): "Online services
 * linked.", "Your suggestion has been submitted..." A signed cookie, so it works without
 * JS and without a session, and cannot be forged to show arbitrary text.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { redirect } from "@remix-run/node";
import { isSecureRequest, readCookie, serializeCookie } from "./cookies";

export const FLASH_COOKIE = "fd_flash";
export type Flash = { kind: "success" | "info"; text: string };

function sign(secret: string, payload: string) {
  return createHmac("sha256", secret).update(`flash:${payload}`).digest("base64url");
}

export function setFlashCookie(secret: string, flash: Flash, secure = false): string {
  const payload = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return serializeCookie(FLASH_COOKIE, `${payload}.${sign(secret, payload)}`, { maxAgeSeconds: 60, secure });
}

/**
 * The end of every successful post: a 303 to the next page with its one-shot message
 * (post/redirect/get; the idempotency layer replays exactly this to a repeated post).
 */
export function redirectWithFlash(
  request: Request,
  context: { config: { sessionSecret: string } },
  to: string,
  flash: Flash,
  headers: HeadersInit = {},
): ReturnType<typeof redirect> {
  const all = new Headers(headers);
  all.append("Set-Cookie", setFlashCookie(context.config.sessionSecret, flash, isSecureRequest(request)));
  return redirect(to, { status: 303, headers: all });
}

export function clearFlashCookie(secure = false): string {
  return serializeCookie(FLASH_COOKIE, "", { maxAgeSeconds: 0, secure });
}

export function readFlash(secret: string, request: Request): Flash | null {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return null;
  const [payload, signature] = raw.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const flash = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Flash;
    return typeof flash.text === "string" && (flash.kind === "success" || flash.kind === "info") ? flash : null;
  } catch {
    return null;
  }
}
