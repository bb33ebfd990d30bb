/**
 * Staff at work: each virtual staff member has their own signed-in session and keep-alive
 * connection, opens a page, reads it for a while (think time), and opens the next. This is
 * what "20 concurrent staff" does to the server, unlike a closed loop with no think time
 * (autocannon flat out), which measures how deep a queue 20 robots build.
 *
 * Think times are drawn uniformly from [minThinkMs, maxThinkMs], so arrivals spread out
 * instead of landing in the per-second bursts autocannon's overallRate sends. Latency is
 * from sending the request to the last byte of the body, as the browser waits.
 */
import http from "node:http";
import { assertLocal } from "./http";

export type StaffLoadOptions = {
  baseUrl: string;
  path: string;
  /** One cookie header per staff member. */
  cookies: string[];
  durationSeconds: number;
  warmupSeconds: number;
  minThinkMs: number;
  maxThinkMs: number;
};

export type StaffLoadResult = {
  staff: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function fetchOnce(agent: http.Agent, url: URL, cookie: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers: { cookie, "accept-encoding": "gzip" }, timeout: 30_000 }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function staffLoad(options: StaffLoadOptions): Promise<StaffLoadResult> {
  const url = assertLocal(`${options.baseUrl}${options.path}`);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const measureFrom = started + options.warmupSeconds * 1000;
  const stopAt = measureFrom + options.durationSeconds * 1000;
  const think = () => options.minThinkMs + Math.random() * (options.maxThinkMs - options.minThinkMs);

  const member = async (cookie: string) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Staff do not all arrive in the same millisecond.
    await sleep(Math.random() * options.maxThinkMs);
    try {
      while (performance.now() < stopAt) {
        const sentAt = performance.now();
        try {
          const { status, ms } = await fetchOnce(agent, url, cookie);
          if (sentAt >= measureFrom) {
            latencies.push(ms);
            if (status < 200 || status >= 300) non2xx++;
          }
        } catch {
          if (sentAt >= measureFrom) errors++;
        }
        await sleep(think());
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(options.cookies.map(member));
  const sorted = latencies.sort((a, b) => a - b);
  return {
    staff: options.cookies.length,
    requests: sorted.length,
    reqPerSec: sorted.length / options.durationSeconds,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    non2xx,
    errors,
  };
}
