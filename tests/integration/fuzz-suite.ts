/// <reference types="vite/client" />
/**
 * Property-based fuzz of every route (security issue: "posts generated values (unicode,
 * control characters, huge numbers, long strings, missing and repeated fields) to every
 * action and asserts no 5xx"): each route module in app/routes is wrapped exactly as
 * production wraps it (guardLoader / guardAction, route-layer.server.ts) and called as Remix
 * calls it, with a thrown Response being the answer. Every action gets posts as each kind of
 * signed-in person and anonymously, with params naming real rows and fuzzed ones, its own form
 * fields (fuzz-routes.ts) with generated values (fuzz-values.ts); every loader gets fuzzed
 * params and query strings. A status of 500 or more, or a thrown error that is not a
 * Response (Remix would answer 500), fails the route's test with the case that caused it.
 *
 * Two faults the fuzz found have targeted tests at the end (a list index in a field name, an
 * unnamed multipart field), kept apart because the first costs minutes of CPU per case.
 *
 * The suite is split into shards (fuzz-actions-N.test.ts, one file each), so vitest's workers
 * share it: as one file it was a third of the whole unit run on one worker while the other sat
 * idle. A route's cases depend only on its name (seedFor), never on its shard.
 *
 * FUZZ_SEED (a number) changes the generated cases (the default is fixed, so CI repeats the
 * same ones); FUZZ_RUNS multiplies the cases per route; FUZZ_COLLECT=1 lists every 5xx of a
 * route instead of stopping at the first; FUZZ_DEBUG=1 prints each route's answers by status
 * (are the cases getting past the guards?); FUZZ_TRACE=<route file name> prints its every case.
 */
import type { ActionFunction, LoaderFunction } from "@remix-run/node";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_FIELD } from "~/domain/security/csrf.server";
import { londonInstant } from "~/domain/requests/demand";
import { guardAction, guardLoader } from "~/server/route-layer.server";
import { type TestContext } from "../support/context";
import { useTestWorld } from "../support/world";
import { routeModulesById } from "../support/route-modules";
import { callAction, callLoader, getRequest, postRequest, TEST_ORIGIN } from "../support/requests";
import { defaultParams, FUZZ_PARAMS, paramNames, routePath, routeSpecs, type RouteSpec } from "./fuzz-routes";
import {
  capListIndices,
  encodeSegment,
  fieldArb,
  fieldNameArb,
  fieldValue,
  fileArb,
  fuzzString,
  paramAsRemixSees,
  QUERY_KEYS,
  RAW_QUERIES,
  withoutForbidden,
  type FieldDraw,
  type FieldValue,
  type FuzzFile,
} from "./fuzz-values";
import { buildWorld, freshVar, roleCookies, STANDARD_ROLES, VARIABLES, type Role, type World } from "./fuzz-world";

const VARIABLE = new RegExp(`@@(${VARIABLES.join("|")})`, "g");

type RouteModule = { loader?: LoaderFunction; action?: ActionFunction };

// Every route module, as the Remix build has them (tests beside them excluded).
const modules = import.meta.glob<RouteModule>(["../../app/routes/*/*.ts", "../../app/routes/*/*.tsx", "!../../app/routes/*/*.test.ts", "!../../app/routes/*/*.test.tsx"], {
  eager: true,
});
// …and the URLs of the route table (app/route-table.mjs) that share a module.
const routes = [...routeModulesById(modules)]
  .map(([id, module]) => ({ name: id.replace(/^routes\//, ""), id, module }))
  .sort((a, b) => a.name.localeCompare(b.name));
const actionRoutes = routes.filter((r) => r.module.action);
const loaderRoutes = routes.filter((r) => r.module.loader);

const RUNS_FACTOR = Number(process.env.FUZZ_RUNS ?? 1);
// About 6,000 cases: a minute and a half on PGlite on two cores.
const ACTION_RUNS = Math.max(1, Math.round(70 * RUNS_FACTOR));
const LOADER_RUNS = Math.max(1, Math.round(25 * RUNS_FACTOR));
/** FUZZ_COLLECT=1: run every case and list every 5xx at the end of the route, instead of stopping at the first. */
const COLLECT = Boolean(process.env.FUZZ_COLLECT);
/** FUZZ_DEBUG=1: each route's answers by status, and the slow cases. */
const DEBUG = Boolean(process.env.FUZZ_DEBUG);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** The slowest route (sign-in: scrypt per case) takes 2 s alone and 10 s on a box busy with a browser run. */
const FUZZ_TIMEOUT = Math.max(60_000, 60_000 * RUNS_FACTOR);

// The shard now running (test files run one after another in a worker, which shares modules).
let context: TestContext;
let world: World;
let specs: Record<string, RouteSpec>;
let cases = 0;
const serverErrors: string[] = [];

type Case = {
  role: Role;
  params: Record<string, FieldDraw>;
  fields: Record<string, FieldDraw>;
  extra: [string, string][];
  query: Record<string, FieldDraw>;
  /** Percent of fields drawn hostile rather than good. */
  fuzzRate: number;
  rawQuery: string | null;
  /** Whether control characters and lone surrogates stay in (the layer's 400), or are taken out (the route's own checks). */
  hostile: boolean;
  multipart: boolean;
  files: FuzzFile[];
  csrf: "valid" | "missing" | "wrong";
  origin: string | null;
  pick: number;
};

const IDEMPOTENCY_FIELD = "idempotency_key";

const hostileParam = fc.oneof(fc.constantFrom(...FUZZ_PARAMS), fuzzString);
const paramArb = (good: readonly string[]) => fieldArb(good, hostileParam);
/**
 * A param value a URL can carry to this route: an empty segment never matches a dynamic one
 * (Remix would route `//my-requests-and-messages` to the catch-all), and `.` or `..` are
 * resolved away by the URL parser before any route sees them.
 */
const routable = (name: string, value: string) => (name !== "*" && /^\.{0,2}$/.test(value) ? `${value}_` : value);

/** A path param: the good value unless the roll says hostile (a third as often as a field: most cases should find the row). */
const paramValue = (draw: FieldDraw, fuzzRate: number) => (draw.roll < fuzzRate / 3 ? draw.hostile : draw.good);

function caseArb(name: string, spec: RouteSpec, method: "GET" | "POST"): fc.Arbitrary<Case> {
  const primary = spec.roles ?? [...STANDARD_ROLES];
  const defaults = defaultParams(world);
  const queryKeys = [...new Set([...QUERY_KEYS, ...Object.keys(spec.query ?? {})])];
  const post = method === "POST";
  return fc.record({
    role: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...primary) }, { weight: 1, arbitrary: fc.constantFrom<Role>(...STANDARD_ROLES) }),
    params: fc.record(Object.fromEntries(paramNames(name).map((p) => [p, paramArb(spec.params?.[p] ?? defaults[p] ?? [])]))),
    fields: post ? fc.record(Object.fromEntries(Object.entries(spec.fields ?? {}).map(([field, good]) => [field, fieldArb(good)]))) : fc.constant({}),
    fuzzRate: fc.constantFrom(0, 5, 10, 20, 40, 70, 95),
    extra: post ? fc.oneof(fc.constant([]), fc.array(fc.tuple(fieldNameArb, fuzzString), { maxLength: 3 })) : fc.constant([]),
    query: fc.record(Object.fromEntries(queryKeys.map((key) => [key, fieldArb(spec.query?.[key] ?? [])]))),
    rawQuery: fc.option(fc.constantFrom(...RAW_QUERIES), { freq: 6 }),
    hostile: fc.nat(6).map((n) => n === 0),
    multipart: post ? fc.nat(3).map((n) => n === 0 || (n === 1 && (spec.files?.length ?? 0) > 0)) : fc.constant(false),
    files: post ? fc.array(fileArb(spec.files ?? []), { maxLength: spec.files?.length ? 3 : 1 }) : fc.constant([]),
    // Mostly a form as the page rendered it; now and then a forged one (the layer's 403).
    csrf: fc.constantFrom<Case["csrf"]>(...Array(38).fill("valid"), "missing", "wrong"),
    origin: fc.constantFrom<string | null>(...Array(30).fill(null), ...Array(8).fill("http://localhost"), "null", "https://evil.example", "not a url"),
    pick: fc.nat(1_000_000),
  }) as fc.Arbitrary<Case>;
}

const clip = (value: string) => {
  const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  return value.length > 80 ? `${shown} (${value.length} chars)` : shown;
};

async function runCase(route: (typeof routes)[number], method: "GET" | "POST", c: Case, cookies: Record<Role, string | undefined>) {
  const memo = new Map<string, string>();
  const clean = (value: string) => (c.hostile ? value : withoutForbidden(value));
  const resolve = async (value: string) => {
    let out = value;
    for (const [, name] of value.matchAll(VARIABLE)) out = out.replace(`@@${name}`, await freshVar(context, world, c.role, name, c.pick, memo));
    return clean(out);
  };
  const resolveField = async (value: FieldValue): Promise<FieldValue> =>
    value === undefined ? undefined : Array.isArray(value) ? Promise.all(value.map(resolve)) : resolve(value);

  const generated: Record<string, string> = {};
  for (const [name, draw] of Object.entries(c.params)) generated[name] = routable(name, await resolve(paramValue(draw, c.fuzzRate)));
  // What Remix hands the route: the path's segments decoded (or kept as sent when they do not decode).
  const asSent = (value: string) => paramAsRemixSees(encodeSegment(value));
  const params = Object.fromEntries(
    Object.entries(generated).map(([name, value]) => [name, name === "*" ? value.split("/").map(asSent).join("/") : asSent(value)]),
  );
  if (params.requestId !== undefined) memo.set("requestId", params.requestId);

  const search = new URLSearchParams();
  const spec = specs[route.name] ?? {};
  for (const [key, draw] of Object.entries(c.query)) {
    const rare = !spec.query?.[key] || Boolean(spec.rareQuery?.includes(key));
    const resolved = await resolveField(fieldValue(draw, c.fuzzRate, rare));
    for (const v of resolved === undefined ? [] : Array.isArray(resolved) ? resolved : [resolved]) search.append(key, v);
  }
  const query = [search.toString(), c.rawQuery && (c.hostile || !/%00|%ED/i.test(c.rawQuery)) ? c.rawQuery : ""].filter(Boolean).join("&");
  const path = `${routePath(route.name, generated)}${query ? `?${query}` : ""}`;

  const entries: [string, string][] = [];
  for (const [name, draw] of Object.entries(c.fields)) {
    const resolved = await resolveField(fieldValue(draw, c.fuzzRate));
    for (const v of resolved === undefined ? [] : Array.isArray(resolved) ? resolved : [resolved]) entries.push([name, v]);
  }
  for (const [name, value] of c.extra) entries.push([capListIndices(clean(name)), clean(value)]);
  const fields = entries.filter(([name]) => name !== IDEMPOTENCY_FIELD && name !== CSRF_FIELD);
  if (c.csrf === "wrong") fields.push([CSRF_FIELD, "not-the-token"]);

  const cookie = cookies[c.role];
  const headers: Record<string, string> = {};
  if (c.origin !== null) {
    headers.Origin = c.origin;
    headers.Host = "localhost";
  }
  // Absolute, so a path that starts "//" (an empty practice code) stays a path, not a host.
  const url = `${TEST_ORIGIN}${path}`;
  let request: Request;
  if (method === "GET") request = getRequest(url, { cookie, headers });
  else {
    let body: FormData | URLSearchParams;
    if (c.multipart) {
      const form = new FormData();
      for (const [name, value] of fields) form.append(name, value);
      for (const file of c.files) form.append(clean(file.field), new File([file.bytes as BlobPart], file.name, { type: file.type }));
      body = form;
    } else body = new URLSearchParams(fields);
    request = postRequest(url, body, { cookie, headers, csrf: c.csrf === "valid" ? context : undefined });
  }

  let status: number;
  let failure = "";
  const started = performance.now();
  try {
    const args = { request, params, context };
    const response =
      method === "POST"
        ? await callAction(guardAction(route.id, route.module.action!) as Parameters<typeof callAction>[0], args)
        : await callLoader(guardLoader(route.module.loader!) as Parameters<typeof callLoader>[0], args);
    status = response.status;
    if (status >= 500) failure = `answered ${status}: ${(await response.text()).slice(0, 500)}`;
    else await response.body?.cancel();
  } catch (error) {
    status = 500;
    failure = `threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  }
  cases += 1;
  if (DEBUG) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (process.env.FUZZ_TRACE && route.name === process.env.FUZZ_TRACE) {
    console.log(`${status} as ${c.role} ${clip(path)} ${fields.map(([k, v]) => `${clip(k)}=${clip(v)}`).join(" ")}`);
  }
  if (DEBUG && performance.now() - started > 500) {
    console.log(`slow ${Math.round(performance.now() - started)}ms ${method} ${route.name} as ${c.role} status ${status} fields ${fields.map(([k, v]) => `${clip(k)}=${clip(v)}`).join(" ")}`);
  }
  if (status < 500) return;
  const report = [
    `${method} ${route.id} (${clip(path)}) as ${c.role}${c.hostile ? ", hostile" : ""}${c.multipart ? ", multipart" : ""}, csrf ${c.csrf}, origin ${c.origin}`,
    `params: ${Object.entries(params).map(([k, v]) => `${k}=${clip(v)}`).join(" ")}`,
    method === "POST" ? `fields: ${fields.map(([k, v]) => `${clip(k)}=${clip(v)}`).join(" ")}` : "",
    c.multipart && c.files.length ? `files: ${c.files.map((f) => `${clip(f.field)}:${clip(f.name)} ${f.type} ${f.bytes.length}B`).join(", ")}` : "",
    failure,
  ]
    .filter(Boolean)
    .join("\n  ");
  serverErrors.push(report);
  if (COLLECT) routeErrors.push(report);
  else throw new Error(report);
}

const statuses = new Map<number, number>();
const routeErrors: string[] = [];

/** A seed per route, so adding a route does not change the others' cases. */
function seedFor(name: string): number {
  let h = SEED;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

async function fuzz(route: (typeof routes)[number], method: "GET" | "POST", numRuns: number) {
  const spec = specs[route.name] ?? {};
  const cookies = await roleCookies(context, world);
  statuses.clear();
  routeErrors.length = 0;
  await fc.assert(
    fc.asyncProperty(caseArb(route.name, spec, method), (c) => runCase(route, method, c, cookies)),
    {
      numRuns,
      seed: seedFor(`${method} ${route.name}`),
      // No shrinking: every case changes the database, so a shrunk case would not repeat.
      endOnFailure: true,
      // The failing case, trimmed: a 100,000-character value would bury the report.
      reporter: (details) => {
        if (!details.failed) return;
        const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(`${error}\n  (seed ${details.seed}, path ${details.counterexamplePath}; FUZZ_SEED=${SEED})`);
      },
    },
  );
  if (DEBUG) console.log(`${method} ${route.name}: ${[...statuses].sort(([a], [b]) => a - b).map(([k, v]) => `${k}×${v}`).join(" ")}`);
  if (routeErrors.length) throw new Error(`${routeErrors.length} cases answered 5xx:\n${routeErrors.join("\n\n")}`);
}

/**
 * Defines shard `shard` of `of`: every of-th action and loader route by name, and (shard 1) the
 * coverage check and the targeted tests of faults the fuzz found.
 */
export function defineFuzzSuite({ shard, of }: { shard: number; of: number }) {
  const inShard = (_route: unknown, index: number) => index % of === shard - 1;
  const shardActions = actionRoutes.filter(inShard);
  const shardLoaders = loaderRoutes.filter(inShard);
  useTestWorld({ onContext: (c) => (context = c) });

  beforeAll(async () => {
    // A Monday morning: requests are open.
    context.clock.set(londonInstant("2026-11-23", "10:00"));
    world = await buildWorld(context);
    specs = routeSpecs(world);
    cases = 0;
    serverErrors.length = 0;
  });

  afterAll(async () => {
    console.log(`fuzz ${shard}/${of}: ${cases} cases, ${serverErrors.length} 5xx (${shardActions.length} actions, ${shardLoaders.length} loaders, seed ${SEED})`);
  });

  if (shard === 1) {
    describe("the fuzz knows every action", () => {
      it("has the fields and people of every route with an action (fuzz-routes.ts)", () => {
        expect(actionRoutes.filter((r) => !specs[r.name]).map((r) => r.id)).toEqual([]);
      });
    });
  }

  describe("every action answers generated posts without a 5xx", () => {
    it.each(shardActions.map((r) => [r.id, r] as const))(
      "POST %s",
      async (_id, route) => {
        await fuzz(route, "POST", ACTION_RUNS);
      },
      FUZZ_TIMEOUT,
    );
  });

  describe("every loader answers fuzzed params and query strings without a 5xx", () => {
    it.each(shardLoaders.map((r) => [r.id, r] as const))(
      "GET %s",
      async (_id, route) => {
        await fuzz(route, "GET", LOADER_RUNS);
      },
      FUZZ_TIMEOUT,
    );
  });

  if (shard === 1) targetedTests();
}

/**
 * Found by the fuzz: Conform reads `name[n]` as position n of a list, and submission.reply()
 * and json() then walk the sparse array element by element: `x[99999999]` was a 500 MB answer
 * after most of a minute of CPU, `x[4294967294]` a RangeError (500) after minutes with the
 * event loop blocked. The route layer now refuses an index past 999 (400, commit ccba726). The
 * random cases cap such indices (capListIndices) so a regression shows here, in a second,
 * rather than as a run that never ends.
 */
const HUGE_INDEX = "x[1000000]";

function targetedTests() {
  describe("a list index in a field name cannot blow up a form's answer", () => {
    it.each(["login._index", "suggestion", "password.reset._index", "practice.$practiceCode.carer.register"])(`POST routes/%s with ${HUGE_INDEX}`, async (name) => {
      const route = routes.find((r) => r.name === name)!;
      const params = { practiceCode: world.practice.urlCode };
      const response = await callAction(guardAction(route.id, route.module.action!) as Parameters<typeof callAction>[0], {
        // Fields every one of these forms refuses, so each answers with its form's reply.
        request: postRequest(routePath(name, params), { email: "", password: "", comment: "", [HUGE_INDEX]: "1" }, { csrf: context }),
        params,
        context,
      });
      const size = (await response.text()).length;
      cases += 1;
      if (response.status >= 500) serverErrors.push(`POST ${route.id} ${HUGE_INDEX}: ${response.status}`);
      expect(response.status).toBeLessThan(500);
      expect(size, `answer of ${size} bytes to a post of a few dozen`).toBeLessThan(100_000);
    });
  });

  /**
   * Found by the fuzz: multipart posts the route layer reads (undici's parser) but Remix's
   * multipart parser, which the upload pages use, refuses by throwing (a 500): a field whose
   * name is empty (`name=""`, since refused by the layer), and a name or a file name with `;`
   * or `=` in it, which that parser splits as if they were separators ("mismatched quotations",
   * "key-value pair not found"). A browser sends such a file name as it is: a patient attaching
   * "scan; page 1.pdf" would get the error page.
   */
  describe("a multipart post the upload pages cannot parse is refused or read, not a 500", () => {
    const pages = {
      "$practiceCode.chat.$patientEntryId": async () => ({ params: { practiceCode: world.practice.urlCode, patientEntryId: String(world.ownRequest.id) }, query: "" }),
      // A finished administrative draft: page 3 takes attachments.
      "$practiceCode.questions.$entryId": async () => ({
        params: { practiceCode: world.practice.urlCode, entryId: await freshVar(context, world, "patient", "completeDraft", 0, new Map()) },
        query: "?page=3",
      }),
    };
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34]);
    const forms: Record<string, () => FormData> = {
      "a field without a name": () => {
        const form = new FormData();
        form.append("", "unnamed");
        return form;
      },
      "a field named a;b": () => {
        const form = new FormData();
        form.append("a;b", "x");
        return form;
      },
      'a file named "scan; page 1.pdf"': () => {
        const form = new FormData();
        form.append("files", new File([pdf], "scan; page 1.pdf", { type: "application/pdf" }));
        return form;
      },
      'a file named "x=1.pdf"': () => {
        const form = new FormData();
        form.append("files", new File([pdf], "x=1.pdf", { type: "application/pdf" }));
        return form;
      },
    };
    const table = Object.keys(pages).flatMap((page) => Object.keys(forms).map((form) => [page, form] as const));
    it.each(table)("POST routes/%s with %s", async (name, formName) => {
      const route = routes.find((r) => r.name === name)!;
      const { params, query } = await pages[name as keyof typeof pages]();
      const cookies = await roleCookies(context, world);
      const form = forms[formName]();
      form.append("body", "Hello");
      const response = await callAction(guardAction(route.id, route.module.action!) as Parameters<typeof callAction>[0], {
        request: postRequest(`${routePath(name, params)}${query}`, form, { cookie: cookies.patient, csrf: context }),
        params,
        context,
      }).catch((error: unknown) => {
        serverErrors.push(`POST ${route.id} ${formName}: ${String(error)}`);
        return new Response(String(error), { status: 500 });
      });
      cases += 1;
      expect(response.status, await response.clone().text()).toBeLessThan(500);
    });
  });
}
