/**
 * /{practice_code}/chat/{patient_entry_id} and its file downloads: who may open a request's
 * conversation (its patient, their carer, a link holder for that request only), what a
 * foreign or unknown id gives (page-not-found), and the reply form's rules.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { entryFiles, entryMessages, patientEntries } from "~/db/schema";
import { issueMagicLink } from "~/domain/auth/magic-links.server";
import { FLASH_COOKIE } from "~/web/flash.server";
import { MAX_FILE_BYTES } from "~/domain/files/file-types";
import { storeEntryFiles } from "~/domain/files/entry-files.server";
import { addPracticeMessage, type Conversation } from "~/domain/requests/conversation.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { makeEntry, requestPractice, signedInCarer, signedInPatient, type SignedIn } from "../../../tests/support/request-fixtures";
import { createUser } from "../../../tests/support/registration-fixtures";
import { makeUser, signInAs } from "../../../tests/support/session-fixtures";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest, readJson, setCookie } from "../../../tests/support/requests";
import * as chatRoute from "./$practiceCode.chat.$patientEntryId";
import * as fileRoute from "./$practiceCode.chat.$patientEntryId_.files.$fileId";
import * as securityRoute from "../public-and-sign-in/security.$token";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

type ChatData = { practiceCode: string; conversation: Conversation; signedIn: boolean };
type Reply = { lastResult: { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> } };

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const params = (code: string, id: number | string) => ({ practiceCode: code, patientEntryId: String(id) });
const open = (code: string, id: number | string, cookie?: string, query = "") =>
  callLoader(chatRoute.loader, { request: getRequest(`/${code}/chat/${id}${query}`, { cookie }), params: params(code, id), context });
const reply = (code: string, id: number | string, form: FormData | Record<string, string>, cookie?: string) =>
  callAction(chatRoute.action, { request: postRequest(`/${code}/chat/${id}`, form, { cookie, csrf: context }), params: params(code, id), context });
const download = (code: string, id: number | string, fileId: string, cookie?: string) =>
  callLoader(fileRoute.loader, {
    request: getRequest(`/${code}/chat/${id}/files/${fileId}`, { cookie }),
    params: { ...params(code, id), fileId },
    context,
  });

async function setting() {
  const practice = await requestPractice(context);
  const me = await signedInPatient(context, practice.id);
  const entry = await makeEntry(context, {
    practiceId: practice.id,
    patientId: me.patientId,
    userId: me.userId,
    stage: "submitted",
    answers: { 31: "letter", 32: "For my <b>employer</b>" },
  });
  return { practice, me, entry };
}

function multipart(fields: Record<string, string>, files: { name: string; bytes: Uint8Array; type?: string }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of files) form.append("files", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: f.type ?? "image/png" }));
  return form;
}

/** Confirms the patient's date of birth on a magic link: the grant cookie. */
async function grantFor(me: SignedIn, practiceId: number, entryId: number) {
  const token = await issueMagicLink(context, { patientId: me.patientId, practiceId, scope: { patientEntryId: entryId } });
  const response = await callAction(securityRoute.action, {
    request: postRequest(`/security/${token}`, { "dateOfBirth.day": "14", "dateOfBirth.month": "1", "dateOfBirth.year": "1972" }),
    params: { token },
    context,
  });
  expect(response.status).toBe(303);
  return { token, cookie: cookieHeaderAfter(response) };
}

describe("/{practice_code}/chat/{id}: who may open it", () => {
  it("shows the patient their own request", async () => {
    const { practice, me, entry } = await setting();
    const response = await open(practice.urlCode, entry.id, me.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await readJson<ChatData>(response);
    expect(data.signedIn).toBe(true);
    expect(data.conversation).toMatchObject({
      entryId: entry.id,
      answers: [
        { question: "What do you need?", answer: "A letter, for example for work, school or housing" },
        { question: "Tell us more", answer: "For my <b>employer</b>" },
      ],
      messages: [],
      acceptsReplies: true,
    });
  });

  it("shows a carer their dependent's request", async () => {
    const practice = await requestPractice(context);
    const carer = await signedInCarer(context, practice.id);
    const entry = await makeEntry(context, { practiceId: practice.id, patientId: carer.dependentPatientId, userId: carer.userId, stage: "submitted" });
    expect((await open(practice.urlCode, entry.id, carer.cookie)).status).toBe(200);
  });

  it("is page-not-found for another patient's request, an unknown id, a malformed id, or the wrong practice", async () => {
    const { practice, entry } = await setting();
    const other = await signedInPatient(context, practice.id);
    for (const id of [String(entry.id), "999999999", "abc", "1e3", "-1"]) {
      const response = await open(practice.urlCode, id, other.cookie);
      expect(response.status, id).toBe(404);
    }
    const elsewhere = await requestPractice(context);
    const { me } = await setting();
    expect((await open(elsewhere.urlCode, entry.id, me.cookie)).status).toBe(404);
    // Replies and downloads answer the same.
    expect((await reply(practice.urlCode, entry.id, { body: "hello" }, other.cookie)).status).toBe(404);
    expect(await t.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id))).toEqual([]);
  });

  it("asks anonymous visitors to sign in, or to confirm a link they carry, and refuses staff", async () => {
    const { practice, entry } = await setting();
    const anonymous = await open(practice.urlCode, entry.id);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/${practice.urlCode}/login?redirect=${encodeURIComponent(`/${practice.urlCode}/chat/${entry.id}`)}`);
    const withToken = await open(practice.urlCode, entry.id, undefined, "?token=abc123");
    expect(withToken.headers.get("Location")).toBe("/security/abc123");
    const gp = await makeUser(context, { memberships: [{ practiceId: practice.id, role: "gp" }] });
    const staff = await open(practice.urlCode, entry.id, (await signInAs(context, gp.id)).cookie);
    expect(staff.headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied?error_code=logout_required`);
    expect((await reply(practice.urlCode, entry.id, { body: "x" })).headers.get("Location")).toMatch(/\/login\?redirect=/);
  });

  it("opens for a link holder who confirmed the date of birth: that request only, and they can reply", async () => {
    const { practice, me, entry } = await setting();
    const second = await makeEntry(context, { practiceId: practice.id, patientId: me.patientId, userId: me.userId, stage: "submitted" });
    const { cookie } = await grantFor(me, practice.id, entry.id);
    const response = await open(practice.urlCode, entry.id, cookie);
    expect(response.status).toBe(200);
    expect((await readJson<ChatData>(response)).signedIn).toBe(false);
    expect((await open(practice.urlCode, second.id, cookie)).status).toBe(404);
    const elsewhere = await requestPractice(context);
    expect((await open(elsewhere.urlCode, entry.id, cookie)).status).toBe(404);

    const sent = await reply(practice.urlCode, entry.id, { body: "Sent with the link" }, cookie);
    expect(sent.status).toBe(303);
    const [message] = await t.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id));
    expect(message).toMatchObject({ body: "Sent with the link", authorRole: "patient", authorUserId: null });
    // The grant lapses after 30 minutes: then the holder must confirm again (or sign in).
    context.clock.advance(30 * 60 * 1000);
    expect((await open(practice.urlCode, entry.id, cookie)).status).toBe(302);
  });

  it("sends a draft still being written back to its questions", async () => {
    const practice = await requestPractice(context);
    const me = await signedInPatient(context, practice.id);
    const draft = await makeEntry(context, { practiceId: practice.id, patientId: me.patientId, userId: me.userId });
    const response = await open(practice.urlCode, draft.id, me.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/questions/${draft.id}`);
  });
});

describe("/{practice_code}/chat/{id}: replying", () => {
  it("sends a reply and comes back to the chat with a message; the thread is in order", async () => {
    const { practice, me, entry } = await setting();
    const staff = await createUser(context);
    await addPracticeMessage(context, entry, { body: "Who is the letter for?", staffUserId: staff.id, origin: "http://localhost" });
    context.clock.advance(60_000);
    const response = await reply(practice.urlCode, entry.id, multipart({ body: "My employer", sensitive: "on" }, [{ name: "letter.png", bytes: PNG }]), me.cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/${practice.urlCode}/chat/${entry.id}`);
    expect(setCookie(response, FLASH_COOKIE)?.value).toBeTruthy();
    const data = await readJson<ChatData>(await open(practice.urlCode, entry.id, me.cookie));
    expect(data.conversation.messages.map((m) => [m.from, m.body, m.files.map((f) => f.fileName)])).toEqual([
      ["practice", "Who is the letter for?", []],
      ["patient", "My employer", ["letter.png"]],
    ]);
    expect(data.conversation.status).toBe("submitted");
    const [file] = await t.db.select().from(entryFiles).where(eq(entryFiles.patientEntryId, entry.id));
    expect(file.sensitive).toBe(true);
  });

  it("accepts a file without text", async () => {
    const { practice, me, entry } = await setting();
    const response = await reply(practice.urlCode, entry.id, multipart({ body: "" }, [{ name: "only.png", bytes: PNG }]), me.cookie);
    expect(response.status).toBe(303);
  });

  it("answers 400 with the spec's messages and keeps the text", async () => {
    const { practice, me, entry } = await setting();
    let response = await reply(practice.urlCode, entry.id, { body: "   " }, me.cookie);
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).lastResult.error).toEqual({ body: ["Enter a message or add a file"] });

    const long = `<p>${"x".repeat(2001)}</p>`;
    response = await reply(practice.urlCode, entry.id, { body: long }, me.cookie);
    expect(response.status).toBe(400);
    const result = (await readJson<Reply>(response)).lastResult;
    expect(result.error).toEqual({ body: ["The message field may not be greater than 2000 characters."] });
    expect(result.initialValue?.body).toBe(long);
    expect(await t.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id))).toEqual([]);
  });

  it("refuses a wrong-type or oversized file with a clear message, keeps the text, and sends nothing", async () => {
    const { practice, me, entry } = await setting();
    const form = multipart({ body: "Here is my letter", sensitive: "on" }, [
      { name: "letter.exe", bytes: new TextEncoder().encode("MZ this is not a picture"), type: "image/png" },
      { name: "huge.png", bytes: new Uint8Array(MAX_FILE_BYTES + 1) },
      { name: "fine.png", bytes: PNG },
    ]);
    const response = await reply(practice.urlCode, entry.id, form, me.cookie);
    expect(response.status).toBe(400);
    const result = (await readJson<Reply>(response)).lastResult;
    expect(result.status).toBe("error");
    expect(result.error).toEqual({ files: ["letter.exe must be a JPG, PNG or PDF", "huge.png must be smaller than 10MB"] });
    expect(result.initialValue).toMatchObject({ body: "Here is my letter", sensitive: "on" });
    expect(await t.db.select().from(entryMessages).where(eq(entryMessages.patientEntryId, entry.id))).toEqual([]);
    expect(await t.db.select().from(entryFiles).where(eq(entryFiles.patientEntryId, entry.id))).toEqual([]);
  });

  it("refuses replies once the request is closed", async () => {
    const { practice, me, entry } = await setting();
    await t.db.update(patientEntries).set({ stage: "completed", closedAt: context.clock.now() }).where(eq(patientEntries.id, entry.id));
    const data = await readJson<ChatData>(await open(practice.urlCode, entry.id, me.cookie));
    expect(data.conversation).toMatchObject({ status: "completed", acceptsReplies: false });
    const response = await reply(practice.urlCode, entry.id, { body: "One more thing" }, me.cookie);
    expect(response.status).toBe(400);
    const result = (await readJson<Reply>(response)).lastResult;
    expect(result.error).toEqual({ "": ["This request is closed. To ask something new, make a new request."] });
    expect(result.initialValue?.body).toBe("One more thing");
  });

  it("clears 'awaiting your reply' when the patient answers", async () => {
    const { practice, me, entry } = await setting();
    const staff = await createUser(context);
    await addPracticeMessage(context, entry, { body: "Question", staffUserId: staff.id, origin: "http://localhost" });
    expect((await readJson<ChatData>(await open(practice.urlCode, entry.id, me.cookie))).conversation.status).toBe("awaiting_reply");
    await reply(practice.urlCode, entry.id, { body: "Answer" }, me.cookie);
    expect((await readJson<ChatData>(await open(practice.urlCode, entry.id, me.cookie))).conversation.status).toBe("submitted");
  });
});

describe("/{practice_code}/chat/{id}/files/{file_id}", () => {
  it("downloads a file of the request as an attachment, and nothing of anyone else's", async () => {
    const { practice, me, entry } = await setting();
    const { stored } = await storeEntryFiles(context, {
      entryId: entry.id,
      uploads: [{ field: "files", fileName: "résumé \"x\".png", contentType: "image/png", bytes: PNG }],
      sensitive: false,
      userId: me.userId,
    });
    const fileId = stored[0].id;
    const response = await download(practice.urlCode, entry.id, fileId, me.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="r_sum_ _x_.png"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22x%22.png`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);

    const other = await signedInPatient(context, practice.id);
    expect((await download(practice.urlCode, entry.id, fileId, other.cookie)).status).toBe(404);
    // The file id under another request of one's own is not found either.
    const own = await makeEntry(context, { practiceId: practice.id, patientId: other.patientId, userId: other.userId, stage: "submitted" });
    expect((await download(practice.urlCode, own.id, fileId, other.cookie)).status).toBe(404);
    expect((await download(practice.urlCode, entry.id, "not-a-uuid", me.cookie)).status).toBe(404);
    expect((await download(practice.urlCode, entry.id, fileId)).status).toBe(302);

    // Inside the NHS App (no downloads there) the picture opens in place.
    const inApp = await callLoader(fileRoute.loader, {
      request: getRequest(`/${practice.urlCode}/chat/${entry.id}/files/${fileId}`, { cookie: me.cookie, userAgent: "Mozilla/5.0 (iPhone) nhsapp-ios/2.41.0 Mobile/15E148" }),
      params: { ...params(practice.urlCode, entry.id), fileId },
      context,
    });
    expect(inApp.headers.get("Content-Disposition")).toMatch(/^inline; filename=/);
    expect(inApp.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
