import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { requestPractice } from "../../../tests/support/request-fixtures";
import { applyInboxChange, inboxCount, inboxCounts } from "./counters.server";
import type { InboxState } from "./inboxes";

describe("inbox counters", () => {
  const database = useTestWorld({ onContext: (c) => (context = c) });
  let context: TestContext;

  it("follow a request through submission, assignment and completion, even when writes race", async () => {
    const practice = await requestPractice(context);
    const open: InboxState = { stage: "submitted", submittedAt: new Date(), awaitingPatientReply: false, assignedToId: null, issueTypeId: 1, deletedAt: null };
    // Ten submissions at once: the upsert adds, it never overwrites.
    await Promise.all(Array.from({ length: 10 }, () => context.db.transaction((tx) => applyInboxChange(tx, practice.id, null, open))));
    await applyInboxChange(context.db, practice.id, open, { ...open, assignedToId: 42 });
    await applyInboxChange(context.db, practice.id, { ...open, assignedToId: 42 }, { ...open, assignedToId: 42, stage: "completed" });

    expect(await inboxCount(context.db, practice.id, "unassigned")).toBe(9);
    expect(await inboxCount(context.db, practice.id, "personal", 42)).toBe(0);
    const counts = await inboxCounts(context.db, practice.id);
    expect(counts.get("all")).toBe(10);
    expect(counts.get("completed")).toBe(1);
    expect(counts.get("issue_type:1")).toBe(9);
  });
});
