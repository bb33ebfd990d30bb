/**
 * `node --import tsx bench/startup.ts`: start-up on the embedded database (issue "speed"), build
 * excluded. Two measures, each run BENCH_STARTUP_RUNS (3) times:
 *
 * 1. End to end: `node --max-semi-space-size=32 build/server.js` as `npm start` runs it
 *    (production, demo seed on), from spawning the process to the first 200 of `/`: from an empty
 *    data folder (migrations and the demo seed included), then again on the data it left.
 *    `npm start` builds first, and the build's last step leaves a spare copy of the migrated
 *    template that a new data folder takes with one rename (decision 0166): that step runs
 *    before each empty start here too, outside the clock. A third row starts an empty folder
 *    with no spare (the template copied file by file, as a second new folder after one build).
 *    BENCH_STARTUP_ENTRY=tsx measures `--import tsx server.ts` instead (what e2e runs).
 * 2. Where the time goes: the same steps as server.ts in a child process with a clock between
 *    them: loading the modules, opening PGlite (start and migrations), the demo seed, loading
 *    the server build, the first request.
 *
 * Not a test: prints a table and writes bench/results/startup-<time>.json. Read the figures
 * with the load average printed beside them (the machine may be shared).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { fixed, median, table } from "./format";

const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
/** What `npm start` runs (decision 0138), or server.ts through tsx. */
const entry = process.env.BENCH_STARTUP_ENTRY === "tsx" ? ["--import", "tsx", "server.ts"] : ["build/server.js"];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const env = (dataDir: string, port: number) => ({
  ...process.env,
  NODE_ENV: "production" as const,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  SESSION_SECRET: "bench-secret-bench-secret-bench-secret-123",
  LOG_LEVEL: "silent",
  SEED_DEMO: "true",
  FILES_DIR: join(dataDir, "files"),
  DATABASE_URL: "",
});

/** Whether something accepts connections on the port: a bare TCP connect, far cheaper than a fetch. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Milliseconds from spawning server.ts to its first 200 of `/`. Until the port accepts, the wait
 * is a TCP connect every 20 ms: a failing fetch each time took ~0.2 s of CPU from the two cores
 * the start itself uses (stop 42).
 */
async function firstOk(dataDir: string): Promise<number> {
  const port = await freePort();
  // undici loads before the clock starts, not during the start it measures.
  await fetch("data:,").catch(() => {});
  const started = performance.now();
  const child = spawn(process.execPath, ["--max-semi-space-size=32", ...entry], { cwd: root, env: env(dataDir, port), stdio: ["ignore", "ignore", "inherit"] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server.ts exited (${child.exitCode})`);
      if (!(await accepts(port))) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }
}

/**
 * What `npm start`'s build does last: the PGlite template, and its spare copy if the last start
 * took it (scripts/pglite-template.ts). With `spare: false`, the spare is removed instead.
 */
function buildStep({ spare }: { spare: boolean }) {
  const made = spawnSync(process.execPath, ["build/pglite-template.js"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (made.status !== 0) throw new Error("build/pglite-template.js failed: run npm run build first");
  if (!spare) {
    const cache = join(root, ".cache");
    for (const name of readdirSync(cache)) if (name.endsWith(".spare")) rmSync(join(cache, name), { recursive: true, force: true });
  }
}

/** The phases, timed inside a child process (bench/startup-phases.ts). */
function phases(dataDir: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "bench/startup-phases.ts"], { cwd: root, env: env(dataDir, 0), stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop() ?? "{}")) : reject(new Error(`phases exited ${code}`))));
  });
}

const row = (name: string, { runs, load }: { runs: number[]; load: number }, goal: string) => [
  name,
  `${fixed(median(runs) / 1000, 2)} s`,
  `${fixed(Math.min(...runs) / 1000, 2)} s`,
  `${fixed(Math.max(...runs) / 1000, 2)} s`,
  goal,
  fixed(load, 1),
];

async function main() {
  const startedAt = new Date();
  const results: Record<string, { runs: number[]; load: number }> = { empty: { runs: [], load: 0 }, emptyNoSpare: { runs: [], load: 0 }, withData: { runs: [], load: 0 } };
  const phaseRuns: { empty: Record<string, number>[]; withData: Record<string, number>[] } = { empty: [], withData: [] };
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), "frontdoor-startup-"));
    const noSpare = mkdtempSync(join(tmpdir(), "frontdoor-startup-"));
    try {
      buildStep({ spare: false });
      results.emptyNoSpare.runs.push(await firstOk(noSpare));
      results.emptyNoSpare.load = loadavg()[0];
      buildStep({ spare: true });
      results.empty.runs.push(await firstOk(dir));
      results.empty.load = loadavg()[0];
      results.withData.runs.push(await firstOk(dir));
      results.withData.load = loadavg()[0];
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(noSpare, { recursive: true, force: true });
    }
    buildStep({ spare: true });
    const dir2 = mkdtempSync(join(tmpdir(), "frontdoor-startup-"));
    try {
      phaseRuns.empty.push(await phases(dir2));
      phaseRuns.withData.push(await phases(dir2));
    } finally {
      rmSync(dir2, { recursive: true, force: true });
    }
  }
  console.log(`Start-up on PGlite, build excluded — node ${entry.join(" ")}, ${startedAt.toISOString()}, ${runs} runs each (median, min–max)\n`);
  console.log(
    table(
      ["Data folder", "First 200 (median)", "min", "max", "Goal", "Load avg"],
      [
        row("empty (migrations + demo seed), as npm start", results.empty, "3 s"),
        row("empty, no spare (template copied)", results.emptyNoSpare, "3 s"),
        row("with data", results.withData, "1.5 s"),
      ],
    ),
  );
  const names = Object.keys(phaseRuns.empty[0] ?? {});
  console.log("\nWhere the time goes (median ms per phase, in-process clock):\n");
  console.log(
    table(
      ["Phase", "empty", "with data"],
      names.map((name) => [name, fixed(median(phaseRuns.empty.map((p) => p[name])), 0), fixed(median(phaseRuns.withData.map((p) => p[name])), 0)]),
    ),
  );
  const dir = join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `startup-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify({ startedAt, results, phaseRuns }, null, 2)}\n`);
  console.log(`\nWrote ${relative(root, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
