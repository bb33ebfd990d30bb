/**
 * The Express application around Remix: security headers with a per-request CSP nonce,
 * compression, static files, request logs without personal data, the health check, the
 * CSRF cookie, and the Remix handler with every action CSRF-checked.
 */
import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Request, type Response } from "express";
import helmet from "helmet";
import { pino, type Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { AppContext } from "~/context.server";
import type { Config } from "~/config.server";
import type { Database } from "~/db/client.server";
import type { Clock } from "~/domain/clock";
import { parseCookies, serializeCookie } from "~/domain/http/cookies";
import { CSRF_COOKIE, CSRF_COOKIE_SECURE, isWellFormedSecret, newCsrfSecret } from "~/domain/security/csrf.server";
import { withCsrfProtection } from "./csrf-guard.server";
import type { Notifier } from "~/domain/notify/notifier.server";
import { createNotifier } from "~/domain/notify/create-notifier.server";
import { LocalDiskFileStore, type FileStore } from "~/domain/files/file-store.server";
import type { GpSystem } from "~/domain/gp-system/gp-system";
import { SimulatedGpSystem } from "~/domain/gp-system/simulated-gp-system.server";
import { newRequestMemo } from "~/server/request-memo.server";

/** Largest request body accepted: five 10 MB attachments plus the form around them. */
export const MAX_BODY_BYTES = 55 * 1024 * 1024;

export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  notifier?: Notifier;
  files?: FileStore;
  gpSystem?: GpSystem;
  build: ServerBuild;
  publicDir: string;
  logger?: Logger;
};

export function createLogger(config: Config): Logger {
  return pino({
    level: config.logLevel,
    // Belt and braces: even if someone logs a request object, these never reach the log.
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "res.headers[\"set-cookie\"]"], remove: true },
  });
}

export function createApp(deps: AppDeps) {
  const { config, database, clock, publicDir } = deps;
  const notifier = deps.notifier ?? createNotifier(config, database.db);
  const files = deps.files ?? new LocalDiskFileStore(config.filesDir);
  const gpSystem = deps.gpSystem ?? new SimulatedGpSystem(database.db, clock);
  const logger = deps.logger ?? createLogger(config);
  const app = express();
  app.disable("x-powered-by");
  // Behind a TLS-terminating proxy in production, so req.protocol and secure cookies are right.
  app.set("trust proxy", config.isProduction ? 1 : false);

  app.use(
    pinoHttp({
      logger,
      genReqId: () => randomBytes(8).toString("hex"),
      // Paths only: query strings can carry tokens, and no headers (cookies) are logged.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          path: String(req.url).split("?")[0].replace(/\/(security|validate|guest-validate|register|reset)\/[^/]+/g, "/$1/[token]").replace(/\/password\/reset\/[^/]+/, "/password/reset/[token]"),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || (req.url ?? "").startsWith("/build/") },
    }),
  );

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
          ...(config.isProduction ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      strictTransportSecurity: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xContentTypeOptions: true,
    }),
  );
  app.use(compression());

  // Built client assets have content hashes in their names: cache for a year.
  app.use("/build", express.static(`${publicDir}/build`, { immutable: true, maxAge: "1y" }));
  // Only these folders hold static files; other paths go straight to Remix without a disk look-up.
  for (const folder of ["css", "assets"]) {
    app.use(`/${folder}`, express.static(`${publicDir}/${folder}`, { maxAge: "1h", index: false, fallthrough: true }));
  }
  app.get("/favicon.ico", (_req, res) => res.redirect(301, "/assets/images/favicon.ico"));

  app.get("/healthz", async (_req, res) => {
    try {
      await database.ping();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database.kind });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  // Refuse oversized bodies before anything reads them.
  app.use((req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > MAX_BODY_BYTES) {
      res.status(413).type("text/plain").send("The files you sent are too large. Each file must be 10MB or smaller.");
      return;
    }
    next();
  });

  const cookieName = config.isProduction ? CSRF_COOKIE_SECURE : CSRF_COOKIE;
  const remix = createRequestHandler({
    build: withCsrfProtection(deps.build),
    mode: config.env,
    getLoadContext: (req: Request, res: Response): AppContext => ({
      db: database.db,
      clock,
      config,
      notifier,
      files,
      gpSystem,
      csrfSecret: csrfSecretFor(req, res, cookieName, config.isProduction),
      nonce: res.locals.nonce as string,
      clientAddress: req.ip ?? "unknown",
      memo: newRequestMemo(),
    }),
  });
  app.all("*", remix);

  app.use((error: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
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
