import { createContext, useContext } from "react";

/**
 * The content-addressed names of the static files pages link (decision 0147): old path to
 * hashed path, as the build writes public/static-manifest.json. "/assets/" maps the assets'
 * folder (`/assets/0f1e2d3c4b/`); each sheet its file (`/css/main.css` → `/css/main.1a2b3c4d5e.css`).
 */
export type StaticManifest = Readonly<Record<string, string>>;

/** A page's href for a static file: its hashed path, or the path itself where the manifest has none. */
export function staticHref(manifest: StaticManifest, path: string): string {
  const exact = manifest[path];
  if (exact) return exact;
  const folder = manifest["/assets/"];
  return folder && path.startsWith("/assets/") ? folder + path.slice("/assets/".length) : path;
}

const HASHED_SHEET = /^\/css\/([\w-]+)\.[0-9a-f]{10}\.css$/;
const HASHED_ASSETS = /^\/assets\/[0-9a-f]{10}\//;

/**
 * The manifest as far as the browser needs it, read back from the page the server rendered:
 * the head's links carry the hashed names. The screen sheet a later page needs (staff.css after
 * signing in) comes hashed in the root loader's data; these are the links every page has (the
 * print sheet, the icons, and the sheet an error page without the root's data falls back to),
 * so hydration renders the same hrefs the server did.
 */
export function manifestFromDocument(doc: Pick<Document, "querySelectorAll">): StaticManifest {
  const manifest: Record<string, string> = {};
  for (const link of Array.from(doc.querySelectorAll("link[href]"))) {
    const href = link.getAttribute("href") ?? "";
    const sheet = HASHED_SHEET.exec(href);
    if (sheet) manifest[`/css/${sheet[1]}.css`] = href;
    const assets = HASHED_ASSETS.exec(href);
    if (assets) manifest["/assets/"] = assets[0];
  }
  return manifest;
}

/** Set by entry.server from the load context, and by entry.client from the page. */
export const StaticAssetsContext = createContext<StaticManifest>({});
export const useStaticHref = () => {
  const manifest = useContext(StaticAssetsContext);
  return (path: string) => staticHref(manifest, path);
};
