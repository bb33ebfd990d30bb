import { describe, expect, it } from "vitest";
import { isPermanentFailure, NOTIFY_RETRY_DELAYS_MINUTES, notifyRetryAt } from "./retries";

const created = new Date("2026-11-29T09:00:00Z");
const minutes = (n: number) => new Date(created.getTime() + n * 60_000);

describe("isPermanentFailure", () => {
  it("is a bad address or a refused key (4xx), not a rate limit, Notify's own error or no answer", () => {
    expect([400, 403, 404].map(isPermanentFailure)).toEqual([true, true, true]);
    expect([429, 500, 503, null].map(isPermanentFailure)).toEqual([false, false, false, false]);
  });
});

describe("notifyRetryAt", () => {
  it("tries again a minute after the first failure, then waits longer each time", () => {
    expect(notifyRetryAt(created, created, 1, 503)).toEqual(minutes(1));
    expect(notifyRetryAt(minutes(1), created, 2, null)).toEqual(minutes(3));
    expect(notifyRetryAt(minutes(3), created, 3, 429)).toEqual(minutes(8));
  });

  it("gives up at once on a failure that will not pass", () => {
    expect(notifyRetryAt(created, created, 1, 400)).toBeNull();
    expect(notifyRetryAt(minutes(8), created, 4, 403)).toBeNull();
  });

  it("gives up when every delay has been used", () => {
    const last = NOTIFY_RETRY_DELAYS_MINUTES.length;
    expect(notifyRetryAt(minutes(60), created, last, 503)).not.toBeNull();
    expect(notifyRetryAt(minutes(60), created, last + 1, 503)).toBeNull();
  });

  it("gives up a message whose next try would be more than a day after it was first sent", () => {
    expect(notifyRetryAt(minutes(24 * 60 - 61), created, 6, 503)).toEqual(minutes(24 * 60 - 1));
    expect(notifyRetryAt(minutes(24 * 60 - 59), created, 6, 503)).toBeNull();
  });
});
