/**
 * Page weight: for each page, the HTML and the stylesheets and scripts it references, raw
 * and gzip as served by the app (compression middleware). Each asset is fetched once and
 * shared across pages, as a browser cache would.
 */
import { getRawAndGzip } from "./http";
import type { BenchPage } from "./pages";

/** One TCP initial congestion window, roughly: HTML above this needs another round trip. */
export const HTML_GZIP_BUDGET_BYTES = 14 * 1024;

export type Asset = {
  url: string;
  kind: "css" | "js";
  status: number;
  rawBytes: number;
  gzipBytes: number;
  compressed: boolean;
};

export type PageWeight = {
  path: string;
  status: number;
  html: { rawBytes: number; gzipBytes: number };
  css: { files: string[]; rawBytes: number; gzipBytes: number };
  js: { files: string[]; rawBytes: number; gzipBytes: number };
  /** Stylesheets and scripts on other origins: named, never fetched (the benchmark only talks to 127.0.0.1). */
  externalAssets: string[];
  /** HTML + CSS, gzip: everything a browser without JavaScript needs. */
  noJsGzipBytes: number;
  /** HTML + CSS + JS, gzip: everything a JavaScript-enabled browser downloads. */
  withJsGzipBytes: number;
  overHtmlBudget: boolean;
};

export type SkippedPage = { path: string; status: number; reason: string };

export type PageWeightReport = {
  pages: PageWeight[];
  skipped: SkippedPage[];
  assets: Asset[];
  /** The raw HTML of each measured page, for the load comparison. */
  html: Map<string, Buffer>;
};

type Tag = { name: string; attrs: Map<string, string> };

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function tags(html: string, names: string[]): Tag[] {
  const found: Tag[] = [];
  const tagPattern = new RegExp(`<(${names.join("|")})\\b([^>]*)>`, "gi");
  for (const match of html.matchAll(tagPattern)) {
    const attrs = new Map<string, string>();
    for (const attr of match[2].matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs.set(attr[1].toLowerCase(), decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? ""));
    }
    found.push({ name: match[1].toLowerCase(), attrs });
  }
  return found;
}

/** The stylesheets and scripts a page references, as absolute URLs in document order. */
export function referencedAssets(html: string, pageUrl: string): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const tag of tags(html, ["link", "script"])) {
    if (tag.name === "link") {
      const rel = (tag.attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
      const href = tag.attrs.get("href");
      if (!href) continue;
      if (rel.includes("stylesheet") && !rel.includes("alternate")) css.add(new URL(href, pageUrl).href);
      if (rel.includes("modulepreload")) js.add(new URL(href, pageUrl).href);
    } else {
      const src = tag.attrs.get("src");
      if (src) js.add(new URL(src, pageUrl).href);
    }
  }
  // Inline module scripts import route modules by URL; these are normally modulepreloaded
  // too, but anything imported and not preloaded is still downloaded.
  for (const block of html.matchAll(/<script\b[^>]*type=["']?module["']?[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const spec of block[1].matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*["']([^"']+)["']/g)) {
      if (spec[1].startsWith("/") || spec[1].startsWith("./") || spec[1].startsWith("http")) js.add(new URL(spec[1], pageUrl).href);
    }
  }
  return { css: [...css], js: [...js] };
}

export async function measurePageWeight(baseUrl: string, pages: BenchPage[], headers: Record<string, string>): Promise<PageWeightReport> {
  const origin = new URL(baseUrl).origin;
  const assetCache = new Map<string, Asset>();
  const fetchAsset = async (url: string, kind: Asset["kind"]): Promise<Asset> => {
    const cached = assetCache.get(url);
    if (cached) return cached;
    const res = await getRawAndGzip(url, { "user-agent": headers["user-agent"] ?? "", accept: "*/*" });
    const asset: Asset = { url, kind, status: res.status, rawBytes: res.rawBytes, gzipBytes: res.gzipBytes, compressed: res.compressed };
    if (res.status !== 200) console.warn(`bench: ${url} answered ${res.status}; its size counts the error body.`);
    assetCache.set(url, asset);
    return asset;
  };
  const sum = (assets: Asset[], key: "rawBytes" | "gzipBytes") => assets.reduce((total, asset) => total + asset[key], 0);
  const shortUrl = (url: string) => (url.startsWith(origin) ? url.slice(origin.length) : url);

  const measured: PageWeight[] = [];
  const skipped: SkippedPage[] = [];
  const html = new Map<string, Buffer>();
  for (const page of pages) {
    const pageUrl = new URL(page.path, baseUrl).href;
    const res = await getRawAndGzip(pageUrl, headers);
    if (page.optional && res.status !== 200) {
      const reason = res.status === 404 ? "missing (404: not built on this branch yet)" : `answered ${res.status}, not 200 (not built yet?)`;
      skipped.push({ path: page.path, status: res.status, reason });
      continue;
    }
    const text = res.body.toString("utf8");
    const refs = referencedAssets(text, pageUrl);
    const local = (url: string) => new URL(url).origin === origin;
    const css = await Promise.all(refs.css.filter(local).map((url) => fetchAsset(url, "css")));
    const js = await Promise.all(refs.js.filter(local).map((url) => fetchAsset(url, "js")));
    const htmlSizes = { rawBytes: res.rawBytes, gzipBytes: res.gzipBytes };
    const cssSizes = { files: css.map((a) => shortUrl(a.url)), rawBytes: sum(css, "rawBytes"), gzipBytes: sum(css, "gzipBytes") };
    const jsSizes = { files: js.map((a) => shortUrl(a.url)), rawBytes: sum(js, "rawBytes"), gzipBytes: sum(js, "gzipBytes") };
    html.set(page.path, res.body);
    measured.push({
      path: page.path,
      status: res.status,
      html: htmlSizes,
      css: cssSizes,
      js: jsSizes,
      externalAssets: [...refs.css, ...refs.js].filter((url) => !local(url)),
      noJsGzipBytes: htmlSizes.gzipBytes + cssSizes.gzipBytes,
      withJsGzipBytes: htmlSizes.gzipBytes + cssSizes.gzipBytes + jsSizes.gzipBytes,
      overHtmlBudget: htmlSizes.gzipBytes > HTML_GZIP_BUDGET_BYTES,
    });
  }
  const assets = [...assetCache.values()].map((asset) => ({ ...asset, url: shortUrl(asset.url) }));
  return { pages: measured, skipped, assets, html };
}
