/**
 * The idle timer's tag (decision 0145): the server's HTML links the plain script with its
 * settings, the script reads the same settings back, and the root's hydration rule.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { idleTimerAttributes, parseIdleTimerSettings } from "~/client/idle-timer-settings";
import { pageHydrates } from "./hydration";
import { IdleTimerScript } from "./IdleTimerScript";
import { NonceContext } from "./nonce";

const settings = { idleSeconds: 600, remainingSeconds: 597, csrfToken: "t0k&n", loggedOutText: "You have been logged out. Log in to use Frontdoor." };

/** What `element.dataset` gives for the attributes (camelCased names, decoded values). */
function datasetOf(html: string): Record<string, string> {
  const dataset: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/ data-([a-z-]+)="([^"]*)"/g)) {
    dataset[name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value.replace(/&amp;/g, "&").replace(/&quot;/g, '"');
  }
  return dataset;
}

describe("IdleTimerScript", () => {
  it("links the script deferred, with the nonce and its settings", () => {
    const html = renderToStaticMarkup(
      <NonceContext.Provider value="n0nce">
        <IdleTimerScript src="/build/_client/idle-timer-ABCDEF12.js" settings={settings} />
      </NonceContext.Provider>,
    );
    expect(html).toMatch(/^<script src="\/build\/_client\/idle-timer-ABCDEF12\.js" nonce="n0nce" defer="" /);
    expect(html).not.toContain('type="module"');
    expect(parseIdleTimerSettings(datasetOf(html))).toEqual(settings);
  });

  it("reads no deadline as null, and refuses settings it cannot use", () => {
    const none = { ...settings, remainingSeconds: null };
    expect(parseIdleTimerSettings(datasetOf(renderToStaticMarkup(<script {...idleTimerAttributes(none)} />)))).toEqual(none);
    expect(parseIdleTimerSettings({})).toBeNull();
    expect(parseIdleTimerSettings({ ...datasetOf(renderToStaticMarkup(<script {...idleTimerAttributes(settings)} />)), idleSeconds: "x" })).toBeNull();
    expect(parseIdleTimerSettings({ idleSeconds: "600", remainingSeconds: "", loggedOutText: "t" })).toBeNull();
  });
});

describe("pageHydrates", () => {
  it("hydrates unless a matched route says hydrate: false (in the NHS App too, decision 0155)", () => {
    expect(pageHydrates([undefined, { title: "A page" }])).toBe(true);
    expect(pageHydrates([undefined, { title: "A page", hydrate: false }])).toBe(false);
  });
});
