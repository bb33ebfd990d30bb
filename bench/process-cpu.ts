/**
 * CPU time used by a process tree, read from /proc (Linux only; elsewhere `undefined`).
 *
 * Requests per second on a 2-core machine swing ±15 % from run to run even when it is quiet;
 * CPU milliseconds per request barely move, so changes to the server path are judged by them
 * (issue "speed"). utime + stime of the process and every descendant (cluster workers with
 * `WEB_CONCURRENCY`), and separately of every PostgreSQL process on the machine.
 */
import { readdirSync, readFileSync } from "node:fs";

/** USER_HZ: the unit of /proc's utime and stime, 100 on every Linux Node.js runs on. */
const TICKS_PER_SECOND = 100;

type Stat = { pid: number; ppid: number; comm: string; cpuMs: number };

function readStat(pid: string): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: fields follow the last ")".
    const close = text.lastIndexOf(")");
    const comm = text.slice(text.indexOf("(") + 1, close);
    const fields = text.slice(close + 2).split(" ");
    // After the name: state(0) ppid(1) … utime(11) stime(12).
    return { pid: Number(pid), ppid: Number(fields[1]), comm, cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined; // gone, or no /proc
  }
}

function allStats(): Stat[] {
  try {
    return readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(readStat)
      .filter((s): s is Stat => s !== undefined);
  } catch {
    return [];
  }
}

export type CpuReading = { tree: number | undefined; postgres: number | undefined };

/** CPU ms so far of `pid` and its descendants, and of all `postgres` processes. */
export function readCpu(pid: number | undefined): CpuReading {
  const stats = allStats();
  if (stats.length === 0 || pid === undefined) return { tree: undefined, postgres: undefined };
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const root = stats.find((s) => s.pid === pid);
  let tree = 0;
  const queue = root ? [root] : [];
  while (queue.length > 0) {
    const s = queue.pop()!;
    tree += s.cpuMs;
    queue.push(...(children.get(s.pid) ?? []));
  }
  const postgres = stats.filter((s) => s.comm === "postgres").reduce((total, s) => total + s.cpuMs, 0);
  return { tree: root ? tree : undefined, postgres };
}

/** CPU ms per request between two readings (undefined where /proc could not be read). */
export function cpuPerRequest(before: CpuReading, after: CpuReading, requests: number) {
  const per = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || requests === 0 ? undefined : (b - a) / requests);
  return { server: per(before.tree, after.tree), postgres: per(before.postgres, after.postgres) };
}
