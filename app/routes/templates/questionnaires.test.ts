/**
 * Questionnaire details against a real database: a practice's staff read the national ones and
 * their own, never another practice's; the system admin reads the national ones at
 * /questionnaire/{id}; favourites are per person and listed with the templates.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { questionnaires } from "~/db/schema";
import { NATIONAL_QUESTIONNAIRES } from "~/db/seed-templates.server";
import { staffPractice } from "../../../tests/support/inbox-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { makePractice, useTestWorld } from "../../../tests/support/world";
import * as details from "./$practiceCode.questionnaire-details.$questionnaireId";
import * as list from "./$practiceCode.message-templates";

const world = useTestWorld();
let staff: Awaited<ReturnType<typeof staffPractice>>;
let nationalId: number;
let ownId: number;
let otherId: number;
let adminCookie: string;

beforeAll(async () => {
  const { context } = world;
  staff = await staffPractice(context);
  const other = await makePractice(context);
  const asthma = NATIONAL_QUESTIONNAIRES[1];
  nationalId = (await context.db.insert(questionnaires).values({ ...asthma, practiceId: null }).returning())[0].id;
  ownId = (await context.db.insert(questionnaires).values({ title: "Our own", questions: [{ text: "How are you?", kind: "free_text", required: true }], practiceId: staff.practice.id }).returning())[0].id;
  otherId = (await context.db.insert(questionnaires).values({ title: "Theirs", questions: [{ text: "Hidden?", kind: "yes_no", required: true }], practiceId: other.id }).returning())[0].id;
  adminCookie = (await signInAs(context, (await makeUser(context, { globalRoles: ["admin"] })).id)).cookie;
});

type Details = { title: string; national: boolean; favourite: boolean; questions: { text: string; rules: string }[] };
const code = () => staff.practice.urlCode;
const open = (id: number, cookie: string, prefixed = true) =>
  callLoader(details.loader, {
    request: getRequest(prefixed ? `/${code()}/questionnaire-details/${id}` : `/questionnaire/${id}`, { cookie }),
    params: prefixed ? { practiceCode: code(), questionnaireId: String(id) } : { questionnaireId: String(id) },
    context: world.context,
  });

describe("questionnaire details", () => {
  it("shows a national questionnaire's typed questions to the practice's staff", async () => {
    const data = await readJson<Details>(await open(nationalId, staff.receptionist.cookie));
    expect(data).toMatchObject({ title: "Hypertension review", national: true, favourite: false });
    expect(data.questions[0]).toEqual({ text: "Top number (systolic)", hint: null, rules: "Number in mmHg, 50 to 260, required" });
    expect(data.questions.map((q) => q.rules)).toContain("Multiple choice, Dizziness / Headaches / Swollen ankles / None of these, optional");
  });

  it("shows the practice's own, and another practice's is page-not-found", async () => {
    expect((await open(ownId, staff.gp.cookie)).status).toBe(200);
    expect((await open(otherId, staff.gp.cookie)).status).toBe(404);
    expect((await open(999999, staff.gp.cookie)).status).toBe(404);
  });

  it("shows the system admin the national ones only, at /questionnaire/{id}", async () => {
    expect((await open(nationalId, adminCookie, false)).status).toBe(200);
    expect((await open(ownId, adminCookie, false)).status).toBe(404);
  });

  it("keeps favourites per person and lists them first with the templates", async () => {
    const post = await callAction(details.action, {
      request: postRequest(`/${code()}/questionnaire-details/${nationalId}`, { intent: "favourite", favourite: "true" }, { cookie: staff.gp.cookie }),
      params: { practiceCode: code(), questionnaireId: String(nationalId) },
      context: world.context,
    });
    expect(post.status).toBe(303);
    expect((await readJson<Details>(await open(nationalId, staff.gp.cookie))).favourite).toBe(true);
    expect((await readJson<Details>(await open(nationalId, staff.receptionist.cookie))).favourite).toBe(false);
    const page = await readJson<{ questionnaires: { id: number; favourite: boolean }[] }>(
      await callLoader(list.loader, { request: getRequest(`/${code()}/message-templates`, { cookie: staff.gp.cookie }), params: { practiceCode: code() }, context: world.context }),
    );
    expect(page.questionnaires.map((q) => q.id)).toEqual([nationalId, ownId]);
    expect(page.questionnaires[0].favourite).toBe(true);
    const refused = await callAction(details.action, {
      request: postRequest(`/${code()}/questionnaire-details/${otherId}`, { intent: "favourite", favourite: "true" }, { cookie: staff.gp.cookie }),
      params: { practiceCode: code(), questionnaireId: String(otherId) },
      context: world.context,
    });
    expect(refused.status).toBe(404);
  });

  it("filters the questionnaires by the templates page's search and tag, and lists their tags in the filter", async () => {
    const page = async (query: string) =>
      readJson<{ tags: string[]; questionnaires: { id: number }[] }>(
        await callLoader(list.loader, { request: getRequest(`/${code()}/message-templates?${query}`, { cookie: staff.receptionist.cookie }), params: { practiceCode: code() }, context: world.context }),
      );
    expect((await page("")).tags).toEqual(expect.arrayContaining(["blood pressure", "long-term conditions"]));
    expect((await page("tag=blood+pressure")).questionnaires.map((q) => q.id)).toEqual([nationalId]);
    expect((await page("q=own")).questionnaires.map((q) => q.id)).toEqual([ownId]);
    expect((await page("q=%25")).questionnaires).toEqual([]);
  });
});
