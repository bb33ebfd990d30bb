/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): self time by package or app folder, the
 * heaviest functions, and the inclusive time of the app's own functions.
 *
 *   node --import tsx bench/profile-summary.ts CPU.….cpuprofile [top]
 */
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const profile = JSON.parse(readFileSync(process.argv[2], "utf8")) as Profile;
const top = Number(process.argv[3] ?? 25);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  if (!url) return "(native / V8)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.includes("/build/index.js")) return "app (build/index.js)";
  if (url.startsWith("node:")) return "node internals";
  return url.replace(/^file:\/\/\/work\/[^/]+\//, "");
}

const byWhere = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const w = where(node.callFrame.url);
  byWhere.set(w, (byWhere.get(w) ?? 0) + us);
  const f = node.callFrame.functionName || "(anonymous)";
  const key = ["(idle)", "(program)", "(garbage collector)"].includes(f) ? f : `${f} ${w}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / totalUs).toFixed(1)}%`;
const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
console.log(`Profile: ${ms(totalUs)} sampled\n\nSelf time by where:`);
for (const [w, us] of [...byWhere].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us).padStart(6)}  ${ms(us).padStart(8)}  ${w}`);
console.log("\nHeaviest functions (self):");
for (const [f, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us).padStart(6)}  ${ms(us).padStart(8)}  ${f}`);

// Inclusive time of the app's functions (build/index.js), by name.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const node = byId.get(cur)!;
    if (!node.callFrame.url.includes("/build/index.js")) continue;
    const key = `${node.callFrame.functionName || "(anonymous)"}:${node.callFrame.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
console.log("\nApp functions, inclusive:");
for (const [f, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us).padStart(6)}  ${ms(us).padStart(8)}  ${f}`);
