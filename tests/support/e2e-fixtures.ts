/**
 * Playwright's `test` with an accessibility (axe) and HTML (html-validate) check of every
 * page a journey visits, so no journey can pass over a page that fails either. Chromium
 * only (it reads documents through CDP).
 *
 * How, and why this way:
 * - Every main-frame document of the journey (links, form posts, goto, reload, redirect
 *   targets, 404 and 403 pages alike; not redirects themselves) is read as served: paused at
 *   the response stage in the browser, read, let through (readServedDocuments). html-validate
 *   checks that HTML; the browser's DOM would hide real errors, as the HTML parser silently
 *   repairs bad nesting.
 * - axe checks the same served HTML, rendered with the app's CSS in a separate page of this
 *   worker (the snapshot page: one document of its own, with a CSP that stops scripts, whose
 *   content is replaced by each snapshot in turn; styles and images come from the server). Checking the journey's own page
 *   instead would race its next click, and cannot be gated: while a navigation is pending,
 *   Chromium defers every DevTools command to the old document (evaluate, even reading its
 *   body), so "check before leaving" deadlocks. And axe cannot run at all in a page with JS
 *   disabled (it waits on timers). A snapshot is deterministic and never slows the journey.
 * - With JS on, React can render states the server never sent (an error summary after
 *   client validation, a dialog). Before each Remix data request (`?_data=`, behind every
 *   client navigation and submission) the DOM is read while the request waits (a held fetch,
 *   unlike a held navigation, does not block evaluation), the request goes on, and the DOM
 *   read is checked like a served document: axe in the snapshot page, html-validate here. The
 *   state the test ends on, and any `checkPage` call, are checked live in the journey's page
 *   (an open modal dialog is only modal there). Uncaught page errors, and pages that never
 *   hydrate, are findings too.
 * - Results are shared by all workers of a run: html-validate's by URL + HTML (CSRF tokens
 *   and nonces masked), axe's, most of the checks' cost, with numbers masked too (the same
 *   page for another draft is checked once). A cached failure is still reported in every
 *   test that meets it.
 * - With JS on, clicks wait until React has hydrated the page (holdClicksUntilHydrated), so
 *   JS-on journeys really take the JS path, however slow the machine.
 * - Findings fail the test when it ends, each naming the rule, the element and the URL.
 *   `checkPage(page)` checks at once and fails at the call: use it for a JS state that no
 *   request follows (an open dialog) or to fail early.
 * - `openPage(options)` opens a page in a new browser context (a second visitor, another
 *   user agent) with the project's options and the same checks.
 * - The browser resolves no host name but the app's (--host-resolver-rules in the Playwright
 *   config): the journeys never depend on the internet. Nothing here uses page.route, which
 *   would turn the browser's cache off (every script fetched and compiled again on every page).
 *
 * html-validate is tuned for React SSR in html-validate.e2e.json. Off: attr-case (React
 * writes charSet, maxLength), void-style and attribute-boolean-style (React's serialisation),
 * no-trailing-whitespace, no-redundant-role (NHS.UK puts role="banner"/"contentinfo" on header
 * and footer for IE10/11, which do not map them to landmarks) and tel-non-breaking
 * (typography). Relaxed: valid-id (React's useId ids start with ":"), prefer-native-element
 * (role="region" is the NHS.UK notification banner's markup), form-dup-name (checkbox groups share
 * a name, as radios do). no-inline-style stays on:
 * the CSP (style-src 'self') would block inline styles anyway.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { HtmlValidate, type ConfigData, type Message } from "html-validate";
import { E2E_BASE_URL, E2E_PORT } from "./e2e-constants";

export { expect };

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const htmlValidate = new HtmlValidate(
  JSON.parse(readFileSync(new URL("./html-validate.e2e.json", import.meta.url), "utf8")) as ConfigData,
);

/** Worker-wide results by check + URL + HTML fingerprint: each page is checked once. */
const cache = new Map<string, Promise<string[]>>();

function cached(key: string, run: () => Promise<string[]>): Promise<string[]> {
  let result = cache.get(key);
  if (!result) {
    result = run();
    cache.set(key, result);
    // A check that could not run must not be remembered as a result.
    result.catch(() => cache.delete(key));
  }
  return result;
}

/**
 * Check results shared by the run's workers (both projects): a file per key in a folder of
 * this run's (Playwright empties the output folder when a run starts). The same page is met
 * by journeys on every worker and in both projects, and each worker is a process of its own
 * (html-validate's 30-400 ms a document blocks the worker's journey while it runs). Written to
 * a temporary name and renamed, so a reader never sees half a file.
 */
const sharedDir = join(fileURLToPath(new URL("../..", import.meta.url)), "test-results", `e2e-${E2E_PORT}`, ".check-results");

function sharedCached(key: string, run: () => Promise<string[]>): Promise<string[]> {
  return cached(key, async () => {
    const file = join(sharedDir, createHash("sha1").update(key).digest("hex"));
    try {
      return JSON.parse(readFileSync(file, "utf8")) as string[];
    } catch {
      const findings = await run();
      mkdirSync(sharedDir, { recursive: true });
      const temporary = `${file}.${process.pid}`;
      writeFileSync(temporary, JSON.stringify(findings));
      renameSync(temporary, file);
      return findings;
    }
  });
}

/** Same page, same markup: masks what differs per visitor or per response. */
function fingerprint(html: string): string {
  const stable = html
    .replace(/<input[^>]*name="csrf"[^>]*>/g, "<input csrf>")
    .replace(/"csrfToken":"[^"]*"/g, '"csrfToken":""')
    .replace(/nonce="[^"]*"/g, 'nonce=""');
  return createHash("sha1").update(stable).digest("hex");
}

/**
 * The key of an axe check: the page's path and markup with every number masked (a run of
 * digits not part of a name such as h2, q31 or margin-bottom-4), so
 * the same page for another request, draft or date (questions/17 and questions/18) is
 * checked once. What axe judges (roles, names, labels, landmarks, contrast of styled text)
 * does not change with a number; ids that could clash only through their numbers are
 * html-validate's no-dup-id, which still checks every exact document.
 */
function axeKey(url: string, html: string): string {
  const mask = (text: string) => text.replace(/(?<![A-Za-z_-])\d+/g, "N");
  return `${mask(shortUrl(url))} ${fingerprint(mask(html))}`;
}

function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search + u.hash;
  } catch {
    return url;
  }
}

/** Validates one HTML document; returns readable findings (empty when valid). */
export async function validateHtml(
  html: string,
  url: string,
  source: "as served" | "DOM after scripts" = "as served",
): Promise<string[]> {
  const report = await htmlValidate.validateString(html, shortUrl(url));
  const findings: string[] = [];
  for (const result of report.results) {
    for (const m of result.messages as Message[]) {
      if (m.severity < 2) continue;
      const near = html.slice(Math.max(0, m.offset - 60), m.offset + Math.max(m.size, 1) + 60).replace(/\s+/g, " ");
      findings.push(
        `html-validate ${m.ruleId} on ${shortUrl(url)} (${source}, line ${m.line}:${m.column}): ${m.message}\n` +
          `    element: ${m.selector ?? "(document)"}\n    near: …${near}…`,
      );
    }
  }
  return findings;
}

/**
 * axe-core's own build (the one @axe-core/playwright depends on), injected by us rather than
 * through that package's AxeBuilder:
 * the builder evaluates the 570 KB source twice per check (once to configure, once more to
 * "inject into every frame") and asks axe for every passing and inapplicable node too, each
 * with a CSS selector computed; together that was about 40 % of the journeys' CPU. Here the
 * source goes into a document once (the check is skipped when `axe` is there already) and
 * axe reports violations only (`resultTypes`), which is all a finding uses. The rules run are
 * the same: `runOnly` the WCAG tags, as AxeBuilder's withTags did.
 */
const requireFromAxePlaywright = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const axeSource = readFileSync(requireFromAxePlaywright.resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact?: string | null; help: string; helpUrl: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> };

/** Runs axe on the page as it is; returns readable findings (empty when none). */
export async function axeFindings(page: Page, url = page.url(), where = "live page"): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations;
  }, AXE_TAGS);
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `axe ${v.id} (${v.impact ?? "n/a"}) on ${shortUrl(url)} (${where}): ${v.help}\n` +
        `    element: ${node.target.join(" ")}\n` +
        `    ${(node.failureSummary ?? "").replace(/\n\s*/g, " ")}\n    ${v.helpUrl}`,
    ),
  );
}

const HYDRATION_TIMEOUT_MESSAGE = "e2e: the page did not hydrate within 20 s";

/**
 * With JS on, a click that lands before React has hydrated the page takes the no-JS path (a
 * full-page post), so a JS-on journey would pass without running its JS, or fail only now
 * and then. This init script holds pointer events on the page (Playwright's clicks wait for
 * them) until React's first commit, seen through the hook React offers developer tools. It
 * lets go on pages without Remix, and after 20 s on a page that never hydrates (CI shares two cores between the server, the database and two browsers), which is
 * then a finding (a broken bundle, or a build newer than the running server).
 */
function holdClicksUntilHydrated() {
  if (window !== window.top) return;
  const w = window as unknown as { __e2eHydrated?: boolean; __remixContext?: unknown };
  w.__e2eHydrated = false;
  // A constructed style sheet: allowed by the CSP, and invisible in the DOM the checks read.
  const hold = new CSSStyleSheet();
  hold.replaceSync("html { pointer-events: none !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, hold];
  const release = () => {
    if (w.__e2eHydrated) return;
    w.__e2eHydrated = true;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== hold);
  };
  Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", {
    configurable: true,
    value: {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberRoot: release,
    },
  });
  document.addEventListener("DOMContentLoaded", () => {
    if (!w.__remixContext) release();
  });
  setTimeout(() => {
    if (w.__e2eHydrated) return;
    release();
    // The checker turns this into a finding: a JS-on journey must not quietly go the no-JS way.
    console.error("e2e: the page did not hydrate within 20 s");
  }, 20_000);
}

/** Resolves once React has hydrated the page (JS-on pages of these fixtures only). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __e2eHydrated?: boolean }).__e2eHydrated !== false, null, {
    timeout: 25_000,
  });
}

/**
 * The snapshot page's own document: standards mode (the doctype), no scripts (its CSP; axe
 * comes in through DevTools, which a CSP does not govern). Each snapshot is shown in it in
 * turn, so axe is injected once per origin rather than once per check.
 */
const SNAPSHOT_SHELL_PATH = "/__e2e-snapshot";
const SNAPSHOT_SHELL_HTML = "<!DOCTYPE html><html><head><title>snapshot</title></head><body></body></html>";

/**
 * Runs in the snapshot page: replaces its document's content with `html` as `url`, and
 * resolves once the stylesheets, images and fonts it names have loaded (what the load event
 * waited for when each snapshot was a navigation). DOMParser marks the scripts it parses as
 * never to run, and the shell's CSP would block them anyway. DOMParser parses as if scripting
 * were off, so a <noscript>'s content would be shown, as a JS-off browser shows it; the app has
 * none. The document keeps its URL's path through history.replaceState, so relative links and
 * `location` read as on the real page; the caller opens a shell on the document's own origin.
 */
async function showSnapshot({ url, html }: { url: string; html: string }): Promise<void> {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  window.scrollTo(0, 0);
  history.replaceState(null, "", url);
  document.replaceChild(document.adoptNode(parsed.documentElement), document.documentElement);
  const loaded = (element: Element) =>
    new Promise<void>((resolve) => {
      element.addEventListener("load", () => resolve(), { once: true });
      element.addEventListener("error", () => resolve(), { once: true });
    });
  const pending: Array<Promise<void>> = [];
  document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]').forEach((link) => {
    if (!link.sheet) pending.push(loaded(link));
  });
  for (const image of Array.from(document.images)) if (!image.complete) pending.push(loaded(image));
  await Promise.all(pending);
  await document.fonts.ready;
}

/**
 * Renders served HTML (or a DOM read from a JS-on page), scripts blocked, in a page of its own
 * and runs axe on it, one at a time. One document per origin is reused: navigating to each
 * snapshot and injecting axe's 570 KB into each new document cost more than axe's run itself
 * on most pages (about 90 + 70 ms against 100 ms quiet; several times that on CI's busy cores).
 */
class SnapshotChecker {
  private queue: Promise<unknown> = Promise.resolve();
  private page: Page | null = null;
  /** The origin whose shell the page shows. */
  private origin: string | null = null;

  constructor(
    private readonly context: BrowserContext,
    private readonly baseURL: string,
  ) {}

  /** `where`: the served HTML, or the DOM of a JS-on page as read before a data request. */
  check(url: string, html: string, where: "as served" | "DOM before a data request" = "as served"): Promise<string[]> {
    const run = this.queue.then(() => this.run(url, html, where));
    this.queue = run.catch(() => {});
    return run;
  }

  private async run(url: string, html: string, where: string): Promise<string[]> {
    const page = await this.shellFor(new URL(url, this.baseURL).origin);
    await page.evaluate(showSnapshot, { url, html });
    return axeFindings(page, url, where);
  }

  /** The snapshot page showing the shell of `origin`: a document of another origin (the NHS login mock's pages) gets a shell there. */
  private async shellFor(origin: string): Promise<Page> {
    if (this.page && !this.page.isClosed() && this.origin === origin) return this.page;
    if (!this.page || this.page.isClosed()) this.page = await this.open();
    await this.page.goto(`${origin}${SNAPSHOT_SHELL_PATH}`, { waitUntil: "load" });
    this.origin = origin;
    return this.page;
  }

  private async open(): Promise<Page> {
    const page = await this.context.newPage();
    // The shell comes from memory through CDP Fetch, not page.route: Playwright's routing
    // turns the browser's cache off, so every snapshot fetched the CSS and images anew. Only
    // documents are paused here; styles and images load from the server (and its cache).
    const cdp = await this.context.newCDPSession(page);
    cdp.on("Fetch.requestPaused", (event: { requestId: string }) => {
      cdp
        .send("Fetch.fulfillRequest", {
          requestId: event.requestId,
          responseCode: 200,
          responseHeaders: [
            { name: "Content-Type", value: "text/html; charset=utf-8" },
            { name: "Content-Security-Policy", value: "script-src 'none'" },
          ],
          body: Buffer.from(SNAPSHOT_SHELL_HTML, "utf8").toString("base64"),
        })
        .catch(() => {});
    });
    await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*", resourceType: "Document", requestStage: "Request" }] });
    return page;
  }
}

type CDPSession = Awaited<ReturnType<BrowserContext["newCDPSession"]>>;
/** What we use of CDP's Fetch.requestPaused at the response stage. */
type PausedRequest = {
  requestId: string;
  request: { url: string };
  frameId: string;
  resourceType: string;
  /** Set at the response stage only. */
  responseStatusCode?: number;
  responseHeaders?: Array<{ name: string; value: string }>;
};

/** Errors that mean the page moved on mid-check; the next document is checked on its own. */
const NAVIGATED_AWAY =
  /Execution context was destroyed|Cannot find context|frame was detached|navigat|reading 'run'|has been closed/i;

class PageChecker {
  /** Findings not reported yet. */
  private findings: string[] = [];
  private readonly reported = new Set<string>();
  private readonly pending = new Set<Promise<void>>();
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    readonly page: Page,
    private readonly options: { javaScriptEnabled: boolean; baseURL: string; snapshots: SnapshotChecker },
  ) {}

  async attach() {
    const { page, options } = this;
    await this.readServedDocuments();
    if (options.javaScriptEnabled) {
      await page.addInitScript(holdClicksUntilHydrated);
      page.on("pageerror", (error) => this.record([`uncaught page error on ${shortUrl(page.url())}: ${error.message}`]));
      page.on("console", (message) => {
        if (message.text() === HYDRATION_TIMEOUT_MESSAGE) this.record([`${HYDRATION_TIMEOUT_MESSAGE.slice(5)}: ${shortUrl(page.url())}`]);
      });
    }
  }

  /**
   * Reads every main-frame document as served. Playwright's response.text() loses the race
   * with a quick next click (the body lives in the renderer, which stops answering as soon
   * as a navigation starts), and page.route never sees a redirect's target. So documents
   * are paused at the response stage in the browser (CDP Fetch, a session of our own next to
   * Playwright's), read, and let through: every document, redirect targets included, and
   * nothing the page does can overtake the read.
   *
   * With JS on, Remix's data requests (`?_data=`, behind every client navigation and
   * submission) are paused the same way, at the request stage, while the page's DOM is read
   * (beforeDataRequest). Not with page.route: Playwright's routing turns the browser's cache off, and
   * every page load then fetched and compiled every script anew (twice the browsers' CPU).
   * Other origins need no aborting here: the browser resolves no host name but the app's
   * (--host-resolver-rules in tests/playwright.config.ts).
   */
  private async readServedDocuments() {
    const cdp = await this.page.context().newCDPSession(this.page);
    const { frameTree } = await cdp.send("Page.getFrameTree");
    const mainFrameId = frameTree.frame.id;
    cdp.on("Fetch.requestPaused", (event: PausedRequest) => {
      if (event.responseStatusCode === undefined) this.track(this.beforeDataRequest(cdp, event));
      else this.track(this.onDocumentResponse(cdp, event, mainFrameId));
    });
    const patterns: Array<{ urlPattern: string; resourceType: "Document" | "Fetch"; requestStage: "Request" | "Response" }> = [
      { urlPattern: "*", resourceType: "Document", requestStage: "Response" },
    ];
    if (this.options.javaScriptEnabled) patterns.push({ urlPattern: "*_data=*", resourceType: "Fetch", requestStage: "Request" });
    await cdp.send("Fetch.enable", { patterns });
  }

  /**
   * Before a Remix data request changes the page: reads the DOM as it is now (a held fetch does
   * not block evaluation), lets the request go, and only then checks what was read, axe in the
   * snapshot page and html-validate here. Checking in the journey's page while the request
   * waited held every submission for as long as axe took on that page: on CI's two busy cores
   * more than 10 s on a long form (the practice's edit page), so the journey's next expect
   * timed out on a response the server had sent in a fifth of a second.
   */
  private async beforeDataRequest(cdp: CDPSession, event: PausedRequest) {
    let dom: { url: string; html: string } | null = null;
    try {
      if (new URL(event.request.url).searchParams.has("_data")) dom = await this.readDom();
    } finally {
      await cdp.send("Fetch.continueRequest", { requestId: event.requestId }).catch(() => {});
    }
    if (dom) await this.checkDom(dom.url, dom.html);
  }

  /** The page's DOM now, or null when the page has moved on (its next document is checked on its own). */
  private async readDom(): Promise<{ url: string; html: string } | null> {
    const page = this.page;
    if (page.isClosed() || !/^https?:/.test(page.url())) return null;
    // Without its #fragment: the same document is the same check, wherever it was scrolled to.
    const url = page.url().split("#")[0];
    try {
      return { url, html: await page.content() };
    } catch (error) {
      if (page.isClosed() || NAVIGATED_AWAY.test((error as Error).message)) return null;
      this.record([`could not read the DOM of ${shortUrl(url)}: ${(error as Error).message}`]);
      return null;
    }
  }

  private async checkDom(url: string, html: string) {
    const [a11y, markup] = await Promise.all([
      // A key of its own: a modal dialog is modal only in the live check, so the two may differ.
      sharedCached(`axe-dom ${axeKey(url, html)}`, () => this.options.snapshots.check(url, html, "DOM before a data request")),
      sharedCached(`dom ${url} ${fingerprint(html)}`, () => validateHtml(html, url, "DOM after scripts")),
    ]);
    this.record([...a11y, ...markup]);
  }

  private async onDocumentResponse(cdp: CDPSession, event: PausedRequest, mainFrameId: string) {
    const status = event.responseStatusCode ?? 0;
    const type = event.responseHeaders?.find((h) => h.name.toLowerCase() === "content-type")?.value ?? "";
    const url = event.request.url;
    let html: string | null = null;
    try {
      if (event.frameId === mainFrameId && status >= 200 && !(status >= 300 && status < 400) && type.includes("text/html")) {
        const body = await cdp.send("Fetch.getResponseBody", { requestId: event.requestId });
        html = body.base64Encoded ? Buffer.from(body.body, "base64").toString("utf8") : body.body;
      }
    } catch (error) {
      if (!this.page.isClosed()) this.record([`could not read the HTML served for ${shortUrl(url)}: ${(error as Error).message}`]);
    } finally {
      await cdp.send("Fetch.continueRequest", { requestId: event.requestId }).catch(() => {});
    }
    if (html !== null) await this.checkServed(url, html);
  }

  /** The DOM as it is now (JS on only: with JS off the served HTML is all there is). */
  checkLive(): Promise<string[]> {
    const run = this.chain.then(() => this.runLive());
    this.chain = run.catch(() => {});
    return run;
  }

  /** Waits for every served document seen so far to be read and checked. */
  async settle() {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Everything found and not yet reported; marks it reported. */
  takeFindings(): string[] {
    const out = this.findings;
    this.findings = [];
    for (const f of out) this.reported.add(f);
    return out;
  }

  async finish(): Promise<string[]> {
    if (this.options.javaScriptEnabled && !this.page.isClosed()) {
      await this.checkLive().catch((error: Error) => {
        if (!this.page.isClosed()) this.record([`could not check ${shortUrl(this.page.url())}: ${error.message}`]);
      });
    }
    await this.settle();
    return this.takeFindings();
  }

  private record(found: string[]) {
    for (const f of found) {
      if (!this.reported.has(f) && !this.findings.includes(f)) this.findings.push(f);
    }
  }

  private track(work: Promise<void>) {
    const p: Promise<void> = work
      .catch((error: Error) => this.record([`could not check a served page: ${error.message}`]))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  private async checkServed(url: string, html: string) {
    const key = `${url} ${fingerprint(html)}`;
    const [markup, a11y] = await Promise.all([
      sharedCached(`served ${key}`, () => validateHtml(html, url, "as served")),
      sharedCached(`axe-served ${axeKey(url, html)}`, () => this.options.snapshots.check(url, html)),
    ]);
    this.record([...markup, ...a11y]);
  }

  private async runLive(): Promise<string[]> {
    const page = this.page;
    // With JS off the served HTML is all there is, and axe cannot run in such a page.
    if (!this.options.javaScriptEnabled) return [];
    // A page that moves on mid-check gets one more try once it has loaded.
    for (let attempt = 1; ; attempt++) {
      if (page.isClosed() || !/^https?:/.test(page.url())) return [];
      const url = page.url();
      try {
        // Check what JS renders, not the moment before it has.
        await waitForHydration(page).catch(() => {});
        const html = await page.content();
        const key = `${url} ${fingerprint(html)}`;
        const [a11y, markup] = await Promise.all([
          sharedCached(`axe-live ${axeKey(url, html)}`, () => axeFindings(page, url, "live page")),
          sharedCached(`dom ${key}`, () => validateHtml(html, url, "DOM after scripts")),
        ]);
        const fresh = [...a11y, ...markup].filter((f) => !this.reported.has(f));
        this.record(fresh);
        return fresh;
      } catch (error) {
        if (!NAVIGATED_AWAY.test((error as Error).message) || attempt >= 2) throw error;
        await page.waitForLoadState("load").catch(() => {});
      }
    }
  }
}

const checkers = new WeakMap<Page, PageChecker>();

function failureMessage(findings: string[]): string {
  return `${findings.length} accessibility/HTML problem${findings.length === 1 ? "" : "s"}:\n\n${findings.join("\n\n")}`;
}

/**
 * Checks now and fails here if anything was found: every served page seen so far and, with
 * JS on, the page as it is now. The fixtures do this on their own; call it for a state no
 * request follows, such as an open dialog, or to fail early.
 */
export async function checkPage(page: Page): Promise<void> {
  const checker = checkers.get(page);
  if (!checker) throw new Error("checkPage: use the `page` or `openPage` fixture of e2e-fixtures.ts");
  await checker.checkLive();
  await checker.settle();
  const findings = checker.takeFindings();
  if (findings.length > 0) throw new Error(failureMessage(findings));
}

type TestFixtures = {
  /** Opens a page in a new browser context with the project's options, checked like `page`. */
  openPage: (options?: BrowserContextOptions) => Promise<Page>;
};

type WorkerFixtures = {
  snapshots: SnapshotChecker;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  snapshots: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL ?? E2E_BASE_URL;
      // Explicitly JS on: in the test runner, new contexts default to the project's options.
      const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
      await use(new SnapshotChecker(context, baseURL));
      await context.close();
    },
    { scope: "worker" },
  ],

  page: async ({ page, javaScriptEnabled, baseURL, snapshots }, use) => {
    const checker = new PageChecker(page, { javaScriptEnabled: javaScriptEnabled !== false, baseURL: baseURL!, snapshots });
    checkers.set(page, checker);
    await checker.attach();
    await use(page);
    const findings = await checker.finish();
    if (findings.length > 0) throw new Error(failureMessage(findings));
  },

  openPage: async ({ browser, baseURL, javaScriptEnabled, userAgent, contextOptions, snapshots }, use) => {
    const opened: Array<{ context: BrowserContext; checker: PageChecker }> = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ ...contextOptions, baseURL, javaScriptEnabled, userAgent, ...options });
      const page = await context.newPage();
      const checker = new PageChecker(page, {
        javaScriptEnabled: (options.javaScriptEnabled ?? javaScriptEnabled) !== false,
        baseURL: options.baseURL ?? baseURL!,
        snapshots,
      });
      checkers.set(page, checker);
      await checker.attach();
      opened.push({ context, checker });
      return page;
    });
    const findings: string[] = [];
    for (const { context, checker } of opened) {
      findings.push(...(await checker.finish()));
      await context.close();
    }
    if (findings.length > 0) throw new Error(failureMessage(findings));
  },
});

/**
 * Signs `page` in as the account with this e-mail without the sign-in form: the app's test-only
 * /dev/sign-in (app/routes/dev/dev.sign-in.ts) starts a session row as the form does once the password
 * is checked, with this run's key (TEST_SIGN_IN_KEY, made by the Playwright config). Then opens
 * `to` ("/" sends a signed-in person on to where their role lands). Journeys about something else
 * use this; registration, password-reset and MFA journeys sign in through the form, as users do.
 */
export async function signInAs(page: Page, email: string, to = "/"): Promise<void> {
  const key = process.env.TEST_SIGN_IN_KEY;
  if (!key) throw new Error("signInAs: TEST_SIGN_IN_KEY is not set: run through tests/playwright.config.ts");
  const response = await page.request.get("/dev/sign-in", {
    headers: { "X-Test-Sign-In-Key": key, "X-Test-Sign-In-Email": email },
    maxRedirects: 0,
  });
  expect(response.status(), `sign in as ${email}: is the account seeded?`).toBe(204);
  await page.goto(to);
  await expect(page, `${email} was sent to sign in`).not.toHaveURL(/\/login(\?|$)/);
}
