/**
 * The Express application around Remix: security headers with a per-request CSP nonce,
 * compression, static files, request logs without personal data, the health check, the
 * CSRF cookie, and the Remix handler with every action CSRF-checked.
 */
import { MOCK_NHS_LOGIN_PATH } from "~/nhs-login-config.server";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Request, type Response } from "express";
import helmet from "helmet";
import { pino, type Logger } from "pino";
import type { AppContext } from "~/context.server";
import type { Config } from "~/config.server";
import type { Database } from "~/db/client.server";
import type { Clock } from "~/domain/clock";
import { parseCookies, serializeCookie } from "~/web/cookies";
import { CSRF_COOKIE, CSRF_COOKIE_SECURE, isWellFormedSecret, newCsrfSecret } from "~/domain/security/csrf.server";
import { isForeignOrigin, RETRY_AFTER_SECONDS, withRouteLayer } from "./route-layer.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { BodyRefused, guardedBody } from "./request-body.server";
import { errorPageHtml } from "./plain-pages.server";
import { mountStaticFiles, readStaticManifest } from "./static-files.server";
import { redactLogValue } from "./log-redaction.server";
import { getViewerState } from "~/web/auth/viewer.server";
import { getTokenGrant } from "~/web/auth/token-grant.server";
import type { Notifier } from "~/domain/notify/notifier.server";
import { createNotifier } from "~/domain/notify/create-notifier.server";
import { LocalDiskFileStore, type FileStore } from "~/domain/files/file-store.server";
import type { GpSystem } from "~/domain/gp-system/gp-system";
import { SimulatedGpSystem } from "~/domain/gp-system/simulated-gp-system.server";
import { newRequestMemo } from "~/server/request-memo.server";
import { accessLog } from "./access-log.server";
import { createRequestHandler } from "./remix-handler.server";
import { randomBase64 } from "./random-pool.server";
import { documentLoadsForNotHydrated } from "./no-hydration.server";
import { BACKGROUND_REQUEST_HEADER } from "~/domain/sessions/background";


export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  notifier?: Notifier;
  files?: FileStore;
  gpSystem?: GpSystem;
  jobs?: import("~/domain/bulk/job-queue.server").JobQueue;
  build: ServerBuild;
  publicDir: string;
  logger?: Logger;
};

export function createLogger(config: Config, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level: config.logLevel,
    // Belt and braces: even if someone logs a request object, these never reach the log.
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "res.headers[\"set-cookie\"]"], remove: true },
    // Personal data never reaches the log, whoever logs what: e-mail addresses, NHS numbers,
    // phone numbers, dates of birth and a failed query's parameters are masked in every
    // message and field (log-redaction.server.ts).
    formatters: { log: (object: Record<string, unknown>) => redactLogValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === "string" ? redactLogValue(a) : a)));
      },
    },
  };
  return destination ? pino(options, destination as never) : pino(options);
}

export function createApp(deps: AppDeps) {
  const { config, database, clock, publicDir } = deps;
  // Read once: the hashed names pages link (decision 0147).
  const staticManifest = readStaticManifest(publicDir);
  const notifier = deps.notifier ?? createNotifier(config, database.db);
  const files = deps.files ?? new LocalDiskFileStore(config.filesDir);
  const gpSystem = deps.gpSystem ?? new SimulatedGpSystem(database.db, clock);
  const logger = deps.logger ?? createLogger(config);
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For and -Proto are believed only from the proxies TRUST_PROXY names; otherwise
  // the socket's address is the client (throttles and logs cannot be fooled by a header).
  app.set("trust proxy", config.trustProxy);

  // One line per request, without personal data (access-log.server.ts).
  app.use(accessLog(logger, { ignore: (url) => url === "/healthz" || url.startsWith("/build/") }));

  app.use((_req, res, next) => {
    res.locals.nonce = randomBase64(16);
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": [
            "'self'",
            (_req, res) => `'nonce-${(res as Response).locals.nonce}'`,
            ...(config.trackingScriptUrl ? [new URL(config.trackingScriptUrl).origin] : []),
          ],
          "style-src": ["'self'"],
          "img-src": ["'self'", "data:"],
          "font-src": ["'self'", "https://assets.nhs.uk"],
          "connect-src": ["'self'"],
          "form-action": ["'self'"],
          "object-src": ["'none'"],
          "base-uri": ["'none'"],
          "frame-ancestors": ["'none'"],
          ...(config.httpsOnly ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      strictTransportSecurity: config.httpsOnly ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xContentTypeOptions: true,
    }),
  );
  app.use(compression());

  // Built client assets have content hashes in their names: cache for a year.
  app.use("/build", express.static(`${publicDir}/build`, { immutable: true, maxAge: "1y" }));
  // Only /css and /assets hold other static files, content-addressed (static-files.server.ts);
  // other paths go straight to Remix without a disk look-up.
  mountStaticFiles(app, publicDir, staticManifest);
  // The one committed file of public/ (the rest is build output): no page past the home page
  // is for search engines (decision 0144).
  app.get("/robots.txt", (_req, res) => {
    res.sendFile("robots.txt", { root: publicDir, maxAge: "1d", headers: { "Content-Type": "text/plain; charset=utf-8" } });
  });

  app.get("/healthz", async (_req, res) => {
    try {
      await database.ping();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database.kind });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  // The local NHS login stand-in: development and test only (decision 0080).
  // Loaded on its first request (issue "speed"): oidc-provider and its dependencies took about
  // half a second of every start, production included, where this is never mounted.
  if (config.nhsLogin.mode === "mock" && config.testTools) {
    let mock: Promise<(req: Request, res: Response) => void> | undefined;
    app.use(MOCK_NHS_LOGIN_PATH, (req, res, next) => {
      mock ??= import("./mock-nhs-login-app.server").then((m) => m.mockNhsLoginHandler(config));
      mock.then((handle) => handle(req, res), next);
    });
  }

  const cookieName = config.httpsOnly ? CSRF_COOKIE_SECURE : CSRF_COOKIE;
  const loadContext = (req: Request, res: Response): AppContext => ({
    db: database.db,
    clock,
    config,
    notifier,
    files,
    gpSystem,
    csrfSecret: csrfSecretFor(req, res, cookieName, config.httpsOnly),
    nonce: res.locals.nonce as string,
    clientAddress: req.ip ?? "unknown",
    memo: newRequestMemo(),
    background: req.get(BACKGROUND_REQUEST_HEADER) !== undefined,
    jobs: deps.jobs,
    staticAssets: staticManifest ?? undefined,
  });
  const remix = createRequestHandler({
    build: withRouteLayer(deps.build),
    mode: config.env,
    // The context is made once per request, before the body guard (which needs its CSRF secret).
    getLoadContext: (_req, res) => res.locals.context as AppContext,
  });
  const refuse = (req: Request, res: Response, refusal: BodyRefused) => {
    // Whatever the client still sends is not read: close the connection after the answer.
    res.set("Connection", "close");
    res.on("finish", () => req.destroy());
    const [title, body] =
      refusal.status === 413
        ? ["The files you sent are too large", "Each file must be 10MB or smaller, and a form without files must be shorter. Go back and try again."]
        : ["Your form could not be sent", "Go back, reload the page and try again. If you were signed out, sign in again first."];
    res.status(refusal.status).type("html").set("Cache-Control", "no-store").send(errorPageHtml(title, body, config.productName, staticManifest ?? {}));
  };

  // Remix, behind the request-body guard (request-body.server.ts) and the route layer
  // (route-layer.server.ts). A body is handed to Remix only as the guarded stream: counted to its
  // limit, and for multipart proven by its first part before the rest is read.
  // A client navigation into a page that is not hydrated loads it as a document (decision 0145).
  app.use(documentLoadsForNotHydrated(deps.build));
  app.all("*", async (req, res, next) => {
    try {
      const context = loadContext(req, res);
      res.locals.context = context;
      if (req.method === "GET" || req.method === "HEAD") return await remix(req, res, next);
      // Before Remix, whose own check would answer a foreign Origin with a bare 500.
      // Read from Node's headers as they are (no web Headers copied from all of them).
      if (isForeignOrigin({ get: (name) => req.get(name) ?? null })) return refuse(req, res, new BodyRefused(403));
      const guarded = await guardedBody(req, {
        serverSecret: config.sessionSecret,
        csrfSecret: context.csrfSecret,
        isSignedIn: async () => {
          const probe = new globalThis.Request("http://localhost/", { headers: { cookie: req.headers.cookie ?? "" } });
          const [state, grant] = await Promise.all([getViewerState(probe, context), getTokenGrant(probe, context)]);
          return Boolean(state.viewer || grant);
        },
      });
      const refusal = guarded.refused();
      if (refusal) return refuse(req, res, refusal);
      // The adapter reads the request's stream and these few properties; give it the guarded stream.
      const body = Object.assign(guarded.body, {
        method: req.method,
        headers: req.headers,
        originalUrl: req.originalUrl,
        protocol: req.protocol,
        hostname: req.hostname,
        get: req.get.bind(req),
      });
      await remix(body as unknown as Request, res, next);
    } catch (error) {
      next(error);
    }
  });

  app.use((error: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
    // The body guard asks the database who is signed in (multipart forms): it may be away.
    if (isDatabaseUnavailable(error) && !res.headersSent) {
      res
        .status(503)
        .set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
        .type("html")
        .send(errorPageHtml("Sorry, there is a problem with the service", "The service is not working at the moment. What you sent has not been saved. Try again in a few minutes.", config.productName, staticManifest ?? {}));
      return;
    }
    logger.error({ err: error instanceof Error ? { message: error.message, stack: config.isProduction ? undefined : error.stack } : "unknown" }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Sorry, there is a problem with the service.");
  });

  return app;
}

/** The visitor's CSRF secret from its cookie, or a new one set on this response. */
function csrfSecretFor(req: Request, res: Response, cookieName: string, secure: boolean): string {
  const existing = parseCookies(req.headers.cookie)[cookieName];
  if (isWellFormedSecret(existing)) return existing;
  const secret = newCsrfSecret();
  // A session cookie (no Max-Age): it lives as long as the browser session does.
  res.append("Set-Cookie", serializeCookie(cookieName, secret, { secure, httpOnly: true }));
  return secret;
}
