/**
 * /{code}/change-my-details (issue "patient side"): the patient's contact details and address
 * change at once; another practice's address has no record of theirs. Real database.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { patients } from "~/db/schema";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { staffPractice } from "../../../tests/support/inbox-fixtures";
import { signedInPatient } from "../../../tests/support/request-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as route from "./$practiceCode.change-my-details";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

type Reply = { lastResult?: { error?: Record<string, string[]> } };

describe("change my details", () => {
  it("saves contact details and address at once, and refuses a number that is not a UK one", async () => {
    const { practice } = await staffPractice(context);
    const code = practice.urlCode;
    const me = await signedInPatient(context, practice.id);
    const page = await readJson<{ name: string; adminRequestHref: string }>(
      await callLoader(route.loader, { request: getRequest(`/${code}/change-my-details`, { cookie: me.cookie }), params: { practiceCode: code }, context }),
    );
    expect(page.adminRequestHref).toBe(`/${code}/message/myself/admin`);
    const post = (fields: Record<string, string>) =>
      callAction(route.action, { request: postRequest(`/${code}/change-my-details`, fields, { cookie: me.cookie, csrf: context }), params: { practiceCode: code }, context });

    const wrong = await post({ mobile: "01134960000" });
    expect(wrong.status).toBe(400);
    expect((await readJson<Reply>(wrong)).lastResult?.error?.mobile).toEqual(["Please enter a valid UK mobile phone number."]);

    const saved = await post({ mobile: "07700 900 555", phone: "0113 496 0001", addressLine1: "1 Park Row", town: "Leeds", postcode: "ls1 5ab" });
    expect(saved.status).toBe(303);
    const [row] = await t.db.select().from(patients).where(eq(patients.id, me.patientId));
    expect(row).toMatchObject({ mobile: "07700900555", phone: "01134960001", addressLine1: "1 Park Row", town: "Leeds", postcode: "LS1 5AB" });
  });

  it("is refused at a practice where the user has no record", async () => {
    const here = await staffPractice(context);
    const elsewhere = await staffPractice(context);
    const me = await signedInPatient(context, here.practice.id);
    const code = elsewhere.practice.urlCode;
    const response = await callLoader(route.loader, { request: getRequest(`/${code}/change-my-details`, { cookie: me.cookie }), params: { practiceCode: code }, context });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/permission-denied/);
  });
});
