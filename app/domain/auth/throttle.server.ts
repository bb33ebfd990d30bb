/**
 * Throttles for guessing: at most 10 attempts a minute per account and per address (sign-in,
 * password proofs, MFA codes, registration probes, reset requests). Keys are HMACs, so the table
 * holds neither e-mail addresses nor IP addresses.
 *
 * Atomic (docs/decisions/0071-atomic-throttles.md): an attempt is written BEFORE the check it
 * guards and the attempts of the last minute are counted after. Sixty wrong passwords posted at
 * once are sixty rows; each attempt is checked only if it counted at most ten, and the last of any
 * checked attempts to count saw every checked attempt's row, so no more than ten are ever checked
 * in a minute, however they interleave. A check that succeeds takes its row back, so only
 * failures keep counting. The window slides: a minute after a burst, the key is free again.
 */
import { createHmac } from "node:crypto";
import { and, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { throttleAttempts } from "~/db/schema";
import type { Clock } from "~/domain/clock";

export const MAX_FAILURES_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

export type ThrottleKeys = { accountKey: string; addressKey: string };

export function throttleKeys(secret: string, email: string, address: string): ThrottleKeys {
  const key = (kind: string, value: string) => createHmac("sha256", secret).update(`${kind}:${value}`).digest("base64url");
  return { accountKey: key("account", email.trim().toLowerCase()), addressKey: key("address", address) };
}

function keysOf(keys: ThrottleKeys): string[] {
  return keys.accountKey === keys.addressKey ? [keys.accountKey] : [keys.accountKey, keys.addressKey];
}

/** One attempt, written; give it back with `attempt.succeeded()` when the check passes. */
export type Attempt = { throttled: boolean; succeeded(): Promise<void> };

/**
 * Counts one attempt for each key and says whether it is over the limit (then the caller must
 * not check it at all).
 */
export async function takeAttempt(db: Db, clock: Clock, keys: ThrottleKeys): Promise<Attempt> {
  const now = clock.now();
  const since = new Date(now.getTime() - WINDOW_MS);
  const ids = await db
    .insert(throttleAttempts)
    .values(keysOf(keys).map((key) => ({ key, attemptedAt: now })))
    .returning({ id: throttleAttempts.id });
  const counts = await Promise.all(
    keysOf(keys).map(async (key) => {
      const [row] = await db
        .select({ n: count() })
        .from(throttleAttempts)
        .where(and(eq(throttleAttempts.key, key), gt(throttleAttempts.attemptedAt, since)));
      return row.n;
    }),
  );
  // Old rows are useless once outside the window; trim them now and then.
  if (Math.random() < 0.05) await db.delete(throttleAttempts).where(lt(throttleAttempts.attemptedAt, new Date(now.getTime() - 10 * WINDOW_MS)));
  return {
    throttled: counts.some((n) => n > MAX_FAILURES_PER_MINUTE),
    succeeded: async () => {
      await db.delete(throttleAttempts).where(inArray(throttleAttempts.id, ids.map((r) => r.id)));
    },
  };
}
