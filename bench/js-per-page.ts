/**
 * JS shipped per patient page (issue "speed", decisions 0135 and 0137), counted two ways:
 *
 * - metafile: the static-import closure of `entry.client`, the root route and the page's route
 *   modules in the build's own record (build/metafile.js.json), each file as it lies in
 *   public/build (lowered to the Chrome 70 target) gzipped at level 6, the compression
 *   middleware's default. Needs only a build. The pure function is `metafileClosure`, also read
 *   by the budget test (tests/e2e/client-bundle.spec.ts).
 * - served: the modulepreloads and scripts of the page as the app serves it to a
 *   signed-in patient (bench/page-weight.ts), gzip as served. Starts the app on a fresh PGlite.
 *   For a page that is not hydrated (decision 0145) this is the whole of its JS: the plain
 *   idle-timer script; its metafile closure is what it would cost hydrated.
 *
 * Run: `npm run build && node --import tsx bench/js-per-page.ts` (add `--metafile-only` to skip
 * the app).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { kb, table } from "./format";
import { HYDRATED_PATIENT_PAGES, PATIENT_PAGE_ROUTES, metafileClosure, patientPageModules } from "./js-closure";
import { measurePageWeight } from "./page-weight";
import { BROWSER_HEADERS } from "./pages";
import { answerDraftsUpToTheirPage, questionPageCount, questionPagePath, seedBenchPatients } from "./request-fixtures";
import { BENCH_SESSION_SECRET, startFrontdoor } from "./servers";

const root = fileURLToPath(new URL("..", import.meta.url));
const NHS_APP_USER_AGENT = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) nhsapp-ios/2.41.0 Mobile/15E148";

/** Patient pages beyond the request journey that a signed-in patient reaches without an id (decision 0160). */
const OTHER_PATIENT_PAGES = ["/account-settings", "/account-settings/details", "/mfa/settings", "/demo/online-services", "/demo/my-health", "/demo/feedback", "/data-privacy", "/demo/waitingroom"];

async function main() {
  const rows: Map<string, string[]> = new Map();
  const otherRows: string[][] = [];
  for (const page of PATIENT_PAGE_ROUTES) {
    const closure = metafileClosure(root, page.routeIds);
    const zod = closure.files.some((f) => f.inputs.some((i) => /node_modules\/(zod|@conform-to\/zod)\//.test(i)));
    rows.set(page.name, [page.name, page.hydrated ? "yes" : "no", String(closure.files.length), kb(closure.gzipBytes), zod ? "yes" : "no"]);
  }
  if (!process.argv.includes("--metafile-only")) {
    const frontdoor = await startFrontdoor(root);
    try {
      // One draft per question page, each answered up to its page: the last one has every page
      // answered, so its confirmation page renders (an incomplete draft is sent back).
      const pageCount = await questionPageCount(frontdoor.db);
      const [patient] = await seedBenchPatients(frontdoor.db, { practiceCode: "demo", count: 1, draftsEach: pageCount, sessionSecret: BENCH_SESSION_SECRET });
      await answerDraftsUpToTheirPage(frontdoor.db, patient.draftIds);
      const complete = patient.draftIds[pageCount - 1] ?? patient.draftIds[0];
      const paths: Record<string, string> = {
        questions: questionPagePath("demo", patient.draftIds[0], 1),
        "message/myself": "/demo/message/myself",
        confirmation: `/demo/confirmation/${complete}`,
        "my-requests-and-messages": "/demo/my-requests-and-messages",
        chat: `/demo/chat/${patient.submittedId}`,
      };
      const weight = await measurePageWeight(
        frontdoor.baseUrl,
        Object.values(paths).map((path) => ({ path })),
        { ...BROWSER_HEADERS, cookie: patient.cookie },
      );
      // The same pages inside the NHS App (its user agent): not hydrated there either since
      // decision 0155, they carry the plain nhs-app script beside the idle timer.
      const inApp = await measurePageWeight(
        frontdoor.baseUrl,
        Object.values(paths).map((path) => ({ path })),
        { ...BROWSER_HEADERS, "user-agent": NHS_APP_USER_AGENT, cookie: patient.cookie },
      );
      // Other patient pages, not hydrated since decision 0160 (served to the same patient).
      const others = await measurePageWeight(
        frontdoor.baseUrl,
        OTHER_PATIENT_PAGES.map((path) => ({ path })),
        { ...BROWSER_HEADERS, cookie: patient.cookie },
      );
      otherRows.push(...others.pages.map((p) => [p.path, String(p.status), String(p.js.files.length), kb(p.js.gzipBytes)]));
      for (const [name, path] of Object.entries(paths)) {
        const measured = weight.pages.find((p) => p.path === path);
        const app = inApp.pages.find((p) => p.path === path);
        const row = rows.get(name);
        if (!row) continue;
        row.push(measured ? `${measured.status}` : "-", measured ? String(measured.js.files.length) : "-", measured ? kb(measured.js.gzipBytes) : "-", app ? kb(app.js.gzipBytes) : "-");
      }
    } finally {
      await frontdoor.close();
    }
  }
  console.log(await everyPatientPage());
  const headers = ["Page", "hydrated", "metafile files", "metafile gzip", "zod"];
  if (!process.argv.includes("--metafile-only")) headers.push("served status", "served files", "served JS gzip", "in the NHS App");
  console.log(table(headers, [...rows.values()]));
  if (otherRows.length > 0) console.log(`Other patient pages, served:\n${table(["Page", "status", "files", "JS gzip"], otherRows)}`);
}

/**
 * Every patient page (bench/js-closure.ts's patientPageModules, decision 0160): those that
 * hydrate with their metafile closure, and what the others can load at most, all the plain
 * scripts of app/client/ together (each page links only those it needs).
 */
async function everyPatientPage(): Promise<string> {
  const scripts = JSON.parse(readFileSync(join(root, "build/client-scripts.json"), "utf8")) as Record<string, string>;
  const plain = Object.entries(scripts).map(([name, url]) => ({ name, gz: gzipSync(readFileSync(join(root, "public", url)), { level: 6 }).length }));
  const plainTotal = plain.reduce((sum, p) => sum + p.gz, 0);
  const rows: string[][] = [];
  let pages = 0;
  for (const { id, file } of patientPageModules(root)) {
    const module = (await import(pathToFileURL(join(root, "app", file)).href)) as { default?: unknown; handle?: { hydrate?: boolean } };
    if (typeof module.default !== "function") continue;
    pages += 1;
    if (module.handle?.hydrate === false) continue;
    rows.push([id, kb(metafileClosure(root, [id]).gzipBytes), HYDRATED_PATIENT_PAGES[id] ?? "not listed: a new page that forgot hydrate: false?"]);
  }
  return [
    `Every patient page: ${pages}; not hydrated: ${pages - rows.length}, each loading at most the plain scripts, ${kb(plainTotal)} gzip together (${plain.map((p) => `${p.name} ${kb(p.gz)}`).join(", ")}).`,
    rows.length === 0 ? "Hydrated: none." : `Hydrated (${rows.length}):\n${table(["Route", "metafile gzip", "why"], rows)}`,
  ].join("\n");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
