/**
 * A minimal HTTP GET that returns the body bytes exactly as they came over the wire
 * (no automatic decompression), so "gzip" sizes are what the server really sends.
 * Only 127.0.0.1 is allowed: the benchmark never talks to anything but itself.
 */
import http from "node:http";

export type WireResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Body bytes as received: compressed when content-encoding says so. */
  body: Buffer;
};

const REQUEST_TIMEOUT_MS = 15_000;

export function assertLocal(url: string | URL): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" || parsed.hostname !== "127.0.0.1") {
    throw new Error(`bench only talks to http://127.0.0.1, refusing ${parsed.href}`);
  }
  return parsed;
}

export function get(url: string | URL, headers: Record<string, string>): Promise<WireResponse> {
  const target = assertLocal(url);
  return new Promise((resolve, reject) => {
    const req = http.get(target, { headers, agent: false, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${target.href} timed out after ${REQUEST_TIMEOUT_MS} ms`)));
    req.on("error", reject);
  });
}

/** Fetches a URL twice: uncompressed (raw bytes) and with gzip accepted (bytes on the wire). */
export async function getRawAndGzip(url: string | URL, headers: Record<string, string>) {
  const raw = await get(url, { ...headers, "accept-encoding": "identity" });
  const gz = await get(url, { ...headers, "accept-encoding": "gzip" });
  const encoding = String(gz.headers["content-encoding"] ?? "identity");
  return {
    status: raw.status,
    contentType: String(raw.headers["content-type"] ?? ""),
    body: raw.body,
    rawBytes: raw.body.length,
    gzipBytes: gz.body.length,
    /** False when the server chose not to compress (e.g. below the compression threshold). */
    compressed: encoding === "gzip",
  };
}
