/**
 * Lighthouse for bench/lighthouse.ts, installed on demand into bench/.tools (git-ignored) rather
 * than listed in package.json: it and its browser tooling are ~100 packages that every CI
 * `npm ci` would otherwise fetch for a bench nobody runs there. Also the summary of a report.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The goals (issue "speed"): scores are Lighthouse's 0–1. */
export const LIGHTHOUSE_GOALS = { performance: 0.98, lcpMs: 1200, accessibility: 1, bestPractices: 1 } as const;

const MAJOR = 13;

/** The parts of a Lighthouse result (LHR) the bench reads. */
type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number };
type Category = { score: number | null; auditRefs: { id: string; weight: number }[] };
export type Lhr = {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, Category | undefined>;
  audits: Record<string, Audit | undefined>;
};

type LighthouseFn = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<{ lhr: Lhr; report: string | string[] } | undefined>;
type ChromeLauncher = {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }>;
};

/** Installs Lighthouse 13 into bench/.tools when it is missing (or another major), then imports it. */
export async function loadLighthouse(root: string): Promise<{ lighthouse: LighthouseFn; chromeLauncher: ChromeLauncher; version: string }> {
  const prefix = join(root, "bench/.tools");
  const modules = join(prefix, "node_modules");
  const manifest = join(modules, "lighthouse/package.json");
  const installed = () => (existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version : null);
  if (!installed()?.startsWith(`${MAJOR}.`)) {
    console.error(`bench: installing lighthouse@${MAJOR} into ${prefix} (once; not a dependency of the app)…`);
    // --no-save: nothing is written to the app's package.json or lock file.
    execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix, `lighthouse@${MAJOR}`], { stdio: "inherit" });
  }
  const lighthouse = (await import(pathToFileURL(join(modules, "lighthouse/core/index.js")).href)) as { default: LighthouseFn };
  const chromeLauncher = (await import(pathToFileURL(join(modules, "chrome-launcher/dist/index.js")).href)) as ChromeLauncher & { default?: ChromeLauncher };
  return { lighthouse: lighthouse.default, chromeLauncher: chromeLauncher.default ?? chromeLauncher, version: installed() ?? "?" };
}

export type FailingAudit = { category: string; id: string; title: string; score: number | null; displayValue?: string };

export type PageSummary = {
  path: string;
  lighthouseVersion: string;
  /** The page's own HTTP status, as Lighthouse saw it. */
  status: number | null;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  lcpMs: number | null;
  fcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  runtimeError?: string;
  /** Scored audits below 1 in the three categories, plus performance opportunities with savings. */
  failing: FailingAudit[];
};

const CATEGORIES = { performance: "performance", accessibility: "accessibility", "best-practices": "best practices" } as const;

export function summarise(lhr: Lhr, path: string): PageSummary {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const failing: FailingAudit[] = [];
  for (const [key, name] of Object.entries(CATEGORIES)) {
    for (const ref of lhr.categories[key]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const scored = audit.scoreDisplayMode === "binary" || audit.scoreDisplayMode === "numeric" || audit.scoreDisplayMode === "metricSavings";
      if (scored && audit.score !== null && audit.score < 1) {
        failing.push({ category: name, id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue });
      }
    }
  }
  // Opportunities and diagnostics that are not in a category's weighted refs but still flag.
  for (const audit of Object.values(lhr.audits)) {
    if (!audit || failing.some((f) => f.id === audit.id)) continue;
    if (audit.scoreDisplayMode === "metricSavings" && audit.score !== null && audit.score < 1) {
      failing.push({ category: "performance", id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue });
    }
  }
  const mainDocument = lhr.audits["network-requests"] as (Audit & { details?: { items?: { url: string; statusCode: number; resourceType?: string }[] } }) | undefined;
  const documentRow = mainDocument?.details?.items?.find((item) => item.resourceType === "Document");
  return {
    path,
    lighthouseVersion: lhr.lighthouseVersion,
    status: documentRow?.statusCode ?? null,
    performance: lhr.categories.performance?.score ?? null,
    accessibility: lhr.categories.accessibility?.score ?? null,
    bestPractices: lhr.categories["best-practices"]?.score ?? null,
    lcpMs: numeric("largest-contentful-paint"),
    fcpMs: numeric("first-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    failing,
  };
}
