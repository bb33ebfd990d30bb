/**
 * The Remix floor of the request load bench (issue "speed"): what the framework costs with no
 * database and no route code. Frontdoor's own server build (its root layout, the questions
 * page's components, the same Remix request handler) behind the same Express middleware as
 * `createApp` (CSP nonce with helmet, compression, static files, the access log at the bench's log
 * level), but every loader answers the fixed data Frontdoor gave for the captured page (read
 * from that page's `window.__remixContext`: request-load.ts captures it from the same build with
 * every route hydrated, `everyRouteHydrated` in servers.ts), and every action reads the form and
 * answers 303.
 *
 *   FLOOR_HTML_FILE=/tmp/page.html PORT=4001 node --import tsx bench/floor-server.ts
 */
import "./production-env";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { json, redirect, type ActionFunctionArgs, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import pino from "pino";
import { accessLog } from "../app/server/access-log.server";
import { createRequestHandler } from "../app/server/remix-handler.server";

const root = fileURLToPath(new URL("..", import.meta.url));
const html = readFileSync(process.env.FLOOR_HTML_FILE ?? "", "utf8");
const context = /window\.__remixContext = (.*?);<\/script>/s.exec(html)?.[1];
if (!context) throw new Error("floor: no window.__remixContext in the captured page");
const loaderData = (JSON.parse(context) as { state: { loaderData: Record<string, unknown> } }).state.loaderData;

const real = (await import(pathToFileURL(join(root, "build/index.js")).href)) as ServerBuild;
const routes: ServerBuild["routes"] = {};
for (const [id, route] of Object.entries(real.routes)) {
  const data = loaderData[id];
  routes[id] = {
    ...route,
    module: {
      ...route.module,
      loader: data === undefined ? undefined : () => json(data, { headers: { "Cache-Control": "private, no-store" } }),
      action: async ({ request }: ActionFunctionArgs) => {
        await request.formData();
        return redirect(new URL(request.url).pathname, 303);
      },
    },
  };
}
const build: ServerBuild = { ...real, routes };

const app = express();
app.disable("x-powered-by");
app.use(accessLog(pino({ level: process.env.LOG_LEVEL ?? "silent" }), { ignore: (url) => url === "/healthz" || url.startsWith("/build/") }));
app.use((_req, res, next) => {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`],
        "style-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  }),
);
app.use(compression());
app.use("/build", express.static(join(root, "public/build"), { immutable: true, maxAge: "1y" }));
app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});
const remix = createRequestHandler({
  build,
  mode: "production",
  // What entry.server reads of the context: the nonce and whether cookies are __Host- ones.
  getLoadContext: (_req, res) => ({ nonce: res.locals.nonce as string, config: { httpsOnly: false } }) as never,
});
app.all("*", (req, res, next) => {
  remix(req, res, next).catch(next);
});
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
server.keepAliveTimeout = 65_000;
process.on("SIGTERM", () => server.close(() => process.exit(0)));
