/**
 * /{code}/upload-templates against a real database, posted as a plain multipart form: a good
 * file imports its templates and questionnaires (audited); a file with a refused line, or a
 * title the practice already uses, imports nothing and says which line and why; a bad file is a
 * 400 with a clear message; the system admin's unprefixed scope has no upload.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, messageTemplates, questionnaires } from "~/db/schema";
import { UPLOAD_MESSAGES } from "~/domain/templates/upload";
import { staffPractice } from "../../../tests/support/inbox-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { useTestWorld } from "../../../tests/support/world";
import * as upload from "./$practiceCode.upload-templates";

const world = useTestWorld();

const HEADER = "type,title,text,tags,description,kind,required,unit,min,max,options,hint";
const form = (name: string, content: string) => {
  const data = new FormData();
  data.append("file", new File([content], name, { type: "text/csv" }));
  return data;
};
type Rejected = { fileError: string | null; refusals: { where: string; message: string }[] };

describe("uploading templates and questionnaires", () => {
  it("imports a good CSV file in one go, and refuses the next file whole with a line-by-line report", async () => {
    const { context } = world;
    const staff = await staffPractice(context);
    const code = staff.practice.urlCode;
    const post = (data: FormData) => callAction(upload.action, { request: postRequest(`/${code}/upload-templates`, data, { cookie: staff.receptionist.cookie }), params: { practiceCode: code }, context });
    expect((await callLoader(upload.loader, { request: getRequest(`/${code}/upload-templates`, { cookie: staff.receptionist.cookie }), params: { practiceCode: code }, context })).status).toBe(200);

    const good = [
      HEADER,
      'template,Flu clinic,"Dear {patient_name}, book at {booking_link}",flu,,,,,,,,',
      "question,Knee pain,How bad is the pain?,physio,Before your appointment,number,yes,out of 10,0,10,,",
      "question,Knee pain,Which knee?,,,single_choice,yes,,,,Left|Right|Both,",
    ].join("\n");
    const done = await post(form("import.csv", good));
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/${code}/message-templates`);
    const [template] = await context.db.select().from(messageTemplates).where(and(eq(messageTemplates.practiceId, staff.practice.id), eq(messageTemplates.title, "Flu clinic")));
    expect(template).toMatchObject({ body: "Dear {patient_name}, book at {booking_link}", tags: ["flu"], createdByUserId: staff.receptionist.id });
    const [knee] = await context.db.select().from(questionnaires).where(and(eq(questionnaires.practiceId, staff.practice.id), eq(questionnaires.title, "Knee pain")));
    expect(knee.questions).toHaveLength(2);
    expect(await context.db.select().from(auditEvents).where(and(eq(auditEvents.action, "templates.imported"), eq(auditEvents.practiceId, staff.practice.id)))).toHaveLength(1);

    // The same titles again, plus one good template and one bad line: nothing is imported.
    const again = await post(form("again.csv", [HEADER, "template,New one,Hello,,,,,,,,,", "template,flu clinic,Hello,,,,,,,,,", "question,Knee pain,Pain?,,,yes_no,,,,,,", "template,Bad,{nope},,,,,,,,,"].join("\n")));
    expect(again.status).toBe(400);
    expect((await readJson<Rejected>(again)).refusals).toEqual([
      { where: "Line 3", message: UPLOAD_MESSAGES.exists("template", "flu clinic") },
      { where: "Line 4", message: UPLOAD_MESSAGES.exists("questionnaire", "Knee pain") },
      { where: "Line 5", message: "{nope} is not a placeholder. Use {patient_name}, {practice_name} or {booking_link}" },
    ]);
    expect(await context.db.select().from(messageTemplates).where(eq(messageTemplates.title, "New one"))).toHaveLength(0);
  });

  it("answers a missing, wrong or broken file with a 400 and a clear message", async () => {
    const { context } = world;
    const staff = await staffPractice(context);
    const code = staff.practice.urlCode;
    const post = (data: FormData | Record<string, string>) => callAction(upload.action, { request: postRequest(`/${code}/upload-templates`, data, { cookie: staff.gp.cookie }), params: { practiceCode: code }, context });
    const message = async (res: Response) => {
      expect(res.status).toBe(400);
      return (await readJson<Rejected>(res)).fileError;
    };
    expect(await message(await post({}))).toBe(UPLOAD_MESSAGES.noFile);
    expect(await message(await post(form("", "")))).toBe(UPLOAD_MESSAGES.noFile);
    expect(await message(await post(form("photo.png", "\x89PNG")))).toBe(UPLOAD_MESSAGES.wrongType);
    expect(await message(await post(form("big.csv", "x".repeat(1024 * 1024 + 1))))).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(await message(await post(form("broken.json", "{")))).toBe(UPLOAD_MESSAGES.badJson);
    expect(await message(await post(form("empty.csv", "")))).toBe(UPLOAD_MESSAGES.empty);
  });
});
