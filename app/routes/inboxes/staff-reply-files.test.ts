/**
 * Staff attach files to a reply (issue "staff integrations"): the patient uploads' checks (type
 * by content, size, the per-request limit, the sensitive flag), stored with the message and
 * shown in the conversation. A plain multipart form, as without JS.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { entryFiles, entryMessages, patientEntries } from "~/db/schema";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { staffPractice, submittedRequest } from "../../../tests/support/inbox-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as details from "./$practiceCode.inboxes.$inbox.request-details.$requestId";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe("a staff reply with files", () => {
  useTestWorld({ onContext: (c) => (context = c) });
  let context: TestContext;

  it("stores a real PNG with the message, flagged sensitive, and refuses a file that is not one by its content", async () => {
    const { practice, gp } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    const code = practice.urlCode;
    const path = `/${code}/inboxes/all/request-details/${entry.id}`;
    const params = { practiceCode: code, inbox: "all", requestId: String(entry.id) };
    const version = async () => String((await context.db.select({ v: patientEntries.version }).from(patientEntries).where(eq(patientEntries.id, entry.id)))[0].v);
    const form = async (file: File) => {
      const f = new FormData();
      f.append("intent", "reply");
      f.append("version", await version());
      f.append("body", "Here is the leaflet.");
      f.append("sensitive", "yes");
      f.append("files", file);
      return f;
    };

    const refused = await callAction(details.action, { request: postRequest(path, await form(new File(["just text"], "notes.png", { type: "image/png" })), { cookie: gp.cookie, csrf: context }), params, context });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("notes.png must be a JPG, PNG or PDF");
    expect(await context.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id))).toHaveLength(0);

    const sent = await callAction(details.action, { request: postRequest(path, await form(new File([png], "leaflet.png", { type: "image/png" })), { cookie: gp.cookie, csrf: context }), params, context });
    expect(sent.status).toBe(303);
    const [message] = await context.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id));
    const [file] = await context.db.select().from(entryFiles).where(eq(entryFiles.patientEntryId, entry.id));
    expect(file).toMatchObject({ messageId: message.id, fileName: "leaflet.png", contentType: "image/png", sensitive: true, uploadedByUserId: gp.id });

    const page = await readJson<{ details: { files: { id: string; messageId: number | null }[] }; fileLinks: Record<string, string> }>(
      await callLoader(details.loader, { request: getRequest(path, { cookie: gp.cookie }), params, context }),
    );
    expect(page.details.files).toContainEqual(expect.objectContaining({ id: file.id, messageId: message.id }));
    expect(page.fileLinks[file.id]).toMatch(new RegExp(`/${code}/requests/${entry.id}/files/${file.id}`));
  });
});
