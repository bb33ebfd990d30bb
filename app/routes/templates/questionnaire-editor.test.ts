/**
 * Creating and editing questionnaires against a real database: a practice's staff create and
 * change their own (audited), copy a national one, never edit a national or another practice's;
 * the system admin keeps the national ones; "Add another question" posted without JS comes back
 * with one more question and saves nothing.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, questionnaires } from "~/db/schema";
import { NATIONAL_QUESTIONNAIRES } from "~/db/seed-templates.server";
import { staffPractice } from "../../../tests/support/inbox-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { makePractice, useTestWorld } from "../../../tests/support/world";
import * as create from "./$practiceCode.create-questionnaire";
import * as edit from "./$practiceCode.edit-questionnaire.$questionnaireId";

const world = useTestWorld();
let staff: Awaited<ReturnType<typeof staffPractice>>;
let nationalId: number;
let otherId: number;
let adminCookie: string;

beforeAll(async () => {
  const { context } = world;
  staff = await staffPractice(context);
  const other = await makePractice(context);
  nationalId = (await context.db.insert(questionnaires).values({ ...NATIONAL_QUESTIONNAIRES[2], practiceId: null }).returning())[0].id;
  otherId = (await context.db.insert(questionnaires).values({ title: "Theirs", questions: [{ text: "Hidden?", kind: "yes_no", required: true }], practiceId: other.id }).returning())[0].id;
  adminCookie = (await signInAs(context, (await makeUser(context, { globalRoles: ["admin"] })).id)).cookie;
});

const code = () => staff.practice.urlCode;
const good = {
  title: "Knee pain",
  description: "Before your physio appointment",
  tags: "MSK, physio",
  "questions[0].text": "How bad is the pain?",
  "questions[0].kind": "number",
  "questions[0].unit": "out of 10",
  "questions[0].min": "0",
  "questions[0].max": "10",
  "questions[0].required": "on",
  "questions[1].text": "Which knee?",
  "questions[1].kind": "single_choice",
  "questions[1].options": "Left\nRight\nBoth",
};

describe("creating a questionnaire", () => {
  it("saves a practice's questionnaire with typed questions, audited, and shows it", async () => {
    const res = await callAction(create.action, { request: postRequest(`/${code()}/create-questionnaire`, good, { cookie: staff.receptionist.cookie }), params: { practiceCode: code() }, context: world.context });
    expect(res.status).toBe(303);
    const [row] = await world.context.db.select().from(questionnaires).where(eq(questionnaires.title, "Knee pain"));
    expect(res.headers.get("Location")).toBe(`/${code()}/questionnaire-details/${row.id}`);
    expect(row).toMatchObject({ practiceId: staff.practice.id, tags: ["msk", "physio"], createdByUserId: staff.receptionist.id });
    expect(row.questions).toEqual([
      { text: "How bad is the pain?", hint: null, kind: "number", required: true, unit: "out of 10", min: 0, max: 10, options: null },
      { text: "Which knee?", hint: null, kind: "single_choice", required: false, unit: null, min: null, max: null, options: [{ value: "left", label: "Left" }, { value: "right", label: "Right" }, { value: "both", label: "Both" }] },
    ]);
    expect(await world.context.db.select().from(auditEvents).where(and(eq(auditEvents.action, "questionnaire.created"), eq(auditEvents.subjectId, String(row.id))))).toHaveLength(1);
  });

  it("refuses a bad question with its message (400) and saves nothing", async () => {
    const res = await callAction(create.action, {
      request: postRequest(`/${code()}/create-questionnaire`, { ...good, title: "Broken", "questions[1].options": "Left" }, { cookie: staff.gp.cookie }),
      params: { practiceCode: code() },
      context: world.context,
    });
    expect(res.status).toBe(400);
    expect((await readJson<{ lastResult: { error: Record<string, string[]> } }>(res)).lastResult.error).toEqual({ "questions[1].options": ["A choice question needs at least 2 options"] });
    expect(await world.context.db.select().from(questionnaires).where(eq(questionnaires.title, "Broken"))).toHaveLength(0);
  });

  it("adds another question without JS: the form comes back with it, nothing saved; a forged intent is a 400", async () => {
    const intent = JSON.stringify({ type: "insert", payload: { name: "questions", defaultValue: JSON.stringify({ kind: "free_text" }) } });
    const res = await callAction(create.action, {
      request: postRequest(`/${code()}/create-questionnaire`, { ...good, title: "Growing", __intent__: intent }, { cookie: staff.gp.cookie }),
      params: { practiceCode: code() },
      context: world.context,
    });
    expect(res.status).toBe(200);
    const body = await readJson<{ lastResult: { initialValue: { questions: unknown[] } } }>(res);
    expect(body.lastResult.initialValue.questions).toHaveLength(3);
    expect(await world.context.db.select().from(questionnaires).where(eq(questionnaires.title, "Growing"))).toHaveLength(0);
    const forged = await callAction(create.action, { request: postRequest(`/${code()}/create-questionnaire`, { ...good, __intent__: "{nope" }, { cookie: staff.gp.cookie }), params: { practiceCode: code() }, context: world.context });
    expect(forged.status).toBe(400);
  });

  it("starts from a national questionnaire (?from=) as the practice's own copy", async () => {
    const data = await readJson<{ defaults: { title: string; questions: { text: string; options: string }[] } }>(
      await callLoader(create.loader, { request: getRequest(`/${code()}/create-questionnaire?from=${nationalId}`, { cookie: staff.gp.cookie }), params: { practiceCode: code() }, context: world.context }),
    );
    expect(data.defaults.title).toBe("Smoking status");
    expect(data.defaults.questions[0]).toMatchObject({ text: "Do you smoke?", options: "I have never smoked\nI used to smoke\nI smoke\nI only vape" });
    const other = await readJson<{ defaults: { title: string } }>(
      await callLoader(create.loader, { request: getRequest(`/${code()}/create-questionnaire?from=${otherId}`, { cookie: staff.gp.cookie }), params: { practiceCode: code() }, context: world.context }),
    );
    expect(other.defaults.title).toBe("");
  });
});

describe("editing a questionnaire", () => {
  it("changes the practice's own (audited); a national or another practice's is page-not-found", async () => {
    const [own] = await world.context.db.select().from(questionnaires).where(eq(questionnaires.title, "Knee pain"));
    const params = (id: number) => ({ practiceCode: code(), questionnaireId: String(id) });
    const page = await readJson<{ defaults: { questions: { min: string }[] } }>(
      await callLoader(edit.loader, { request: getRequest(`/${code()}/edit-questionnaire/${own.id}`, { cookie: staff.gp.cookie }), params: params(own.id), context: world.context }),
    );
    expect(page.defaults.questions[0].min).toBe("0");
    const res = await callAction(edit.action, {
      request: postRequest(`/${code()}/edit-questionnaire/${own.id}`, { ...good, title: "Knee pain review" }, { cookie: staff.practiceAdmin.cookie }),
      params: params(own.id),
      context: world.context,
    });
    expect(res.status).toBe(303);
    expect((await world.context.db.select().from(questionnaires).where(eq(questionnaires.id, own.id)))[0].title).toBe("Knee pain review");
    expect(await world.context.db.select().from(auditEvents).where(and(eq(auditEvents.action, "questionnaire.updated"), eq(auditEvents.subjectId, String(own.id))))).toHaveLength(1);
    for (const id of [nationalId, otherId, 999999]) {
      expect((await callLoader(edit.loader, { request: getRequest(`/${code()}/edit-questionnaire/${id}`, { cookie: staff.gp.cookie }), params: params(id), context: world.context })).status).toBe(404);
      expect((await callAction(edit.action, { request: postRequest(`/${code()}/edit-questionnaire/${id}`, good, { cookie: staff.gp.cookie }), params: params(id), context: world.context })).status).toBe(404);
    }
  });

  it("lets the system admin create and change national ones at the unprefixed addresses, not a practice's", async () => {
    const made = await callAction(create.action, { request: postRequest(`/create-questionnaire`, { ...good, title: "National knee" }, { cookie: adminCookie }), params: {}, context: world.context });
    expect(made.status).toBe(303);
    const [row] = await world.context.db.select().from(questionnaires).where(eq(questionnaires.title, "National knee"));
    expect(row.practiceId).toBeNull();
    expect(made.headers.get("Location")).toBe(`/questionnaire/${row.id}`);
    const changed = await callAction(edit.action, { request: postRequest(`/edit-questionnaire/${row.id}`, { ...good, title: "National knee v2" }, { cookie: adminCookie }), params: { questionnaireId: String(row.id) }, context: world.context });
    expect(changed.status).toBe(303);
    expect((await callLoader(edit.loader, { request: getRequest(`/edit-questionnaire/${otherId}`, { cookie: adminCookie }), params: { questionnaireId: String(otherId) }, context: world.context })).status).toBe(404);
  });
});
