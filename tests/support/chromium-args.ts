/**
 * Chromium's switches for the journeys (tests/playwright.config.ts) and the Lighthouse bench.
 * Only Node built-ins are imported: the Playwright config loads this before any app code.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Chromium features Frontdoor's runs turn off, beyond Playwright's own list (decision 0149).
 * Since Chromium 15x every new window (each Playwright browser context is one, even headless)
 * loads the omnibox's drop-down as a WebUI page, `chrome://omnibox-popup.top-chrome/` and its
 * "AI mode" variant, in a renderer process of its own: about 0.45 s of CPU per context, a
 * third of what a short journey costs the browser, for a drop-down a headless browser never
 * shows. shell.spec checks that no such page is created, so a renamed feature is noticed.
 */
export const EXTRA_DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * The features Playwright disables in every Chromium it launches. Chromium reads only the last
 * `--disable-features` switch of a command line (a second one replaces the first, it does not
 * add to it), so ours must repeat Playwright's list. Playwright does not export it; it is read
 * from its bundle, and a layout this cannot read throws rather than silently dropping the list.
 */
export function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve("playwright-core/package.json"));
  const candidates = ["lib/coreBundle.js", "lib/server/chromium/chromiumSwitches.js"];
  for (const file of candidates) {
    let source: string;
    try {
      source = readFileSync(join(root, file), "utf8");
    } catch {
      continue;
    }
    const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(source)?.[1];
    if (!list) continue;
    const names = [...list.matchAll(/^\s*"([A-Za-z0-9]+)"/gm)].map((m) => m[1]);
    if (names.length > 0) return names;
  }
  throw new Error(`Could not read Playwright's disabled Chromium features from ${root} (${candidates.join(", ")})`);
}

/**
 * This machine has no internet, so Chromium's own background traffic (component updates, sync,
 * QUIC probes) is off and no host name resolves but the app's, so a page never waits on, or
 * reaches, another host.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // A request to any other host fails at once. This replaces aborting them in page.route, which
  // turned the browser's cache off (decision 0141).
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
  // Software compositing in the renderer rather than in a SwiftShader GPU process: a few per
  // cent less CPU on CI's two cores, and nothing the journeys look at changes.
  "--disable-gpu-compositing",
  `--disable-features=${[...playwrightDisabledFeatures(), ...EXTRA_DISABLED_FEATURES].join(",")}`,
];
