/**
 * `node --import tsx bench/lighthouse.ts` (after `npm run build`): Lighthouse, mobile preset
 * (its default: a Moto G Power on slow 4G, simulated), on the issue's five patient pages and four
 * more (sign-in, account settings, online services, the video waiting room) of the production
 * build running on a fresh PGlite data folder, beside the issue's goals. Prints a table and
 * writes bench/results/lighthouse-<time>.json (summary) and a folder of the same name with each
 * page's full Lighthouse report (open one in https://googlechrome.github.io/lighthouse/viewer/).
 *
 * Lighthouse is not a dependency of the app (every CI `npm ci` would fetch it and its browser
 * tooling for nothing): the first run installs it into bench/.tools (git-ignored), see
 * lighthouse-tool.ts. The browser is Debian's Chromium (CHROMIUM_PATH to change it).
 *
 * Not a test: no score fails it. Environment: BENCH_LIGHTHOUSE_RUNS (runs per page, default 1;
 * with more, the run with the median performance score is kept), BENCH_LIGHTHOUSE_PAGES (comma
 * separated labels, e.g. `home,questions`, to run fewer pages), BENCH_BASELINE_DIR (another built
 * checkout, e.g. main in a temporary folder: measured page by page just before this one).
 */
// Must stay the first import: it sets NODE_ENV before React and Express are loaded.
import "./production-env";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { table } from "./format";
import { LIGHTHOUSE_GOALS, loadLighthouse, summarise, type PageSummary } from "./lighthouse-tool";
import { answerDraftsUpToTheirPage, questionPageCount, questionPagePath, seedBenchPatients } from "./request-fixtures";
import { BENCH_SESSION_SECRET, startFrontdoor, type RunningFrontdoor } from "./servers";
import { runBenchMain } from "./run-main";
import { CHROMIUM_ARGS } from "../tests/support/chromium-args";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The Chromium switches of the journeys (tests/support/e2e-constants.ts), headless. */
const CHROME_FLAGS = ["--headless", ...CHROMIUM_ARGS];

type Target = { label: string; path: string; signedIn: boolean };

async function targets(frontdoor: RunningFrontdoor): Promise<{ pages: Target[]; cookie: string }> {
  // One draft per question page, each answered up to its page (as `npm run bench` does), so the
  // questions page and check-your-answers render rather than redirect.
  const pageCount = await questionPageCount(frontdoor.db);
  const [patient] = await seedBenchPatients(frontdoor.db, { practiceCode: "demo", count: 1, draftsEach: pageCount, sessionSecret: BENCH_SESSION_SECRET });
  await answerDraftsUpToTheirPage(frontdoor.db, patient.draftIds);
  const complete = patient.draftIds[pageCount - 1] ?? patient.draftIds[0];
  return {
    cookie: patient.cookie,
    pages: [
      // The home page as a first visit: no cookies, so the cookie banner shows as it would.
      { label: "home", path: "/", signedIn: false },
      { label: "message-myself", path: "/demo/message/myself", signedIn: true },
      { label: "questions", path: questionPagePath("demo", patient.draftIds[0], 1), signedIn: true },
      { label: "confirmation", path: `/demo/confirmation/${complete}`, signedIn: true },
      { label: "my-requests", path: "/demo/my-requests-and-messages", signedIn: true },
      // Pages that hydrated until decisions 0160 and 0161 (not in the issue's five).
      { label: "login", path: "/login", signedIn: false },
      { label: "account-settings", path: "/account-settings", signedIn: true },
      { label: "online-services", path: "/demo/online-services", signedIn: true },
      { label: "waiting-room", path: "/demo/waitingroom", signedIn: true },
    ],
  };
}

function median<T>(items: T[], by: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => by(a) - by(b));
  return sorted[Math.floor(sorted.length / 2)];
}

const score = (value: number | null) => (value === null ? "n/a" : String(Math.round(value * 100)));
const seconds = (ms: number | null) => (ms === null ? "n/a" : `${(ms / 1000).toFixed(2)} s`);

function printSummary(summaries: PageSummary[]) {
  const g = LIGHTHOUSE_GOALS;
  const mark = (ok: boolean) => (ok ? "" : " ✗");
  console.log(
    `\nLighthouse ${summaries[0]?.lighthouseVersion ?? ""}, mobile preset (simulated slow 4G, 4× CPU slowdown)\n` +
      `Goals: performance ≥ ${g.performance * 100}, LCP ≤ ${g.lcpMs / 1000} s, accessibility ${g.accessibility * 100}, best practices ${g.bestPractices * 100}\n`,
  );
  console.log(
    table(
      ["Page", "Performance", "LCP", "FCP", "TBT", "CLS", "Accessibility", "Best practices", "Status"],
      summaries.map((s) => [
        s.path,
        score(s.performance) + mark((s.performance ?? 0) >= g.performance),
        seconds(s.lcpMs) + mark(s.lcpMs !== null && s.lcpMs <= g.lcpMs),
        seconds(s.fcpMs),
        s.tbtMs === null ? "n/a" : `${Math.round(s.tbtMs)} ms`,
        s.cls === null ? "n/a" : s.cls.toFixed(3),
        score(s.accessibility) + mark((s.accessibility ?? 0) >= g.accessibility),
        score(s.bestPractices) + mark((s.bestPractices ?? 0) >= g.bestPractices),
        String(s.status ?? "?"),
      ]),
    ),
  );
  for (const s of summaries) {
    if (s.runtimeError) console.log(`\n${s.path}: Lighthouse error ${s.runtimeError}`);
    if (s.failing.length === 0) continue;
    console.log(`\n${s.path}: audits below full marks`);
    for (const f of s.failing) console.log(`  [${f.category}] ${f.id}: ${f.title}${f.displayValue ? ` (${f.displayValue})` : ""}${f.score === null ? "" : ` score ${f.score}`}`);
  }
}

async function main() {
  const startedAt = new Date();
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").map((s) => s.trim()).filter(Boolean);
  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  // Hard bound on the whole run, whatever happens: start and seed, then ~30 s per report.
  const limitMs = (600 + 10 * runs * 90) * 1000;
  setTimeout(() => {
    console.error(`bench: gave up after ${limitMs / 1000} s.`);
    process.exit(1);
  }, limitMs).unref();

  console.log(`Frontdoor Lighthouse bench — ${startedAt.toISOString()} — Node ${process.version}, ${cpus().length} CPU(s), load average ${loadavg()[0].toFixed(1)}`);
  const { lighthouse, chromeLauncher, version } = await loadLighthouse(root);
  // BENCH_BASELINE_DIR: another built checkout (e.g. main), measured page by page just before
  // this one, so both see the same machine load (the simulation takes observed CPU and server
  // times as they are). Only its build and public folder are used; the server code is this one's.
  const baselineDir = process.env.BENCH_BASELINE_DIR;
  const builds = [...(baselineDir ? [{ name: "baseline", dir: baselineDir }] : []), { name: "this checkout", dir: root }];
  type Served = { name: string; frontdoor: RunningFrontdoor; pages: Target[]; cookie: string };
  const served: Served[] = [];
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
  const summaries = new Map<string, PageSummary[]>(builds.map((b) => [b.name, []]));
  const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
  const reportDir = join(root, "bench/results", `lighthouse-${stamp}`);
  mkdirSync(reportDir, { recursive: true });
  try {
    for (const build of builds) {
      const frontdoor = await startFrontdoor(build.dir);
      served.push({ name: build.name, frontdoor, ...(await targets(frontdoor)) });
      console.log(`Frontdoor (${build.name}: ${build.dir}) at ${frontdoor.baseUrl}, production build, ${frontdoor.databaseLabel}, demo data seeded`);
    }
    const labels = served[0].pages.map((p) => p.label).filter((label) => !only || only.includes(label));
    for (const label of labels) {
      for (const { name, frontdoor, pages, cookie } of served) {
        const page = pages.find((p) => p.label === label)!;
        const results: PageSummary[] = [];
        for (let run = 1; run <= runs; run++) {
          console.error(`bench: Lighthouse ${page.path} on ${name} (run ${run} of ${runs})…`);
          // A fresh browser (and profile) per report: Lighthouse clears a page's caches but not
          // its cookies, and cookies a page set in Chromium's jar win over the session cookie
          // given as a header: a signed-in page after a signed-out one was sent to sign in.
          chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
          const result = await lighthouse(
            new URL(page.path, frontdoor.baseUrl).href,
            {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance", "accessibility", "best-practices"],
              // The session cookie rides on every request of the page (the CSS too, as in a browser).
              extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
            },
            // The default config is the mobile preset.
            undefined,
          );
          if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
          results.push(summarise(result.lhr, page.path));
          const file = `${builds.length > 1 ? `${name.replace(/\W+/g, "-")}-` : ""}${page.label}-${run}.json`;
          writeFileSync(join(reportDir, file), typeof result.report === "string" ? result.report : JSON.stringify(result.lhr));
          await chrome.kill();
          chrome = undefined;
        }
        summaries.get(name)!.push(median(results, (s) => s.performance ?? 0));
      }
    }
  } finally {
    await chrome?.kill();
    for (const { frontdoor } of served) await frontdoor.close();
  }

  for (const build of builds) {
    if (builds.length > 1) console.log(`\n=== ${build.name}: ${build.dir}`);
    printSummary(summaries.get(build.name)!);
  }
  const file = join(root, "bench/results", `lighthouse-${stamp}.json`);
  const results = Object.fromEntries(builds.map((b) => [b.name, { dir: b.dir, pages: summaries.get(b.name) }]));
  writeFileSync(
    file,
    `${JSON.stringify({ startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), node: process.version, lighthouse: version, chromePath, chromeFlags: CHROME_FLAGS, runsPerPage: runs, loadAverage: loadavg(), goals: LIGHTHOUSE_GOALS, results }, null, 2)}\n`,
  );
  console.log(`\nWrote ${relative(root, file)} and the full reports in ${relative(root, reportDir)}/`);
}

runBenchMain(main);
