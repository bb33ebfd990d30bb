/** The slice of autocannon's API the benchmark uses (the package ships no types). */
declare module "autocannon" {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      headers?: Record<string, string>;
      /** Run the load generator in this many worker threads. */
      workers?: number;
      warmup?: { connections?: number; duration?: number };
      /** Per connection, in turn; setupRequest and onResponse get that connection's context. */
      requests?: RequestSpec[];
      /** Requests a second across all connections (paced load). */
      overallRate?: number;
      /** Requests one connection makes before it stops. */
      maxConnectionRequests?: number;
    }
    interface RawRequest {
      method: string;
      path: string;
      headers: Record<string, string>;
      body?: string | Buffer;
    }
    interface RequestSpec {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
    }
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total?: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }
    interface Result {
      url: string;
      connections: number;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
