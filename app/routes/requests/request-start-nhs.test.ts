/**
 * Starting a request from inside the NHS App, and as an NHS login P5 session (decisions 0080, 0081).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { patientEntries, sessions } from "~/db/schema";
import { londonInstant } from "~/domain/requests/demand";
import { hashSessionId } from "~/domain/sessions/sessions.server";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { requestPractice, signedInPatient } from "../../../tests/support/request-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as step3 from "./$practiceCode.message.myself._index";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
beforeAll(() => {
  context.clock.set(londonInstant("2026-11-23", "10:00"));
});

const APP_UA = "Mozilla/5.0 (Linux; Android 14) nhsapp-android/2.40.0 Chrome/120.0 Mobile Safari/537.36";

describe("requests from the NHS App and P5 sessions", () => {
  it("records a request started inside the NHS App as submitted via nhs_app, and a browser's as web", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const patient = await signedInPatient(context, practice.id);
    const fromApp = await callAction(step3.action, {
      request: postRequest(`/${code}/message/myself`, { issueTypeId: "4" }, { cookie: patient.cookie, csrf: context, userAgent: APP_UA }),
      params: { practiceCode: code },
      context,
    });
    expect(fromApp.status).toBe(303);
    const fromWeb = await callAction(step3.action, {
      request: postRequest(`/${code}/message/myself`, { issueTypeId: "4" }, { cookie: patient.cookie, csrf: context }),
      params: { practiceCode: code },
      context,
    });
    expect(fromWeb.status).toBe(303);
    const rows = await t.db.select().from(patientEntries).where(eq(patientEntries.patientId, patient.patientId));
    expect(rows.map((r) => r.submittedVia).sort()).toEqual(["nhs_app", "web"]);
  });

  it("offers a P5 session the administrative type only, and refuses another", async () => {
    const practice = await requestPractice(context);
    const code = practice.urlCode;
    const patient = await signedInPatient(context, practice.id);
    const sessionId = decodeURIComponent(patient.cookie.split("fd_session=")[1]!.split(";")[0]!);
    await t.db.update(sessions).set({ nhsLoginLevel: "P5" }).where(eq(sessions.idHash, hashSessionId(sessionId)));
    const page = await callLoader(step3.loader, { request: getRequest(`/${code}/message/myself`, { cookie: patient.cookie }), params: { practiceCode: code }, context });
    const data = await readJson<{ issueTypes: { id: number }[] }>(page);
    expect(data.issueTypes.map((i) => i.id)).toEqual([4]);
    const refused = await callAction(step3.action, {
      request: postRequest(`/${code}/message/myself`, { issueTypeId: "1" }, { cookie: patient.cookie, csrf: context }),
      params: { practiceCode: code },
      context,
    });
    expect(refused.status).toBe(400);
  });
});
