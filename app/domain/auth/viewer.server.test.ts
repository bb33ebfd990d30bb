/**
 * loadViewerPracticeAndEntry reads the viewer, the practice and the page's request in one query:
 * what it gives must be exactly what the three reads on their own give (loadViewerAndPractice,
 * then findEntryWithAnswersForUser for the viewer), for every kind of user and request the
 * scope tells apart, and nothing for a session that is not (or no longer) signed in. A form
 * post's claimAndLoadViewer claims its idempotency key in that query too.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, patientEntries, practices } from "~/db/schema";
import { findEntryWithAnswersForUser, type PatientEntry } from "~/domain/requests/entries.server";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { makeEntry, requestPractice, signedInCarer, signedInPatient } from "../../../tests/support/request-fixtures";
import { claimAndLoadViewer, loadViewerAndPractice, loadViewerPracticeAndEntry } from "./viewer.server";

const world = useTestWorld();
let context: TestContext;
let practice: typeof practices.$inferSelect;
let otherPractice: typeof practices.$inferSelect;

beforeAll(async () => {
  context = world.context;
  practice = await requestPractice(context);
  otherPractice = await requestPractice(context);
});

const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]);

/** The one query against the reads it replaces, for this session, practice code and entry id. */
async function expectSameAsSeparateReads(cookie: string, code: string, entryId: number) {
  const sessionId = sessionIdOf(cookie);
  const together = await loadViewerPracticeAndEntry(context, sessionId, code, entryId);
  const apart = await loadViewerAndPractice(context, sessionId, code);
  expect(together.practice).toEqual(apart.practice);
  expect(together.state.viewer?.userId).toEqual(apart.state.viewer?.userId);
  expect(together.state.viewer?.hasSentRequests).toEqual(apart.state.viewer?.hasSentRequests);
  const viewer = apart.state.viewer;
  const expected = viewer && apart.practice ? await findEntryWithAnswersForUser(context.db, viewer.userId, apart.practice.id, entryId) : null;
  expect(together.entry).toEqual(expected);
  return together.entry;
}

describe("loadViewerPracticeAndEntry", () => {
  it("brings the patient's own draft with its answers, as the separate read does", async () => {
    const patient = await signedInPatient(context, practice.id);
    const draft = await makeEntry(context, { practiceId: practice.id, patientId: patient.patientId, userId: patient.userId, answers: { 31: "fit_note", 3: ["a", "b"] } });
    const found = await expectSameAsSeparateReads(patient.cookie, practice.urlCode, draft.id);
    expect(found?.entry.id).toBe(draft.id);
    expect(found?.answers).toEqual([
      { questionId: 3, answer: ["a", "b"] },
      { questionId: 31, answer: "fit_note" },
    ]);
    // The practice code as typed in any case, as the URL may carry it.
    expect((await loadViewerPracticeAndEntry(context, sessionIdOf(patient.cookie), practice.urlCode.toUpperCase(), draft.id)).entry?.entry.id).toBe(draft.id);
  });

  it("brings nothing of another patient's request, another practice's, or a deleted one", async () => {
    const patient = await signedInPatient(context, practice.id);
    const stranger = await signedInPatient(context, practice.id);
    const theirs = await makeEntry(context, { practiceId: practice.id, patientId: stranger.patientId, userId: stranger.userId });
    expect(await expectSameAsSeparateReads(patient.cookie, practice.urlCode, theirs.id)).toBeNull();

    const elsewhere = await makeEntry(context, { practiceId: otherPractice.id, patientId: patient.patientId, userId: patient.userId });
    expect(await expectSameAsSeparateReads(patient.cookie, practice.urlCode, elsewhere.id)).toBeNull();

    const deleted = await makeEntry(context, { practiceId: practice.id, patientId: patient.patientId, userId: patient.userId });
    await context.db.update(patientEntries).set({ deletedAt: context.clock.now() }).where(eq(patientEntries.id, deleted.id));
    expect(await expectSameAsSeparateReads(patient.cookie, practice.urlCode, deleted.id)).toBeNull();
    expect(await expectSameAsSeparateReads(patient.cookie, practice.urlCode, 2_000_000_000)).toBeNull();
  });

  it("follows the guest rule and the carer's approval, as entryScope does", async () => {
    const guest = await signedInPatient(context, practice.id, { guest: true });
    const byGuest = await makeEntry(context, { practiceId: practice.id, patientId: guest.patientId, userId: guest.userId, stage: "submitted" });
    expect((await expectSameAsSeparateReads(guest.cookie, practice.urlCode, byGuest.id))?.entry.id).toBe(byGuest.id);
    // A registered patient whose record a guest wrote to does not see the guest's request.
    const registered = await signedInPatient(context, practice.id);
    const guestsOnTheirRecord = await makeEntry(context, { practiceId: practice.id, patientId: registered.patientId, userId: guest.userId });
    expect(await expectSameAsSeparateReads(registered.cookie, practice.urlCode, guestsOnTheirRecord.id)).toBeNull();

    const approved = await signedInCarer(context, practice.id);
    const forDependant = await makeEntry(context, { practiceId: practice.id, patientId: approved.dependentPatientId, userId: approved.userId });
    expect((await expectSameAsSeparateReads(approved.cookie, practice.urlCode, forDependant.id))?.entry.id).toBe(forDependant.id);
    const pending = await signedInCarer(context, practice.id, { status: "pending" });
    const notYours: PatientEntry = await makeEntry(context, { practiceId: practice.id, patientId: pending.dependentPatientId, userId: pending.userId });
    expect(await expectSameAsSeparateReads(pending.cookie, practice.urlCode, notYours.id)).toBeNull();
  });

  it("leaves a sent request's text-search document in the database: no page shows it (issue \"speed\")", async () => {
    const patient = await signedInPatient(context, practice.id);
    const sent = await makeEntry(context, { practiceId: practice.id, patientId: patient.patientId, userId: patient.userId, answers: { 31: "fit_note", 32: "Off work since Monday" }, stage: "submitted" });
    const [row] = await context.db.select({ document: patientEntries.searchDocument }).from(patientEntries).where(eq(patientEntries.id, sent.id));
    expect(row.document).toContain("'monday'");
    const read = await expectSameAsSeparateReads(patient.cookie, practice.urlCode, sent.id);
    expect(read?.entry.id).toBe(sent.id);
    expect(read?.entry).not.toHaveProperty("searchDocument");
    const claimed = await claimAndLoadViewer(context, sessionIdOf(patient.cookie), { practiceCode: practice.urlCode, entryId: sent.id }, { keyHash: `search-${sent.id}`, routeId: "test" });
    expect(claimed.entry?.entry.id).toBe(sent.id);
    expect(claimed.entry?.entry).not.toHaveProperty("searchDocument");
  });

  it("brings no request without a signed-in viewer, and reads an unknown practice's viewer on its own", async () => {
    const patient = await signedInPatient(context, practice.id);
    const draft = await makeEntry(context, { practiceId: practice.id, patientId: patient.patientId, userId: patient.userId });
    const noSession = await loadViewerPracticeAndEntry(context, "no-such-session", practice.urlCode, draft.id);
    expect(noSession.state.viewer).toBeNull();
    expect(noSession.practice?.id).toBe(practice.id);
    expect(noSession.entry).toBeNull();

    const unknownPractice = await loadViewerPracticeAndEntry(context, sessionIdOf(patient.cookie), "nosuchcode", draft.id);
    expect(unknownPractice.practice).toBeNull();
    expect(unknownPractice.state.viewer?.userId).toBe(patient.userId);
    expect(unknownPractice.entry).toBeNull();

    // An id no entry could have is not asked for: the plain viewer read answers.
    const badId = await loadViewerPracticeAndEntry(context, sessionIdOf(patient.cookie), practice.urlCode, -1);
    expect(badId.state.viewer?.userId).toBe(patient.userId);
    expect(badId.entry).toBeNull();
  });
});

describe("claimAndLoadViewer", () => {
  let n = 0;
  const claim = () => ({ keyHash: `viewer-claim-test-${++n}-${Date.now()}`, routeId: "routes/test" });

  it("claims a key once, and reads what loadViewerPracticeAndEntry reads", async () => {
    const patient = await signedInPatient(context, practice.id);
    const draft = await makeEntry(context, { practiceId: practice.id, patientId: patient.patientId, userId: patient.userId, answers: { 31: "fit_note" } });
    const sessionId = sessionIdOf(patient.cookie);
    const key = claim();
    const first = await claimAndLoadViewer(context, sessionId, { practiceCode: practice.urlCode.toUpperCase(), entryId: draft.id }, key);
    const again = await claimAndLoadViewer(context, sessionId, { practiceCode: practice.urlCode, entryId: draft.id }, key);
    expect([first.claimed, again.claimed]).toEqual([true, false]);
    const [row] = await context.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.keyHash, key.keyHash));
    expect(row).toMatchObject({ routeId: "routes/test", status: null, location: null });

    const apart = await loadViewerPracticeAndEntry(context, sessionId, practice.urlCode, draft.id);
    expect(first.practice).toEqual(apart.practice);
    expect(first.entry).toEqual(apart.entry);
    expect(first.entry?.answers).toEqual([{ questionId: 31, answer: "fit_note" }]);
    expect({ ...first.state.viewer, session: null }).toEqual({ ...apart.state.viewer, session: null });
  });

  it("claims whatever it finds: no practice asked, an unknown one, another's request, no session", async () => {
    const patient = await signedInPatient(context, practice.id);
    const stranger = await signedInPatient(context, practice.id);
    const theirs = await makeEntry(context, { practiceId: practice.id, patientId: stranger.patientId, userId: stranger.userId });
    const sessionId = sessionIdOf(patient.cookie);

    const noPlace = await claimAndLoadViewer(context, sessionId, { practiceCode: null, entryId: null }, claim());
    expect(noPlace).toMatchObject({ claimed: true, practice: null, entry: null });
    expect(noPlace.state.viewer?.userId).toBe(patient.userId);

    const unknown = await claimAndLoadViewer(context, sessionId, { practiceCode: "nosuchcode", entryId: theirs.id }, claim());
    expect(unknown).toMatchObject({ claimed: true, practice: null, entry: null });
    expect(unknown.state.viewer?.userId).toBe(patient.userId);

    const notTheirs = await claimAndLoadViewer(context, sessionId, { practiceCode: practice.urlCode, entryId: theirs.id }, claim());
    expect(notTheirs).toMatchObject({ claimed: true, entry: null });
    expect(notTheirs.practice?.id).toBe(practice.id);

    const nobody = await claimAndLoadViewer(context, "no-such-session", { practiceCode: practice.urlCode, entryId: theirs.id }, claim());
    expect(nobody).toMatchObject({ claimed: true, state: { viewer: null, expired: false }, entry: null });
    expect(nobody.practice?.id).toBe(practice.id);
  });
});
