/**
 * The carer's own pages (issue "patient side", spec 2 §2.3): the list at both URLs, adding
 * someone at /…/dependents/add, and one dependent at /{code}/dependents/{id} with their
 * requests and removal. Real Requests, a real database.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, carerDependents, users } from "~/db/schema";
import { REMOVE_DEPENDENT_MESSAGES } from "~/domain/dependents/dependent-page";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { staffPractice } from "../../../tests/support/inbox-fixtures";
import { makeEntry, signedInCarer } from "../../../tests/support/request-fixtures";
import { createPatient } from "../../../tests/support/registration-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as listRoute from "./carer.dependents";
import * as addRoute from "./carer.dependents_.add";
import * as oneRoute from "./$practiceCode.dependents.$proxyUserId";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

type OnePage = { name: string; status: string; dateOfBirth: string | null; requestHref: string | null; requests: { reference: string; href: string }[] };
type Reply = { lastResult?: { error?: Record<string, string[]> } };

function openOne(code: string, id: number, cookie: string) {
  return callLoader(oneRoute.loader, { request: getRequest(`/${code}/dependents/${id}`, { cookie }), params: { practiceCode: code, proxyUserId: String(id) }, context });
}

describe("one dependent, /{code}/dependents/{id}", () => {
  it("shows an approved dependent's requests and Make a request; a pending one only its name and state", async () => {
    const { practice } = await staffPractice(context);
    const code = practice.urlCode;
    const approved = await signedInCarer(context, practice.id);
    const entry = await makeEntry(context, { practiceId: practice.id, patientId: approved.dependentPatientId, userId: approved.userId, stage: "submitted" });
    await makeEntry(context, { practiceId: practice.id, patientId: approved.dependentPatientId, userId: approved.userId }); // a draft: not listed
    const page = await readJson<OnePage>(await openOne(code, approved.dependentId, approved.cookie));
    expect(page).toMatchObject({ status: "approved", dateOfBirth: "02/06/2015", requestHref: `/${code}/message/carer/${approved.dependentId}` });
    expect(page.requests.map((r) => r.href)).toEqual([`/${code}/chat/${entry.id}`]);

    const pending = await signedInCarer(context, practice.id, { status: "pending" });
    const waiting = await readJson<OnePage>(await openOne(code, pending.dependentId, pending.cookie));
    expect(waiting).toMatchObject({ status: "pending", dateOfBirth: null, requestHref: null, requests: [] });
  });

  it("is not found for another carer's link or at another practice's address", async () => {
    const here = await staffPractice(context);
    const elsewhere = await staffPractice(context);
    const mine = await signedInCarer(context, here.practice.id);
    const theirs = await signedInCarer(context, here.practice.id);
    expect((await openOne(here.practice.urlCode, theirs.dependentId, mine.cookie)).status).toBe(404);
    expect((await openOne(elsewhere.practice.urlCode, mine.dependentId, mine.cookie)).status).toBe(404);
    expect((await openOne(here.practice.urlCode, mine.dependentId, mine.cookie)).status).toBe(200);
  });

  it("removes the link only when confirmed, audits it, and the list no longer shows them", async () => {
    const { practice } = await staffPractice(context);
    const code = practice.urlCode;
    const carer = await signedInCarer(context, practice.id);
    const post = (fields: Record<string, string>) =>
      callAction(oneRoute.action, {
        request: postRequest(`/${code}/dependents/${carer.dependentId}`, fields, { cookie: carer.cookie, csrf: context }),
        params: { practiceCode: code, proxyUserId: String(carer.dependentId) },
        context,
      });
    const unconfirmed = await post({ intent: "remove" });
    expect(unconfirmed.status).toBe(400);
    expect((await readJson<Reply>(unconfirmed)).lastResult?.error?.confirm).toEqual([REMOVE_DEPENDENT_MESSAGES.confirm]);

    const done = await post({ intent: "remove", confirm: "yes" });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/${code}/dependents`);
    expect(await t.db.select().from(carerDependents).where(eq(carerDependents.id, carer.dependentId))).toHaveLength(0);
    const audits = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "proxy_link.removed_by_carer"), eq(auditEvents.subjectId, String(carer.dependentId))));
    expect(audits).toHaveLength(1);

    const list = await readJson<{ links: unknown[] }>(
      await callLoader(listRoute.loader, { request: getRequest(`/${code}/dependents`, { cookie: carer.cookie }), params: { practiceCode: code }, context }),
    );
    expect(list.links).toHaveLength(0);
    expect((await openOne(code, carer.dependentId, carer.cookie)).status).toBe(404);
  });
});

describe("the list and adding someone, at both URLs", () => {
  it("links each person to their page and Add to the add page of the URL used", async () => {
    const { practice } = await staffPractice(context);
    const code = practice.urlCode;
    const carer = await signedInCarer(context, practice.id);
    const atCode = await readJson<{ addHref: string; links: { href: string }[] }>(
      await callLoader(listRoute.loader, { request: getRequest(`/${code}/dependents`, { cookie: carer.cookie }), params: { practiceCode: code }, context }),
    );
    expect(atCode.addHref).toBe(`/${code}/dependents/add`);
    expect(atCode.links.map((l) => l.href)).toEqual([`/${code}/dependents/${carer.dependentId}`]);
    const plain = await readJson<{ addHref: string }>(await callLoader(listRoute.loader, { request: getRequest("/carer/dependents", { cookie: carer.cookie }), context }));
    expect(plain.addHref).toBe("/carer/dependents/add");
  });

  it("asks the practice for a registered patient, and says what is missing otherwise", async () => {
    const { practice } = await staffPractice(context);
    const code = practice.urlCode;
    const carer = await signedInCarer(context, practice.id);
    await t.db.update(users).set({ homePracticeId: practice.id }).where(eq(users.id, carer.userId));
    const person = await createPatient(context, practice.id, { firstName: "Ivy", lastName: "Addison", dateOfBirth: "1950-05-05" });
    const add = (path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
      callAction(addRoute.action, { request: postRequest(path, fields, { cookie: carer.cookie, csrf: context }), params, context });

    const empty = await add("/carer/dependents/add", {});
    expect(empty.status).toBe(400);
    expect(Object.keys((await readJson<Reply>(empty)).lastResult?.error ?? {})).toEqual(expect.arrayContaining(["firstName", "lastName", "reason"]));

    const fields = { firstName: "Ivy", lastName: "Addison", "dateOfBirth.day": "5", "dateOfBirth.month": "5", "dateOfBirth.year": "1950", reason: "adult_consents", relationship: "Neighbour" };
    const done = await add(`/${code}/dependents/add`, fields, { practiceCode: code });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/${code}/dependents`);
    const [link] = await t.db.select().from(carerDependents).where(and(eq(carerDependents.carerUserId, carer.userId), eq(carerDependents.patientId, person.id)));
    expect(link).toMatchObject({ status: "pending", relationship: "Neighbour", reason: "adult_consents" });
  });
});
