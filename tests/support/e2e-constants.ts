/**
 * Values shared by the Playwright config, the e2e server launcher and the journeys.
 * Kept free of imports so the config can load it without pulling in app code.
 */

/** The port the app under test listens on; override with E2E_PORT when 3210 is taken. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The maintenance banner the launcher puts up for the whole run (PGlite is single-process,
 * so a test cannot write it while the server runs). The launcher hands it to server.ts as
 * MAINTENANCE_BANNER_TEXT, which applies it at start.
 */
export const E2E_MAINTENANCE_BANNER =
  process.env.E2E_MAINTENANCE_BANNER ?? "Planned maintenance on Sunday 6 December from 6am to 8am.";

/** Databases and data folders of earlier runs older than this are removed at start. */
export const E2E_STALE_AFTER_MS = 30 * 60 * 1000;

/**
 * The app server's log for one run (info level, whatever E2E_LOG_LEVEL says for the console):
 * the global teardown greps it for personal data the journeys typed (e2e-log-check.ts).
 */
export function e2eServerLogPath(root: string, runId: string): string {
  return `${root}/test-data/e2e-server-${runId}.log`;
}
