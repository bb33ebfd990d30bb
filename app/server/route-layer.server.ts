/**
 * The one layer every loader and action of the app runs through (each route module is wrapped
 * at start-up, so no route can forget it and none repeats it):
 *
 * - input: no query parameter or form field may carry a NUL byte or another control character
 *   (tab, line feed and carriage return aside) or lone surrogate: 400, naming the field, before
 *   any route code or database sees it;
 * - actions: a foreign or `null` Origin is refused (403, the form-not-verified page), then the
 *   CSRF token (403), then the idempotency key (idempotency.server.ts): a double post or a
 *   retry is answered with the first post's redirect instead of running twice;
 * - maintenance mode: while it is on, a 503 maintenance page for everyone but system admins,
 *   except sign-in and sign-out (domain/admin/maintenance.ts, decision 0076);
 * - former practice codes: a loader's or action's 404 for an address whose practice code a
 *   practice has since changed is a permanent redirect to its current code (decision 0152); for
 *   an action this is decided outside the idempotency record, so the repeated post runs;
 * - database faults: an unreachable database is a 503 page with Retry-After (the fields of a
 *   refused post come back on it, so nothing typed is lost); a value the database refuses
 *   (SQLSTATE class 22) is a 400. Never a 500 for either.
 *
 * The wrapper reads a clone of the request, leaving the body for the action itself.
 */
import { json, type ActionFunction, type ActionFunctionArgs, type LoaderFunction, type ServerBuild } from "@remix-run/node";
import { CSRF_FIELD, isValidCsrfToken } from "~/domain/security/csrf.server";
import { isBadValue, isDatabaseUnavailable } from "~/db/errors.server";
import { IDEMPOTENCY_FIELD, runOnce } from "./idempotency.server";
import { viewerReadingClaimer } from "~/web/auth/viewer.server";
import { BodyRefused } from "./request-body.server";
import { maintenanceGate, type MaintenanceErrorData } from "~/web/admin/maintenance.server";
import { answeringOutcomes } from "~/web/outcomes.server";
import { redirectingFormerCodes, type RouteShape } from "~/web/practices.server";

export const CSRF_FAILED_STATUS = 403;
/** Seconds a browser or client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** What the error pages show (root.tsx ErrorBoundary reads `kind`). */
export type LayerErrorData =
  | { kind: "bad_input"; fields: string[] }
  | { kind: "unavailable"; retryAfter: number; resubmit: { action: string; fields: { name: string; value: string }[]; hadFiles: boolean } | null }
  | { kind: "form_not_verified" }
  | { kind: "too_large" }
  | MaintenanceErrorData;

// C0 controls except tab (09), line feed (0A) and carriage return (0D), DEL, and UTF-16 halves
// without their partner (what a broken %ED%A0%80 decodes to).
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_CHARACTERS.test(value);
}

/**
 * The largest list index a field name may carry (`medication[12]`). Conform turns `x[1000000]`
 * into a list of a million entries and sends it back with the form's errors: a few bytes posted
 * would make megabytes of answer. No form of ours has lists anywhere near this long.
 */
export const MAX_LIST_INDEX = 999;

function isUnacceptableName(name: string): boolean {
  if (name === "" || hasForbiddenCharacters(name)) return true;
  for (const match of name.matchAll(/\[(\d+)\]/g)) {
    if (match[1].length > 3 || Number(match[1]) > MAX_LIST_INDEX) return true;
  }
  return false;
}

/** Field names carrying a value (or a name) no route accepts, each named once, in order. */
export function fieldsWithForbiddenCharacters(entries: Iterable<[string, FormDataEntryValue | string]>): string[] {
  const bad = new Set<string>();
  for (const [name, value] of entries) {
    if (isUnacceptableName(name) || (typeof value === "string" && hasForbiddenCharacters(value))) bad.add(readableFieldName(name));
  }
  return [...bad];
}

/** `dateOfBirth.day` → "date of birth day": the field as a person would call it. */
export function readableFieldName(name: string): string {
  const cleaned = name.replace(FORBIDDEN_CHARACTERS, "").replace(/[._[\]-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim().toLowerCase();
  return cleaned.slice(0, 60) || "a field";
}

function badInput(fields: string[]): Response {
  return json({ kind: "bad_input", fields } satisfies LayerErrorData, { status: 400, headers: { "Cache-Control": "no-store" } });
}

function formNotVerified(): Response {
  return json({ kind: "form_not_verified" } satisfies LayerErrorData, { status: CSRF_FAILED_STATUS, statusText: "Forbidden" });
}

/**
 * A post from another site, or from an opaque origin (`null`: a sandboxed frame, a file, a
 * redirect across sites). Compared by host, as Remix compares it (the forwarded host when a
 * proxy set one). Old browsers (IE10, Safari 10.1 on some forms) send no Origin at all: then
 * the CSRF token decides alone.
 */
export function isForeignOrigin(headers: Pick<Headers, "get">): boolean {
  const origin = headers.get("Origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  const host = headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || headers.get("Host");
  try {
    return !host || new URL(origin).host !== host;
  } catch {
    return true;
  }
}

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i;

/** Forms the layer has read, by request: see readForm. */
const formsRead = new WeakMap<Request, FormData>();

/** A new FormData with the same entries (files are immutable blobs, shared). */
function copyOfForm(form: FormData): FormData {
  const copy = new FormData();
  for (const [name, value] of form) copy.append(name, value);
  return copy;
}

/**
 * The body as form data; null when it is not a form or cannot be read.
 *
 * A form people send (`keepBody` false) is read once (issue "speed"): the layer parses the body,
 * and the action's own `request.formData()` answers with a copy of that parse, as every action
 * reads its form (no action reads the body any other way). It used to be read from a clone,
 * which tees the stream and parsed the whole body twice, files included. Each call gives a new
 * FormData, so an action that changes its copy changes nothing else. Machine routes
 * (`keepBody`), whose bodies may be JSON, read a clone and leave the body to the action.
 */
async function readForm(request: Request, options: { keepBody?: boolean } = {}): Promise<FormData | null> {
  const read = formsRead.get(request);
  if (read) return copyOfForm(read);
  if (!FORM_TYPE.test(request.headers.get("Content-Type") ?? "")) return null;
  try {
    if (options.keepBody) return await request.clone().formData();
    const form = await request.formData();
    formsRead.set(request, form);
    Object.defineProperty(request, "formData", { value: () => Promise.resolve(copyOfForm(form)), configurable: true, writable: true });
    return form;
  } catch (error) {
    // The body guard stopped a body at its size limit (one sent without a length): 413.
    if (isBodyTooLarge(error)) throw json({ kind: "too_large" } satisfies LayerErrorData, { status: 413, headers: { Connection: "close" } });
    return null;
  }
}

function isBodyTooLarge(error: unknown): boolean {
  for (let e = error as { cause?: unknown } | undefined, depth = 0; e && depth < 6; e = e.cause as typeof e, depth++) {
    if (e instanceof BodyRefused && e.status === 413) return true;
  }
  return false;
}

export async function requestCarriesValidCsrfToken(args: ActionFunctionArgs): Promise<boolean> {
  const form = await readForm(args.request);
  return form !== null && isValidCsrfToken(args.context.config.sessionSecret, args.context.csrfSecret, form.get(CSRF_FIELD));
}

/** Fields a person typed, for the 503 page's "send again" form: never passwords or files. */
function resubmittable(request: Request, form: FormData | null): LayerErrorData & { kind: "unavailable" } {
  if (!form) return { kind: "unavailable", retryAfter: RETRY_AFTER_SECONDS, resubmit: null };
  const fields: { name: string; value: string }[] = [];
  let hadFiles = false;
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") {
      hadFiles = true;
      continue;
    }
    if (/password/i.test(name)) continue;
    fields.push({ name, value });
  }
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return { kind: "unavailable", retryAfter: RETRY_AFTER_SECONDS, resubmit: { action: url.pathname + url.search, fields, hadFiles } };
}

function unavailable(data: LayerErrorData & { kind: "unavailable" }): Response {
  return json(data, { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } });
}

/** Maps database faults to the 503 and 400 answers; anything else goes on as it was. */
function mapDatabaseError(error: unknown, onUnavailable: () => Response): never {
  if (error instanceof Response) throw error;
  if (isDatabaseUnavailable(error)) throw onUnavailable();
  if (isBadValue(error)) throw badInput([]);
  throw error;
}

function checkQuery(request: Request) {
  const url = new URL(request.url);
  // A malformed escape (%ZZ) is kept as typed by URL; a decoded NUL is caught here.
  // A stray `?=x` in a link is harmless in a query (no route reads it); in a form it is not.
  const bad = fieldsWithForbiddenCharacters([...url.searchParams.entries()].filter(([name]) => name !== ""));
  if (bad.length || hasForbiddenCharacters(decodeURIComponentSafe(url.pathname))) throw badInput(bad);
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

type Loader = LoaderFunction;
type Action = ActionFunction;

/** `route`: the route's path pattern (withRouteLayer gives it), for former practice codes. */
export function guardLoader(loader: Loader, route?: RouteShape): Loader {
  return async (args) => {
    checkQuery(args.request);
    try {
      // Maintenance mode (decision 0076): everyone but system admins gets the 503 page.
      const closed = await maintenanceGate(args.request, args.context);
      if (closed) throw closed;
      return await redirectingFormerCodes(args, route, () => answeringOutcomes(() => loader(args)));
    } catch (error) {
      mapDatabaseError(error, () => unavailable({ kind: "unavailable", retryAfter: RETRY_AFTER_SECONDS, resubmit: null }));
    }
  };
}

/**
 * Machine endpoints: called by a program with its own credential (a key in the Authorization
 * header), never by a browser form, so they carry no CSRF token or idempotency key. Only these
 * routes skip the token, and they still get the Origin and control-character checks:
 * - routes/agent.status: the TPP desktop agent's status report (docs/decisions/0077).
 * - routes/notify.delivery-receipts: GOV.UK Notify's delivery receipts (docs/decisions/0129).
 */
export const MACHINE_ROUTES: ReadonlySet<string> = new Set(["routes/agent.status", "routes/notify.delivery-receipts"]);

function guardMachineAction(action: Action): Action {
  return async (args) => {
    const { request } = args;
    if (isForeignOrigin(request.headers)) throw formNotVerified();
    checkQuery(request);
    const form = await readForm(request, { keepBody: true });
    const bad = form ? fieldsWithForbiddenCharacters(form.entries()) : [];
    if (bad.length) throw badInput(bad);
    try {
      return await answeringOutcomes(() => action(args));
    } catch (error) {
      mapDatabaseError(error, () => unavailable({ kind: "unavailable", retryAfter: RETRY_AFTER_SECONDS, resubmit: null }));
    }
  };
}

export function guardAction(routeId: string, action: Action, route?: RouteShape): Action {
  if (MACHINE_ROUTES.has(routeId)) return guardMachineAction(action);
  return async (args) => {
    const { request, context } = args;
    if (isForeignOrigin(request.headers)) throw formNotVerified();
    checkQuery(request);
    const form = await readForm(request);
    if (!form || !isValidCsrfToken(context.config.sessionSecret, context.csrfSecret, form.get(CSRF_FIELD))) throw formNotVerified();
    const bad = fieldsWithForbiddenCharacters(form.entries());
    if (bad.length) throw badInput(bad);
    const key = form.get(IDEMPOTENCY_FIELD);
    try {
      const closed = await maintenanceGate(request, context);
      if (closed) throw closed;
      // A domain outcome (not found, go to) becomes its HTTP answer inside runOnce, so a
      // repeated post is answered with the same redirect, as any thrown redirect is.
      const run = () => answeringOutcomes(() => action(args));
      // A post to a former practice code is sent on outside runOnce: were its redirect stored, the
      // same post repeated at the new address would be answered with it again, and again.
      // The key is claimed in the viewer's read, which the action's guards then find (one round trip).
      return (await redirectingFormerCodes(args, route, () =>
        typeof key !== "string" || !key ? run() : runOnce(context, { routeId, key, form, request }, run, viewerReadingClaimer(request, context, args.params)),
      )) as Awaited<ReturnType<Action>>;
    } catch (error) {
      mapDatabaseError(error, () => unavailable(resubmittable(request, form)));
    }
  };
}

/** Every route module's loader and action, wrapped; the build given is not modified. */
export function withRouteLayer(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module;
    const shape: RouteShape = { pattern: routePattern(build.routes, id), indexRoute: Boolean(route.index) };
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: guardLoader(loader as Loader, shape) } : {}),
        ...(action ? { action: guardAction(id, action as Action, shape) } : {}),
      },
    };
  }
  return { ...build, routes };
}

type RouteTree = Record<string, { path?: string; parentId?: string }>;

/** A route's whole path pattern, its layouts' paths before its own: `/practice/:practiceCode/register`. */
export function routePattern(routes: RouteTree, id: string): string {
  const parts: string[] = [];
  let route: RouteTree[string] | undefined = routes[id];
  while (route) {
    if (route.path) parts.unshift(route.path.replace(/^\/+|\/+$/g, ""));
    route = route.parentId ? routes[route.parentId] : undefined;
  }
  return `/${parts.filter(Boolean).join("/")}`;
}
