import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalDiskFileStore } from "./file-store.server";

describe("LocalDiskFileStore", async () => {
  const root = await mkdtemp(join(tmpdir(), "fd-files-"));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const store = new LocalDiskFileStore(root);

  it("stores bytes under a random key and reads them back", async () => {
    const key = await store.put(new Uint8Array([1, 2, 3]), "image/png");
    expect(key).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{40}$/);
    expect(await store.get(key)).toEqual(new Uint8Array([1, 2, 3]));
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it("refuses keys that are not its own (no path traversal)", async () => {
    await expect(store.get("../../etc/passwd")).rejects.toThrow("Invalid file key");
  });
});
