/**
 * Sign-in throttling: at most 10 failed attempts a minute per account and per address.
 * Keys are HMACs, so the table holds neither e-mail addresses nor IP addresses.
 */
import { createHmac } from "node:crypto";
import { and, count, eq, gte, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { signInAttempts } from "~/db/schema";
import type { Clock } from "~/domain/clock";

export const MAX_FAILURES_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

export type ThrottleKeys = { accountKey: string; addressKey: string };

export function throttleKeys(secret: string, email: string, address: string): ThrottleKeys {
  const key = (kind: string, value: string) => createHmac("sha256", secret).update(`${kind}:${value}`).digest("base64url");
  return { accountKey: key("account", email.trim().toLowerCase()), addressKey: key("address", address) };
}

export async function isThrottled(db: Db, clock: Clock, keys: ThrottleKeys): Promise<boolean> {
  const since = new Date(clock.now().getTime() - WINDOW_MS);
  const [[byAccount], [byAddress]] = await Promise.all([
    db.select({ n: count() }).from(signInAttempts).where(and(eq(signInAttempts.accountKey, keys.accountKey), gte(signInAttempts.attemptedAt, since))),
    db.select({ n: count() }).from(signInAttempts).where(and(eq(signInAttempts.addressKey, keys.addressKey), gte(signInAttempts.attemptedAt, since))),
  ]);
  return byAccount.n >= MAX_FAILURES_PER_MINUTE || byAddress.n >= MAX_FAILURES_PER_MINUTE;
}

export async function recordFailure(db: Db, clock: Clock, keys: ThrottleKeys) {
  const now = clock.now();
  await db.insert(signInAttempts).values({ ...keys, attemptedAt: now });
  // Old rows are useless once outside the window; trim them as we go.
  await db.delete(signInAttempts).where(lt(signInAttempts.attemptedAt, new Date(now.getTime() - 10 * WINDOW_MS)));
}
