/**
 * The request load bench (bench/request-load.ts) run BENCH_RUNS times (default 5), one after
 * another, then one table of the runs with the median and range of each figure beside issue
 * "speed"'s goals. On a shared machine one run says little: between two runs of the same code
 * here Frontdoor moved 386–623 req/s and the floor 1,144–1,417 (stop 38). Each run's ratios are
 * still taken within that run (same machine load for the three targets); the spread across runs
 * is what a single figure would hide.
 *
 *   npm run build && node --import tsx bench/request-runs.ts
 *
 * Every BENCH_* setting of request-load.ts passes through (BENCH_BASELINE_DIR too: its row is
 * summarised as "baseline").
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fixed, median, table } from "./format";

const root = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Math.max(1, Math.min(20, Number(process.env.BENCH_RUNS ?? 5) || 5));

type Target = { reqPerSec: number; p99Ms: number; cpuMs: { server?: number; postgres?: number } };
type Report = { frontdoor: Target; floor: Target; bare: Target; baseline?: Target; ratio: number; ofFloor: number };

function runOnce(n: number): Report {
  console.error(`bench: run ${n} of ${RUNS}…`);
  const run = spawnSync(process.execPath, ["--import", "tsx", "bench/request-load.ts"], { cwd: root, env: process.env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const written = /Wrote (bench\/results\/requests-[^\s]+\.json)/.exec(run.stdout ?? "");
  if (run.status !== 0 || !written) throw new Error(`bench: run ${n} failed (exit ${run.status}):\n${run.stdout}`);
  return JSON.parse(readFileSync(`${root}/${written[1]}`, "utf8")) as Report;
}

const spread = (xs: number[], digits: number) => `${fixed(median(xs), digits)} (${fixed(Math.min(...xs), digits)}–${fixed(Math.max(...xs), digits)})`;
const met = (xs: number[], ok: (x: number) => boolean) => `${xs.filter(ok).length} of ${xs.length}`;

const reports: Report[] = [];
for (let n = 1; n <= RUNS; n++) reports.push(runOnce(n));

const column = (pick: (r: Report) => number | undefined) => reports.map(pick).filter((x): x is number => typeof x === "number" && Number.isFinite(x));
const rows: string[][] = reports.map((r, i) => [
  String(i + 1),
  ...(r.baseline ? [fixed(r.baseline.reqPerSec, 0)] : []),
  fixed(r.frontdoor.reqPerSec, 0),
  fixed(r.floor.reqPerSec, 0),
  fixed(r.bare.reqPerSec, 0),
  fixed(r.ratio, 3),
  fixed(r.ofFloor, 2),
  `${fixed(r.frontdoor.p99Ms, 0)} ms`,
  `${fixed(r.floor.p99Ms, 0)} ms`,
  `${fixed(r.frontdoor.cpuMs.server ?? Number.NaN, 2)} / ${fixed(r.frontdoor.cpuMs.postgres ?? Number.NaN, 2)}`,
]);
const withBaseline = reports.every((r) => r.baseline);
console.log(
  `\nRequest load, ${RUNS} runs (each: Frontdoor, then the Remix floor, then bare Express, ratios within the run)\n`,
);
console.log(
  table(
    ["Run", ...(withBaseline ? ["Baseline req/s"] : []), "Frontdoor req/s", "Floor req/s", "Bare req/s", "÷ bare", "÷ floor", "p99", "Floor p99", "CPU ms/req app / PG"],
    rows,
  ),
);
console.log("");
const ofBare = column((r) => r.ratio);
const ofFloor = column((r) => r.ofFloor);
const p99 = column((r) => r.frontdoor.p99Ms);
console.log(
  table(
    ["Figure", "Goal (issue \"speed\")", "Median (range)", "Runs meeting it"],
    [
      ["Frontdoor ÷ bare Express", "≥ 0.10", spread(ofBare, 3), met(ofBare, (x) => x >= 0.1)],
      ["Frontdoor ÷ Remix floor", "≥ 0.5", spread(ofFloor, 2), met(ofFloor, (x) => x >= 0.5)],
      ["p99 at 50 connections", "≤ 100 ms", `${spread(p99, 0)} ms`, met(p99, (x) => x <= 100)],
      ["Remix floor's own p99", "–", `${spread(column((r) => r.floor.p99Ms), 0)} ms`, "–"],
      ["Frontdoor req/s", "–", spread(column((r) => r.frontdoor.reqPerSec), 0), "–"],
      ...(withBaseline ? [["Baseline req/s", "–", spread(column((r) => r.baseline?.reqPerSec), 0), "–"]] : []),
    ],
  ),
);
