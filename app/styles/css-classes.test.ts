/**
 * The stylesheet ships only what the pages use (app/styles/build.mjs, issue "speed"): NHS.UK's
 * core, the components whose classes the app writes, minus the selectors of classes no source
 * writes. This test builds it as `npm run build:css` does, and the whole sheet (all of NHS.UK,
 * nothing dropped) beside it, and fails when a class a page writes (a `className` in
 * app/**\/*.tsx, or a `className: "…"` value in app/**\/*.ts) has a rule in the whole sheet but
 * not in the shipped one: the build dropped what a page needs. The message names the class and
 * the file and line that write it. (Classes with no rule anywhere, such as hooks for tests or
 * NHS.UK names of older versions, are not this test's business.)
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import postcss from "postcss";
import { beforeAll, describe, expect, test } from "vitest";
import { classesInSources, compileCss, sourceFiles } from "./build.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));

type Use = { name: string; file: string; line: number };

/** The text of each `className=…` expression of a .tsx file, and `className: "…"` of a .ts one. */
function classExpressions(text: string): Array<{ text: string; index: number }> {
  const found: Array<{ text: string; index: number }> = [];
  for (const match of text.matchAll(/className(=|:\s*)/g)) {
    const start = match.index + match[0].length;
    const open = text[start];
    if (open === '"' || open === "'") {
      const end = text.indexOf(open, start + 1);
      found.push({ text: text.slice(start, end + 1), index: start });
    } else if (open === "{" || open === "`") {
      // Up to the matching brace (a template literal's `${…}` nest inside).
      let depth = 0;
      let end = start;
      for (; end < text.length; end++) {
        const c = text[end];
        if (c === "{") depth++;
        else if (c === "}") depth--;
        if (open === "{" && depth === 0) break;
        if (open === "`" && c === "`" && end > start && depth === 0) break;
      }
      found.push({ text: text.slice(start, end + 1), index: start });
    }
  }
  return found;
}

/** The class names a source file writes literally, with where. Names built at run time are skipped. */
function classUses(text: string, file: string): Use[] {
  const uses: Use[] = [];
  for (const expression of classExpressions(text)) {
    // Only inside string literals and template text.
    for (const literal of expression.text.matchAll(/"([^"]*)"|'([^']*)'|`([^`]*)`/g)) {
      const body = literal[1] ?? literal[2] ?? literal[3] ?? "";
      for (const token of body.matchAll(/(?<![\w$-])((?:nhsuk|app|fd)-[a-z0-9_-]+)/gi)) {
        const name = token[1];
        const next = body.slice((token.index ?? 0) + name.length, (token.index ?? 0) + name.length + 2);
        if (next === "${" && /[-_]$/.test(name)) continue;
        if (/[-_]$/.test(name)) continue;
        const at = expression.index + (literal.index ?? 0);
        uses.push({ name, file, line: text.slice(0, at).split("\n").length });
      }
    }
  }
  return uses;
}

/**
 * The class names a stylesheet has a selector for. Selectors under `.nhsuk-frontend-supported`
 * do not count: NHS.UK's own script sets that class, and the app never runs it.
 */
function classesIn(css: string): Set<string> {
  const names = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    for (const selector of rule.selectors) {
      if (selector.includes(".nhsuk-frontend-supported")) continue;
      for (const m of selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) names.add(m[1]);
    }
  });
  return names;
}

type Built = { css: string; printCss: string };

describe("the built CSS", () => {
  let shipped: Built;
  let whole: Built;
  beforeAll(async () => {
    shipped = (await compileCss()) as Built;
    whole = (await compileCss({ everything: true })) as Built;
  }, 240_000);

  test("has a rule for every class a page writes that NHS.UK or main.scss styles", () => {
    const styled = classesIn(shipped.css + shipped.printCss);
    const styledAnywhere = classesIn(whole.css + whole.printCss);
    const files = (sourceFiles() as string[]).map((path) => ({ path, file: relative(root, path), text: readFileSync(path, "utf8") }));
    const uses = files.flatMap(({ file, text }) => classUses(text, file));
    expect(uses.length).toBeGreaterThan(500);
    const missing = uses.filter((use) => styledAnywhere.has(use.name) && !styled.has(use.name));
    const lines = [...new Map(missing.map((u) => [`${u.name} ${u.file}`, u])).values()].map(
      (u) => `class "${u.name}" (${u.file}:${u.line}) has a rule in NHS.UK but none in the shipped public/css/main.css`,
    );
    expect(
      lines,
      "a page writes these classes but app/styles/build.mjs dropped their rules: see classesInSources and usedComponents there",
    ).toEqual([]);
  });

  test("keeps what is used and drops what is not", () => {
    const { css } = shipped;
    const styled = classesIn(css);
    // Shell classes every page writes.
    for (const name of ["nhsuk-header", "nhsuk-footer", "nhsuk-skip-link", "nhsuk-width-container", "nhsuk-main-wrapper", "nhsuk-error-summary"]) {
      expect(styled.has(name), name).toBe(true);
    }
    // NHS.UK classes no page writes.
    for (const name of ["nhsuk-hero", "nhsuk-do-dont-list", "nhsuk-task-list", "nhsuk-u-margin-top-9"]) {
      expect(styled.has(name), name).toBe(false);
    }
    // No custom property is defined that nothing reads.
    const read = new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]));
    const defined = [...css.matchAll(/[{;](--[\w-]+):/g)].map((m) => m[1]);
    expect(defined.filter((name) => !read.has(name))).toEqual([]);
  });

  test("reads class names as the pages write them", () => {
    const text = ['<div className="nhsuk-card app-thing">', "<p className={`nhsuk-body${x ? \" nhsuk-u-bold\" : \"\"} nhsuk-input--width-${n}`}>", 'const tag = { className: "nhsuk-tag nhsuk-tag--blue" };'].join("\n");
    expect(classUses(text, "x.tsx").map((u) => `${u.name}:${u.line}`)).toEqual([
      "nhsuk-card:1",
      "app-thing:1",
      "nhsuk-body:2",
      "nhsuk-u-bold:2",
      "nhsuk-tag:3",
      "nhsuk-tag--blue:3",
    ]);
    const sources = classesInSources(["`nhsuk-input--width-${n}`", "`nhsuk-${kind}__divider`", '"nhsuk-tag--green"']) as { has: (name: string) => boolean };
    expect(sources.has("nhsuk-input--width-10")).toBe(true);
    expect(sources.has("nhsuk-radios__divider")).toBe(true);
    expect(sources.has("nhsuk-tag--green")).toBe(true);
    expect(sources.has("nhsuk-tag--red")).toBe(false);
  });
});
