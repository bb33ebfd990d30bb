// Compiles NHS.UK frontend v10 plus our own styles into public/css/main.<hash>.css (patient and
// public pages) and public/css/staff.<hash>.css (staff pages: a superset, with _staff.scss;
// decision 0142; content-addressed names and public/static-manifest.json: decision 0147),
// prefixed for the browsers the product promises (package.json "browserslist").
// Sass is compiled rather than copying the shipped min.css so that our additions share its
// tokens and mixins, and autoprefixer adds -ms- grid/flex fallbacks for IE10.
//
// Only what the pages use is shipped (issue "speed"): NHS.UK's core, then only the components
// whose classes appear in app/ (a component is in when any `nhsuk-<component>…` class is written
// in a .ts/.tsx file under app/, so a new page that uses one brings it in by itself), then
// app/styles/main.scss; custom properties that nothing reads are dropped.
// tests/integration/css-classes.test.ts fails when a class a page uses is missing from the CSS.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import * as sass from "sass";
import postcss from "postcss";
import autoprefixer from "autoprefixer";
import { patientSourceFiles } from "./sheets.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const nhsuk = join(root, "node_modules/nhsuk-frontend/dist/nhsuk");

/** The .ts and .tsx files under a folder (tests excluded). */
export function sourceFiles(dir = join(root, "app")) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** NHS.UK's components that have styles, by folder name (button, error-summary, tables …). */
function styledComponents() {
  return readdirSync(join(nhsuk, "components")).filter((name) => existsSync(join(nhsuk, "components", name, "_index.scss")));
}

/** The class a component's styles start with, where it is not `nhsuk-<folder>`. */
const CLASS_OF = { tables: "nhsuk-table", images: "nhsuk-image" };

/**
 * The components whose classes the app writes: `nhsuk-<c>`, `nhsuk-<c>__…`, `nhsuk-<c>--…` or
 * `nhsuk-<c>-…` (the longest component name wins: `nhsuk-date-input` is date-input, not a date).
 */
export function usedComponents(texts) {
  const components = styledComponents()
    .map((folder) => ({ folder, prefix: CLASS_OF[folder] ?? `nhsuk-${folder}` }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const used = new Set();
  for (const text of texts) {
    for (const [token] of text.matchAll(/nhsuk-[a-z0-9_-]+/g)) {
      const hit = components.find(({ prefix }) => token === prefix || token.startsWith(`${prefix}-`) || token.startsWith(`${prefix}_`));
      if (hit) used.add(hit.folder);
    }
  }
  return [...used].sort();
}

/**
 * What the app's sources say of NHS.UK class names: the literal ones (`nhsuk-tag--green`), and
 * the patterns of those put together at run time: a prefix ending in `-` or `_` before `${…}`
 * or a quote (`nhsuk-input--width-${n}`, `"nhsuk-u-margin-" + …`), or a prefix and suffix round
 * one (`nhsuk-${kind}__divider`).
 */
export function classesInSources(texts) {
  const literal = new Set();
  const patterns = [];
  const escape = (text) => text.replace(/[-_]/g, (c) => `\\${c}`);
  for (const text of texts) {
    for (const match of text.matchAll(/nhsuk-[a-z0-9_-]*/g)) {
      const token = match[0];
      const after = text.slice(match.index + token.length, match.index + token.length + 80);
      // `nhsuk-card${x ? " nhsuk-card--feature" : ""}`: a whole class, then others.
      if (after.startsWith("${") && /[-_]$/.test(token)) {
        const suffix = /^\$\{[^}]*\}([a-z0-9_-]*)/.exec(after)?.[1] ?? "";
        if (token === "nhsuk-" && !suffix) continue;
        patterns.push(new RegExp(`^${escape(token)}[a-z0-9_-]*${escape(suffix)}$`));
      } else if (/[-_]$/.test(token)) {
        if (token !== "nhsuk-") patterns.push(new RegExp(`^${escape(token)}[a-z0-9_-]*$`));
      } else literal.add(token);
    }
  }
  return { literal, patterns, has: (name) => literal.has(name) || patterns.some((p) => p.test(name)) };
}

/**
 * Drops the selectors that name an NHS.UK class no source writes (a rule goes when all its
 * selectors do). Classes inside `:not(…)` do not count: the selector matches without them.
 */
function purgeUnusedNhsukClasses(used) {
  return {
    postcssPlugin: "purge-unused-nhsuk-classes",
    Once(css) {
      css.walkRules((rule) => {
        if (rule.parent?.type === "atrule" && /keyframes$/.test(rule.parent.name)) return;
        const kept = rule.selectors.filter((selector) => {
          const names = [...selector.replace(/:not\([^)]*\)/g, "").matchAll(/\.(nhsuk-[\w-]+)/g)].map((m) => m[1]);
          return names.every((name) => used.has(name));
        });
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      css.walkAtRules((atRule) => {
        if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
      });
    },
  };
}

/**
 * NHS.UK's `@font-face` rules for Frutiger, or none. Frutiger is licensed: NHS organisations
 * register for it, and NHS.UK frontend points at the copies on assets.nhs.uk. A deployment that
 * holds the licence sets NHSUK_FONTS_PATH when it builds (that address, or its own copies, e.g.
 * `/fonts/`). Without it the sheet names no font file: the text is in Arial, the fallback the
 * NHS service manual gives, and no page waits on, or logs an error for, a font from an origin
 * it cannot reach or may not use (decision 0139).
 */
export function fontSettings(fontsPath = process.env.NHSUK_FONTS_PATH) {
  if (!fontsPath) return "$nhsuk-include-font-face: false";
  if (!/^(https:\/\/[^"\s]+|\/[^"\s]*)\/$/.test(fontsPath)) throw new Error(`NHSUK_FONTS_PATH must be an https:// address or a path, ending in "/": ${fontsPath}`);
  return `$nhsuk-include-font-face: true, $nhsuk-fonts-path: "${fontsPath}"`;
}

/** The Sass entry: core (configured), the used components, then our own styles (staff's too for staff.css). */
function entrySource(components, sheet, assetsPath) {
  return [
    `@use "nhsuk-frontend/dist/nhsuk/core" as * with ($nhsuk-assets-path: "${assetsPath}", ${fontSettings()});`,
    ...components.map((c) => `@use "nhsuk-frontend/dist/nhsuk/components/${c}";`),
    `@use "main";`,
    ...(sheet === "staff" ? [`@use "staff";`] : []),
  ].join("\n");
}

/** Drops custom property declarations (`--x: …`) that no `var(--x)` in the CSS reads. */
const dropUnreadProperties = {
  postcssPlugin: "drop-unread-custom-properties",
  Once(css) {
    const read = new Set();
    css.walkDecls((decl) => {
      for (const [, name] of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(name);
    });
    css.walkDecls((decl) => {
      if (decl.prop.startsWith("--") && !read.has(decl.prop)) decl.remove();
    });
    css.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
  },
};

/**
 * Print rules go to a sheet of their own, linked with media="print": browsers fetch it without
 * holding the first paint for it, so a phone's first paint waits for the screen rules only.
 */
function splitPrint(root) {
  const print = postcss.root();
  root.walkAtRules("media", (atRule) => {
    if (/^print\b/.test(atRule.params)) {
      print.append(atRule.clone({ params: atRule.params.replace(/^print( and )?/, "").trim() || "all" }));
      atRule.remove();
    }
  });
  // Unwrap `@media all` into plain rules: the link's media attribute scopes the whole sheet.
  print.walkAtRules("media", (atRule) => {
    if (atRule.params === "all") atRule.replaceWith(atRule.nodes);
  });
  return print;
}

/**
 * The source files a sheet is purged against: every one for "staff" (staff.css, a superset), the
 * patient pages and what they import for "patient" (main.css; app/styles/sheets.mjs).
 */
export function sheetSourceFiles(sheet = "patient") {
  const all = sourceFiles();
  return sheet === "staff" ? all : patientSourceFiles(join(root, "app"), all);
}

/**
 * One sheet for the app as it is now (screen and print), and the components in it. `sheet`:
 * "patient" (main.css) or "staff" (staff.css, with app/styles/_staff.scss). `assetsPath`: where
 * NHS.UK's images are reached from the sheet's url(…)s (the build's hashed folder).
 */
export async function compileCss({ everything = false, sheet = "patient", assetsPath = "/assets/" } = {}) {
  const texts = sheetSourceFiles(sheet).map((file) => readFileSync(file, "utf8"));
  // `everything`: all of NHS.UK, nothing purged: what the test compares the shipped sheet with.
  const components = everything ? styledComponents() : usedComponents(texts);
  const result = sass.compileString(entrySource(components, sheet, assetsPath), {
    loadPaths: [join(root, "node_modules"), join(root, "app/styles")],
    url: pathToFileURL(join(root, "app/styles/entry.scss")),
    style: "compressed",
    quietDeps: true,
    silenceDeprecations: ["import", "global-builtin", "color-functions", "slash-div", "if-function"],
  });
  const prefixed = await postcss([...(everything ? [] : [purgeUnusedNhsukClasses(classesInSources(texts)), dropUnreadProperties]), autoprefixer({ grid: "autoplace" })]).process(result.css, { from: undefined });
  const screen = postcss.parse(prefixed.css);
  const print = splitPrint(screen);
  return { css: screen.toString(), printCss: print.toString(), components };
}

/** The first 10 hex digits of a SHA-256: enough to tell a few hundred builds apart. */
const shortHash = (hash) => hash.digest("hex").slice(0, 10);

/** Every file under a folder, relative to it, in a stable order. */
function filesUnder(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)).map((f) => `${name}/${f}`) : [name]));
}

/** A hash of a folder's files (names and contents): the name of the folder they are served from. */
export function folderHash(dir) {
  const hash = createHash("sha256");
  for (const file of filesUnder(dir)) hash.update(file).update("\0").update(readFileSync(join(dir, file))).update("\0");
  return shortHash(hash);
}

/**
 * Static files under content-addressed names (issue "speed", decision 0147), so the server can
 * let browsers keep them for a year: NHS.UK's assets (images, favicons, icons) go to
 * `<publicDir>/assets/<hash of the folder>/`, and each sheet to `<publicDir>/css/<name>.<hash>.css`.
 * Earlier builds' files are removed, so everything under css/ and assets/ is hashed. Writes
 * `<publicDir>/static-manifest.json`, old path to new ({"/css/main.css": "/css/main.1a2b3c4d5e.css",
 * "/assets/": "/assets/0f1e2d3c4b/"}), which the server reads once at start. `sheets` maps a
 * sheet's name (main.css) to a function of the assets' path giving its CSS: the sheets name the
 * assets' folder in their url(…)s, so the assets are hashed first.
 */
export async function writeStaticFiles({ publicDir, assetsDir, sheets }) {
  const assetsPath = `/assets/${folderHash(assetsDir)}/`;
  rmSync(join(publicDir, "assets"), { recursive: true, force: true });
  rmSync(join(publicDir, "css"), { recursive: true, force: true });
  cpSync(assetsDir, join(publicDir, assetsPath), { recursive: true });
  mkdirSync(join(publicDir, "css"), { recursive: true });
  /** @type {Record<string, string>} */
  const manifest = { "/assets/": assetsPath };
  /** @type {Record<string, string>} */
  const written = {};
  for (const [name, cssFor] of Object.entries(sheets)) {
    const css = await cssFor(assetsPath);
    const hashed = name.replace(/\.css$/, `.${shortHash(createHash("sha256").update(css))}.css`);
    writeFileSync(join(publicDir, "css", hashed), css);
    manifest[`/css/${name}`] = `/css/${hashed}`;
    written[name] = css;
  }
  writeFileSync(join(publicDir, "static-manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, css: written };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Each sheet is compiled once; print.css is the staff build's print rules.
  const compiled = {};
  const sheet = (name) => (assetsPath) => (compiled[name] ??= compileCss({ sheet: name, assetsPath }));
  const { manifest, css } = await writeStaticFiles({
    publicDir: join(root, "public"),
    assetsDir: join(nhsuk, "assets"),
    sheets: {
      "main.css": async (path) => (await sheet("patient")(path)).css,
      "staff.css": async (path) => (await sheet("staff")(path)).css,
      // One print sheet for both: the staff build's, a superset (print rules are few).
      "print.css": async (path) => (await sheet("staff")(path)).printCss,
    },
  });
  const patient = await compiled.patient;
  const staff = await compiled.staff;
  const kib = (text) => `${(text.length / 1024).toFixed(1)} KiB (${(gzipSync(text, { level: 6 }).length / 1024).toFixed(1)} KiB gzip)`;
  console.log(`${relative(root, join(root, "public", manifest["/css/main.css"]))} ${kib(css["main.css"])}, staff ${kib(css["staff.css"])}, print ${kib(css["print.css"])}; assets ${manifest["/assets/"]}`);
  console.log(`NHS.UK components: patient ${patient.components.join(", ")}; staff adds ${staff.components.filter((c) => !patient.components.includes(c)).join(", ") || "none"}`);
}
