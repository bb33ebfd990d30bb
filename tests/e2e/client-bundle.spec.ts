/**
 * What the browser is sent (issue "speed"): no server-only module may reach the client bundle.
 * Remix drops `*.server.*` modules and loaders/actions from it, but an import a component makes
 * of a server package (the database driver, drizzle, the logger) would be bundled silently, and
 * would ship tens of kilobytes to every phone — or a secret. The e2e run builds the app first, so
 * the build's own record of its inputs (build/metafile.js.json, written by `remix build`) is
 * here to read. No page is opened; it runs in one project only.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
// acorn comes with @remix-run/dev (its MDX and vanilla-extract support).
import { parse } from "acorn";
import { gzipSync } from "node:zlib";
import { metafileClosure, PATIENT_PAGE_ROUTES } from "../../bench/js-closure";
import { signInAs } from "../support/e2e-fixtures";
import { e2eRequestPatientEmail } from "../support/e2e-users";

const METAFILE = fileURLToPath(new URL("../../build/metafile.js.json", import.meta.url));
const CLIENT_BUILD = fileURLToPath(new URL("../../public/build", import.meta.url));

/** Packages that only the server may load. */
const SERVER_PACKAGES = [
  "drizzle-orm",
  "drizzle-kit",
  "pg",
  "pg-boss",
  "@electric-sql/pglite",
  "express",
  "pino",
  "oidc-provider",
  "openid-client",
  "notifications-node-client",
  "@remix-run/node",
  "@remix-run/express",
];

/** Why an input of the client bundle may not be there, or null when it may. */
function serverOnlyReason(input: string): string | null {
  if (input.startsWith("node:")) return "a Node built-in";
  if (/\.server\.(ts|tsx|js|mjs)$/.test(input) || input.includes("/server/")) return "a server module";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
  if (pkg && SERVER_PACKAGES.includes(pkg)) return `the server package ${pkg}`;
  return null;
}

test("the client bundle holds no server-only module", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "one project reads the build");
  const metafile = JSON.parse(readFileSync(METAFILE, "utf8")) as { inputs: Record<string, unknown> };
  const inputs = Object.keys(metafile.inputs);
  // The record is real: the client entry and a route module are in it.
  expect(inputs.some((input) => input.endsWith("app/entry.client.tsx"))).toBe(true);
  expect(inputs.some((input) => input.includes("app/routes/"))).toBe(true);
  const found = inputs.flatMap((input) => {
    const reason = serverOnlyReason(input);
    return reason ? [`${input}: ${reason}`] : [];
  });
  expect(found).toEqual([]);
});

test("the check recognises what it must refuse", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "a rule test needs one project");
  expect(serverOnlyReason("node_modules/drizzle-orm/pg-core/table.js")).toMatch(/drizzle-orm/);
  expect(serverOnlyReason("node_modules/@electric-sql/pglite/dist/index.js")).toMatch(/pglite/);
  expect(serverOnlyReason("app/domain/requests/journey.server.ts")).toBe("a server module");
  expect(serverOnlyReason("node:crypto")).toBe("a Node built-in");
  expect(serverOnlyReason("node_modules/react-dom/cjs/react-dom.production.min.js")).toBeNull();
  expect(serverOnlyReason("app/components/Fields.tsx")).toBeNull();
});

/**
 * Syntax Chrome 70 (the oldest module-running browser of the spec's list, decision 0125) cannot
 * parse, by acorn's node: optional chaining, `??`, logical assignment, class fields, private
 * names, static blocks. Numeric separators are checked on the literal's text.
 */
function tooNewFor70(node: Record<string, unknown>): string | null {
  switch (node.type) {
    case "ChainExpression":
      return "optional chaining (?.)";
    case "CallExpression":
      // Not syntax, but what a lowering can leave behind: no browser has require() (an import()
      // lowered to it left every route module unloadable).
      return (node.callee as { type?: string; name?: string } | undefined)?.type === "Identifier" && (node.callee as { name?: string }).name === "require" ? "require() (no browser has it)" : null;
    case "LogicalExpression":
      return node.operator === "??" ? "nullish coalescing (??)" : null;
    case "AssignmentExpression":
      return ["??=", "||=", "&&="].includes(node.operator as string) ? `logical assignment (${String(node.operator)})` : null;
    case "PropertyDefinition":
      return "a class field";
    case "PrivateIdentifier":
      return "a private name (#x)";
    case "StaticBlock":
      return "a class static block";
    case "Literal":
      return typeof node.raw === "string" && /^[0-9][0-9a-fA-FxXoObB_.eEn]*$/.test(node.raw) && node.raw.includes("_") ? "a numeric separator" : null;
    default:
      return null;
  }
}

function newSyntaxIn(ast: unknown, found: Set<string>) {
  const stack = [ast];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === "object") {
      const record = node as Record<string, unknown>;
      if (typeof record.type === "string") {
        const reason = tooNewFor70(record);
        if (reason) found.add(reason);
      }
      for (const value of Object.values(record)) if (value && typeof value === "object") stack.push(value);
    }
  }
}

function jsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsFilesUnder(path) : path.endsWith(".js") ? [path] : [];
  });
}

test("every file of the client bundle parses in Chrome 70 (the build target, decision 0125)", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "one project reads the build");
  const files = jsFilesUnder(CLIENT_BUILD);
  expect(files.length).toBeGreaterThan(10);
  const problems = files.flatMap((file) => {
    const found = new Set<string>();
    newSyntaxIn(parse(readFileSync(file, "utf8"), { ecmaVersion: "latest", sourceType: "module" }), found);
    return [...found].map((reason) => `${relative(CLIENT_BUILD, file)}: ${reason}`);
  });
  expect(problems, "run `npm run build` (it ends with scripts/client-target.mjs)").toEqual([]);
});

test("the syntax check recognises what Chrome 70 cannot parse", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "a rule test needs one project");
  const reasonsIn = (code: string) => {
    const found = new Set<string>();
    newSyntaxIn(parse(code, { ecmaVersion: "latest", sourceType: "module" }), found);
    return [...found];
  };
  expect(reasonsIn("a?.b")).toEqual(["optional chaining (?.)"]);
  expect(reasonsIn("Promise.resolve().then(() => require('./x.js'))")).toEqual(["require() (no browser has it)"]);
  expect(reasonsIn("import('./x.js')")).toEqual([]);
  expect(reasonsIn("a ?? b")).toEqual(["nullish coalescing (??)"]);
  expect(reasonsIn("class A { x = 1 }")).toEqual(["a class field"]);
  expect(reasonsIn("let n = 1_000")).toEqual(["a numeric separator"]);
  expect(reasonsIn("let { a, ...rest } = b; const f = async () => a || b;")).toEqual([]);
});

/**
 * JS per patient page (issue "speed", decision 0137): the static-import closure of entry.client,
 * root and the page's route in the build's record, gzipped file by file (bench/js-closure.ts;
 * `node --import tsx bench/js-per-page.ts` prints it). The pages validate forms on the server
 * only, so neither zod nor @conform-to/zod may be in it, and no page may grow past the ceiling:
 * the largest page's size (the questions page, 119.4 KB since the idle timer loads after
 * hydration, decision 0143) plus a little room. The route manifest is not in this count: with
 * lazy route discovery (0143) it is inline in the HTML, only the page's own routes.
 */
const PATIENT_PAGE_JS_CEILING_BYTES = 122 * 1024;

// Were these pages hydrated (nowhere since decision 0155: the NHS App gets the plain nhs-app script
// too), this is what they would ship; the ceiling keeps that option affordable.
test("patient pages ship no zod and stay under the JS ceiling when hydrated (decision 0137)", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "one project reads the build");
  const root = fileURLToPath(new URL("../..", import.meta.url));
  for (const page of PATIENT_PAGE_ROUTES) {
    const closure = metafileClosure(root, page.routeIds);
    // The closure is real: the framework chunk and the page's own module are in it.
    expect(closure.files.some((f) => f.inputs.some((i) => i.includes("node_modules/react-dom/"))), page.name).toBe(true);
    const validators = closure.files.flatMap((f) => f.inputs.filter((i) => /node_modules\/(zod|@conform-to\/zod)\//.test(i)).map((i) => `${f.path}: ${i}`));
    expect(validators, `${page.name} ships a validator`).toEqual([]);
    expect(closure.gzipBytes, `${page.name}: ${(closure.gzipBytes / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(PATIENT_PAGE_JS_CEILING_BYTES);
  }
});

/**
 * Lazy route discovery (decision 0143): a page names only its own routes in an inline manifest
 * (no manifest-*.js of every route is loaded) and the browser asks `/__manifest` for the routes of
 * the links it holds. That request passes the Express stack (helmet, logging, the CSRF cookie)
 * like any GET and is answered by Remix before any route code; a stale build's version is told
 * to reload the document.
 */
test("a page ships only its own routes and /__manifest serves the others (decision 0143)", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "one project reads the build");
  // A hydrated page a visitor reaches: a staff invitation's (here unknown) link. Patient pages
  // are not hydrated (decisions 0145, 0160).
  const html = await (await request.get("/practice/demo/register/staff/not-a-token")).text();
  expect(html).not.toMatch(/<link rel="modulepreload" href="\/build\/manifest-|import "\/build\/manifest-/);
  const inline = /window\.__remixManifest = ([\s\S]*?);\nwindow\.__remixRouteModules/.exec(html)?.[1];
  expect(inline, "the page inlines its manifest").toBeTruthy();
  const manifest = JSON.parse(inline ?? "{}") as { version: string; routes: Record<string, unknown> };
  // Its own route and root, the home page's index and the catch-all, which Remix always lists,
  // and the routes whose paths the address could also match (/practice/demo/register/…): not
  // the other ~390.
  const listed = Object.keys(manifest.routes).sort();
  expect(listed).toEqual(expect.arrayContaining(["root", "routes/_index", "routes/practice.$practiceCode.register.staff.$token"]));
  expect(listed.filter((id) => !["root", "routes/_index", "routes/$"].includes(id) && !id.startsWith("routes/practice.$practiceCode"))).toEqual([]);
  expect(listed.length).toBeLessThan(10);

  const found = await request.get(`/__manifest?p=/practice/demo&version=${manifest.version}`);
  expect(found.status()).toBe(200);
  expect(found.headers()["cache-control"]).toContain("immutable");
  const routes = (await found.json()) as Record<string, { path?: string; module: string }>;
  expect(routes["routes/practice.$practiceCode._index"]?.module).toMatch(/^\/build\/routes\/.+\.js$/);

  const stale = await request.get("/__manifest?p=/practice/demo&version=stale");
  expect(stale.status()).toBe(204);
  expect(stale.headers()["x-remix-reload-document"]).toBe("true");
});

/**
 * The budget, ≤ 90 KB gzip of JS per patient page, met by not hydrating the pages with
 * nothing React must do (decision 0145): their routes say `handle.hydrate = false`, and the root
 * leaves out Remix's scripts. What a signed-in patient's browser loads there is counted as
 * served (each script gzipped at level 6, as bench/js-per-page.ts): only the plain scripts of
 * app/client/ (the idle timer; the request dialogs on a request step), classic, deferred, with
 * the CSP nonce and a content-hashed name under /build/_client/. The confirmation page (a draft
 * with every page answered) and the chat (a sent request) are measured by bench/js-per-page.ts
 * and walked through by request-journey.spec and request-chat.spec.
 */
const PATIENT_PAGE_JS_BUDGET_BYTES = 90 * 1024;

test("pages that need no hydration load no module scripts and stay within 90 KB (decision 0145)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "what a browser with JS loads; one project is enough");
  expect(PATIENT_PAGE_ROUTES.filter((p) => !p.hydrated).map((p) => p.name).sort()).toEqual(["chat", "confirmation", "message/myself", "my-requests-and-messages", "questions"]);
  await signInAs(page, e2eRequestPatientEmail(testInfo.project.name));
  // A draft's first questions page: the admin step starts one.
  await page.goto("/demo/message/myself/admin");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/demo\/questions\/\d+/);
  const questions = new URL(page.url()).pathname;
  const paths: Record<string, string> = {
    "message/myself": "/demo/message/myself",
    "my-requests-and-messages": "/demo/my-requests-and-messages",
    questions,
  };
  for (const [name, path] of Object.entries(paths)) {
    const scripts: string[] = [];
    const onResponse = (response: { url(): string; request(): { resourceType(): string } }) => {
      if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
    };
    page.on("response", onResponse);
    const response = await page.goto(path);
    await page.waitForLoadState("load");
    page.off("response", onResponse);
    expect(response?.status(), name).toBe(200);
    const html = (await response?.text()) ?? "";
    // No Remix runtime: no module script, no modulepreload, no hydration data.
    expect(html, name).not.toMatch(/<script[^>]*type="module"|rel="modulepreload"|__remixContext/);
    expect(await page.evaluate(() => "__remixContext" in window), name).toBe(false);
    expect(await page.locator("script[type=module], link[rel=modulepreload]").count(), name).toBe(0);
    // The idle timer is there and running (WCAG 2.2.1): a classic deferred script with the nonce.
    const idle = page.locator('script[src^="/build/_client/idle-timer-"]');
    await expect(idle, name).toHaveCount(1);
    expect(await idle.evaluate((el: HTMLScriptElement) => ({ defer: el.defer, type: el.type, nonce: el.nonce !== "" })), name).toEqual({ defer: true, type: "", nonce: true });
    expect(await page.evaluate(() => typeof (window as unknown as { frontdoorIdleTimer?: unknown }).frontdoorIdleTimer), name).toBe("object");
    expect(scripts.length, name).toBeGreaterThan(0);
    expect(scripts.filter((url) => !url.startsWith("/build/_client/")), name).toEqual([]);
    let gzipBytes = 0;
    for (const url of scripts) gzipBytes += gzipSync(await (await page.request.get(url)).body(), { level: 6 }).length;
    expect(gzipBytes, `${name}: ${(gzipBytes / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(PATIENT_PAGE_JS_BUDGET_BYTES);
  }
});

test("the home page ships no module script to a visitor, only the footer's plain script (decisions 0145, 0163)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "what a browser with JS loads; one project is enough");
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  const response = await page.goto("/");
  await page.waitForLoadState("load");
  expect(response?.status()).toBe(200);
  expect((await response?.text()) ?? "").not.toMatch(/<script[^>]*type="module"|rel="modulepreload"|__remixContext/);
  // Signed out: no idle timer either; only page-comforts, for the footer's suggestion dialog.
  expect(scripts).toEqual([expect.stringMatching(/^\/build\/_client\/page-comforts-[0-9A-F]{8}\.js$/)]);
  // Its links are plain links: a practice's page loads as a document.
  await page.locator('main a[href="/practice/demo"]').click();
  await expect(page).toHaveURL(/\/practice\/demo$/);
});

test("a client navigation from a hydrated page into one that is not loads it as a document (decision 0145)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "a client navigation needs JS");
  await signInAs(page, e2eRequestPatientEmail(testInfo.project.name), "/practice/demo/register/staff/not-a-token");
  // A hydrated page a signed-in patient can open (no patient page is: decisions 0160, 0161); the
  // navigation is the router's own, as a <Link> or a form's redirect makes.
  await page.waitForFunction(() => "__remixRouter" in window);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  await page.evaluate(() => {
    void (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate("/demo/my-requests-and-messages");
  });
  await expect(page).toHaveURL(/\/demo\/my-requests-and-messages$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My requests and messages");
  await page.waitForLoadState("load");
  expect(documents).toEqual(["/demo/my-requests-and-messages"]);
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
  expect(await page.evaluate(() => typeof (window as unknown as { frontdoorIdleTimer?: unknown }).frontdoorIdleTimer)).toBe("object");
});

test("the plain scripts are ES5 and the idle timer stays idle in a browser without noModule (decisions 0145, 0155)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "one project reads the build");
  const names = JSON.parse(readFileSync(fileURLToPath(new URL("../../build/client-scripts.json", import.meta.url)), "utf8")) as Record<string, string>;
  const url = names["idle-timer"];
  expect(url).toMatch(/^\/build\/_client\/idle-timer-[0-9A-F]{8}\.js$/);
  // IE10 parses every plain script (and then its feature check stops it): no syntax newer than ES5.
  expect(Object.keys(names).sort()).toEqual(["idle-timer", "nhs-app", "page-comforts", "request-dialogs", "video-call"]);
  for (const script of Object.values(names)) {
    const code = readFileSync(join(CLIENT_BUILD, script.replace(/^\/build\//, "")), "utf8");
    expect(() => parse(code, { ecmaVersion: 5, sourceType: "script" }), script).not.toThrow();
  }
  // A browser of the core grade (decision 0125) has no `noModule`: the script must not start.
  await page.addInitScript(() => {
    delete (HTMLScriptElement.prototype as { noModule?: boolean }).noModule;
  });
  await signInAs(page, e2eRequestPatientEmail(testInfo.project.name), "/demo/my-requests-and-messages");
  await expect(page.locator(`script[src="${url}"]`)).toHaveCount(1);
  await page.waitForLoadState("load");
  expect(await page.evaluate(() => "noModule" in document.createElement("script"))).toBe(false);
  expect(await page.evaluate(() => typeof (window as unknown as { frontdoorIdleTimer?: unknown }).frontdoorIdleTimer)).toBe("undefined");
});
