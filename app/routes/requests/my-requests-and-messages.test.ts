/**
 * /{practice_code}/my-requests-and-messages: the viewer's requests and their dependents',
 * scoped in the domain, newest first, 20 a page; drafts left out, ended drafts cancelled.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { patientEntries } from "~/db/schema";
import { listMyRequests, pageFromQuery } from "~/domain/requests/my-requests.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { makeEntry, requestPractice, signedInCarer, signedInPatient } from "../../../tests/support/request-fixtures";
import { createPatient, createUser, sessionCookie } from "../../../tests/support/registration-fixtures";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { callLoader, getRequest, readJson } from "../../../tests/support/requests";
import * as route from "./$practiceCode.my-requests-and-messages";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

type Listed = Awaited<ReturnType<typeof listMyRequests>> & { practiceCode: string; showForWhom: boolean };

const show = (code: string, cookie?: string, query = "") =>
  callLoader(route.loader, {
    request: getRequest(`/${code}/my-requests-and-messages${query}`, { cookie }),
    params: { practiceCode: code },
    context,
  });

describe("/{practice_code}/my-requests-and-messages", () => {
  it("lists the patient's own requests, newest first, with reference, type, date and status; never a draft or someone else's", async () => {
    const practice = await requestPractice(context);
    const me = await signedInPatient(context, practice.id);
    const stranger = await signedInPatient(context, practice.id);
    const base = { practiceId: practice.id, patientId: me.patientId, userId: me.userId };
    context.clock.set(new Date("2026-03-02T09:00:00Z"));
    const completed = await makeEntry(context, { ...base, stage: "completed" });
    context.clock.advance(60_000);
    const awaiting = await makeEntry(context, { ...base, stage: "submitted", issueTypeId: 1 });
    await t.db.update(patientEntries).set({ awaitingPatientReply: true }).where(eq(patientEntries.id, awaiting.id));
    context.clock.advance(60_000);
    await makeEntry(context, base); // a draft being written: not listed
    const ended = await makeEntry(context, base); // a draft that ended unsent: never listed (issue "patient side")
    await t.db.update(patientEntries).set({ closedAt: context.clock.now(), closedReason: "timeout" }).where(eq(patientEntries.id, ended.id));
    context.clock.advance(24 * 60 * 60 * 1000);
    const rejected = await makeEntry(context, { ...base, stage: "rejected" });
    await makeEntry(context, { practiceId: practice.id, patientId: stranger.patientId, userId: stranger.userId, stage: "submitted" });

    const response = await show(practice.urlCode, me.cookie);
    expect(response.status).toBe(200);
    const data = await readJson<Listed>(response);
    expect(data.rows.map((r) => [r.id, r.status])).toEqual([
      [rejected.id, "closed"],
      [awaiting.id, "awaiting_reply"],
      [completed.id, "completed"],
    ]);
    expect(data.rows[0]).toEqual({
      id: rejected.id,
      reference: `FD-${String(rejected.id).padStart(6, "0")}`,
      forWhom: { relation: "myself" },
      issueTypeName: "An admin request",
      sentOn: "03/03/2026",
      status: "closed",
    });
    expect(data.rows.map((r) => r.id)).not.toContain(ended.id);
    expect(data.rows[1].issueTypeName).toBe("A new medical problem");
    expect(data).toMatchObject({ page: 1, pageCount: 1, total: 3, showForWhom: false });
  });

  it("shows a carer their dependents' requests, saying whose each is", async () => {
    const practice = await requestPractice(context);
    const carer = await signedInCarer(context, practice.id);
    await makeEntry(context, { practiceId: practice.id, patientId: carer.dependentPatientId, userId: carer.userId, stage: "submitted" });
    const data = await readJson<Listed>(await show(practice.urlCode, carer.cookie));
    expect(data.showForWhom).toBe(true);
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0].forWhom).toMatchObject({ relation: "dependent", name: expect.stringMatching(/^Grace /) });
  });

  it("shows only this practice's requests", async () => {
    const practice = await requestPractice(context);
    const other = await requestPractice(context);
    const user = await createUser(context);
    const here = await createPatient(context, practice.id, { userId: user.id });
    const there = await createPatient(context, other.id, { userId: user.id });
    await makeEntry(context, { practiceId: practice.id, patientId: here.id, userId: user.id, stage: "submitted" });
    await makeEntry(context, { practiceId: other.id, patientId: there.id, userId: user.id, stage: "submitted" });
    const cookie = await sessionCookie(context, user.id);
    expect((await readJson<Listed>(await show(practice.urlCode, cookie))).total).toBe(1);
  });

  it("pages by 20 with plain ?page= links; a page past the end shows the last", async () => {
    const practice = await requestPractice(context);
    const me = await signedInPatient(context, practice.id);
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      context.clock.advance(1000);
      ids.push((await makeEntry(context, { practiceId: practice.id, patientId: me.patientId, userId: me.userId, stage: "submitted" })).id);
    }
    const first = await readJson<Listed>(await show(practice.urlCode, me.cookie));
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 21 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0].id).toBe(ids[20]);
    const second = await readJson<Listed>(await show(practice.urlCode, me.cookie, "?page=2"));
    expect(second.rows.map((r) => r.id)).toEqual([ids[0]]);
    expect((await readJson<Listed>(await show(practice.urlCode, me.cookie, "?page=99"))).page).toBe(2);
    expect(pageFromQuery("abc")).toBe(1);
    expect(pageFromQuery("-3")).toBe(1);
    expect(pageFromQuery("0")).toBe(1);
  });

  it("says so when there are no requests yet", async () => {
    const practice = await requestPractice(context);
    const me = await signedInPatient(context, practice.id);
    expect(await readJson<Listed>(await show(practice.urlCode, me.cookie))).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  it("asks anonymous visitors to sign in, denies staff, and does not know an unknown practice", async () => {
    const practice = await requestPractice(context);
    const anonymous = await show(practice.urlCode);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(
      `/${practice.urlCode}/login?redirect=${encodeURIComponent(`/${practice.urlCode}/my-requests-and-messages`)}`,
    );
    const gp = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "gp" }], patientAt: practice.id });
    const staff = await show(practice.urlCode, (await signInAs(context, gp.id)).cookie);
    expect(staff.headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied?error_code=logout_required`);
    const admin = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "practice_admin" }] });
    const denied = await show(practice.urlCode, (await signInAs(context, admin.id)).cookie);
    expect(denied.headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied`);
    const me = await signedInPatient(context, practice.id);
    expect((await show("nosuchpractice", me.cookie)).status).toBe(404);
  });

  it("lets a guest with a patient record see their requests", async () => {
    const practice = await requestPractice(context);
    const guest = await signedInPatient(context, practice.id, { guest: true });
    await makeEntry(context, { practiceId: practice.id, patientId: guest.patientId, userId: guest.userId, stage: "submitted" });
    expect((await readJson<Listed>(await show(practice.urlCode, guest.cookie))).total).toBe(1);
  });
});
