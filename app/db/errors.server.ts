/**
 * What a database error means for the person who caused it. Two kinds matter:
 * - the database is unreachable (restarting, network, too many connections): the page is a 503
 *   with Retry-After and nothing was saved by the failed statement;
 * - the database refused a value (SQLSTATE class 22, e.g. an integer past 2^31, a NUL byte in
 *   text): the input was bad, so a 400, never a 500.
 * Drizzle wraps driver errors (`cause`), so the chain is walked.
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /connection ended unexpectedly/i,
  /cannot use a pool after calling end/i,
  /client was closed and is not queryable/i,
  /not queryable/i,
];

function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string))) return true;
  }
  return false;
}

/** SQLSTATE class 22 (data exception): the value sent could not be stored or compared. */
export function isBadValue(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === "string" && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}
