import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { makeEntry, requestPractice, signedInPatient } from "../../../tests/support/request-fixtures";
import { findEntryFile, listEntryFiles, removeEntryFile, storeEntryFiles } from "./entry-files.server";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]);
const upload = (fileName: string) => ({ field: "files", fileName, contentType: "image/png" as const, bytes: png });

describe("entry files", () => {
  const database = useTestWorld({ onContext: (c) => (context = c) });
  let context: TestContext;

  it("stores up to five files per request and refuses the rest with a message", async () => {
    const practice = await requestPractice(context);
    const alice = await signedInPatient(context, practice.id);
    const entry = await makeEntry(context, { practiceId: practice.id, patientId: alice.patientId, userId: alice.userId });
    const first = await storeEntryFiles(context, { entryId: entry.id, uploads: ["a", "b", "c"].map((n) => upload(`${n}.png`)), sensitive: true, userId: alice.userId });
    expect(first.stored).toHaveLength(3);
    const second = await storeEntryFiles(context, { entryId: entry.id, uploads: ["d", "e", "f"].map((n) => upload(`${n}.png`)), sensitive: false, userId: alice.userId });
    expect(second.stored.map((f) => f.fileName)).toEqual(["d.png", "e.png"]);
    expect(second.refused).toEqual([{ fileName: "f.png", message: "You can add up to 5 files" }]);

    const files = await listEntryFiles(context, entry.id);
    expect(files).toHaveLength(5);
    expect(files.find((f) => f.fileName === "a.png")?.sensitive).toBe(true);
    expect(await context.files.get(files[0].fileKey)).toEqual(png);

    expect(await removeEntryFile(context, entry.id, files[0].id)).toBe(true);
    expect(await findEntryFile(context, entry.id, files[0].id)).toBeNull();
    expect(await findEntryFile(context, entry.id + 1, files[1].id)).toBeNull();
    expect(await listEntryFiles(context, entry.id)).toHaveLength(4);
  });
});
