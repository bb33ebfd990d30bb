/**
 * Proxy access is granted by the practice, never by a form (issue "security",
 * docs/decisions/0070): a carer's link is pending until staff at the dependent's practice
 * approve it on /{code}/{patient_id}/carer/{user_id}; until then, and after a decline or a
 * removal, the carer sees nothing of the dependent. Real Requests, a real database.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, carerDependents, patientEntries, users } from "~/db/schema";
import { decisionDoneMessage, PROXY_MESSAGES } from "~/domain/dependents/proxy-links";
import { flashOf, refusingNotifier } from "../../../tests/support/refusing-notifier";
import { actingPatients } from "~/domain/requests/access.server";
import { listMyRequests } from "~/domain/requests/my-requests.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { staffPractice } from "../../../tests/support/inbox-fixtures";
import { makeEntry, signedInCarer } from "../../../tests/support/request-fixtures";
import { messagesTo } from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as carerLinkRoute from "../patients/$practiceCode.$patientId.carer.$userId";
import * as carerRequestsRoute from "../inboxes/$practiceCode.inboxes.carer-requests";
import * as dependentsRoute from "./carer.dependents";
import * as carerStartRoute from "./$practiceCode.message.carer.$dependentId";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

type Links = { links: { id: number; status: string; requestHref: string | null; note: string | null }[] };
type Reply = { lastResult?: { error?: Record<string, string[]> } };

async function setUp() {
  const here = await staffPractice(context);
  const elsewhere = await staffPractice(context);
  const carer = await signedInCarer(context, here.practice.id, { status: "pending" });
  const entry = await makeEntry(context, { practiceId: here.practice.id, patientId: carer.dependentPatientId, userId: carer.userId, stage: "submitted" });
  return { here, elsewhere, carer, entry };
}

const linkPath = (code: string, patientId: number, userId: number) => `/${code}/${patientId}/carer/${userId}`;
const params = (code: string, patientId: number, userId: number) => ({ practiceCode: code, patientId: String(patientId), userId: String(userId) });

function decide(code: string, patientId: number, userId: number, cookie: string, fields: Record<string, string>) {
  return callAction(carerLinkRoute.action, {
    request: postRequest(linkPath(code, patientId, userId), fields, { cookie, csrf: context }),
    params: params(code, patientId, userId),
    context,
  });
}

async function carerSees(carer: Awaited<ReturnType<typeof setUp>>["carer"], code: string) {
  const dependents = await readJson<Links>(await callLoader(dependentsRoute.loader, { request: getRequest("/carer/dependents", { cookie: carer.cookie }), context }));
  const start = await callLoader(carerStartRoute.loader, {
    request: getRequest(`/${code}/message/carer/${carer.dependentId}`, { cookie: carer.cookie }),
    params: { practiceCode: code, dependentId: String(carer.dependentId) },
    context,
  });
  const acting = await actingPatients(t.db, carer.userId);
  return { link: dependents.links.find((l) => l.id === carer.dependentId)!, startStatus: start.status, acting };
}

async function linkStatus(id: number) {
  const [row] = await t.db.select().from(carerDependents).where(eq(carerDependents.id, id));
  return row;
}

describe("a carer's pending link", () => {
  it("gives the carer nothing of the dependent until the practice approves, then everything", async () => {
    const { here, carer } = await setUp();
    const code = here.practice.urlCode;

    const before = await carerSees(carer, code);
    expect(before.link).toMatchObject({ status: "pending", requestHref: null });
    expect([403, 404]).toContain(before.startStatus);
    expect(before.acting.filter((p) => p.relation === "dependent")).toHaveLength(0);

    // It waits where staff work: the Carer requests inbox and the patient's own carer page.
    const waiting = await readJson<{ rows: { href: string }[] }>(
      await callLoader(carerRequestsRoute.loader, {
        request: getRequest(`/${code}/inboxes/carer-requests`, { cookie: here.receptionist.cookie }),
        params: { practiceCode: code },
        context,
      }),
    );
    expect(waiting.rows.map((r) => r.href)).toContain(linkPath(code, carer.dependentPatientId, carer.userId));

    const approved = await decide(code, carer.dependentPatientId, carer.userId, here.receptionist.cookie, { decision: "approve" });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("Location")).toBe(`/${code}/patients/${carer.dependentPatientId}`);
    expect(await linkStatus(carer.dependentId)).toMatchObject({ status: "approved", decidedByUserId: here.receptionist.id });
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "proxy_link.approved"), eq(auditEvents.subjectId, String(carer.dependentId))));
    expect(audited).toHaveLength(1);
    expect(audited[0].actorUserId).toBe(here.receptionist.id);

    const after = await carerSees(carer, code);
    expect(after.link).toMatchObject({ status: "approved", requestHref: `/${code}/message/carer/${carer.dependentId}` });
    expect(after.startStatus).toBe(200);
    expect(after.acting.filter((p) => p.relation === "dependent").map((p) => p.patientId)).toEqual([carer.dependentPatientId]);
  });

  it("a decline needs a reason, tells the carer, and keeps access shut", async () => {
    const { here, carer } = await setUp();
    const code = here.practice.urlCode;
    const noReason = await decide(code, carer.dependentPatientId, carer.userId, here.gp.cookie, { decision: "decline" });
    expect(noReason.status).toBe(400);
    expect((await readJson<Reply>(noReason)).lastResult?.error).toEqual({ note: [PROXY_MESSAGES.declineNoteRequired] });
    expect((await linkStatus(carer.dependentId)).status).toBe("pending");

    const declined = await decide(code, carer.dependentPatientId, carer.userId, here.gp.cookie, { decision: "decline", note: "We could not confirm you are her guardian." });
    expect(declined.status).toBe(303);
    expect(await linkStatus(carer.dependentId)).toMatchObject({ status: "declined", decisionNote: "We could not confirm you are her guardian." });
    const sees = await carerSees(carer, code);
    expect(sees.link).toMatchObject({ status: "declined", requestHref: null, note: "We could not confirm you are her guardian." });
    expect([403, 404]).toContain(sees.startStatus);
  });

  it("tells staff when GOV.UK Notify refused the carer's e-mail address: the decision stands (decision 0153)", async () => {
    const { here, carer } = await setUp();
    const code = here.practice.urlCode;
    const outbox = context.notifier;
    const notifier = refusingNotifier((m) => m.template === "proxy-link-decision", context.notifier);
    context.notifier = notifier;
    let declined: Response;
    try {
      declined = await decide(code, carer.dependentPatientId, carer.userId, here.receptionist.cookie, { decision: "decline", note: "We could not confirm it." });
    } finally {
      context.notifier = outbox;
    }
    expect(declined.status).toBe(303);
    expect(flashOf(context.config.sessionSecret, declined)).toEqual({
      kind: "success",
      text: "Request declined. We could not email the carer: GOV.UK Notify refused their email address. Contact them another way.",
    });
    expect(notifier.refused.map((m) => m.to)).toEqual([await carerEmail(carer.userId)]);
    expect((await linkStatus(carer.dependentId)).status).toBe("declined");
    expect(decisionDoneMessage("approve", ["email"])).toBe(
      "Carer approved. They can now act for this patient. We could not email the carer: GOV.UK Notify refused their email address. Contact them another way.",
    );
    expect(decisionDoneMessage("decline", [])).toBe("Request declined. The carer has been told.");
  });

  it("a removal cuts access at once; deciding twice is a conflict, not a second change", async () => {
    const { here, carer } = await setUp();
    const code = here.practice.urlCode;
    await decide(code, carer.dependentPatientId, carer.userId, here.gp.cookie, { decision: "approve" });
    const twice = await decide(code, carer.dependentPatientId, carer.userId, here.receptionist.cookie, { decision: "approve" });
    expect(twice.status).toBe(409);
    expect((await carerSees(carer, code)).startStatus).toBe(200);

    const removed = await decide(code, carer.dependentPatientId, carer.userId, here.gp.cookie, { decision: "remove", note: "The patient asked us to." });
    expect(removed.status).toBe(303);
    expect((await linkStatus(carer.dependentId)).status).toBe("removed");
    const sees = await carerSees(carer, code);
    expect([403, 404]).toContain(sees.startStatus);
    expect(sees.acting.filter((p) => p.relation === "dependent")).toHaveLength(0);
    const told = await messagesTo(context, (await carerEmail(carer.userId))!, "proxy-link-decision");
    expect(told.length).toBeGreaterThanOrEqual(2);
  });

  it("is decided only at the dependent's practice: staff elsewhere get not found and change nothing", async () => {
    const { here, elsewhere, carer } = await setUp();
    // Their own practice's code, the dependent's id: the patient is not theirs.
    const own = await decide(elsewhere.practice.urlCode, carer.dependentPatientId, carer.userId, elsewhere.gp.cookie, { decision: "approve" });
    expect(own.status).toBe(404);
    const ownPage = await callLoader(carerLinkRoute.loader, {
      request: getRequest(linkPath(elsewhere.practice.urlCode, carer.dependentPatientId, carer.userId), { cookie: elsewhere.gp.cookie }),
      params: params(elsewhere.practice.urlCode, carer.dependentPatientId, carer.userId),
      context,
    });
    expect(ownPage.status).toBe(404);
    // The dependent's practice's code: they are not staff there.
    const theirs = await decide(here.practice.urlCode, carer.dependentPatientId, carer.userId, elsewhere.gp.cookie, { decision: "approve" });
    expect([302, 303, 403, 404]).toContain(theirs.status);
    expect(theirs.headers.get("Location") ?? "").not.toContain(`/patients/${carer.dependentPatientId}`);
    // Nor is the carer's own session, nor the carer asking for someone's id that is not linked.
    const self = await decide(here.practice.urlCode, carer.dependentPatientId, carer.userId, carer.cookie, { decision: "approve" });
    expect(self.headers.get("Location") ?? "").not.toContain(`/patients/`);
    const unlinked = await decide(here.practice.urlCode, carer.dependentPatientId, elsewhere.gp.id, here.gp.cookie, { decision: "approve" });
    expect(unlinked.status).toBe(404);
    expect((await linkStatus(carer.dependentId)).status).toBe("pending");
  });

  it("lets a carer see a dependent's requests only while approved", async () => {
    const { here, carer, entry } = await setUp();
    const code = here.practice.urlCode;
    const visible = async () => {
      const rows = await t.db.select({ id: patientEntries.id }).from(patientEntries).where(eq(patientEntries.id, entry.id));
      const listed = await listMyRequests(t.db, { userId: carer.userId, practiceId: here.practice.id, page: 1 });
      return { exists: rows.length === 1, listed: listed.rows.some((r) => r.id === entry.id) };
    };
    expect(await visible()).toEqual({ exists: true, listed: false });
    await decide(code, carer.dependentPatientId, carer.userId, here.gp.cookie, { decision: "approve" });
    expect(await visible()).toEqual({ exists: true, listed: true });
    await decide(code, carer.dependentPatientId, carer.userId, here.gp.cookie, { decision: "remove", note: "Moved away" });
    expect(await visible()).toEqual({ exists: true, listed: false });
  });
});

async function carerEmail(userId: number): Promise<string | null> {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
