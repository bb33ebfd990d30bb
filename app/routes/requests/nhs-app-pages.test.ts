/**
 * The NHS App's entry pages (spec 2 §2.4; decision 0084): the admin hub, the clinical and
 * non-clinical request pages at step 3, the emergency warning, and who may open them.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { answers, patientEntries, sessions } from "~/db/schema";
import { londonInstant } from "~/domain/requests/demand";
import { hashSessionId } from "~/domain/sessions/sessions.server";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { requestPractice, signedInCarer, signedInPatient } from "../../../tests/support/request-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as adminHub from "./$practiceCode.admin-hub";
import * as clinical from "./$practiceCode.clinical-request";
import * as nonclinical from "./$practiceCode.nonclinical-request";
import * as warning from "./$practiceCode.emergency-warning";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
beforeAll(() => {
  context.clock.set(londonInstant("2026-11-23", "10:00"));
});

const APP_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) nhsapp-ios/2.41.0 AppleWebKit/605.1.15 Mobile/15E148";

async function asP5(cookie: string) {
  const sessionId = decodeURIComponent(cookie.split("fd_session=")[1]!.split(";")[0]!);
  await t.db.update(sessions).set({ nhsLoginLevel: "P5" }).where(eq(sessions.idHash, hashSessionId(sessionId)));
}

describe("/{code}/admin-hub", () => {
  it("starts an admin request for oneself with the topic as its first answer, and goes on at the next question", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const patient = await signedInPatient(context, practice.id);
    const page = await callLoader(adminHub.loader, { request: getRequest(`/${code}/admin-hub`, { cookie: patient.cookie }), params: { practiceCode: code }, context });
    expect(page.status).toBe(200);
    const missing = await callAction(adminHub.action, {
      request: postRequest(`/${code}/admin-hub`, {}, { cookie: patient.cookie, csrf: context, userAgent: APP_UA }),
      params: { practiceCode: code },
      context,
    });
    expect(missing.status).toBe(400);
    expect(await readJson(missing)).toEqual({ errors: { topic: "Select what you need help with" } });
    const sent = await callAction(adminHub.action, {
      request: postRequest(`/${code}/admin-hub`, { topic: "fit_note" }, { cookie: patient.cookie, csrf: context, userAgent: APP_UA }),
      params: { practiceCode: code },
      context,
    });
    expect(sent.status).toBe(303);
    const [entry] = await t.db.select().from(patientEntries).where(eq(patientEntries.patientId, patient.patientId));
    expect(entry).toMatchObject({ issueTypeId: 4, requester: "myself", submittedVia: "nhs_app", stage: "created" });
    expect(sent.headers.get("Location")).toBe(`/${code}/questions/${entry!.id}?page=2`);
    const [first] = await t.db.select().from(answers).where(and(eq(answers.patientEntryId, entry!.id), eq(answers.questionId, 31)));
    expect(first!.answer).toBe("fit_note");
  });

  it("is not for guests, and never as carer: a carer without a record of their own is told they cannot", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const guest = await signedInPatient(context, practice.id, { guest: true });
    const refused = await callLoader(adminHub.loader, { request: getRequest(`/${code}/admin-hub`, { cookie: guest.cookie }), params: { practiceCode: code }, context });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/permission-denied/);
    const carer = await signedInCarer(context, practice.id);
    const stopped = await callLoader(adminHub.loader, { request: getRequest(`/${code}/admin-hub`, { cookie: carer.cookie }), params: { practiceCode: code }, context });
    expect(stopped.status).toBe(403);
    const action = await callAction(adminHub.action, {
      request: postRequest(`/${code}/admin-hub`, { topic: "letter" }, { cookie: carer.cookie, csrf: context }),
      params: { practiceCode: code },
      context,
    });
    expect(action.headers.get("Location")).toBe(`/${code}/admin-hub`);
    expect(await t.db.select().from(patientEntries).where(eq(patientEntries.createdByUserId, carer.userId))).toEqual([]);
  });
});

describe("/{code}/clinical-request, /{code}/nonclinical-request and /{code}/emergency-warning", () => {
  it("opens step 3 for oneself: clinical types after the advice page, or the admin type", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const patient = await signedInPatient(context, practice.id);
    const advice = await callLoader(warning.loader, { request: getRequest(`/${code}/emergency-warning`, { cookie: patient.cookie }), params: { practiceCode: code }, context });
    expect(advice.status).toBe(200);
    const page = await readJson<{ issueTypes: { id: number }[]; backHref: string; subject: { relation: string } }>(
      await callLoader(clinical.loader, { request: getRequest(`/${code}/clinical-request`, { cookie: patient.cookie }), params: { practiceCode: code }, context }),
    );
    expect(page.issueTypes.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(page.backHref).toBe(`/${code}/emergency-warning`);
    expect(page.subject.relation).toBe("myself");
    const admin = await readJson<{ issueTypes: { id: number }[]; preselected: number; backHref: string }>(
      await callLoader(nonclinical.loader, { request: getRequest(`/${code}/nonclinical-request`, { cookie: patient.cookie }), params: { practiceCode: code }, context }),
    );
    expect(admin).toMatchObject({ issueTypes: [{ id: 4 }], preselected: 4, backHref: `/${code}/admin-hub` });
    // The clinical page takes no admin request, and the admin page no clinical one.
    const wrong = await callAction(clinical.action, {
      request: postRequest(`/${code}/clinical-request`, { issueTypeId: "4" }, { cookie: patient.cookie, csrf: context }),
      params: { practiceCode: code },
      context,
    });
    expect(wrong.status).toBe(400);
    const started = await callAction(clinical.action, {
      request: postRequest(`/${code}/clinical-request`, { issueTypeId: "1" }, { cookie: patient.cookie, csrf: context }),
      params: { practiceCode: code },
      context,
    });
    expect(started.status).toBe(303);
    expect(started.headers.get("Location")).toMatch(new RegExp(`^/${code}/questions/\\d+$`));
  });

  it("sends a P5 session to the admin hub", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const patient = await signedInPatient(context, practice.id);
    await asP5(patient.cookie);
    for (const [route, path] of [
      [clinical, "clinical-request"],
      [warning, "emergency-warning"],
    ] as const) {
      const response = await callLoader(route.loader, { request: getRequest(`/${code}/${path}`, { cookie: patient.cookie }), params: { practiceCode: code }, context });
      expect(response.headers.get("Location"), path).toBe(`/${code}/admin-hub`);
    }
  });

  it("asks someone signed out to sign in first", async () => {
    const practice = await requestPractice(context);
    const response = await callLoader(adminHub.loader, { request: getRequest(`/${practice.urlCode}/admin-hub`), params: { practiceCode: practice.urlCode }, context });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/login\?redirect=/);
  });
});
