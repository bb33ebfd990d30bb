/** Small, dependency-free cookie helpers shared by server.ts and route modules. */

const NO_COOKIES: Readonly<Record<string, string>> = Object.freeze({});
/** The last header parsed and its cookies: one page reads the same header five or more times. */
let lastHeader: string | undefined;
let lastCookies: Readonly<Record<string, string>> = NO_COOKIES;

/**
 * The cookies of a Cookie header, by name (the first of a repeated name). Frozen: the result is
 * shared by every caller that passes the same header (the root loader, the viewer, the CSRF
 * secret, the NHS App and flash checks all read it, issue "speed").
 */
export function parseCookies(header: string | null | undefined): Readonly<Record<string, string>> {
  if (!header) return NO_COOKIES;
  if (header === lastHeader) return lastCookies;
  const out: Record<string, string> = {};
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  lastHeader = header;
  lastCookies = Object.freeze(out);
  return lastCookies;
}

export function readCookie(request: Request, name: string): string | undefined {
  return parseCookies(request.headers.get("Cookie"))[name];
}

export type CookieOptions = {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict";
  path?: string;
};

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`];
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${options.maxAgeSeconds}`);
    // Expires as well: IE10 ignores Max-Age.
    parts.push(`Expires=${new Date(Date.now() + options.maxAgeSeconds * 1000).toUTCString()}`);
  }
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  return parts.join("; ");
}

/** Requests arrive over HTTPS in production behind a proxy; `trust proxy` makes this honest. */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}
