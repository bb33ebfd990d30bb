import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { cachedForShell, invalidateShellCache } from "./shell-cache.server";

/** Like a drizzle query: nothing runs until it is awaited, and every `then` runs it again. */
function countingQuery(rows: string[]) {
  const query = {
    runs: 0,
    then<R1, R2>(resolve?: (value: string[]) => R1 | PromiseLike<R1>, reject?: (reason: unknown) => R2 | PromiseLike<R2>) {
      query.runs++;
      return Promise.resolve(rows).then(resolve, reject);
    },
  };
  return query;
}

describe("the shell cache", () => {
  it("runs a lazy query once for every read within its time, not once per await", async () => {
    const db = {} as Db;
    const query = countingQuery(["notice"]);
    expect(await cachedForShell(db, "notices", () => query)).toEqual(["notice"]);
    expect(await cachedForShell(db, "notices", () => query)).toEqual(["notice"]);
    expect(await cachedForShell(db, "notices", () => query)).toEqual(["notice"]);
    expect(query.runs).toBe(1);
  });

  it("loads again after an invalidation, and forgets a failed load", async () => {
    const db = {} as Db;
    const query = countingQuery(["a"]);
    await cachedForShell(db, "k", () => query);
    invalidateShellCache(db);
    await cachedForShell(db, "k", () => query);
    expect(query.runs).toBe(2);
    await expect(cachedForShell(db, "failing", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cachedForShell(db, "failing", async () => "up")).toBe("up");
  });
});
