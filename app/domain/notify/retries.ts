/**
 * When a GOV.UK Notify send that failed is tried again (decision 0153). Notify answers a bad
 * address or a refused key (400, 403) the same however often it is asked; no answer at all (the
 * network, a timeout), its rate limit (429) and its own errors (5xx) pass. A message is tried
 * for a day at most: after that a sign-in code or a "your request was sent" would mislead more
 * than it helps.
 */

/** Notify's 400 and 403 (a bad address, a key refused) do not change on retry; 429 and 5xx may. */
export function isPermanentFailure(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500 && status !== 429;
}

/** Minutes to wait after each failed attempt: the first retry after a minute, then longer. */
export const NOTIFY_RETRY_DELAYS_MINUTES = [1, 2, 5, 10, 30, 60, 120, 240, 480] as const;

/** A message older than this is given up, whatever its attempts. */
export const NOTIFY_RETRY_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * When to try a message again after its `attempts`-th attempt failed with `status` (null: no
 * answer), or null to give it up: a permanent failure, every delay used, or a day gone since
 * the message was first sent (`createdAt`).
 */
export function notifyRetryAt(now: Date, createdAt: Date, attempts: number, status: number | null): Date | null {
  if (isPermanentFailure(status)) return null;
  const delay = NOTIFY_RETRY_DELAYS_MINUTES[attempts - 1];
  if (delay === undefined) return null;
  const next = new Date(now.getTime() + delay * 60_000);
  return next.getTime() - createdAt.getTime() > NOTIFY_RETRY_MAX_AGE_MS ? null : next;
}
