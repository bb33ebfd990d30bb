/**
 * Message templates against a real database: a practice's list (its own and the national ones,
 * favourites first, search and tag), create with preview, edit scoped to the owner (a national
 * template or another practice's is page-not-found), the system admin's national templates, and
 * a reply in request details started from a template (the GET prefill).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, messageTemplates } from "~/db/schema";
import { staffPractice, submittedRequest } from "../../../tests/support/inbox-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { makePractice, useTestWorld } from "../../../tests/support/world";
import * as details from "../inboxes/$practiceCode.inboxes.$inbox.request-details.$requestId";
import * as create from "./$practiceCode.create-message-template";
import * as edit from "./$practiceCode.edit-message-template.$templateId";
import * as list from "./$practiceCode.message-templates";

const world = useTestWorld();
let staff: Awaited<ReturnType<typeof staffPractice>>;
let otherId: number;
let nationalId: number;
let ownId: number;
let adminCookie: string;

type ListData = { templates: { id: number; title: string; favourite: boolean; national: boolean; editable: boolean }[]; tags: string[] };

beforeAll(async () => {
  const { context } = world;
  staff = await staffPractice(context);
  const other = await makePractice(context);
  const [national] = await context.db.insert(messageTemplates).values({ practiceId: null, title: "Zeta national booking", body: "Hi {patient_name}, book at {booking_link}", tags: ["appointments"] }).returning();
  nationalId = national.id;
  const [own] = await context.db.insert(messageTemplates).values({ practiceId: staff.practice.id, title: "Call us", body: "Please call {practice_name}.", tags: ["general"] }).returning();
  ownId = own.id;
  const [others] = await context.db.insert(messageTemplates).values({ practiceId: other.id, title: "Elsewhere secret", body: "Not yours", tags: ["secret"] }).returning();
  otherId = others.id;
  const admin = await makeUser(context, { globalRoles: ["admin"] });
  adminCookie = (await signInAs(context, admin.id)).cookie;
});

const code = () => staff.practice.urlCode;

describe("a practice's message templates", () => {
  it("lists its own and the national ones, never another practice's; searches and filters by tag", async () => {
    const response = await callLoader(list.loader, { request: getRequest(`/${code()}/message-templates`, { cookie: staff.receptionist.cookie }), params: { practiceCode: code() }, context: world.context });
    const data = await readJson<ListData>(response);
    expect(data.templates.map((t) => t.title)).toEqual(["Call us", "Zeta national booking"]);
    expect(data.templates.map((t) => t.editable)).toEqual([true, false]);
    expect(data.tags).toEqual(["appointments", "general"]);
    const searched = await readJson<ListData>(
      await callLoader(list.loader, { request: getRequest(`/${code()}/message-templates?q=BOOK`, { cookie: staff.gp.cookie }), params: { practiceCode: code() }, context: world.context }),
    );
    expect(searched.templates.map((t) => t.title)).toEqual(["Zeta national booking"]);
    const tagged = await readJson<ListData>(
      await callLoader(list.loader, { request: getRequest(`/${code()}/message-templates?tag=general`, { cookie: staff.gp.cookie }), params: { practiceCode: code() }, context: world.context }),
    );
    expect(tagged.templates.map((t) => t.title)).toEqual(["Call us"]);
    const wildcard = await readJson<ListData>(
      await callLoader(list.loader, { request: getRequest(`/${code()}/message-templates?q=%25`, { cookie: staff.gp.cookie }), params: { practiceCode: code() }, context: world.context }),
    );
    expect(wildcard.templates).toEqual([]);
  });

  it("puts a favourite first for that person only, and refuses another practice's template", async () => {
    const post = (templateId: number, favourite: string) =>
      callAction(list.action, {
        request: postRequest(`/${code()}/message-templates`, { intent: "favourite", templateId: String(templateId), favourite }, { cookie: staff.gp.cookie }),
        params: { practiceCode: code() },
        context: world.context,
      });
    expect((await post(nationalId, "true")).status).toBe(303);
    const mine = await readJson<ListData>(
      await callLoader(list.loader, { request: getRequest(`/${code()}/message-templates`, { cookie: staff.gp.cookie }), params: { practiceCode: code() }, context: world.context }),
    );
    expect(mine.templates[0]).toMatchObject({ id: nationalId, favourite: true });
    const theirs = await readJson<ListData>(
      await callLoader(list.loader, { request: getRequest(`/${code()}/message-templates`, { cookie: staff.receptionist.cookie }), params: { practiceCode: code() }, context: world.context }),
    );
    expect(theirs.templates[0]).toMatchObject({ id: ownId, favourite: false });
    expect((await post(otherId, "true")).status).toBe(404);
    expect((await post(nationalId, "false")).status).toBe(303);
  });

  it("previews with example values without saving, then saves (audited)", async () => {
    const post = (fields: Record<string, string>) =>
      callAction(create.action, { request: postRequest(`/${code()}/create-message-template`, fields, { cookie: staff.receptionist.cookie }), params: { practiceCode: code() }, context: world.context });
    const fields = { title: "Flu clinic", body: "Dear {patient_name}, {practice_name} flu clinic: {booking_link}", tags: "Flu, vaccination" };
    const preview = await post({ ...fields, intent: "preview" });
    expect(preview.status).toBe(200);
    const shown = await readJson<{ preview: string }>(preview);
    expect(shown.preview).toBe(`Dear Jane Smith, ${staff.practice.name} flu clinic: https://example.nhs.uk/riverside/appointments`);
    expect(await world.db.select().from(messageTemplates).where(eq(messageTemplates.title, "Flu clinic"))).toHaveLength(0);
    const refused = await post({ ...fields, body: "Hello {first_name}", intent: "save" });
    expect(refused.status).toBe(400);
    expect((await readJson<{ lastResult: { error: Record<string, string[]> } }>(refused)).lastResult.error.body).toEqual([
      "{first_name} is not a placeholder. Use {patient_name}, {practice_name} or {booking_link}",
    ]);
    const saved = await post({ ...fields, intent: "save" });
    expect(saved.status).toBe(303);
    const [row] = await world.db.select().from(messageTemplates).where(eq(messageTemplates.title, "Flu clinic"));
    expect(row).toMatchObject({ practiceId: staff.practice.id, tags: ["flu", "vaccination"] });
    const audits = await world.db.select().from(auditEvents).where(eq(auditEvents.subjectId, String(row.id)));
    expect(audits.map((a) => a.action)).toContain("message_template.created");
  });

  it("starts a copy from a national template, and edits only its own", async () => {
    const from = await callLoader(create.loader, {
      request: getRequest(`/${code()}/create-message-template?from=${nationalId}`, { cookie: staff.gp.cookie }),
      params: { practiceCode: code() },
      context: world.context,
    });
    expect((await readJson<{ defaults: { title: string } }>(from)).defaults.title).toBe("Zeta national booking");
    const notOurs = await callLoader(create.loader, {
      request: getRequest(`/${code()}/create-message-template?from=${otherId}`, { cookie: staff.gp.cookie }),
      params: { practiceCode: code() },
      context: world.context,
    });
    expect((await readJson<{ defaults: { title: string } }>(notOurs)).defaults.title).toBe("");
    for (const id of [nationalId, otherId]) {
      const args = { params: { practiceCode: code(), templateId: String(id) }, context: world.context };
      expect((await callLoader(edit.loader, { ...args, request: getRequest(`/${code()}/edit-message-template/${id}`, { cookie: staff.gp.cookie }) })).status).toBe(404);
      const post = await callAction(edit.action, { ...args, request: postRequest(`/${code()}/edit-message-template/${id}`, { title: "Hacked", body: "x", intent: "save" }, { cookie: staff.gp.cookie }) });
      expect(post.status).toBe(404);
    }
    const args = { params: { practiceCode: code(), templateId: String(ownId) }, context: world.context };
    const saved = await callAction(edit.action, { ...args, request: postRequest(`/${code()}/edit-message-template/${ownId}`, { title: "Call us today", body: "Please call {practice_name}.", tags: "general", intent: "save" }, { cookie: staff.practiceAdmin.cookie }) });
    expect(saved.status).toBe(303);
    const [row] = await world.db.select().from(messageTemplates).where(eq(messageTemplates.id, ownId));
    expect(row.title).toBe("Call us today");
  });
});

describe("national templates (system admin)", () => {
  it("lists and edits the national ones only", async () => {
    const data = await readJson<ListData>(await callLoader(list.loader, { request: getRequest(`/message-templates`, { cookie: adminCookie }), params: {}, context: world.context }));
    expect(data.templates.every((t) => t.national && t.editable)).toBe(true);
    expect(data.templates.map((t) => t.id)).toContain(nationalId);
    const own = await callLoader(edit.loader, { request: getRequest(`/edit-message-template/${ownId}`, { cookie: adminCookie }), params: { templateId: String(ownId) }, context: world.context });
    expect(own.status).toBe(404);
    const saved = await callAction(create.action, { request: postRequest(`/create-message-template`, { title: "National hello", body: "Hello {patient_name}", intent: "save" }, { cookie: adminCookie }), params: {}, context: world.context });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/message-templates");
    const [row] = await world.db.select().from(messageTemplates).where(eq(messageTemplates.title, "National hello"));
    expect(row.practiceId).toBeNull();
  });

  it("refuses staff at the national addresses", async () => {
    const response = await callLoader(list.loader, { request: getRequest(`/message-templates`, { cookie: staff.gp.cookie }), params: {}, context: world.context });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("permission-denied");
  });
});

describe("a reply started from a template", () => {
  it("offers the templates and fills the chosen one in for this patient", async () => {
    const { entry, patient } = await submittedRequest(world.context, staff.practice.id);
    const load = (query: string) =>
      callLoader(details.loader, {
        request: getRequest(`/${code()}/inboxes/all/request-details/${entry.id}${query}`, { cookie: staff.gp.cookie }),
        params: { practiceCode: code(), inbox: "all", requestId: String(entry.id) },
        context: world.context,
      });
    type Data = { templates: { templates: { id: number }[]; templateId: number | null; templateBody: string | null }; details: { patient: { firstName: string; lastName: string } } };
    const plain = await readJson<Data>(await load(""));
    expect(plain.templates.templates.map((t) => t.id)).not.toContain(otherId);
    expect(plain.templates.templateBody).toBeNull();
    const chosen = await readJson<Data>(await load(`?template=${nationalId}`));
    const name = `${chosen.details.patient.firstName} ${chosen.details.patient.lastName}`;
    expect(chosen.templates.templateBody).toBe(`Hi ${name}, book at http://localhost/appointments`);
    expect(patient).toBeTruthy();
    const foreign = await readJson<Data>(await load(`?template=${otherId}`));
    expect(foreign.templates.templateBody).toBeNull();
  });
});
