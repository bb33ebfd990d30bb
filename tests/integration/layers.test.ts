/**
 * The line between route and domain (docs/architecture.md, docs/decisions/0041): routes →
 * web → domain → db. A file under app/domain takes typed values and a context and returns
 * results: it never imports the routes, the server, the web layer or Remix, and never
 * touches Request, Response or FormData (the web layer and the route read those).
 *
 * Comments and string literals are not code: "Request declined" in a message is fine.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const DOMAIN = path.join(ROOT, "app/domain");

/**
 * Files other branches are changing while this rule lands: they are moved when those merge.
 * Each entry is a path under app/domain (a trailing `*` matches any rest of the name).
 */
const OTHER_BRANCHES: string[] = [];

/** Still across the line, and why. Shrink this list; never add to it. */
const LEFT: string[] = [];

const FORBIDDEN_IMPORTS = [/^~\/routes(\/|$)/, /^~\/server(\/|$)/, /^~\/web(\/|$)/, /^@remix-run\//];
const FORBIDDEN_NAMES = /\b(Request|Response|FormData|FormDataEntryValue)\b/;

function domainFiles(dir = DOMAIN): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return domainFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.relative(DOMAIN, full).split(path.sep).join("/")] : [];
  });
}

const listed = (list: string[], file: string) =>
  list.some((pattern) => (pattern.endsWith("*") ? file.startsWith(pattern.slice(0, -1)) : file === pattern));

/** The code without comments and without the insides of string and template literals. */
function codeOnly(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g, (token) =>
    token.startsWith("/") ? " " : token[0] + token[0],
  );
}

/** What is wrong with one domain file: the forbidden imports and names it uses. */
function crossings(file: string, source: string): string[] {
  const problems: string[] = [];
  for (const match of source.matchAll(/\b(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) {
    const spec = match[1] ?? match[2];
    const resolved = spec.startsWith(".") ? `~/${path.relative(path.join(ROOT, "app"), path.resolve(path.dirname(path.join(DOMAIN, file)), spec)).split(path.sep).join("/")}` : spec;
    if (FORBIDDEN_IMPORTS.some((re) => re.test(resolved))) problems.push(`imports ${spec}`);
  }
  const name = codeOnly(source).match(FORBIDDEN_NAMES);
  if (name) problems.push(`uses ${name[1]}`);
  return problems;
}

describe("the domain does not reach up into HTTP", () => {
  const files = domainFiles();

  it("finds the domain's files", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("no domain file imports routes, server, web or Remix, or touches Request, Response or FormData", () => {
    const wrong = files
      .filter((file) => !listed(OTHER_BRANCHES, file) && !listed(LEFT, file))
      .flatMap((file) => crossings(file, readFileSync(path.join(DOMAIN, file), "utf8")).map((p) => `app/domain/${file} ${p}`));
    expect(wrong).toEqual([]);
  });

  it("lists only files that still cross the line (take a file off once it is clean)", () => {
    const clean = LEFT.filter((file) => crossings(file, readFileSync(path.join(DOMAIN, file), "utf8")).length === 0);
    expect(clean).toEqual([]);
  });

  it("checks what it says it checks", () => {
    expect(crossings("x/a.ts", 'import { json } from "@remix-run/node";')).toEqual(["imports @remix-run/node"]);
    expect(crossings("x/a.ts", 'import { memoized } from "../../server/request-memo.server";')).toEqual(["imports ../../server/request-memo.server"]);
    expect(crossings("x/a.ts", 'import type { X } from "~/web/cookies";')).toEqual(["imports ~/web/cookies"]);
    expect(crossings("x/a.ts", "export function f(request: Request) {}")).toEqual(["uses Request"]);
    expect(crossings("x/a.ts", 'const m = "Request declined"; // a Response\n/* FormData */')).toEqual([]);
    expect(crossings("x/a.ts", 'import { audit } from "~/domain/audit/audit.server";')).toEqual([]);
  });
});
