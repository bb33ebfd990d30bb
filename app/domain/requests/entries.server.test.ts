import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, idempotencyKeys } from "~/db/schema";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { statementsDuring } from "../../../tests/support/statements";
import { makeEntry, requestPractice, signedInCarer, signedInPatient } from "../../../tests/support/request-fixtures";
import { actingPatients } from "./access.server";
import { findEntryForGrant, findEntryForUser, findEntryWithAnswersForUser, loadAnswers, saveAnswers } from "./entries.server";
import { listIssueTypes, questionSet } from "./questions.server";

describe("patient entries", () => {
  const database = useTestWorld({ onContext: (c) => (context = c) });
  let context: TestContext;

  /**
   * Who may read which entry: alice's own entry at her practice, a carer's entry for their
   * dependant, bob (same practice, no link) and another practice to ask from.
   */
  async function scopeWorld() {
    const practice = await requestPractice(context);
    const other = await requestPractice(context);
    const alice = await signedInPatient(context, practice.id);
    const bob = await signedInPatient(context, practice.id);
    const carer = await signedInCarer(context, practice.id);
    const mine = await makeEntry(context, { practiceId: practice.id, patientId: alice.patientId, userId: alice.userId });
    const forDependent = await makeEntry(context, { practiceId: practice.id, patientId: carer.dependentPatientId, userId: carer.userId });
    return { practice, other, alice, bob, carer, mine, forDependent };
  }

  it("has the seeded issue types and question pages, emergency screen first for clinical ones", async () => {
    const types = await listIssueTypes(context.db);
    expect(types.map((t) => [t.id, t.kind])).toEqual([
      [1, "clinical"],
      [2, "clinical"],
      [3, "clinical"],
      [4, "admin"],
    ]);
    const clinical = await questionSet(context.db, 1);
    expect(clinical!.pages[0].page).toBe(0);
    expect(clinical!.pages[0].questions[0].emergencyValues).toContain("chest_pain");
    expect(clinical!.rules.map((r) => r.matchValue)).toContain("sore_throat");
    const admin = await questionSet(context.db, 4);
    expect(admin!.pages[0].page).toBe(1);
    expect(admin!.pages.flatMap((p) => p.questions).some((q) => q.allowsAttachments)).toBe(true);
  });

  it("finds an entry only for its patient, their carer, and a link scoped to it", async () => {
    const { practice, other, alice, bob, carer, mine, forDependent } = await scopeWorld();

    expect((await findEntryForUser(context.db, alice.userId, practice.id, mine.id))?.id).toBe(mine.id);
    expect(await findEntryForUser(context.db, bob.userId, practice.id, mine.id)).toBeNull();
    expect(await findEntryForUser(context.db, alice.userId, other.id, mine.id)).toBeNull();
    expect(await findEntryForUser(context.db, alice.userId, practice.id, 2 ** 40)).toBeNull();
    expect((await findEntryForUser(context.db, carer.userId, practice.id, forDependent.id))?.id).toBe(forDependent.id);
    expect(await findEntryForUser(context.db, carer.userId, practice.id, mine.id)).toBeNull();

    const grant = { tokenId: "t", patientId: alice.patientId, practiceId: practice.id, practiceCode: practice.urlCode, scope: { patientEntryId: mine.id } };
    expect((await findEntryForGrant(context.db, grant, mine.id))?.id).toBe(mine.id);
    expect(await findEntryForGrant(context.db, grant, forDependent.id)).toBeNull();
    expect(await findEntryForGrant(context.db, { ...grant, scope: {} }, mine.id)).toBeNull();

    const acting = await actingPatients(context.db, carer.userId);
    expect(acting).toEqual([expect.objectContaining({ patientId: carer.dependentPatientId, relation: "dependent", dependentId: carer.dependentId })]);
  });

  it("saves answers as typed with their language, replaces them, and removes cleared optional ones", async () => {
    const practice = await requestPractice(context);
    const alice = await signedInPatient(context, practice.id);
    const entry = await makeEntry(context, { practiceId: practice.id, patientId: alice.patientId, userId: alice.userId });
    await saveAnswers(context.db, entry.id, [{ questionId: 31, answer: "fit_note" }, { questionId: 32, answer: "<b>Off work</b> since Monday" }], "en", context.clock.now());
    await saveAnswers(context.db, entry.id, [{ questionId: 31, answer: "letter" }, { questionId: 33, answer: "" }], "cy", context.clock.now());
    const saved = await loadAnswers(context.db, entry.id);
    expect(saved.map((a) => [a.questionId, a.answer, a.lang])).toEqual([
      [31, "letter", "cy"],
      [32, "<b>Off work</b> since Monday", "en"],
    ]);
    // Text that reads as JSON stays the text typed.
    await saveAnswers(context.db, entry.id, [{ questionId: 2, answer: "42" }, { questionId: 3, answer: "null" }, { questionId: 4, answer: "true" }, { questionId: 1, answer: ["none"] }], "en", context.clock.now());
    const typed = await loadAnswers(context.db, entry.id);
    expect(typed.filter((a) => a.questionId <= 4).map((a) => [a.questionId, a.answer])).toEqual([
      [1, ["none"]],
      [2, "42"],
      [3, "null"],
      [4, "true"],
    ]);
  });

  it("saves and clears a single answer on its own (one statement, no transaction)", async () => {
    const practice = await requestPractice(context);
    const alice = await signedInPatient(context, practice.id);
    const entry = await makeEntry(context, { practiceId: practice.id, patientId: alice.patientId, userId: alice.userId });
    await saveAnswers(context.db, entry.id, [{ questionId: 31, answer: "fit_note" }], "en", context.clock.now());
    await saveAnswers(context.db, entry.id, [{ questionId: 31, answer: "letter" }], "cy", context.clock.now());
    expect((await loadAnswers(context.db, entry.id)).map((a) => [a.questionId, a.answer, a.lang])).toEqual([[31, "letter", "cy"]]);
    await saveAnswers(context.db, entry.id, [{ questionId: 31, answer: "" }], "en", context.clock.now());
    expect(await loadAnswers(context.db, entry.id)).toEqual([]);
  });

  it("saves a single answer and the post's idempotency record in one statement, both or neither (decision 0158)", async () => {
    const practice = await requestPractice(context);
    const alice = await signedInPatient(context, practice.id);
    const entry = await makeEntry(context, { practiceId: practice.id, patientId: alice.patientId, userId: alice.userId });
    const claim = async (keyHash: string) => context.db.insert(idempotencyKeys).values({ keyHash, routeId: "routes/questions" });
    const keyRow = async (keyHash: string) => (await context.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.keyHash, keyHash)))[0];
    await claim("key-saved");
    const record = { keyHash: "key-saved", status: 303, location: `/demo/questions/${entry.id}?page=2` };
    const { result, statements } = await statementsDuring(database.kind, () =>
      saveAnswers(context.db, entry.id, [{ questionId: 31, answer: "fit_note" }], "en", context.clock.now(), record),
    );
    expect(result).toBe(true);
    expect(statements).toHaveLength(1);
    expect((await loadAnswers(context.db, entry.id)).map((a) => [a.questionId, a.answer])).toEqual([[31, "fit_note"]]);
    expect(await keyRow("key-saved")).toMatchObject({ status: 303, location: record.location, flash: null });

    // An answer the database refuses (no such request): the record is not written either.
    await claim("key-refused");
    await expect(
      saveAnswers(context.db, 2_000_000_000, [{ questionId: 31, answer: "fit_note" }], "en", context.clock.now(), { ...record, keyHash: "key-refused" }),
    ).rejects.toThrow();
    expect(await keyRow("key-refused")).toMatchObject({ status: null, location: null });

    // A cleared answer, or several, are written as before and carry no record: the caller stores it.
    await claim("key-cleared");
    expect(await saveAnswers(context.db, entry.id, [{ questionId: 31, answer: "" }], "en", context.clock.now(), { ...record, keyHash: "key-cleared" })).toBe(false);
    expect(await keyRow("key-cleared")).toMatchObject({ status: null });
    expect(await loadAnswers(context.db, entry.id)).toEqual([]);
    const two = [{ questionId: 31, answer: "letter" }, { questionId: 32, answer: "Since Monday" }];
    expect(await saveAnswers(context.db, entry.id, two, "en", context.clock.now(), { ...record, keyHash: "key-cleared" })).toBe(false);
    expect(await keyRow("key-cleared")).toMatchObject({ status: null });
  });

  it("stores a single answer as the drizzle-built statement did: lists as JSON arrays, times to the millisecond, first time kept", async () => {
    const practice = await requestPractice(context);
    const alice = await signedInPatient(context, practice.id);
    const entry = await makeEntry(context, { practiceId: practice.id, patientId: alice.patientId, userId: alice.userId });
    const first = context.clock.now();
    await saveAnswers(context.db, entry.id, [{ questionId: 31, answer: ["fit_note", "letter \"quoted\" ü"] }], "en", first);
    context.clock.advance(61_000);
    const later = context.clock.now();
    await saveAnswers(context.db, entry.id, [{ questionId: 32, answer: "2026-11-28" }], "en", later);
    await saveAnswers(context.db, entry.id, [{ questionId: 31, answer: ["letter"] }], "en", later);
    const rows = await context.db.select().from(answers).where(eq(answers.patientEntryId, entry.id)).orderBy(answers.questionId);
    expect(rows.map((r) => [r.questionId, r.answer])).toEqual([
      [31, ["letter"]],
      [32, "2026-11-28"],
    ]);
    expect(rows[0].createdAt.getTime()).toBe(first.getTime());
    expect(rows[0].updatedAt.getTime()).toBe(later.getTime());
    expect(rows[1].createdAt.getTime()).toBe(later.getTime());
    await saveAnswers(context.db, entry.id, [{ questionId: 32, answer: ["a", "b"] }], "en", later);
    const [reread] = await context.db.select({ answer: answers.answer }).from(answers).where(and(eq(answers.patientEntryId, entry.id), eq(answers.questionId, 32)));
    expect(reread.answer).toEqual(["a", "b"]);
    // Typed text that looks like JSON stays text.
    for (const typed of ["42", "true", "null"]) {
      await saveAnswers(context.db, entry.id, [{ questionId: 32, answer: typed }], "en", later);
      expect((await loadAnswers(context.db, entry.id)).find((a) => a.questionId === 32)!.answer).toBe(typed);
    }
  });

  it("reads an entry with its answers in one query, as the two separate reads do, and in the same scope", async () => {
    const { practice, other, alice, bob, carer, mine, forDependent } = await scopeWorld();

    const empty = await findEntryWithAnswersForUser(context.db, alice.userId, practice.id, mine.id);
    expect(empty).toEqual({ entry: await findEntryForUser(context.db, alice.userId, practice.id, mine.id), answers: [] });

    await saveAnswers(context.db, mine.id, [{ questionId: 4, answer: "true" }, { questionId: 2, answer: "42" }, { questionId: 3, answer: "null" }, { questionId: 1, answer: ["none", "fever"] }, { questionId: 32, answer: 'say "hi"\n<b>é</b>' }], "en", context.clock.now());
    const found = await findEntryWithAnswersForUser(context.db, alice.userId, practice.id, mine.id);
    expect(found?.entry).toEqual(await findEntryForUser(context.db, alice.userId, practice.id, mine.id));
    expect(found?.entry.startedAt).toBeInstanceOf(Date);
    // Text that reads as JSON stays the text typed; lists stay lists; ordered by question.
    expect(found?.answers).toEqual((await loadAnswers(context.db, mine.id)).map((a) => ({ questionId: a.questionId, answer: a.answer })));
    expect(found?.answers.map((a) => a.answer)).toEqual([["none", "fever"], "42", "null", "true", 'say "hi"\n<b>é</b>']);

    expect(await findEntryWithAnswersForUser(context.db, bob.userId, practice.id, mine.id)).toBeNull();
    expect(await findEntryWithAnswersForUser(context.db, alice.userId, other.id, mine.id)).toBeNull();
    expect(await findEntryWithAnswersForUser(context.db, alice.userId, practice.id, 2 ** 40)).toBeNull();
    expect(await findEntryWithAnswersForUser(context.db, carer.userId, practice.id, mine.id)).toBeNull();
    expect((await findEntryWithAnswersForUser(context.db, carer.userId, practice.id, forDependent.id))?.entry.id).toBe(forDependent.id);
  });
});
