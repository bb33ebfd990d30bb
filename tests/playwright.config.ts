/**
 * End-to-end journeys against the built app (`npm run test:e2e` builds first; this config
 * never builds). Every journey runs twice: without JavaScript (the baseline every patient
 * gets) and with it. The server starts once per run on fresh data, see e2e-server.ts.
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { defineConfig, type ReporterDescription } from "@playwright/test";
import { CHROMIUM_ARGS } from "./support/chromium-args";
import { E2E_BASE_URL, E2E_PORT } from "./support/e2e-constants";

const root = fileURLToPath(new URL("..", import.meta.url));

// The config is loaded by the runner and again by each worker; workers inherit the runner's
// environment, so the whole run agrees on one id (and so on one data folder or database).
process.env.E2E_RUN_ID ??= String(Date.now());
// The key the journeys' signInAs fixture shows the app's test-only /dev/sign-in: made per run,
// known to this runner, its workers and the server only.
process.env.TEST_SIGN_IN_KEY ??= randomBytes(32).toString("hex");

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
};

// CI runs the whole suite once (production build on PostgreSQL) and, on the embedded PGlite,
// only the journeys tagged @smoke: E2E_SCOPE=smoke (see .ci/run and the README).
const smokeOnly = process.env.E2E_SCOPE === "smoke";

const reporter: ReporterDescription[] = [["list"]];
// CI (.ci/run) sums the JSON reports of its PGlite and PostgreSQL passes.
if (process.env.PLAYWRIGHT_JSON_REPORT) reporter.push(["json", { outputFile: process.env.PLAYWRIGHT_JSON_REPORT }]);

export default defineConfig({
  testDir: "./e2e",
  // One folder per port: runs going on at once (on different ports) must not clean out each
  // other's traces, as Playwright empties its output folder when a run starts.
  outputDir: `${root}/test-results/e2e-${E2E_PORT}`,
  // After every journey: the app's log of the run must carry no personal data.
  globalTeardown: "./support/e2e-log-check.ts",
  fullyParallel: true,
  grep: smokeOnly ? /@smoke/ : undefined,
  forbidOnly: Boolean(process.env.CI),
  // On CI one retry: two cores shared by the server, the database and two browsers have made a
  // journey overrun its time now and then. A retried pass is reported as flaky in the JSON
  // report and the list, so it is seen, not hidden; locally a failure fails at once.
  retries: process.env.CI ? 1 : 0,
  // Four workers on CI's two cores: a journey is a chain of short steps that wait on each other
  // (browser, app, database, the worker's checks) and on the browser's animation frames, so two
  // chains left the cores idle a good part of the time. On 42 journeys with the machine to
  // themselves: 2 workers 233 s, 3 workers 188–192 s, 4 workers 168 s (decision 0149).
  // E2E_WORKERS overrides it, e.g. 1 while debugging.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  reporter,
  // Generous for the same reason as expect: a short journey has been seen to take 31 s under load.
  timeout: 60_000,
  // Generous: CI shares two cores between the server, the database and two browsers, and a
  // client-side navigation under that load has been seen to take more than 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // A trace records a DOM snapshot and a screenshot at every step, which cost each journey
    // about a tenth of its CPU though all but a failing one's are thrown away. CI retries a
    // failure once and traces the retry; locally (no retries) a failing journey keeps its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    { name: "js-off", use: { browserName: "chromium", javaScriptEnabled: false, launchOptions } },
    { name: "js-on", use: { browserName: "chromium", javaScriptEnabled: true, launchOptions } },
  ],
  webServer: {
    command: "node --import tsx tests/support/e2e-server.ts",
    cwd: root,
    url: `${E2E_BASE_URL}/healthz`,
    env: { E2E_RUN_ID: process.env.E2E_RUN_ID, E2E_PORT: String(E2E_PORT), TEST_SIGN_IN_KEY: process.env.TEST_SIGN_IN_KEY },
    reuseExistingServer: false,
    // Seeding the demo and e2e data then starting takes ~30 s on a quiet machine; several runs
    // at once on two cores have taken more than 120 s. A server that never answers still fails.
    timeout: 300_000,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM to the launcher's process group lets it stop the app and remove the run's data.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
