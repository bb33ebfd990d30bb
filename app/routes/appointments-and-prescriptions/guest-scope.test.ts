/**
 * A guest sees only what that guest sent (issue "security", docs/decisions/0070): typing a
 * registered patient's name, date of birth and postcode links a guest account to the record so
 * the practice knows who wrote, but never shows the patient's other requests, another guest's,
 * nor their appointments, prescriptions or details.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { patients } from "~/db/schema";
import { listMyRequests } from "~/domain/requests/my-requests.server";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { makeEntry, requestPractice } from "../../../tests/support/request-fixtures";
import { createPatient, createUser, sessionCookie } from "../../../tests/support/registration-fixtures";
import { callLoader, getRequest } from "../../../tests/support/requests";
import * as appointments from "./appointments._index";
import * as prescriptions from "./prescriptions._index";
import * as details from "../public-and-sign-in/account-settings.details";
import * as chat from "../requests/$practiceCode.chat.$patientEntryId";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

/** What the guest link does when followed: the guest account becomes the record's user. */
async function linkRecordTo(patientId: number, userId: number) {
  await t.db.update(patients).set({ userId }).where(eq(patients.id, patientId));
}

async function listed(userId: number, practiceId: number): Promise<number[]> {
  const page = await listMyRequests(t.db, { userId, practiceId, page: 1 });
  return page.rows.map((r) => r.id).sort((a, b) => a - b);
}

async function chatStatus(code: string, entryId: number, cookie: string) {
  const response = await callLoader(chat.loader, {
    request: getRequest(`/${code}/chat/${entryId}`, { cookie }),
    params: { practiceCode: code, patientEntryId: String(entryId) },
    context,
  });
  return response.status;
}

describe("a guest's view of a registered patient's record", () => {
  it("shows each guest only the requests that guest sent, and the patient none of the guests'", async () => {
    const practice = await requestPractice(context);
    const staff = await createUser(context, { firstName: "Rita" });
    const record = await createPatient(context, practice.id, { firstName: "Oliver" });
    // A request staff made for the patient on the phone: the patient's, not a guest's.
    const byPhone = await makeEntry(context, { practiceId: practice.id, patientId: record.id, userId: staff.id, stage: "submitted" });

    const firstGuest = await createUser(context, { guest: true });
    await linkRecordTo(record.id, firstGuest.id);
    const fromFirst = await makeEntry(context, { practiceId: practice.id, patientId: record.id, userId: firstGuest.id, stage: "submitted" });

    // A stranger types the same name, date of birth and postcode with another address.
    const secondGuest = await createUser(context, { guest: true });
    await linkRecordTo(record.id, secondGuest.id);
    const fromSecond = await makeEntry(context, { practiceId: practice.id, patientId: record.id, userId: secondGuest.id, stage: "submitted" });

    expect(await listed(secondGuest.id, practice.id)).toEqual([fromSecond.id]);
    expect(await listed(firstGuest.id, practice.id)).toEqual([fromFirst.id]);
    const secondCookie = await sessionCookie(context, secondGuest.id);
    expect(await chatStatus(practice.urlCode, fromFirst.id, secondCookie)).not.toBe(200);
    expect(await chatStatus(practice.urlCode, byPhone.id, secondCookie)).not.toBe(200);
    expect(await chatStatus(practice.urlCode, fromSecond.id, secondCookie)).toBe(200);

    // The patient registers: their record's requests, never what guests sent (that is the
    // practice's decision, by merging).
    const patient = await createUser(context, { firstName: "Oliver" });
    await linkRecordTo(record.id, patient.id);
    expect(await listed(patient.id, practice.id)).toEqual([byPhone.id]);
    expect(await chatStatus(practice.urlCode, fromFirst.id, await sessionCookie(context, patient.id))).not.toBe(200);
  });

  it("never lets a guest reach the patient's appointments, prescriptions or account details", async () => {
    const practice = await requestPractice(context, { appointmentsEnabled: true, prescriptionsEnabled: true, linkageEnabled: true });
    const record = await createPatient(context, practice.id);
    const guest = await createUser(context, { guest: true });
    await linkRecordTo(record.id, guest.id);
    const cookie = await sessionCookie(context, guest.id);
    for (const [route, path] of [
      [appointments, "/appointments"],
      [prescriptions, "/prescriptions"],
      [details, "/account-settings/details"],
    ] as const) {
      const response = await callLoader(route.loader, { request: getRequest(path, { cookie }), context });
      expect(response.status, path).not.toBe(200);
      expect([302, 303, 403, 404]).toContain(response.status);
    }
  });
});
