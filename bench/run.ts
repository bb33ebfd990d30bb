/**
 * `npm run bench`: page weight of the journey pages, and Frontdoor's throughput beside a
 * bare Express app serving the same HTML bytes, measured in one run on this machine.
 * Prints tables and writes bench/results/<timestamp>.json.
 *
 * Not a test: no number ever fails it. It exits 0 unless something crashes.
 *
 * Environment: BENCH_DURATION (seconds per load run, default 10), BENCH_CONNECTIONS
 * (default 10), BENCH_WARMUP (unmeasured seconds before each run, default 2),
 * DATABASE_URL (use PostgreSQL instead of a fresh PGlite in a temp folder).
 */
// Must stay the first import: it sets NODE_ENV before React and Express are loaded.
import "./production-env";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { bytes, fixed, kb, table } from "./format";
import { loadSettingsFromEnv, runLoad, type LoadResult, type LoadSettings } from "./load";
import { HTML_GZIP_BUDGET_BYTES, measurePageWeight, type PageWeightReport } from "./page-weight";
import { BENCH_PAGES, BROWSER_HEADERS } from "./pages";
import { answerDraftsUpToTheirPage, questionPageCount, requestStepPages, seedBenchPatients } from "./request-fixtures";
import { BENCH_SESSION_SECRET, startBare, startFrontdoor, type Running, type RunningFrontdoor } from "./servers";
import { runBenchMain } from "./run-main";

const root = fileURLToPath(new URL("..", import.meta.url));

type Comparison = {
  page: string;
  note?: string;
  frontdoor: LoadResult;
  bare: LoadResult;
  /** Frontdoor req/s ÷ bare req/s. */
  ratio: number;
};

function gitCommit(): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

function printPageWeight(report: PageWeightReport, heading = "(a) Page weight", withAssets = true) {
  console.log(`\n${heading} — gzip is what the app sends to a browser that accepts gzip; KB = 1024 bytes\n`);
  const rows = report.pages.map((p) => [
    p.path,
    String(p.status),
    kb(p.html.rawBytes),
    kb(p.html.gzipBytes),
    kb(p.css.rawBytes),
    kb(p.css.gzipBytes),
    kb(p.js.rawBytes),
    kb(p.js.gzipBytes),
    String(p.js.files.length),
    kb(p.noJsGzipBytes),
    kb(p.withJsGzipBytes),
    p.overHtmlBudget ? "OVER 14 KB" : "ok",
  ]);
  console.log(
    table(
      ["Page", "Status", "HTML raw", "HTML gz", "CSS raw", "CSS gz", "JS raw", "JS gz", "JS files", "No-JS gz", "With-JS gz", "HTML gz ≤ 14 KB"],
      rows,
    ),
  );
  console.log(
    "\nCSS: the stylesheets each page links. JS: every <script src> and modulepreload the page references, " +
      "i.e. what a JS-enabled browser downloads.\nWithout JS: 0 KB of JS needed — a browser without JavaScript downloads " +
      "only the HTML and CSS (the No-JS gz column). Each asset was fetched once and shared across pages.",
  );
  const over = report.pages.filter((p) => p.overHtmlBudget);
  console.log(
    over.length === 0
      ? `No page's HTML exceeds ${kb(HTML_GZIP_BUDGET_BYTES)} gzip (about one TCP initial congestion window).`
      : `FLAG: HTML gzip above ${kb(HTML_GZIP_BUDGET_BYTES)} (more than one TCP initial congestion window): ${over.map((p) => `${p.path} (${kb(p.html.gzipBytes)})`).join(", ")}`,
  );
  for (const s of report.skipped) console.log(`Skipped ${s.path}: ${s.reason}.`);
  for (const p of report.pages) {
    if (p.externalAssets.length > 0) console.log(`${p.path} also references other origins (not fetched): ${p.externalAssets.join(", ")}`);
  }

  if (!withAssets) return;
  console.log("\nAssets (fetched once each)\n");
  console.log(
    table(
      ["Asset", "Type", "Status", "Raw", "Gzip"],
      report.assets.map((a) => [a.url, a.kind, String(a.status), bytes(a.rawBytes), a.compressed ? bytes(a.gzipBytes) : `${bytes(a.gzipBytes)} (sent uncompressed)`]),
    ),
  );
}

function printLoad(settings: LoadSettings, comparisons: Comparison[]) {
  console.log(
    `\n(b) Load — autocannon, ${settings.connections} connections, ${settings.duration} s per run` +
      `${settings.warmup > 0 ? ` after ${settings.warmup} s unmeasured warm-up` : ""}; no Accept-Encoding (uncompressed) and no cookies, ` +
      "like a first visit;\n    the bare app is plain Express on another port of this process serving the same HTML bytes, captured once from Frontdoor\n",
  );
  const rows: string[][] = [];
  for (const c of comparisons) {
    for (const r of [c.frontdoor, c.bare]) {
      const problems = r.non2xx + r.errors + r.timeouts;
      rows.push([
        r.label,
        fixed(r.reqPerSec, 0),
        `${fixed(r.p50Ms, 0)} ms`,
        `${fixed(r.p99Ms, 0)} ms`,
        String(r.requests),
        kb(r.bytesPerResponse),
        problems === 0 ? "0" : `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`,
        r === c.frontdoor ? fixed(c.ratio, c.ratio < 0.1 ? 3 : 2) : "",
      ]);
    }
  }
  console.log(table(["Target", "req/s", "p50", "p99", "Requests", "Resp size", "Problems", "Ratio FD÷bare"], rows));
  for (const c of comparisons) if (c.note) console.log(`Note: ${c.note}`);
  for (const c of comparisons) {
    for (const r of [c.frontdoor, c.bare]) {
      if (r.non2xx + r.errors + r.timeouts > 0) {
        console.log(`Warning: ${r.label} had problems (status codes ${JSON.stringify(r.statusCodes)}); its numbers do not measure the happy path.`);
      }
    }
  }
}

async function main() {
  const settings = loadSettingsFromEnv();
  const startedAt = new Date();
  // Hard bound on the whole run, whatever happens.
  const limitMs = (120 + 4 * (settings.duration + settings.warmup + 30)) * 1000;
  setTimeout(() => {
    console.error(`bench: gave up after ${limitMs / 1000} s.`);
    process.exit(1);
  }, limitMs).unref();

  console.log(`Frontdoor bench — ${startedAt.toISOString()} — Node ${process.version}, ${cpus().length} CPU(s)`);
  let frontdoor: RunningFrontdoor | undefined;
  let bare: Running | undefined;
  let weight: PageWeightReport;
  let requestWeight: PageWeightReport;
  const comparisons: Comparison[] = [];
  try {
    frontdoor = await startFrontdoor(root);
    console.log(`Frontdoor at ${frontdoor.baseUrl} (NODE_ENV=${process.env.NODE_ENV}, logs silent), ${frontdoor.databaseLabel}, demo data seeded`);

    weight = await measurePageWeight(frontdoor.baseUrl, BENCH_PAGES, BROWSER_HEADERS);
    printPageWeight(weight);

    // The request journey, as a signed-in patient with a draft and a submitted request
    // (session rows written directly). Steps built on another branch show as missing until merged.
    // One draft per question page, each answered up to that page, so every page (and check
    // your answers) renders instead of sending the patient back to the first incomplete page.
    const pageCount = await questionPageCount(frontdoor.db);
    const [patient] = await seedBenchPatients(frontdoor.db, { practiceCode: "demo", count: 1, draftsEach: pageCount, sessionSecret: BENCH_SESSION_SECRET });
    await answerDraftsUpToTheirPage(frontdoor.db, patient.draftIds);
    const stepPages = requestStepPages("demo", patient, pageCount);
    requestWeight = await measurePageWeight(frontdoor.baseUrl, stepPages, { ...BROWSER_HEADERS, cookie: patient.cookie });
    printPageWeight(requestWeight, "(a2) Page weight of the request journey, signed in as a patient", false);

    const targets: { page: string; note?: string }[] = [{ page: "/" }];
    if (weight.html.has("/login")) {
      targets.push({ page: "/login" });
    } else {
      const skipped = weight.skipped.find((s) => s.path === "/login");
      targets.push({
        page: "/practice/demo",
        note: `/login ${skipped ? `answered ${skipped.status}` : "was not measured"}, so /practice/demo stands in for the login page.`,
      });
    }
    const captured = new Map<string, Buffer>();
    for (const t of targets) {
      const html = weight.html.get(t.page);
      if (!html) throw new Error(`no HTML captured for ${t.page}`);
      captured.set(t.page, html);
    }
    bare = await startBare(captured);

    const headers = { ...BROWSER_HEADERS };
    for (const t of targets) {
      const frontdoorUrl = new URL(t.page, frontdoor.baseUrl).href;
      const bareUrl = new URL(t.page, bare.baseUrl).href;
      console.error(`bench: loading ${t.page} on Frontdoor, then on the bare app (${2 * (settings.duration + settings.warmup)} s)…`);
      const fd = await runLoad(`Frontdoor ${t.page}`, frontdoorUrl, settings, headers);
      const br = await runLoad(`Bare express ${t.page}`, bareUrl, settings, headers);
      comparisons.push({ page: t.page, note: t.note, frontdoor: fd, bare: br, ratio: br.reqPerSec > 0 ? fd.reqPerSec / br.reqPerSec : Number.NaN });
    }
    printLoad(settings, comparisons);
  } finally {
    await bare?.close();
    await frontdoor?.close();
  }

  const finishedAt = new Date();
  const resultsDir = join(root, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  const json = {
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    commit: gitCommit(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    database: frontdoor.databaseKind,
    pageWeight: {
      htmlGzipBudgetBytes: HTML_GZIP_BUDGET_BYTES,
      jsNeededWithoutJsBytes: 0,
      pages: weight.pages,
      skipped: weight.skipped,
      assets: weight.assets,
      requestJourney: { pages: requestWeight.pages, missing: requestWeight.skipped },
    },
    load: { tool: "autocannon", ...settings, encoding: "identity", comparisons },
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nWrote ${relative(root, file)}`);
}

runBenchMain(main);
