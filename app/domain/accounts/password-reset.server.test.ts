import { describe, expect, it } from "vitest";
import { withMinimumDuration } from "./password-reset.server";

describe("withMinimumDuration", () => {
  it("pads quick work up to the floor and returns its result", async () => {
    const started = performance.now();
    expect(await withMinimumDuration(60, async () => "done")).toBe("done");
    expect(performance.now() - started).toBeGreaterThanOrEqual(58);
  });

  it("pads failures too, so an error is not faster than success", async () => {
    const started = performance.now();
    await expect(withMinimumDuration(60, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(performance.now() - started).toBeGreaterThanOrEqual(58);
  });

  it("adds nothing to work slower than the floor", async () => {
    const started = performance.now();
    await withMinimumDuration(10, () => new Promise((resolve) => setTimeout(resolve, 40)));
    expect(performance.now() - started).toBeLessThan(200);
  });
});
