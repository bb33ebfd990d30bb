import { afterEach, describe, expect, it, vi } from "vitest";
import { runEvery } from "./every";

afterEach(() => vi.useRealTimers());

describe("runEvery", () => {
  it("runs on each tick (and at once when asked), never two runs at once, and stops", async () => {
    vi.useFakeTimers();
    let runs = 0;
    let release: () => void = () => {};
    const stop = runEvery(() => new Promise<void>((resolve) => ((runs += 1), (release = resolve))), () => {}, 1000, { now: true });
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1); // the first run has not ended: the ticks skip
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    stop();
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it("hands a failure to onError and tries again on the next tick", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const stop = runEvery(async () => {
      calls += 1;
      if (calls === 1) throw new Error("database away");
    }, (e) => errors.push(e), 1000);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    stop();
  });

  it("stops: the promise resolves once the run under way has ended", async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const stop = runEvery(() => new Promise<void>((resolve) => (release = resolve)), () => {}, 1000, { now: true });
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    await expect(runEvery(async () => {}, () => {}, 1000)()).resolves.toBeUndefined();
  });
});
