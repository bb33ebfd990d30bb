/**
 * One log line per request: method, path (tokens masked), status and time taken, with a request
 * id (decision 0156). The line has the shape pino-http gave it ({ req: { id, method, path },
 * res: { statusCode }, responseTime }, "request completed" / "request aborted" / "request
 * errored" at error level for a 5xx), so what reads the logs reads them as before.
 *
 * Written here rather than with pino-http because pino-http made a child logger for every
 * request, serialising the request into its bindings, whether or not anything logged through
 * it: about 4 % of a page's CPU (issue "speed"). Nothing logs through `req.log`; the line is
 * built only when the response is done.
 */
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { randomHex } from "./random-pool.server";

/** Paths only: query strings can carry tokens, and so can these paths. */
export function loggedPath(url: string): string {
  const query = url.indexOf("?");
  return (query < 0 ? url : url.slice(0, query))
    .replace(/\/(security|validate|guest-validate|register|reset)\/[^/]+/g, "/$1/[token]")
    .replace(/\/password\/reset\/[^/]+/, "/password/reset/[token]")
    .replace(/\/bm\/(\d+)\/files\/[^/]+/, "/bm/$1/files/[token]");
}

export function accessLog(logger: Logger, options: { ignore: (url: string) => boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    // At a level that writes nothing (LOG_LEVEL=silent), nothing is listened for or built.
    if (!logger.isLevelEnabled("error") || options.ignore(req.url)) return next();
    const started = Date.now();
    // A response is closed once, finished or not ('close' follows 'finish').
    res.once("close", () => {
      const failed = res.statusCode >= 500;
      if (!logger.isLevelEnabled(failed ? "error" : "info")) return;
      const line = {
        req: { id: randomHex(8), method: req.method, path: loggedPath(req.originalUrl) },
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      };
      if (failed) logger.error({ ...line, err: new Error(`failed with status code ${res.statusCode}`) }, "request errored");
      else logger.info(line, !req.readableAborted && res.writableEnded ? "request completed" : "request aborted");
    });
    next();
  };
}
