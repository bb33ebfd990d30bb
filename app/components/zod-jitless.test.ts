import { afterEach, describe, expect, it, vi } from "vitest";

// zod is loaded once per test file (after the script, as on a page): both tests share it.
import { ZOD_JITLESS_SCRIPT } from "./zod-jitless";

describe("the page's zod setting (no eval under the CSP)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("makes zod jitless: schemas are built and used without `new Function`", async () => {
    // What the page does: the inline script runs first (window is the global), then the modules.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function("window", ZOD_JITLESS_SCRIPT)(globalThis);
    const made = vi.spyOn(globalThis, "Function");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string(), age: z.number().int() });
    expect(schema.parse({ name: "Sam", age: 40 })).toEqual({ name: "Sam", age: 40 });
    expect(schema.safeParse({ name: "Sam" }).success).toBe(false);
    expect(made).not.toHaveBeenCalled();
  });

  it("is the global zod reads (a zod upgrade that moved it would fail here)", async () => {
    const { z } = await import("zod");
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig);
  });
});
