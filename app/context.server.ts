import type { StaticManifest } from "./components/static-assets";
import type { Config } from "./config.server";
import type { Db } from "./db/client.server";
import type { JobQueue } from "./domain/bulk/job-queue.server";
import type { Clock } from "./domain/clock";
import type { FileStore } from "./domain/files/file-store.server";
import type { GpSystem } from "./domain/gp-system/gp-system";
import type { Notifier } from "./domain/notify/notifier.server";
import type { RequestMemo } from "./server/request-memo.server";

/**
 * What every loader and action receives besides the request. server.ts builds it per
 * request; integration tests build it by hand with a test database and a fake clock.
 */
export type AppContext = {
  db: Db;
  clock: Clock;
  config: Config;
  notifier: Notifier;
  /** Uploaded attachments (local disk by default). */
  files: FileStore;
  /** The practice's GP system (online services): the simulation unless an adapter is configured. */
  gpSystem: GpSystem;
  /** The visitor's CSRF secret (from its cookie, or minted for this response). */
  csrfSecret: string;
  /** The client's IP address (Express resolves X-Forwarded-For through one trusted proxy). */
  clientAddress: string;
  /** A CSP nonce for this response's scripts. */
  nonce: string;
  /** Loads the loaders of one GET share (the viewer, the practice): see request-memo.server.ts. */
  memo?: RequestMemo;
  /** The page asked by itself, not its user (domain/sessions/background.ts): the idle deadline stays. */
  background?: boolean;
  /** The job queue (bulk messages): woken when a message is queued; absent in tests, which run it by hand. */
  jobs?: JobQueue;
  /** The hashed names of the stylesheets and assets (public/static-manifest.json, decision 0147); absent, pages link the plain paths. */
  staticAssets?: StaticManifest;
};

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
