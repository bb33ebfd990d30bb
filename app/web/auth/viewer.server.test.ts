/**
 * The viewer is read in one query (session, user, roles, memberships, patient record,
 * dependants, requests) on every signed-in page; and once per page, shared by its loaders
 * through the request memo, except for actions.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { carerDependents, patientEntries, patients, practices, users } from "~/db/schema";
import { newRequestMemo } from "~/server/request-memo.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { makeEntry } from "../../../tests/support/request-fixtures";
import { getRequest } from "../../../tests/support/requests";
import { makePractice, makeUser, sessionRow, signInAs } from "../../../tests/support/session-fixtures";
import { practiceNamedInUrl } from "~/web/practices.server";
import { entryReadWithViewer, getViewerState, getViewerStateAndPractice, viewerReadingClaimer } from "./viewer.server";

const t = useTestWorld();
let context: TestContext;

beforeEach(() => {
  context = makeContext(t.db);
});

describe("the viewer, read in one query", () => {
  it("carries roles, memberships by practice name, the patient record, dependants and sent requests", async () => {
    const first = await makePractice(context, { idleTimeout: 30 });
    const second = await makePractice(context);
    await context.db.update(practices).set({ name: "Zebra Surgery" }).where(eq(practices.id, first.id));
    await context.db.update(practices).set({ name: "Aardvark Surgery" }).where(eq(practices.id, second.id));
    const user = await makeUser(context, {
      globalRoles: ["carer_user", "admin"],
      memberships: [
        { practiceId: first.id, role: "gp" },
        { practiceId: second.id, role: "practice_admin" },
      ],
      patientAt: first.id,
    });
    const [own] = await context.db.select().from(patients).where(eq(patients.userId, user.id));
    const [dependant] = await context.db
      .insert(patients)
      .values({ practiceId: first.id, firstName: "Grace", lastName: "Shah", dateOfBirth: "2015-06-02" })
      .returning();
    await context.db.insert(carerDependents).values({ carerUserId: user.id, patientId: dependant.id, relationship: "parent", reason: "under_16", status: "approved" });
    // Counted: sent requests about them or their dependant. Not counted: a draft, a deleted one.
    await makeEntry(context, { practiceId: first.id, patientId: own.id, userId: user.id, stage: "submitted" });
    await makeEntry(context, { practiceId: first.id, patientId: dependant.id, userId: user.id, stage: "completed" });
    await makeEntry(context, { practiceId: first.id, patientId: own.id, userId: user.id, stage: "created" });
    const deleted = await makeEntry(context, { practiceId: first.id, patientId: own.id, userId: user.id, stage: "submitted" });
    await context.db.update(patientEntries).set({ deletedAt: context.clock.now() }).where(eq(patientEntries.id, deleted.id));

    const { cookie } = await signInAs(context, user.id);
    const { viewer } = await getViewerState(getRequest("/", { cookie }), context);

    expect(viewer).not.toBeNull();
    expect(viewer!.userId).toBe(user.id);
    expect([...viewer!.globalRoles].sort()).toEqual(["admin", "carer_user"]);
    expect(viewer!.memberships).toEqual([
      { practiceId: second.id, urlCode: second.urlCode, practiceName: "Aardvark Surgery", role: "practice_admin", idleTimeout: null },
      { practiceId: first.id, urlCode: first.urlCode, practiceName: "Zebra Surgery", role: "gp", idleTimeout: 30 },
    ]);
    expect(viewer!.patient).toEqual({ id: own.id, practiceId: first.id, urlCode: first.urlCode });
    expect(viewer!.dependentCount).toBe(1);
    expect(viewer!.hasSentRequests).toBe(true);
  });

  it("has empty lists and no patient record for a plain account", async () => {
    const user = await makeUser(context);
    const { cookie } = await signInAs(context, user.id);
    const { viewer } = await getViewerState(getRequest("/", { cookie }), context);
    expect(viewer).toMatchObject({ memberships: [], patient: null, dependentCount: 0, hasSentRequests: false });
    expect(viewer!.globalRoles.size).toBe(0);
  });

  it("is nobody for a disabled account or an unknown cookie", async () => {
    const user = await makeUser(context);
    const { cookie } = await signInAs(context, user.id);
    await context.db.update(users).set({ disabledAt: context.clock.now() }).where(eq(users.id, user.id));
    expect((await getViewerState(getRequest("/", { cookie }), context)).viewer).toBeNull();
    expect((await getViewerState(getRequest("/", { cookie: "fd_session=not-a-session" }), context)).viewer).toBeNull();
  });
});

describe("one load per page", () => {
  it("shares the viewer between a page's loaders (each has its own Request) through the memo", async () => {
    const user = await makeUser(context);
    const { cookie } = await signInAs(context, user.id);
    const page = { ...context, memo: newRequestMemo() };
    const [a, b] = await Promise.all([getViewerState(getRequest("/", { cookie }), page), getViewerState(getRequest("/", { cookie }), page)]);
    expect(a).toBe(b);
  });

  it("loads afresh for an action, whose changes the loaders after it must see", async () => {
    const user = await makeUser(context);
    const { cookie } = await signInAs(context, user.id);
    const page = { ...context, memo: newRequestMemo() };
    const before = await getViewerState(getRequest("/", { cookie }), page);
    const post = new Request("http://localhost/", { method: "POST", headers: { cookie } });
    await context.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, user.id));
    const during = await getViewerState(post, page);
    expect(during).not.toBe(before);
    expect(during.viewer!.firstName).toBe("Renamed");
  });

  it("loads for each request when the context has no memo (contexts built by hand)", async () => {
    const user = await makeUser(context);
    const { cookie } = await signInAs(context, user.id);
    const a = await getViewerState(getRequest("/", { cookie }), context);
    const b = await getViewerState(getRequest("/", { cookie }), context);
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
  });
});

describe("the viewer and the practice the URL names, in one query", () => {
  it("loads both, and the page's other loaders find them in the memo", async () => {
    const practice = await makePractice(context);
    const user = await makeUser(context, { patientAt: practice.id });
    const { cookie } = await signInAs(context, user.id);
    const page = { ...context, memo: newRequestMemo() };
    const [state, found] = await getViewerStateAndPractice(getRequest(`/${practice.urlCode}/message`, { cookie }), page, practice.urlCode.toUpperCase());
    expect(state.viewer!.userId).toBe(user.id);
    expect(state.viewer!.patient).toMatchObject({ practiceId: practice.id });
    expect(found).toMatchObject({ id: practice.id, urlCode: practice.urlCode, name: practice.name });
    // Another loader of the same page (its own Request): the same objects, no second load.
    const other = getRequest(`/${practice.urlCode}/message`, { cookie });
    expect(await getViewerState(other, page)).toBe(state);
    expect(await practiceNamedInUrl(other, page, practice.urlCode)).toBe(found);
  });

  it("reads the practice as the separate query does, every column", async () => {
    const practice = await makePractice(context, { idleTimeout: 25 });
    const user = await makeUser(context);
    const { cookie } = await signInAs(context, user.id);
    const [, found] = await getViewerStateAndPractice(getRequest("/", { cookie }), context, practice.urlCode);
    expect(found).toEqual(await practiceNamedInUrl(getRequest("/"), context, practice.urlCode));
  });

  it("still finds the viewer when no practice has the code (the guards decide before page-not-found)", async () => {
    const user = await makeUser(context);
    const { cookie } = await signInAs(context, user.id);
    for (const code of ["nosuchpractice", "not a code", "x".repeat(500)]) {
      const [state, found] = await getViewerStateAndPractice(getRequest("/", { cookie }), context, code);
      expect(found).toBeNull();
      expect(state.viewer!.userId).toBe(user.id);
    }
  });

  it("finds the practice and nobody without a cookie, with an unknown cookie, or for a disabled account", async () => {
    const practice = await makePractice(context);
    const user = await makeUser(context);
    const { cookie } = await signInAs(context, user.id);
    await context.db.update(users).set({ disabledAt: context.clock.now() }).where(eq(users.id, user.id));
    for (const headers of [{}, { cookie: "fd_session=not-a-session" }, { cookie }]) {
      const [state, found] = await getViewerStateAndPractice(getRequest("/", headers), context, practice.urlCode);
      expect(state).toEqual({ viewer: null, expired: false });
      expect(found!.id).toBe(practice.id);
    }
  });

  it("says the session expired (and ends it) when it has, with the practice found", async () => {
    const practice = await makePractice(context);
    const user = await makeUser(context);
    const { cookie, sessionId } = await signInAs(context, user.id);
    context.clock.advance(13 * 60 * 60 * 1000);
    const [state, found] = await getViewerStateAndPractice(getRequest("/", { cookie }), context, practice.urlCode);
    expect(state).toEqual({ viewer: null, expired: true });
    expect(found!.id).toBe(practice.id);
    expect(await sessionRow(context, sessionId)).toBeUndefined();
  });

  it("loads afresh for an action, and the action's own later lookups share its viewer", async () => {
    const practice = await makePractice(context);
    const user = await makeUser(context);
    const { cookie } = await signInAs(context, user.id);
    const page = { ...context, memo: newRequestMemo() };
    await getViewerStateAndPractice(getRequest("/", { cookie }), page, practice.urlCode);
    await context.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, user.id));
    const post = new Request("http://localhost/", { method: "POST", headers: { cookie } });
    const [during] = await getViewerStateAndPractice(post, page, practice.urlCode);
    expect(during.viewer!.firstName).toBe("Renamed");
    expect(await getViewerState(post, page)).toBe(during);
  });
});

describe("the page's request, read with the viewer", () => {
  it("is kept in the memo for the page's loaders, and per Request for an action", async () => {
    const practice = await makePractice(context);
    const user = await makeUser(context, { patientAt: practice.id });
    const [record] = await context.db.select().from(patients).where(eq(patients.userId, user.id));
    const draft = await makeEntry(context, { practiceId: practice.id, patientId: record.id, userId: user.id, answers: { 31: "fit_note" } });
    const { cookie } = await signInAs(context, user.id);
    const path = `/${practice.urlCode}/questions/${draft.id}`;

    // A page: the root's read brings it; the draft step's loader (its own Request) finds it.
    const page = { ...context, memo: newRequestMemo() };
    await getViewerStateAndPractice(getRequest(path, { cookie }), page, practice.urlCode, String(draft.id));
    const found = await entryReadWithViewer(getRequest(path, { cookie }), page, draft.id);
    expect(found?.entry.id).toBe(draft.id);
    expect(found?.answers).toEqual([{ questionId: 31, answer: "fit_note" }]);
    // Not another entry's, and not for a page whose first read did not ask for it.
    expect(entryReadWithViewer(getRequest(path, { cookie }), page, draft.id + 1)).toBeUndefined();
    const plain = { ...context, memo: newRequestMemo() };
    await getViewerStateAndPractice(getRequest(path, { cookie }), plain, practice.urlCode);
    expect(entryReadWithViewer(getRequest(path, { cookie }), plain, draft.id)).toBeUndefined();

    // An action: per Request, never from (or into) the memo a page's loaders share.
    const post = new Request(`http://localhost${path}`, { method: "POST", headers: { cookie } });
    await getViewerStateAndPractice(post, page, practice.urlCode, String(draft.id));
    expect((await entryReadWithViewer(post, page, draft.id))?.entry.id).toBe(draft.id);
    expect(entryReadWithViewer(new Request(`http://localhost${path}`, { method: "POST", headers: { cookie } }), page, draft.id)).toBeUndefined();
  });

  it("is null for a request the viewer may not see, and not read for an id no request could have", async () => {
    const practice = await makePractice(context);
    const owner = await makeUser(context, { patientAt: practice.id });
    const [record] = await context.db.select().from(patients).where(eq(patients.userId, owner.id));
    const theirs = await makeEntry(context, { practiceId: practice.id, patientId: record.id, userId: owner.id });
    const stranger = await makeUser(context, { patientAt: practice.id });
    const { cookie } = await signInAs(context, stranger.id);
    const page = { ...context, memo: newRequestMemo() };
    const [state] = await getViewerStateAndPractice(getRequest("/", { cookie }), page, practice.urlCode, String(theirs.id));
    expect(state.viewer!.userId).toBe(stranger.id);
    expect(await entryReadWithViewer(getRequest("/", { cookie }), page, theirs.id)).toBeNull();

    for (const raw of ["abc", "-3", "1e3", ""]) {
      const other = { ...context, memo: newRequestMemo() };
      const [still] = await getViewerStateAndPractice(getRequest("/", { cookie }), other, practice.urlCode, raw);
      expect(still.viewer!.userId).toBe(stranger.id);
      expect([...other.memo.keys()].some((key) => key.startsWith("viewer-entry:"))).toBe(false);
    }
  });

  it("is read with a post's idempotency claim, where the action's draft step finds it", async () => {
    const practice = await makePractice(context);
    const user = await makeUser(context, { patientAt: practice.id });
    const [record] = await context.db.select().from(patients).where(eq(patients.userId, user.id));
    const draft = await makeEntry(context, { practiceId: practice.id, patientId: record.id, userId: user.id, answers: { 31: "fit_note" } });
    const { cookie } = await signInAs(context, user.id);
    const post = new Request(`http://localhost/${practice.urlCode}/questions/${draft.id}`, { method: "POST", headers: { cookie } });
    const claimer = viewerReadingClaimer(post, context, { practiceCode: practice.urlCode, entryId: String(draft.id) })!;
    expect(await claimer({ keyHash: `web-claim-${Date.now()}`, routeId: "routes/test" })).toBe(true);
    // Renamed after the claim: the action's guard still has the claim's read, not a second one.
    await context.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, user.id));
    const [state, found] = await getViewerStateAndPractice(post, context, practice.urlCode, String(draft.id));
    expect(state.viewer!.firstName).not.toBe("Renamed");
    expect(found!.id).toBe(practice.id);
    expect((await entryReadWithViewer(post, context, draft.id))?.answers).toEqual([{ questionId: 31, answer: "fit_note" }]);
  });

  it("is kept for the action when the route layer has its own copy of this module (another bundle)", async () => {
    const practice = await makePractice(context);
    const user = await makeUser(context, { patientAt: practice.id });
    const [record] = await context.db.select().from(patients).where(eq(patients.userId, user.id));
    const draft = await makeEntry(context, { practiceId: practice.id, patientId: record.id, userId: user.id });
    const { cookie } = await signInAs(context, user.id);
    // The route layer is in server.ts's bundle, the routes in Remix's build: two module copies.
    vi.resetModules();
    const routeLayerCopy = await import("./viewer.server");
    expect(routeLayerCopy.viewerReadingClaimer).not.toBe(viewerReadingClaimer);
    const post = new Request(`http://localhost/${practice.urlCode}/questions/${draft.id}`, { method: "POST", headers: { cookie } });
    await routeLayerCopy.viewerReadingClaimer(post, context, { practiceCode: practice.urlCode, entryId: String(draft.id) })!({ keyHash: `copy-claim-${Date.now()}`, routeId: "routes/test" });
    await context.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, user.id));
    const [state] = await getViewerStateAndPractice(post, context, practice.urlCode, String(draft.id));
    expect(state.viewer!.firstName).not.toBe("Renamed");
    expect((await entryReadWithViewer(post, context, draft.id))?.entry.id).toBe(draft.id);
  });
});
