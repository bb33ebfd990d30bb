import { describe, expect, it } from "vitest";
import { holdEventLoop } from "./event-loop.server";

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

describe("holdEventLoop", () => {
  it("keeps a referenced timer while held, so Node's loop does not run empty and wait on V8's background work", () => {
    const before = timers();
    const release = holdEventLoop();
    expect(timers()).toBe(before + 1);
    release();
    expect(timers()).toBe(before);
  });

  it("can be released twice without touching another hold", () => {
    const before = timers();
    const first = holdEventLoop();
    const second = holdEventLoop();
    first();
    first();
    expect(timers()).toBe(before + 1);
    second();
    expect(timers()).toBe(before);
  });
});
