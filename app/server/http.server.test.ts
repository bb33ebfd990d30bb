/**
 * The Express app around Remix, over real HTTP on a free port, with a small stand-in build:
 * request bodies are held to their limit whether chunked or not (413, the action never runs),
 * a foreign Origin is the 403 page, a stranger's multipart post is refused before its body is
 * read, X-Forwarded-For counts only when TRUST_PROXY names the proxy, and the log carries no
 * personal data.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppContext } from "~/context.server";
import { FakeClock } from "~/domain/clock";
import { CSRF_COOKIE, CSRF_FIELD, csrfTokenFor } from "~/domain/security/csrf.server";
import { BACKGROUND_REQUEST_HEADER } from "~/domain/sessions/background";
import { useTestWorld } from "../../tests/support/world";
import { testConfig, TEST_CSRF_SECRET } from "../../tests/support/context";
import { standInBuild } from "../../tests/support/server-build";
import { createApp, createLogger } from "./http.server";
import { cacheControlFor, NO_STORE, PUBLIC_PAGE } from "./cache-control.server";
import { FORM_BODY_BYTES } from "./request-body.server";
import { redactLogValue } from "./log-redaction.server";
import { accessLog, loggedPath } from "./access-log.server";
import { IMMUTABLE, OLD_ADDRESS } from "./static-files.server";
import { writeStaticFiles } from "~/styles/build.mjs";

const action = vi.fn(async ({ request }: ActionFunctionArgs) => {
  const form = await request.formData();
  return redirect(`/done?n=${String(form.get("comment") ?? "").length}`, 303);
});
const whoLoader = ({ context }: LoaderFunctionArgs) => json({ address: (context as AppContext).clientAddress, background: (context as AppContext).background });

function fakeBuild(): ServerBuild {
  return standInBuild({
    root: { path: "", module: {} },
    "routes/form": { path: "form", parentId: "root", module: { action } },
    "routes/who": { path: "who", parentId: "root", module: { loader: whoLoader } },
  });
}

const t = useTestWorld();
const servers: { close(): void }[] = [];
afterAll(async () => {
  for (const s of servers) s.close();
});

async function start(env: Record<string, string> = {}, publicDir = "/nonexistent") {
  const lines: string[] = [];
  const config = testConfig({ LOG_LEVEL: "info", ...env });
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger(config, destination);
  const app = createApp({ config, database: t.database, clock: new FakeClock(), build: fakeBuild(), publicDir, logger });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  const token = csrfTokenFor(config.sessionSecret, TEST_CSRF_SECRET);
  return { port, token, lines, logger, cookie: `${CSRF_COOKIE}=${TEST_CSRF_SECRET}` };
}

type Sent = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

/** A raw request: chunks are written one by one, so the body goes chunked when no length is given. */
function send(port: number, input: { method?: string; path: string; headers?: Record<string, string>; chunks?: (string | Buffer)[] }): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method: input.method ?? "POST", path: input.path, headers: input.headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8"), headers: res.headers }));
    });
    // The server may close the connection on a refused body before all of it is written.
    req.on("error", (error) => (String(error).includes("EPIPE") || String(error).includes("ECONNRESET") ? undefined : reject(error)));
    (async () => {
      for (const chunk of input.chunks ?? []) {
        if (req.destroyed) break;
        await new Promise<void>((done) => (req.write(chunk) ? done() : req.once("drain", done)));
      }
      req.end();
    })().catch(() => undefined);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("request bodies", () => {
  it("lets a form within its limit through to the action", async () => {
    const { port, token, cookie } = await start();
    action.mockClear();
    const body = form({ [CSRF_FIELD]: token, comment: "hello" });
    const answer = await send(port, { path: "/form", headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "Content-Length": String(body.length) }, chunks: [body] });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe("/done?n=5");
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("refuses a declared length past the limit with 413 before reading it", async () => {
    const { port, cookie } = await start();
    action.mockClear();
    const answer = await send(port, {
      path: "/form",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "Content-Length": String(FORM_BODY_BYTES * 300) },
      chunks: [],
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("too large");
    expect(action).not.toHaveBeenCalled();
  });

  it("holds a chunked body to the same limit: 413, and the action never runs", async () => {
    const { port, token, cookie } = await start();
    action.mockClear();
    const chunk = "x".repeat(64 * 1024);
    const chunks = [`${CSRF_FIELD}=${token}&comment=`, ...Array.from({ length: 48 }, () => chunk)]; // 3 MB, no length
    const answer = await send(port, { path: "/form", headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie }, chunks });
    expect(answer.status).toBe(413);
    expect(action).not.toHaveBeenCalled();
  });

  it("refuses a multipart post from someone not signed in before reading past its first part", async () => {
    const { port, token, cookie } = await start();
    action.mockClear();
    const boundary = "----frontdoor-test";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${CSRF_FIELD}"\r\n\r\n${token}\r\n`;
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const answer = await send(port, {
      path: "/form",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
      chunks: [head, file, ...Array.from({ length: 16 }, () => Buffer.alloc(256 * 1024))],
    });
    expect(answer.status).toBe(403);
    expect(action).not.toHaveBeenCalled();
  });
});

describe("public/", () => {
  it("serves robots.txt, which keeps every page past the home page out of search engines", async () => {
    const { port } = await start({}, fileURLToPath(new URL("../../public", import.meta.url)));
    const res = await send(port, { method: "GET", path: "/robots.txt" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Allow: \/\$$/m);
    expect(res.body).toMatch(/^Disallow: \/$/m);
  });
});

describe("Origin", () => {
  it.each([["another site", "https://evil.example"], ["an opaque origin", "null"]])("answers a post from %s with the 403 page, never a 500", async (_name, origin) => {
    const { port, token, cookie } = await start();
    action.mockClear();
    const body = form({ [CSRF_FIELD]: token, comment: "x" });
    const answer = await send(port, { path: "/form", headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: origin, "Content-Length": String(body.length) }, chunks: [body] });
    expect(answer.status).toBe(403);
    expect(answer.headers["content-type"]).toMatch(/text\/html/);
    expect(answer.body).toContain("Your form could not be sent");
    expect(action).not.toHaveBeenCalled();
  });
});

describe("security headers", () => {
  async function headersOf(config: ReturnType<typeof testConfig>) {
    const app = createApp({ config, database: t.database, clock: new FakeClock(), build: fakeBuild(), publicDir: "/nonexistent", logger: createLogger(config) });
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    return [(await send(port, { method: "GET", path: "/who" })).headers, (await send(port, { method: "GET", path: "/who" })).headers];
  }

  it("a policy that allows the page's own scripts by a nonce new with every response, and no framing", async () => {
    const [first, second] = await headersOf(testConfig({ LOG_LEVEL: "silent" }));
    const nonce = (headers: Sent["headers"]) => /'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))?.[1];
    expect(first["content-security-policy"]).toBe(
      `default-src 'self';script-src 'self' 'nonce-${nonce(first)}';style-src 'self';img-src 'self' data:;font-src 'self' https://assets.nhs.uk;connect-src 'self';form-action 'self';object-src 'none';base-uri 'none';frame-ancestors 'none'`,
    );
    expect(nonce(first)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonce(second)).not.toBe(nonce(first));
    expect(first).toMatchObject({
      "x-frame-options": "SAMEORIGIN",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
    });
    expect(first["x-powered-by"]).toBeUndefined();
    // Over plain HTTP (development, tests) no HSTS: a browser would remember it for localhost.
    expect(first["strict-transport-security"]).toBeUndefined();
  });

  it("over HTTPS: HSTS for a year with subdomains, insecure requests upgraded, the tracking script's origin allowed", async () => {
    const [headers] = await headersOf({ ...testConfig({ LOG_LEVEL: "silent" }), httpsOnly: true, trackingScriptUrl: "https://track.example/s.js" });
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(String(headers["content-security-policy"])).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/track\.example;/);
    expect(String(headers["content-security-policy"])).toMatch(/;upgrade-insecure-requests$/);
  });
});

describe("TRUST_PROXY", () => {
  const who = async (port: number) => JSON.parse((await send(port, { method: "GET", path: "/who?_data=routes%2Fwho", headers: { "X-Forwarded-For": "203.0.113.7" } })).body).address as string;

  it("ignores X-Forwarded-For unless a proxy is named: the socket's address counts", async () => {
    const { port } = await start();
    expect(await who(port)).toMatch(/127\.0\.0\.1$/);
  });

  it("believes X-Forwarded-For from the proxy TRUST_PROXY names", async () => {
    expect(await who((await start({ TRUST_PROXY: "loopback" })).port)).toBe("203.0.113.7");
    expect(await who((await start({ TRUST_PROXY: "1" })).port)).toBe("203.0.113.7");
  });

  it("tells the loaders a request the page made by itself (decision 0162), and only that", async () => {
    const { port } = await start();
    const background = async (headers: Record<string, string>) =>
      JSON.parse((await send(port, { method: "GET", path: "/who?_data=routes%2Fwho", headers })).body).background as boolean;
    expect(await background({ [BACKGROUND_REQUEST_HEADER]: "refresh" })).toBe(true);
    expect(await background({})).toBe(false);
  });

  it("refuses a setting that is not hops or addresses", () => {
    expect(() => testConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => testConfig({ TRUST_PROXY: "99" })).toThrow(/TRUST_PROXY/);
    expect(testConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8" }).trustProxy).toEqual(["10.0.0.1", "10.0.0.0/8"]);
    expect(testConfig({}).trustProxy).toBe(false);
  });
});

describe("logs", () => {
  it("carry no e-mail address, NHS number, phone number, date of birth or query parameters", async () => {
    const { lines, logger, port } = await start();
    logger.info({ email: "sarah.thompson@example.com", detail: { nhsNumber: "943 476 5919" } }, "signed in sarah.thompson@example.com");
    logger.error({ err: Object.assign(new Error("insert failed for 9434765919 born 1984-03-17, call 07700 900123"), { params: ["Sarah", "Thompson"] }) }, "failed query");
    await send(port, { method: "GET", path: "/who?email=sarah.thompson%40example.com&token=secret-token" });
    const log = lines.join("");
    expect(log).toContain("failed query");
    for (const personal of ["sarah.thompson@example.com", "9434765919", "943 476 5919", "1984-03-17", "07700 900123", "Thompson", "secret-token", "sarah.thompson%40example.com"]) {
      expect(log, personal).not.toContain(personal);
    }
  });

  it("write one line per request: method, path without its query, status, time taken", async () => {
    const { lines, port } = await start();
    await send(port, { method: "GET", path: "/who?token=secret-token" });
    await send(port, { method: "GET", path: "/validate/a-secret-token?x=1" });
    await send(port, { method: "GET", path: "/healthz" });
    await new Promise((resolve) => setImmediate(resolve));
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; level: number; req: { id: string; method: string; path: string }; res: { statusCode: number }; responseTime: number });
    const requests = entries.filter((e) => e.msg === "request completed");
    expect(requests.map((e) => [e.req.method, e.req.path, e.res.statusCode])).toEqual([
      ["GET", "/who", 200],
      ["GET", "/validate/[token]", 404],
    ]);
    for (const e of requests) {
      expect(e.req.id).toMatch(/^[0-9a-f]{16}$/);
      expect(e.responseTime).toBeGreaterThanOrEqual(0);
    }
    expect(lines.join("")).not.toContain("secret-token");
  });

  it("log a request the server failed at error level", async () => {
    const lines: string[] = [];
    const failing = express();
    failing.use(accessLog(createLogger(testConfig({ LOG_LEVEL: "info" }), new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) })), { ignore: () => false }));
    failing.get("/boom", (_req, res) => void res.status(502).send("no"));
    const server = failing.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    await send((server.address() as AddressInfo).port, { method: "GET", path: "/boom" });
    await new Promise((resolve) => setImmediate(resolve));
    const failed = lines.map((line) => JSON.parse(line)).find((e) => e.msg === "request errored");
    expect(failed).toMatchObject({ level: 50, req: { method: "GET", path: "/boom" }, res: { statusCode: 502 }, err: { message: "failed with status code 502" } });
  });

  it("cost nothing at a level that writes nothing", async () => {
    const { lines, port } = await start({ LOG_LEVEL: "silent" });
    await send(port, { method: "GET", path: "/who" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);
  });

  it("loggedPath keeps the path and masks the tokens paths carry", () => {
    expect(loggedPath("/demo/questions/12?page=2")).toBe("/demo/questions/12");
    expect(loggedPath("/account/password/reset/abc123")).toBe("/account/password/reset/[token]");
    expect(loggedPath("/practice/demo/register/xyz")).toBe("/practice/demo/register/[token]");
    expect(loggedPath("/bm/4/files/t0k3n")).toBe("/bm/4/files/[token]");
  });

  it("redactLogValue masks nested values and the keys that hold what someone typed", () => {
    expect(redactLogValue({ a: { b: ["x 0123456789 y"] }, answer: "my chest hurts" })).toEqual({ a: { b: ["x [number] y"] }, answer: "[redacted]" });
  });
});

describe("cacheControlFor", () => {
  it("keeps personal pages out of every cache, lets public ones be revalidated", () => {
    expect(cacheControlFor({ existing: null, signedIn: true, setsSession: false })).toBe(NO_STORE);
    expect(cacheControlFor({ existing: null, signedIn: false, setsSession: true })).toBe(NO_STORE);
    expect(cacheControlFor({ existing: "public, max-age=600", signedIn: true, setsSession: false })).toBe(NO_STORE);
    expect(cacheControlFor({ existing: null, signedIn: false, setsSession: false })).toBe(PUBLIC_PAGE);
    expect(cacheControlFor({ existing: "no-store", signedIn: false, setsSession: false })).toBe("no-store");
  });
});

describe("static files (decision 0147)", () => {
  /** A public folder as `npm run build` writes it, from a small stand-in of NHS.UK's assets. */
  async function built(icon = "icon-v1") {
    const dir = mkdtempSync(join(tmpdir(), "frontdoor-static-"));
    const assetsDir = join(dir, "nhsuk-assets");
    mkdirSync(join(assetsDir, "images"), { recursive: true });
    writeFileSync(join(assetsDir, "images/favicon.ico"), icon);
    writeFileSync(join(assetsDir, "images/nhsuk-icon-cross.svg"), "<svg/>");
    const publicDir = join(dir, "public");
    const sheet = (name: string) => async (assetsPath: string) => `.${name}{background:url("${assetsPath}images/nhsuk-icon-cross.svg")}`;
    const result = await writeStaticFiles({ publicDir, assetsDir, sheets: { "main.css": sheet("main"), "staff.css": sheet("staff"), "print.css": sheet("print") } });
    return { publicDir, ...result };
  }
  const sha = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 10);

  it("names each sheet by its content and NHS.UK's assets by a folder named by theirs, and writes the manifest", async () => {
    const { publicDir, manifest } = await built();
    const assets = manifest["/assets/"];
    expect(assets).toMatch(/^\/assets\/[0-9a-f]{10}\/$/);
    const main = readFileSync(join(publicDir, manifest["/css/main.css"]), "utf8");
    // The sheets reach the images through the hashed folder.
    expect(main).toBe(`.main{background:url("${assets}images/nhsuk-icon-cross.svg")}`);
    expect(manifest["/css/main.css"]).toBe(`/css/main.${sha(main)}.css`);
    expect(Object.keys(manifest).sort()).toEqual(["/assets/", "/css/main.css", "/css/print.css", "/css/staff.css"]);
    expect(JSON.parse(readFileSync(join(publicDir, "static-manifest.json"), "utf8"))).toEqual(manifest);
    expect(readFileSync(join(publicDir, assets, "images/favicon.ico"), "utf8")).toBe("icon-v1");
  });

  it("gives changed assets a new folder and every sheet that names it a new name, and leaves no old file behind", async () => {
    const first = await built("icon-v1");
    const second = await built("icon-v2");
    expect(second.manifest["/assets/"]).not.toBe(first.manifest["/assets/"]);
    expect(second.manifest["/css/main.css"]).not.toBe(first.manifest["/css/main.css"]);
    // Building again over the same folder: only this build's files remain.
    const { publicDir } = first;
    const again = await writeStaticFiles({
      publicDir,
      assetsDir: join(publicDir, "..", "nhsuk-assets"),
      sheets: { "main.css": async () => ".other{}" },
    });
    expect(readdirSync(join(publicDir, "css"))).toEqual([again.manifest["/css/main.css"].slice("/css/".length)]);
    expect(readdirSync(join(publicDir, "assets"))).toEqual([again.manifest["/assets/"].split("/")[2]]);
  });

  it("serves hashed files for a year, immutable, and sends old addresses to today's files", async () => {
    const { publicDir, manifest } = await built();
    const { port } = await start({}, publicDir);
    const get = (path: string) => send(port, { method: "GET", path });
    const assets = manifest["/assets/"];
    for (const path of [manifest["/css/main.css"], manifest["/css/staff.css"], manifest["/css/print.css"], `${assets}images/favicon.ico`]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers["cache-control"], path).toBe(IMMUTABLE);
    }
    expect((await get(manifest["/css/main.css"])).headers["content-type"]).toMatch(/^text\/css/);
    for (const [old, today] of [
      ["/css/main.css", manifest["/css/main.css"]],
      ["/css/print.css", manifest["/css/print.css"]],
      ["/favicon.ico", `${assets}images/favicon.ico`],
      ["/assets/images/favicon.ico", `${assets}images/favicon.ico`],
    ]) {
      const answer = await get(old);
      expect(answer.status, old).toBe(302);
      expect(answer.headers.location, old).toBe(today);
      expect(answer.headers["cache-control"], old).toBe(OLD_ADDRESS);
    }
    // Unknown names are Remix's 404, not a year-long answer.
    for (const path of ["/css/main.0000000000.css", "/assets/0000000000/images/favicon.ico", "/assets/images/none.png", "/assets/../static-manifest.json"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers["cache-control"], path).not.toBe(IMMUTABLE);
    }
  });

  it("without a manifest serves the folders as they are, for an hour", async () => {
    const { publicDir, manifest } = await built();
    const bare = mkdtempSync(join(tmpdir(), "frontdoor-static-bare-"));
    mkdirSync(join(bare, "css"));
    writeFileSync(join(bare, "css/main.css"), readFileSync(join(publicDir, manifest["/css/main.css"])));
    expect(existsSync(join(bare, "static-manifest.json"))).toBe(false);
    const { port } = await start({}, bare);
    const answer = await send(port, { method: "GET", path: "/css/main.css" });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
  });
});
