/**
 * The static files besides Remix's /build: the stylesheets (/css) and NHS.UK's assets (/assets),
 * under content-addressed names the build wrote (app/styles/build.mjs, decision 0147). The
 * manifest is read once, when the app is made; nothing is hashed per request.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import express, { type Express } from "express";
import type { StaticManifest } from "~/components/static-assets";

/** What a hashed file is sent with: its name changes with its content, so it never goes stale. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** An old, unhashed address: a redirect to today's file, checked again every time. */
export const OLD_ADDRESS = "no-cache";

/** public/static-manifest.json, or null when the build did not write one (a bare test folder). */
export function readStaticManifest(publicDir: string): StaticManifest | null {
  const file = join(publicDir, "static-manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as StaticManifest) : null;
}

/**
 * With a manifest: everything under /css and /assets is hashed (the build empties them first),
 * so it is served for a year, immutable. An old address that anything outside may still hold
 * (a page cached before a deploy links /css/main.css; browsers ask for /favicon.ico; bookmarks
 * of /assets/images/…) is redirected (302, no-cache) to today's hashed file; an unknown hashed
 * name is a 404 from Remix, as any unknown path. Without a manifest the folders are served as
 * they are, for an hour.
 */
export function mountStaticFiles(app: Express, publicDir: string, manifest: StaticManifest | null) {
  const assetsFolder = manifest?.["/assets/"];
  if (!manifest || !assetsFolder) {
    for (const folder of ["css", "assets"]) app.use(`/${folder}`, express.static(`${publicDir}/${folder}`, { maxAge: "1h", index: false }));
    app.get("/favicon.ico", (_req, res) => res.redirect(301, "/assets/images/favicon.ico"));
    return;
  }
  const hashed = { immutable: true, maxAge: "1y", index: false } as const;
  const redirectTo = (res: express.Response, to: string) => res.set("Cache-Control", OLD_ADDRESS).redirect(302, to);
  app.use("/css", (req, res, next) => {
    const to = manifest[`/css${req.path}`];
    return to && (req.method === "GET" || req.method === "HEAD") ? redirectTo(res, to) : next();
  });
  app.use("/css", express.static(join(publicDir, "css"), hashed));
  app.use(assetsFolder, express.static(join(publicDir, assetsFolder), hashed));
  // /assets/images/favicon.ico and the like: the same file in today's folder, if it has one.
  app.use("/assets", (req, res, next) => {
    const inFolder = req.path.slice(1);
    if ((req.method !== "GET" && req.method !== "HEAD") || /^[0-9a-f]{10}\//.test(inFolder) || inFolder.includes("..") || !existsSync(join(publicDir, assetsFolder, inFolder))) return next();
    return redirectTo(res, assetsFolder + inFolder);
  });
  app.get("/favicon.ico", (_req, res) => redirectTo(res, `${assetsFolder}images/favicon.ico`));
}
