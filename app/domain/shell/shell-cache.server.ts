/**
 * A few-second cache for what every page reads but almost never changes (the maintenance
 * banner, global settings). Keyed by database handle, so tests with their own database
 * never see each other's values. Writers in this process call `invalidateShellCache`; other
 * processes (PostgreSQL deployments) see a change within TTL_MS.
 */
import type { Db } from "~/db/client.server";

export const TTL_MS = 5_000;
const entries = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

export function cachedForShell<T>(db: Db, key: string, load: () => PromiseLike<T>): Promise<T> {
  let forDb = entries.get(db);
  if (!forDb) {
    forDb = new Map();
    entries.set(db, forDb);
  }
  const hit = forDb.get(key);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  // Adopted into a real promise: a drizzle query is a thenable that runs again on every `await`
  // (and on `.catch`), so holding the query itself re-read the table on every page.
  const value = Promise.resolve(load());
  forDb.set(key, { at: now, value });
  // A failed load must not be remembered.
  value.catch(() => forDb?.delete(key));
  return value;
}

export function invalidateShellCache(db: Db) {
  entries.delete(db);
}
