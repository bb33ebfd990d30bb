import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/db";
import { latestOutbox } from "./outbox.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.close());

describe("the development outbox", () => {
  it("lists the newest first, at most the limit, and one recipient's however old", async () => {
    const message = (recipient: string, n: number) => ({ channel: "email", recipient, template: "t", body: `message ${n}` });
    await t.db.insert(outbox).values([message("early@example.com", 0), ...Array.from({ length: 5 }, (_, i) => message("later@example.com", i + 1))]);

    const newest = await latestOutbox(t.db, { limit: 3 });
    expect(newest.map((m) => m.body)).toEqual(["message 5", "message 4", "message 3"]);

    const theirs = await latestOutbox(t.db, { limit: 3, to: "early@example.com" });
    expect(theirs.map((m) => m.body)).toEqual(["message 0"]);
  });
});
