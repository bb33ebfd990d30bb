/**
 * Load runs with autocannon. The load generator runs in its own worker thread so that it
 * does not share an event loop with the servers it measures (they run on the main thread).
 */
import autocannon from "autocannon";
import { assertLocal } from "./http";

export type LoadSettings = {
  /** Seconds per measured run. */
  duration: number;
  connections: number;
  /** Seconds of unmeasured load before each run (JIT, caches, connection set-up); 0 for none. */
  warmup: number;
};

export type LoadResult = {
  label: string;
  url: string;
  /** Mean requests per second over the measured run. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  requests: number;
  /** Mean response size including headers, in bytes. */
  bytesPerResponse: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
};

/** Reads a whole number from the environment, within bounds; an invalid value is an error. */
export function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

export function loadSettingsFromEnv(): LoadSettings {
  const duration = intFromEnv("BENCH_DURATION", 10, 1, 600);
  return {
    duration,
    connections: intFromEnv("BENCH_CONNECTIONS", 10, 1, 1000),
    // Default: 2 s, or less for very short runs.
    warmup: intFromEnv("BENCH_WARMUP", Math.min(2, Math.ceil(duration / 5)), 0, 60),
  };
}

export async function runLoad(label: string, url: string, settings: LoadSettings, headers: Record<string, string>): Promise<LoadResult> {
  assertLocal(url);
  const limitMs = (settings.duration + settings.warmup + 30) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`load run "${label}" did not finish within ${limitMs / 1000} s`)), limitMs);
  });
  try {
    const result = await Promise.race([
      autocannon({
        url,
        connections: settings.connections,
        duration: settings.duration,
        timeout: 10,
        headers,
        workers: 1,
        ...(settings.warmup > 0 ? { warmup: { connections: settings.connections, duration: settings.warmup } } : {}),
      }),
      overrun,
    ]);
    const statusCodes: Record<string, number> = {};
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count;
    const completed = result.requests.total ?? 0;
    return {
      label,
      url,
      reqPerSec: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      meanMs: result.latency.average,
      requests: completed,
      bytesPerResponse: completed > 0 ? Math.round((result.throughput.total ?? 0) / completed) : 0,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCodes,
    };
  } finally {
    clearTimeout(timer);
  }
}
