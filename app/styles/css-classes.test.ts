/**
 * The stylesheets ship only what the pages use (app/styles/build.mjs, issue "speed"): NHS.UK's
 * core, the components whose classes the app writes, minus the selectors of classes no source
 * writes. There are two screen sheets (decision 0142): main.css, purged against the patient
 * sources (every source that is not staff-only, app/styles/sheets.mjs), and staff.css, purged
 * against all of them and with app/styles/_staff.scss. This test builds both as
 * `npm run build:css` does, and the whole sheets (all of NHS.UK, nothing dropped) beside them,
 * and fails when a class a source writes (a `className` in app/**\/*.tsx, or a
 * `className: "…"` value in app/**\/*.ts) has a rule in the whole sheet but not in the shipped
 * one: any source against staff.css, a patient source against main.css. The message names the
 * class and the file and line that write it. (Classes with no rule anywhere, such as hooks for
 * tests or NHS.UK names of older versions, are not this test's business; nor, for main.css, are
 * the few classes shared code writes for staff viewers alone, who always get staff.css:
 * STAFF_VIEWER_CLASSES.)
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import postcss from "postcss";
import { beforeAll, describe, expect, test } from "vitest";
import { classesInSources, compileCss, sheetSourceFiles, sourceFiles } from "./build.mjs";
import { isStaffOnlyRoute } from "./sheets.mjs";

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

type Sheet = "patient" | "staff";

/**
 * Classes that patient-side code writes only when the viewer is staff (root passes `staff` /
 * `fluid` from the staff audience), so only staff.css needs them: the staff header with its
 * account menu and practice name, and the compact cookie strip.
 */
const STAFF_VIEWER_CLASSES = /^app-(header--staff|header-practice|account(__[a-z-]+)?|cookie-strip(__[a-z-]+)?)$/;

/** The classes the given source files write that the whole sheet styles and the shipped one does not. */
function missingClasses(files: string[], shipped: Built, whole: Built, sheetName: string, exempt = /^$/): string[] {
  const styled = classesIn(shipped.css + shipped.printCss);
  const styledAnywhere = classesIn(whole.css + whole.printCss);
  const uses = files.flatMap((path) => classUses(readFileSync(path, "utf8"), relative(root, path)));
  expect(uses.length).toBeGreaterThan(400);
  const missing = uses.filter((use) => styledAnywhere.has(use.name) && !styled.has(use.name) && !exempt.test(use.name));
  return [...new Map(missing.map((u) => [`${u.name} ${u.file}`, u])).values()].map(
    (u) => `class "${u.name}" (${u.file}:${u.line}) has a rule in NHS.UK or our styles but none in the shipped public/css/${sheetName}`,
  );
}

describe("the built CSS", () => {
  const shipped = {} as Record<Sheet, Built>;
  const whole = {} as Record<Sheet, Built>;
  beforeAll(async () => {
    for (const sheet of ["patient", "staff"] as const) {
      shipped[sheet] = (await compileCss({ sheet })) as Built;
      whole[sheet] = (await compileCss({ everything: true, sheet })) as Built;
    }
  }, 400_000);

  test("main.css has a rule for every class a patient-side source writes", () => {
    expect(
      // Against the whole staff sheet: a patient page's class moved into _staff.scss fails here.
      missingClasses(sheetSourceFiles("patient") as string[], shipped.patient, whole.staff, "main.css", STAFF_VIEWER_CLASSES),
      "a patient page writes these classes but app/styles/build.mjs dropped their rules: see app/styles/sheets.mjs, classesInSources and usedComponents",
    ).toEqual([]);
  });

  test("staff.css has a rule for every class any source writes", () => {
    expect(
      missingClasses(sourceFiles() as string[], shipped.staff, whole.staff, "staff.css"),
      "a page writes these classes but app/styles/build.mjs dropped their rules: see classesInSources and usedComponents",
    ).toEqual([]);
  });

  test("staff.css is a superset of main.css, and main.css leaves the staff screen out", () => {
    const patient = classesIn(shipped.patient.css);
    const staff = classesIn(shipped.staff.css);
    expect([...patient].filter((name) => !staff.has(name))).toEqual([]);
    for (const name of ["app-inbox-table", "app-inbox-nav", "app-calendar", "app-report-chart", "app-header--staff", "app-account__menu"]) {
      expect(staff.has(name), name).toBe(true);
      expect(patient.has(name), name).toBe(false);
    }
  });

  test("the patient sources are every file but the staff-only ones", () => {
    const patient = new Set((sheetSourceFiles("patient") as string[]).map((path) => relative(root, path)));
    // Staff-only routes, and components only they import.
    for (const file of ["app/routes/inboxes/$practiceCode.inboxes.$inbox.tsx", "app/components/inbox/InboxList.tsx", "app/components/reports/ReportChart.tsx", "app/components/rota/RotaNav.tsx"]) {
      expect(patient.has(file), file).toBe(false);
    }
    // Patient pages, the pages of staff areas others open, the shell, and what they import.
    for (const file of [
      "app/root.tsx",
      "app/components/Header.tsx",
      "app/components/ErrorPages.tsx",
      "app/components/admin/MaintenancePage.tsx",
      "app/server/plain-pages.server.ts",
      "app/routes/requests/$practiceCode.message._index.tsx",
      "app/routes/video/$practiceCode.waitingroom.tsx",
      "app/routes/templates/patient_bulk_messages.patient.tsx",
      "app/routes/administration/practice.$practiceCode.register.staff.$token.tsx",
    ]) {
      expect(patient.has(file), file).toBe(true);
    }
    expect(isStaffOnlyRoute("routes/reports/$practiceCode.report.tsx")).toBe(true);
    expect(isStaffOnlyRoute("routes/templates/$practiceCode.bm.$bulkMessageId.files.$token.tsx")).toBe(false);
    expect(isStaffOnlyRoute("routes/public-and-sign-in/_index.tsx")).toBe(false);
  });

  test("keeps what is used and drops what is not", () => {
    const { css } = shipped.patient;
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
