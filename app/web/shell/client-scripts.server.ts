/**
 * Where the build put the plain classic scripts (scripts/build-client-scripts.mjs writes
 * build/client-scripts.json: name → `/build/_client/<name>-<hash>.js`, decision 0145). Read once.
 * Without a build (unit tests rendering the root) there is no file and no script is linked; the
 * server's own idle deadline still applies, as for a browser without JS.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export type ClientScript = "idle-timer" | "request-dialogs" | "nhs-app" | "page-comforts" | "video-call";

const here = dirname(fileURLToPath(import.meta.url));
let names: Partial<Record<ClientScript, string>> | null = null;

function load(): Partial<Record<ClientScript, string>> {
  // This module is app/web/shell/ in source and inside build/ (index.js or server.js) when bundled.
  for (const candidate of [join(here, "client-scripts.json"), resolve(here, "../../../build/client-scripts.json"), resolve("build/client-scripts.json")]) {
    try {
      return JSON.parse(readFileSync(candidate, "utf8")) as Partial<Record<ClientScript, string>>;
    } catch {
      // try the next place
    }
  }
  return {};
}

/** The URL of a built client script, or null when there is no build. */
export function clientScriptUrl(name: ClientScript): string | null {
  names ??= load();
  return names[name] ?? null;
}
