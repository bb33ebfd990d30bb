/**
 * Per-request random values (the CSP nonce, the log's request id) cut from one buffer of
 * cryptographically strong bytes, refilled when used up (issue "speed", decision 0146). Each
 * `randomBytes` call is a synchronous trip into OpenSSL and a new Buffer; two of them on every
 * request showed in the profile (randomFillSync). The bytes are the same CSPRNG's, and every
 * byte is handed out once, so a value is as unpredictable as before.
 */
import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

function take(bytes: number): number {
  if (bytes > POOL_BYTES) throw new RangeError(`random pool: at most ${POOL_BYTES} bytes at a time`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const at = offset;
  offset += bytes;
  return at;
}

/** `bytes` random bytes as base64 (as `randomBytes(bytes).toString("base64")`). */
export function randomBase64(bytes: number): string {
  const at = take(bytes);
  return pool.toString("base64", at, at + bytes);
}

/** `bytes` random bytes as lower-case hex (as `randomBytes(bytes).toString("hex")`). */
export function randomHex(bytes: number): string {
  const at = take(bytes);
  return pool.toString("hex", at, at + bytes);
}
