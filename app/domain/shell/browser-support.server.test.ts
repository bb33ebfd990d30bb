import { describe, expect, it } from "vitest";
import {
  assessBrowser,
  ASSESSED_USER_AGENTS_KEPT,
  BROWSER_MESSAGES,
  type BrowserStatus,
  compareVersions,
  MINIMUM_VERSIONS,
} from "./browser-support.server";

type Row = {
  name: string;
  ua: string;
  status: BrowserStatus;
  browser?: string;
  version?: string;
  mobile: boolean;
};

// Real user agents as sent by the browsers, so the parser is checked against
// the token soup it will meet in production rather than tidied-up strings.
const desktop: Row[] = [
  {
    name: "Chrome 70 (the minimum)",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36",
    status: "supported",
    browser: "chrome",
    version: "70.0.3538.77",
    mobile: false,
  },
  {
    name: "Chrome 69",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.100 Safari/537.36",
    status: "outdated",
    browser: "chrome",
    version: "69.0.3497.100",
    mobile: false,
  },
  {
    name: "Chrome 60 on macOS",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.3112.113 Safari/537.36",
    status: "outdated",
    browser: "chrome",
    version: "60.0.3112.113",
    mobile: false,
  },
  {
    name: "current Chrome on Linux",
    ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    status: "supported",
    browser: "chrome",
    version: "124.0.0.0",
    mobile: false,
  },
  {
    name: "EdgeHTML 15 (the minimum)",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Safari/537.36 Edge/15.15063",
    status: "supported",
    browser: "edge",
    version: "15.15063",
    mobile: false,
  },
  {
    name: "EdgeHTML 14",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/51.0.2704.79 Safari/537.36 Edge/14.14393",
    status: "outdated",
    browser: "edge",
    version: "14.14393",
    mobile: false,
  },
  {
    name: "Chromium Edge (Edg/)",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91",
    status: "supported",
    browser: "edge",
    version: "120.0.2210.91",
    mobile: false,
  },
  {
    name: "Firefox 65 (the minimum)",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:65.0) Gecko/20100101 Firefox/65.0",
    status: "supported",
    browser: "firefox",
    version: "65.0",
    mobile: false,
  },
  {
    name: "Firefox 64",
    ua: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:64.0) Gecko/20100101 Firefox/64.0",
    status: "outdated",
    browser: "firefox",
    version: "64.0",
    mobile: false,
  },
  {
    name: "Opera 60 (the minimum)",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/73.0.3683.86 Safari/537.36 OPR/60.0.3255.59",
    status: "supported",
    browser: "opera",
    version: "60.0.3255.59",
    mobile: false,
  },
  {
    // Opera never shipped a stable 59: the release before 60 was 58.
    name: "Opera 58 (the last stable before 60)",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/71.0.3578.98 Safari/537.36 OPR/58.0.3135.65",
    status: "outdated",
    browser: "opera",
    version: "58.0.3135.65",
    mobile: false,
  },
  {
    name: "Presto Opera 12",
    ua: "Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.16",
    status: "outdated",
    browser: "opera",
    version: "12.16",
    mobile: false,
  },
  {
    name: "Safari 10.1 on macOS (the minimum)",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_4) AppleWebKit/603.1.30 (KHTML, like Gecko) Version/10.1 Safari/603.1.30",
    status: "supported",
    browser: "safari",
    version: "10.1",
    mobile: false,
  },
  {
    name: "Safari 10.0 on macOS",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12) AppleWebKit/602.1.50 (KHTML, like Gecko) Version/10.0 Safari/602.1.50",
    status: "outdated",
    browser: "safari",
    version: "10.0",
    mobile: false,
  },
  {
    name: "Safari 9 on macOS",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_6) AppleWebKit/601.7.7 (KHTML, like Gecko) Version/9.1.2 Safari/601.7.7",
    status: "outdated",
    browser: "safari",
    version: "9.1.2",
    mobile: false,
  },
  {
    name: "Safari 17 on macOS",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15",
    status: "supported",
    browser: "safari",
    version: "17.4.1",
    mobile: false,
  },
  {
    name: "Safari 5 on Windows",
    ua: "Mozilla/5.0 (Windows; U; Windows NT 5.1; en-US) AppleWebKit/533.20.25 (KHTML, like Gecko) Version/5.0.4 Safari/533.20.27",
    status: "outdated",
    browser: "safari",
    version: "5.0.4",
    mobile: false,
  },
  {
    name: "IE 11 (Trident rv:11)",
    ua: "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko",
    status: "supported",
    browser: "ie",
    version: "11.0",
    mobile: false,
  },
  {
    name: "IE 10 (the minimum)",
    ua: "Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)",
    status: "supported",
    browser: "ie",
    version: "10.0",
    mobile: false,
  },
  {
    name: "IE 9",
    ua: "Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)",
    status: "outdated",
    browser: "ie",
    version: "9.0",
    mobile: false,
  },
  {
    name: "Samsung Internet 13 in DeX desktop mode (the minimum)",
    ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/13.0 Chrome/83.0.4103.106 Safari/537.36",
    status: "supported",
    browser: "samsung",
    version: "13.0",
    mobile: false,
  },
  {
    name: "Samsung Internet 12 in DeX desktop mode",
    ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/12.1 Chrome/79.0.3945.136 Safari/537.36",
    status: "outdated",
    browser: "samsung",
    version: "12.1",
    mobile: false,
  },
  {
    name: "Electron 21 (the minimum)",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Slack/4.29.149 Chrome/106.0.5249.51 Electron/21.0.0 Safari/537.36",
    status: "supported",
    browser: "electron",
    version: "21.0.0",
    mobile: false,
  },
  {
    name: "Electron 20",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Slack/4.28.171 Chrome/104.0.5112.102 Electron/20.1.0 Safari/537.36",
    status: "outdated",
    browser: "electron",
    version: "20.1.0",
    mobile: false,
  },
  {
    name: "UC Browser on desktop",
    ua: "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/55.0.2883.87 UBrowser/6.2.4098.3 Safari/537.36",
    status: "supported",
    mobile: false,
  },
  {
    name: "Konqueror (unknown engine)",
    ua: "Mozilla/5.0 (X11; Linux x86_64) KHTML/5.20.0 (like Gecko) Konqueror/5.20",
    status: "supported",
    mobile: false,
  },
  {
    name: "Pale Moon (unknown Gecko fork)",
    ua: "Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Goanna/6.5 PaleMoon/32.5.0",
    status: "supported",
    mobile: false,
  },
];

const mobile: Row[] = [
  {
    name: "Samsung Internet 13 on an Android phone",
    ua: "Mozilla/5.0 (Linux; Android 10; SM-G973F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/13.0 Chrome/83.0.4103.106 Mobile Safari/537.36",
    status: "supported",
    browser: "samsung",
    version: "13.0",
    mobile: true,
  },
  {
    name: "Samsung Internet 12 on an Android phone (Android mobile always accepted)",
    ua: "Mozilla/5.0 (Linux; Android 9; SAMSUNG SM-G960F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/12.1 Chrome/79.0.3945.136 Mobile Safari/537.36",
    status: "supported",
    browser: "samsung",
    version: "12.1",
    mobile: true,
  },
  {
    name: "Android 4 stock browser",
    ua: "Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30",
    status: "supported",
    browser: "android",
    version: "4.0.3",
    mobile: true,
  },
  {
    name: "Android 2.3 stock browser (below 3.10, but Android mobile)",
    ua: "Mozilla/5.0 (Linux; U; Android 2.3.6; en-us; Nexus S Build/GRK39F) AppleWebKit/533.1 (KHTML, like Gecko) Version/4.0 Mobile Safari/533.1",
    status: "supported",
    browser: "android",
    version: "2.3.6",
    mobile: true,
  },
  {
    name: "old Chrome on an Android tablet",
    ua: "Mozilla/5.0 (Linux; Android 4.4.2; Nexus 7 Build/KOT49H) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/40.0.2214.89 Safari/537.36",
    status: "supported",
    browser: "chrome",
    version: "40.0.2214.89",
    mobile: true,
  },
  {
    name: "Safari on iOS 9 (iOS mobile always accepted)",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 9_3_5 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13G36 Safari/601.1",
    status: "supported",
    browser: "safari",
    version: "9.0",
    mobile: true,
  },
  {
    name: "Safari on an iOS 9 iPad",
    ua: "Mozilla/5.0 (iPad; CPU OS 9_3_5 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13G36 Safari/601.1",
    status: "supported",
    browser: "safari",
    version: "9.0",
    mobile: true,
  },
  {
    name: "Chrome on iOS (CriOS) below the Chrome minimum",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 10_3 like Mac OS X) AppleWebKit/602.1.50 (KHTML, like Gecko) CriOS/56.0.2924.75 Mobile/14E5239e Safari/602.1",
    status: "supported",
    browser: "chrome",
    version: "56.0.2924.75",
    mobile: true,
  },
  {
    name: "Firefox on iOS (FxiOS) below the Firefox minimum",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 8_3 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) FxiOS/1.0 Mobile/12F69 Safari/600.1.4",
    status: "supported",
    browser: "firefox",
    version: "1.0",
    mobile: true,
  },
  {
    name: "iPadOS webview reporting a macOS UA with Mobile/",
    ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
    status: "supported",
    mobile: true,
  },
  {
    name: "IE Mobile on Windows Phone 8",
    ua: "Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0; ARM; Touch; NOKIA; Lumia 920)",
    status: "unsupported",
    browser: "ie",
    version: "10.0",
    mobile: true,
  },
  {
    name: "IE Mobile on Windows Phone 8.1 (claims Android and iPhone)",
    ua: "Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537",
    status: "unsupported",
    browser: "ie",
    version: "11.0",
    mobile: true,
  },
  {
    name: "Edge 15 on Windows 10 Mobile",
    ua: "Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063",
    status: "supported",
    browser: "edge",
    version: "15.15063",
    mobile: true,
  },
  {
    // Windows mobile is not on the "any version" list, so the minimum still applies.
    name: "Edge 14 on Windows 10 Mobile",
    ua: "Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/51.0.2704.79 Mobile Safari/537.36 Edge/14.14393",
    status: "outdated",
    browser: "edge",
    version: "14.14393",
    mobile: true,
  },
  {
    name: "NHS App on iOS",
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 nhsapp-ios/2.41.0",
    status: "supported",
    browser: "nhsapp",
    version: "2.41.0",
    mobile: true,
  },
  {
    name: "NHS App on Android",
    ua: "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 nhsapp-android/2.40.0",
    status: "supported",
    browser: "nhsapp",
    version: "2.40.0",
    mobile: true,
  },
];

// Health checks, benchmarks, crawlers and accessibility tooling must never be
// shown the warning, whatever engine they happen to embed.
const machines: Row[] = [
  { name: "curl", ua: "curl/8.4.0", status: "supported", mobile: false },
  { name: "autocannon", ua: "autocannon", status: "supported", mobile: false },
  { name: "Node fetch", ua: "node", status: "supported", mobile: false },
  { name: "Kubernetes probe", ua: "kube-probe/1.29", status: "supported", mobile: false },
  {
    name: "Googlebot",
    ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    status: "supported",
    mobile: false,
  },
  {
    name: "Googlebot smartphone",
    ua: "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    status: "supported",
    mobile: true,
  },
  {
    name: "HeadlessChrome",
    ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.28 Safari/537.36",
    status: "supported",
    mobile: false,
  },
  {
    name: "Lighthouse",
    ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Chrome-Lighthouse",
    status: "supported",
    mobile: false,
  },
];

describe("assessBrowser", () => {
  it.each([...desktop, ...mobile, ...machines])("$name → $status", ({ ua, status, browser, version, mobile }) => {
    expect(assessBrowser(ua)).toEqual({ status, browser, version, mobile });
  });

  it.each([undefined, null, "", "   "])("treats a missing or blank User-Agent (%j) as supported", (ua) => {
    expect(assessBrowser(ua)).toEqual({ status: "supported", mobile: false });
  });

  it("serves browsers it does not recognise (lynx, w3m, an unknown agent)", () => {
    for (const ua of ["Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.9", "w3m/0.5.3+git20230121", "SomethingNew/1.0"]) {
      expect(assessBrowser(ua).status, ua).toBe("supported");
    }
  });

  it("finds the NHS App marker anywhere in a phone's UA, but a desktop UA claiming it is judged as itself", () => {
    const middle = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 nhsapp-ios/2.41.0 (KHTML, like Gecko) Mobile/15E148";
    expect(assessBrowser(middle)).toEqual({ status: "supported", browser: "nhsapp", version: "2.41.0", mobile: true });
    const spoof =
      "Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0; nhsapp-ios/2.41.0) like Gecko";
    expect(assessBrowser(spoof).status).toBe("outdated");
  });

  it("judges a user agent once while it is among the last ones seen, and keeps only so many", () => {
    const ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const first = assessBrowser(ua);
    expect(assessBrowser(ua)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // A flood of made-up agents pushes it out; it is then judged again, the same way.
    for (let i = 0; i < ASSESSED_USER_AGENTS_KEPT; i++) assessBrowser(`Flood/${i}.0`);
    const again = assessBrowser(ua);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it("stays fast on an oversized hostile UA", () => {
    const hostile = `Mozilla/5.0 ${"Trident/7.0; ".repeat(5000)}`;
    const started = performance.now();
    expect(assessBrowser(hostile).status).toBe("supported");
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("compareVersions", () => {
  it.each([
    ["10.1", "10.0", 1],
    ["10.1", "10.1", 0],
    ["10", "10.1", -1],
    ["3.10", "3.9", 1],
    ["70.0.3538.77", "70", 1],
    ["69.0.3497.100", "70", -1],
    ["15.15063", "15", 1],
  ])("%s vs %s → %i", (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });
});

describe("published constants", () => {
  it("carries the messages the page shows", () => {
    expect(BROWSER_MESSAGES).toEqual({
      outdated: "Outdated browser detected",
      unsupported: "Unsupported browser detected",
    });
  });

  it("carries the spec's minimum versions", () => {
    expect(MINIMUM_VERSIONS).toEqual({
      chrome: "70",
      edge: "15",
      firefox: "65",
      opera: "60",
      safari: "10.1",
      ie: "10",
      samsung: "13",
      android: "3.10",
      electron: "21",
    });
  });
});
