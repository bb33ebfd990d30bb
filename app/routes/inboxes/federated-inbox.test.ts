/**
 * The federated inbox (practice code `all`, spec 3 §2; docs/decisions/0062-federated-inbox.md):
 * the inbox routes under /all list, count and handle the requests of every practice where the
 * signed-in user is a GP or receptionist, and nothing of any other practice.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, patientEntries } from "~/db/schema";
import { inboxCount } from "~/domain/inbox/counters.server";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/db";
import { useTestWorld } from "../../../tests/support/world";
import { staffPractice, submittedRequest } from "../../../tests/support/inbox-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import * as ownInbox from "./$practiceCode.inbox";
import * as layout from "./$practiceCode.inboxes";
import * as list from "./$practiceCode.inboxes.$inbox";
import * as details from "./$practiceCode.inboxes.$inbox.request-details.$requestId";
import * as countRoute from "./$practiceCode.inboxes.count";
// /{code}/inboxes/issue_type/{type} is the list module under another URL (app/route-table.mjs).
import * as typeList from "./$practiceCode.inboxes.$inbox";
import * as deletion from "../requests/$practiceCode.requests.$requestId.delete";
import * as personalRedirect from "./inboxes.$staffMemberId.$practiceCode";
import { loader as rootLoader } from "~/root";

type ListData = { title: string; caption: string | null; basePath: string; next: string | null; rows: { id: number; practiceName: string | null; assignee: string | null }[] };
type NavData = { practice: { code: string; name: string }; practices: { code: string; name: string }[]; counts: Record<string, number>; issueTypes: { id: number; count: number }[] };

describe("the federated inbox (/all/inboxes)", () => {
  const database = useTestWorld({ onContext: (c) => (context = c) });
  let context: TestContext;

  /** Two practices, each with its own staff, and one person who is staff at both. */
  async function twoPractices() {
    const a = await staffPractice(context);
    const b = await staffPractice(context);
    const user = await makeUser(context, { memberships: [{ practiceId: a.practice.id, role: "gp" }, { practiceId: b.practice.id, role: "receptionist" }] });
    const both = { ...user, cookie: (await signInAs(context, user.id)).cookie };
    return { a, b, both };
  }

  const get = (loader: Parameters<typeof callLoader>[0], path: string, cookie: string, params: Record<string, string>) =>
    callLoader(loader, { request: getRequest(path, { cookie }), params: { practiceCode: "all", ...params }, context });
  const listAll = async (inbox: string, cookie: string, query = "") => readJson<ListData>(await get(list.loader, `/all/inboxes/${inbox}${query}`, cookie, { inbox }));
  const detailsPath = (inbox: string, id: number) => `/all/inboxes/${inbox}/request-details/${id}`;
  const post = (inbox: string, id: number, cookie: string, fields: Record<string, string>) =>
    callAction(details.action, { request: postRequest(detailsPath(inbox, id), fields, { cookie }), params: { practiceCode: "all", inbox, requestId: String(id) }, context });

  it("lists both practices' requests, each with its practice, and sums the counts", async () => {
    const { a, b, both } = await twoPractices();
    const atA = await submittedRequest(context, a.practice.id);
    const atB = await submittedRequest(context, b.practice.id);
    const page = await listAll("all", both.cookie);
    expect(page.caption).toBe("All practices");
    expect(page.basePath).toBe("/all/inboxes/all");
    expect(page.rows.map((r) => [r.id, r.practiceName])).toEqual([
      [atB.entry.id, b.practice.name],
      [atA.entry.id, a.practice.name],
    ]);
    const nav = await readJson<NavData>(await get(layout.loader, "/all/inboxes/all", both.cookie, {}));
    expect(nav.practice).toEqual({ code: "all", name: "All practices" });
    expect(nav.practices.map((p) => p.code).sort()).toEqual([a.practice.urlCode, b.practice.urlCode].sort());
    expect(nav.counts.all).toBe(2);
    expect(nav.counts.unassigned).toBe(2);
    expect(nav.issueTypes.find((t) => t.id === 4)?.count).toBe(2);
    const byType = readJson<ListData>(await get(typeList.loader, "/all/inboxes/issue_type/4", both.cookie, { type: "4" }));
    expect((await byType).rows).toHaveLength(2);
    const bubble = await readJson<{ count: number }>(await get(countRoute.loader, "/all/inboxes/count", both.cookie, {}));
    expect(bubble.count).toBe(2);
    // The practice's own inboxes still show its requests only.
    const onlyA = await readJson<ListData>(
      await callLoader(list.loader, { request: getRequest(`/${a.practice.urlCode}/inboxes/all`, { cookie: both.cookie }), params: { practiceCode: a.practice.urlCode, inbox: "all" }, context }),
    );
    expect(onlyA.rows.map((r) => [r.id, r.practiceName])).toEqual([[atA.entry.id, null]]);
  });

  it("audits a federated list view once for each practice it shows", async () => {
    const { a, b, both } = await twoPractices();
    await listAll("unassigned", both.cookie, "?q=someone");
    const rows = await context.db.select().from(auditEvents).where(and(eq(auditEvents.action, "inbox.view"), eq(auditEvents.actorUserId, both.id)));
    expect(rows.map((r) => r.practiceId).sort()).toEqual([a.practice.id, b.practice.id].sort());
    expect(rows.every((r) => r.subjectId === "/all/inboxes/unassigned" && JSON.stringify(r.detail) === '{"searched":true}')).toBe(true);
  });

  it("pages across practices with the keyset, without losing or repeating a request", async () => {
    const { a, b, both } = await twoPractices();
    const made: number[] = [];
    for (let i = 0; i < 23; i++) {
      made.push((await submittedRequest(context, i % 3 === 0 ? b.practice.id : a.practice.id)).entry.id);
      context.clock.advance(60_000);
    }
    const first = await listAll("unassigned", both.cookie);
    expect(first.rows).toHaveLength(20);
    expect(first.next).not.toBeNull();
    const second = await listAll("unassigned", both.cookie, `?after=${encodeURIComponent(first.next!)}`);
    expect(second.next).toBeNull();
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual([...made].reverse());
    const oldest = await listAll("unassigned", both.cookie, "?sort=oldest");
    expect(oldest.rows.map((r) => r.id)).toEqual(made.slice(0, 20));
  });

  it("opens and handles a request of either practice from the federated list; the changes are that practice's", async () => {
    const { b, both } = await twoPractices();
    const { entry } = await submittedRequest(context, b.practice.id);
    const shown = await get(details.loader, detailsPath("all", entry.id), both.cookie, { inbox: "all", requestId: String(entry.id) });
    expect(shown.status).toBe(200);
    const body = await readJson<{ practiceCode: string; practiceName: string; details: { staff: { id: number }[] } }>(shown);
    expect(body.practiceCode).toBe(b.practice.urlCode);
    expect(body.practiceName).toBe(b.practice.name);
    // The assignee list is the request's practice's staff.
    expect(body.details.staff.map((s) => s.id).sort()).toEqual([b.gp.id, b.receptionist.id, both.id].sort());

    const assigned = await post("all", entry.id, both.cookie, { intent: "assign", version: String(entry.version), assignee: String(both.id) });
    expect(assigned.status).toBe(303);
    expect(assigned.headers.get("Location")).toBe(detailsPath("all", entry.id));
    expect(await inboxCount(context.db, b.practice.id, "personal", both.id)).toBe(1);
    const audited = await context.db.select().from(auditEvents).where(and(eq(auditEvents.action, "request.assign"), eq(auditEvents.subjectId, String(entry.id))));
    expect(audited.map((r) => [r.actorUserId, r.practiceId])).toEqual([[both.id, b.practice.id]]);

    // Their personal inbox across practices now holds it; a colleague's id is no inbox here.
    const mine = await listAll(String(both.id), both.cookie);
    expect(mine.rows.map((r) => [r.id, r.practiceName, r.assignee])).toEqual([[entry.id, b.practice.name, `${both.firstName} ${both.lastName}`]]);
    const colleague = await get(list.loader, `/all/inboxes/${b.gp.id}`, both.cookie, { inbox: String(b.gp.id) });
    expect(colleague.status).toBe(404);
    const nav = await readJson<NavData>(await get(layout.loader, `/all/inboxes/${both.id}`, both.cookie, {}));
    expect(nav.counts.personal).toBe(1);

    // Staff of another practice cannot be given the request.
    const { a } = await twoPractices();
    const [current] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    const outsider = await post(String(both.id), entry.id, both.cookie, { intent: "assign", version: String(current.version), assignee: String(a.gp.id) });
    expect(outsider.status).toBe(404);

    const completed = await post(String(both.id), entry.id, both.cookie, { intent: "complete", version: String(current.version), reason: "Done" });
    expect(completed.status).toBe(303);
    expect(await inboxCount(context.db, b.practice.id, "completed")).toBe(1);
  });

  it("never shows or changes a request of a practice where the user is not staff: 404, as if it did not exist", async () => {
    const { a, b } = await twoPractices();
    const theirs = await submittedRequest(context, b.practice.id);
    const ours = await submittedRequest(context, a.practice.id);
    const cookie = a.receptionist.cookie;
    const page = await listAll("all", cookie);
    expect(page.rows.map((r) => r.id)).toEqual([ours.entry.id]);
    const searched = await listAll("all", cookie, `?q=FD-${String(theirs.entry.id).padStart(6, "0")}`);
    expect(searched.rows).toEqual([]);
    const look = await get(details.loader, detailsPath("all", theirs.entry.id), cookie, { inbox: "all", requestId: String(theirs.entry.id) });
    expect(look.status).toBe(404);
    const attempts: Record<string, string>[] = [
      { intent: "assign", version: String(theirs.entry.version), assignee: "unassigned" },
      { intent: "comment", body: "Looking" },
      { intent: "complete", version: String(theirs.entry.version) },
    ];
    for (const fields of attempts) {
      expect((await post("all", theirs.entry.id, cookie, fields)).status).toBe(404);
    }
    const [row] = await context.db.select().from(patientEntries).where(eq(patientEntries.id, theirs.entry.id));
    expect(row.version).toBe(theirs.entry.version);
    const nav = await readJson<NavData>(await get(layout.loader, "/all/inboxes/all", cookie, {}));
    expect(nav.counts.all).toBe(1);
    // One practice: no switch to offer.
    expect(nav.practices).toHaveLength(1);
  });

  it("refuses a practice admin without a staff role (no_staff_role) and patients; sends staff to their own federated inbox", async () => {
    const { a, both } = await twoPractices();
    const denied = await get(layout.loader, "/all/inboxes/all", a.practiceAdmin.cookie, {});
    expect(denied.headers.get("Location")).toBe("/permission-denied?error_code=no_staff_role");
    const { patient } = await submittedRequest(context, a.practice.id);
    const refused = await get(countRoute.loader, "/all/inboxes/count", patient.cookie, {});
    expect(refused.headers.get("Location")).toBe("/permission-denied");
    const anonymous = await callLoader(list.loader, { request: getRequest("/all/inboxes/all"), params: { practiceCode: "all", inbox: "all" }, context });
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirect=%2Fall%2Finboxes%2Fall/);
    const own = await get(ownInbox.loader, "/all/inbox", both.cookie, {});
    expect(own.headers.get("Location")).toBe(`/all/inboxes/${both.id}`);
    const upper = await callLoader(ownInbox.loader, { request: getRequest("/ALL/inbox", { cookie: both.cookie }), params: { practiceCode: "ALL" }, context });
    expect(upper.headers.get("Location")).toBe(`/all/inboxes/${both.id}`);
  });

  it("names All practices in the header, where Inboxes and its bubble count every practice", async () => {
    const { a, b, both } = await twoPractices();
    await submittedRequest(context, a.practice.id);
    await submittedRequest(context, b.practice.id);
    type Shell = { nav: { practiceName?: string; items: { label: string; href: string }[]; inboxBubble?: { count: number; countUrl: string } } };
    const shellAt = async (path: string) => readJson<Shell>(await callLoader(rootLoader, { request: getRequest(path, { cookie: both.cookie }), params: {}, context }));
    const all = await shellAt("/all/inboxes/all");
    expect(all.nav.practiceName).toBe("All practices");
    expect(all.nav.items.find((i) => i.label === "Inboxes")?.href).toBe("/all/inbox");
    expect(all.nav.inboxBubble).toEqual({ count: 2, countUrl: "/all/inboxes/count" });
    const one = await shellAt(`/${b.practice.urlCode}/inboxes/all`);
    expect(one.nav.practiceName).toBe(b.practice.name);
    expect(one.nav.inboxBubble).toEqual({ count: 1, countUrl: `/${b.practice.urlCode}/inboxes/count` });
  });

  it("deletes from the federated view and goes back to the federated list", async () => {
    const { b, both } = await twoPractices();
    const { entry } = await submittedRequest(context, b.practice.id);
    const code = b.practice.urlCode;
    const back = encodeURIComponent(detailsPath("unassigned", entry.id));
    const confirm = await callLoader(deletion.loader, { request: getRequest(`/${code}/requests/${entry.id}/delete?back=${back}`, { cookie: both.cookie }), params: { practiceCode: code, requestId: String(entry.id) }, context });
    expect((await readJson<{ back: string }>(confirm)).back).toBe(detailsPath("unassigned", entry.id));
    // Only an inbox of this practice or of all practices is somewhere to go back to.
    for (const elsewhere of ["https://example.com/all/inboxes/x", "//example.com/all/inboxes/x", "/all/inboxes/../../logout"]) {
      const page = await callLoader(deletion.loader, { request: getRequest(`/${code}/requests/${entry.id}/delete?back=${encodeURIComponent(elsewhere)}`, { cookie: both.cookie }), params: { practiceCode: code, requestId: String(entry.id) }, context });
      expect((await readJson<{ back: string }>(page)).back).toBe(`/${code}/inboxes/all`);
    }
    const done = await callAction(deletion.action, {
      request: postRequest(`/${code}/requests/${entry.id}/delete?back=${back}`, { version: String(entry.version) }, { cookie: both.cookie }),
      params: { practiceCode: code, requestId: String(entry.id) },
      context,
    });
    expect(done.headers.get("Location")).toBe("/all/inboxes/unassigned");
  });
});

describe("/inboxes/{staff_member_id}/{practice_code}", () => {
  let database: TestDatabase;
  let context: TestContext;
  beforeAll(async () => {
    database = await createTestDatabase();
    context = makeContext(database.db);
  });
  afterAll(() => database.close());

  const visit = (id: string | number, code: string, cookie?: string) =>
    callLoader(personalRedirect.loader, { request: getRequest(`/inboxes/${id}/${code}`, cookie ? { cookie } : {}), params: { staffMemberId: String(id), practiceCode: code }, context });

  it("redirects to the personal inbox at the practice, or across all practices", async () => {
    const { practice, gp, receptionist } = await staffPractice(context);
    expect((await visit(gp.id, practice.urlCode, gp.cookie)).headers.get("Location")).toBe(`/${practice.urlCode}/inboxes/${gp.id}`);
    // A colleague's personal inbox at the practice is open to its staff, as /{code}/inboxes/{id} is.
    expect((await visit(gp.id, practice.urlCode, receptionist.cookie)).headers.get("Location")).toBe(`/${practice.urlCode}/inboxes/${gp.id}`);
    expect((await visit(gp.id, "all", gp.cookie)).headers.get("Location")).toBe(`/all/inboxes/${gp.id}`);
  });

  it("refuses what the inboxes refuse: someone else's id under all, ids that are no staff there, other practices, signed-out visitors", async () => {
    const { practice, gp, receptionist, practiceAdmin } = await staffPractice(context);
    const other = await staffPractice(context);
    expect((await visit(gp.id, "all", receptionist.cookie)).status).toBe(404);
    expect((await visit(other.gp.id, practice.urlCode, gp.cookie)).status).toBe(404);
    expect((await visit(practiceAdmin.id, practice.urlCode, gp.cookie)).status).toBe(404);
    expect((await visit("unassigned", practice.urlCode, gp.cookie)).status).toBe(404);
    expect((await visit(other.gp.id, other.practice.urlCode, gp.cookie)).headers.get("Location")).toBe(`/${other.practice.urlCode}/permission-denied`);
    expect((await visit(gp.id, "nosuchpractice", gp.cookie)).status).toBe(404);
    expect((await visit(practiceAdmin.id, "all", practiceAdmin.cookie)).headers.get("Location")).toBe("/permission-denied?error_code=no_staff_role");
    expect((await visit(gp.id, practice.urlCode)).headers.get("Location")).toMatch(/login\?redirect=/);
  });
});
