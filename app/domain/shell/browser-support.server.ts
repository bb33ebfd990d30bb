import { isbot } from "isbot";

export type BrowserStatus = "supported" | "outdated" | "unsupported";

export type BrowserAssessment = {
  status: BrowserStatus;
  browser?: string;
  version?: string;
  mobile: boolean;
};

export const BROWSER_MESSAGES = {
  outdated: "Outdated browser detected",
  unsupported: "Unsupported browser detected",
} as const satisfies Record<Exclude<BrowserStatus, "supported">, string>;

export const MINIMUM_VERSIONS: Record<string, string> = {
  chrome: "70",
  edge: "15",
  firefox: "65",
  opera: "60",
  safari: "10.1",
  ie: "10",
  samsung: "13",
  android: "3.10",
  electron: "21",
};

// Windows mobile devices are too old to be safe with anything but an
// evergreen engine, so IE Mobile there is refused outright.
const WINDOWS_MOBILE_BROWSERS = new Set(["chrome", "edge", "firefox"]);

type Identified = { browser: string; version: string };

// Anywhere in the UA (some app builds append more after it), as isNhsAppUserAgent reads it.
const NHS_APP = /(?:^|[\s(;])nhsapp-(?:ios|android)\/(\d+(?:\.\d+)*)/i;
const VERSION = /\d+(?:\.\d+)*/y;

/**
 * Decides whether the page should warn the visitor about their browser.
 * Anything that is not a person at a browser (health checks, benchmarks,
 * crawlers, accessibility tooling) must come out "supported" so that the
 * warning never gets in the way of the machinery that watches the service.
 */
/** User agents already judged, oldest first (a Map keeps insertion order). */
const assessed = new Map<string, BrowserAssessment>();
/** Enough for the browsers a practice's patients and staff use; a flood of made-up ones only cycles it. */
export const ASSESSED_USER_AGENTS_KEPT = 500;

/**
 * How this product treats the browser behind a user agent. The root loader asks on every page,
 * and the judgement (isbot's long expression, then the browser's own patterns) is the same for
 * the same string: it is kept for the last ASSESSED_USER_AGENTS_KEPT strings (issue "speed").
 */
export function assessBrowser(userAgent: string | null | undefined): BrowserAssessment {
  const key = userAgent ?? "";
  const known = assessed.get(key);
  if (known) return known;
  const assessment = Object.freeze(assess(key));
  // Real user agents are a few hundred characters: a longer one is judged, not kept.
  if (key.length > 512) return assessment;
  if (assessed.size >= ASSESSED_USER_AGENTS_KEPT) assessed.delete(assessed.keys().next().value!);
  assessed.set(key, assessment);
  return assessment;
}

function assess(userAgent: string): BrowserAssessment {
  const ua = userAgent.trim();
  if (ua === "") return { status: "supported", mobile: false };

  // The NHS App advertises itself in its webview UA; the app is only shipped for
  // phones and tablets we already vouch for, so a desktop UA claiming it is judged as itself.
  const app = NHS_APP.exec(ua);
  if (app && isMobile(ua)) return { status: "supported", browser: "nhsapp", version: app[1], mobile: true };

  const mobile = isMobile(ua);
  if (isbot(ua)) return { status: "supported", mobile };

  const identified = identify(ua);
  const base = { mobile, ...identified };

  if (mobile) {
    // Checked before Android/iOS because Windows Phone UAs also claim both
    // "Android" and "iPhone" to get served mobile sites.
    if (isWindowsMobile(ua)) {
      if (!identified || !WINDOWS_MOBILE_BROWSERS.has(identified.browser)) {
        return { ...base, status: "unsupported" };
      }
      return { ...base, status: meetsMinimum(identified) ? "supported" : "outdated" };
    }
    // Phones and tablets on these platforms get their engine updated with
    // the OS (or are all WebKit underneath on iOS), so versions are moot.
    if (isAndroid(ua) || isApple(ua)) return { ...base, status: "supported" };
  }

  // A browser we do not recognise (lynx, w3m, a new or niche one) is served: every page works
  // as plain HTML. "Unsupported" is only for a recognised browser we refuse (decision 0101).
  if (!identified) return { ...base, status: "supported" };
  return { ...base, status: meetsMinimum(identified) ? "supported" : "outdated" };
}

function isMobile(ua: string): boolean {
  if (/Mobi|Android|iPhone|iPad|iPod|Windows Phone|Tablet/.test(ua)) return true;
  // iPadOS 13+ pretends to be desktop macOS; the Mobile/ build token gives it away.
  return ua.includes("Macintosh") && ua.includes("Mobile/");
}

function isWindowsMobile(ua: string): boolean {
  return /Windows Phone|Windows Mobile|Windows CE|IEMobile/.test(ua);
}

function isAndroid(ua: string): boolean {
  return ua.includes("Android");
}

function isApple(ua: string): boolean {
  return /iPhone|iPad|iPod|Macintosh|Mac OS X/.test(ua);
}

/**
 * Order matters: most browsers copy the tokens of the ones they forked from
 * (Edge and Opera say "Chrome", Chrome says "Safari", everything says
 * "Mozilla"), so the most specific token has to be tried first.
 */
function identify(ua: string): Identified | undefined {
  // UC Browser carries a Chrome token but is a different, unsupported engine.
  if (/UCBrowser|UBrowser|UCWEB/.test(ua)) return undefined;

  const edge =
    versionAfter(ua, "Edge/") ?? versionAfter(ua, "Edg/") ?? versionAfter(ua, "EdgA/") ?? versionAfter(ua, "EdgiOS/");
  if (edge) return { browser: "edge", version: edge };

  const opr = versionAfter(ua, "OPR/") ?? versionAfter(ua, "OPT/");
  if (opr) return { browser: "opera", version: opr };
  if (ua.includes("Opera")) {
    // Presto-era Opera froze "Opera/9.80" and put the real version in Version/.
    const opera = versionAfter(ua, "Version/") ?? versionAfter(ua, "Opera/") ?? versionAfter(ua, "Opera ");
    if (opera) return { browser: "opera", version: opera };
  }

  const samsung = versionAfter(ua, "SamsungBrowser/");
  if (samsung) return { browser: "samsung", version: samsung };

  const electron = versionAfter(ua, "Electron/");
  if (electron) return { browser: "electron", version: electron };

  const chrome = versionAfter(ua, "Chrome/") ?? versionAfter(ua, "CriOS/");
  if (chrome) return { browser: "chrome", version: chrome };

  const firefox = versionAfter(ua, "Firefox/") ?? versionAfter(ua, "FxiOS/");
  if (firefox) return { browser: "firefox", version: firefox };

  const msie = versionAfter(ua, "MSIE ");
  if (msie) return { browser: "ie", version: msie };
  // IE11 dropped "MSIE" to stop sites sniffing it as IE.
  if (ua.includes("Trident/")) {
    const rv = versionAfter(ua, "rv:");
    if (rv) return { browser: "ie", version: rv };
  }

  // The old Android stock browser also says "Version/ ... Safari", so it has
  // to be kept out of the Safari branch; its engine shipped with the OS.
  if (isAndroid(ua)) {
    const android = versionAfter(ua, "Android ");
    if (android && ua.includes("Version/") && ua.includes("Safari")) return { browser: "android", version: android };
    return undefined;
  }

  const safari = ua.includes("Safari/") ? versionAfter(ua, "Version/") : undefined;
  if (safari) return { browser: "safari", version: safari };

  return undefined;
}

// indexOf plus a sticky match keeps parsing linear on hostile, oversized UAs.
function versionAfter(ua: string, token: string): string | undefined {
  const at = ua.indexOf(token);
  if (at === -1) return undefined;
  VERSION.lastIndex = at + token.length;
  return VERSION.exec(ua)?.[0];
}

function meetsMinimum({ browser, version }: Identified): boolean {
  const minimum = MINIMUM_VERSIONS[browser];
  return minimum === undefined || compareVersions(version, minimum) >= 0;
}

/** Numeric per dotted segment, so "10.1" > "10.0" and "3.10" > "3.9". */
export function compareVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}
