/**
 * Real Requests in, real Responses out: build a GET or a form POST as a browser would send
 * it, call a route's loader or action the way Remix does (`loader({ request, params,
 * context })`, a thrown Response being the answer), then read status, JSON and cookies.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { CSRF_FIELD } from "~/domain/security/csrf.server";
import { httpAnswerFor } from "~/web/outcomes.server";
import { csrfTokenForContext } from "./context";

export const TEST_ORIGIN = "http://localhost";

/** Real user agents, for the browser-support checks in the shell. */
export const USER_AGENTS = {
  modern: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  ie9: "Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)",
  ie10: "Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)",
  firefox64: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:64.0) Gecko/20100101 Firefox/64.0",
  konqueror: "Mozilla/5.0 (X11; Linux x86_64) KHTML/5.20.0 (like Gecko) Konqueror/5.20",
} as const;

export type RequestOptions = {
  /** A Cookie header, or name/value pairs to send as one. */
  cookie?: string | Record<string, string>;
  userAgent?: string;
  headers?: Record<string, string>;
};

export type FormFields = Record<string, string | string[]> | URLSearchParams | FormData;

export type PostOptions = RequestOptions & {
  /** Add the `csrf` field a rendered form would carry for this context. */
  csrf?: Pick<AppContext, "config" | "csrfSecret">;
};

function headersFor(options: RequestOptions): Headers {
  const headers = new Headers(options.headers);
  if (options.userAgent) headers.set("User-Agent", options.userAgent);
  if (options.cookie) {
    const cookie =
      typeof options.cookie === "string"
        ? options.cookie
        : Object.entries(options.cookie)
            .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
            .join("; ");
    headers.set("Cookie", cookie);
  }
  return headers;
}

function urlFor(path: string): string {
  return new URL(path, TEST_ORIGIN).toString();
}

export function getRequest(path: string, options: RequestOptions = {}): Request {
  return new Request(urlFor(path), { method: "GET", headers: headersFor(options) });
}

/**
 * A form POST. Plain objects and URLSearchParams are sent urlencoded (what a form without
 * files sends); a FormData is sent as multipart/form-data, boundary and all.
 */
export function postRequest(path: string, fields: FormFields = {}, options: PostOptions = {}): Request {
  const headers = headersFor(options);
  let body: URLSearchParams | FormData;
  if (fields instanceof FormData) {
    body = fields;
    if (options.csrf) body.set(CSRF_FIELD, csrfTokenForContext(options.csrf));
  } else {
    body = fields instanceof URLSearchParams ? new URLSearchParams(fields) : new URLSearchParams();
    if (!(fields instanceof URLSearchParams)) {
      for (const [name, value] of Object.entries(fields)) {
        for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
      }
    }
    if (options.csrf) body.set(CSRF_FIELD, csrfTokenForContext(options.csrf));
    headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
  }
  // A FormData body gets its multipart Content-Type (with boundary) from the Request itself.
  return new Request(urlFor(path), { method: "POST", headers, body });
}

export type RouteArgs = {
  request: Request;
  params?: Record<string, string | undefined>;
  context: AppContext;
};

type Loader = (args: LoaderFunctionArgs) => unknown;
type Action = (args: ActionFunctionArgs) => unknown;

const thrown = new WeakSet<Response>();

/** Whether the route threw this Response (error boundary or redirect) rather than returned it. */
export function wasThrown(response: Response): boolean {
  return thrown.has(response);
}

async function call(fn: Loader | Action, args: RouteArgs): Promise<Response> {
  let result: unknown;
  try {
    result = await fn({ request: args.request, params: args.params ?? {}, context: args.context });
  } catch (error) {
    // As the route layer does: the domain's NotFound and GoTo are a 404 and a redirect.
    const answer = error instanceof Response ? error : httpAnswerFor(error);
    if (answer) {
      thrown.add(answer);
      return answer;
    }
    throw error;
  }
  if (result instanceof Response) return result;
  if (result === undefined) throw new Error("The route returned nothing: Remix refuses that (return null instead).");
  // Remix v2 turns a plain returned value into JSON.
  return json(result);
}

export function callLoader(loader: Loader | undefined, args: RouteArgs): Promise<Response> {
  if (!loader) throw new Error("This route has no loader");
  return call(loader, args);
}

export function callAction(action: Action | undefined, args: RouteArgs): Promise<Response> {
  if (!action) throw new Error("This route has no action");
  return call(action, args);
}

export async function readJson<T = unknown>(response: Response): Promise<T> {
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) throw new Error(`Expected JSON, got "${type}" (status ${response.status})`);
  return (await response.json()) as T;
}

export type SetCookie = {
  name: string;
  value: string;
  /** Attribute names in lower case; flags (HttpOnly, Secure) are `true`. */
  attributes: Record<string, string | true>;
};

export function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map(parseSetCookie);
}

export function setCookie(response: Response, name: string): SetCookie | undefined {
  return setCookies(response).find((c) => c.name === name);
}

function parseSetCookie(header: string): SetCookie {
  const [pair, ...attributeParts] = header.split(";");
  const eq = pair.indexOf("=");
  const name = pair.slice(0, eq).trim();
  const raw = pair.slice(eq + 1).trim();
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    // keep it raw
  }
  const attributes: Record<string, string | true> = {};
  for (const part of attributeParts) {
    const i = part.indexOf("=");
    if (i < 0) attributes[part.trim().toLowerCase()] = true;
    else attributes[part.slice(0, i).trim().toLowerCase()] = part.slice(i + 1).trim();
  }
  return { name, value, attributes };
}

/**
 * The Cookie header a browser would send after receiving these Set-Cookie headers, on top
 * of the cookies it already had: set cookies replace, expired ones (Max-Age=0) are dropped.
 */
export function cookieHeaderAfter(response: Response, previous: string | Record<string, string> = {}): string {
  const jar = new Map<string, string>();
  const before =
    typeof previous === "string"
      ? previous
          .split(";")
          .map((p) => p.trim())
          .filter(Boolean)
          .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)] as const)
      : Object.entries(previous).map(([n, v]) => [n, encodeURIComponent(v)] as const);
  for (const [name, value] of before) jar.set(name, value);
  for (const header of response.headers.getSetCookie()) {
    const { name, attributes } = parseSetCookie(header);
    const rawValue = header.slice(header.indexOf("=") + 1).split(";")[0].trim();
    if (attributes["max-age"] !== undefined && Number(attributes["max-age"]) <= 0) jar.delete(name);
    else jar.set(name, rawValue);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}
