/**
 * Attachments of a bulk message against a real database, through the routes (decision 0128): a
 * receptionist attaches a PNG (a renamed file, one over Notify's 2 MB and an empty post are 400s
 * with the messages), removes one, sends; each patient's message carries their own link; the link
 * opens without signing in, the file downloads (inline inside the NHS App), every fetch is an audit
 * row; a wrong token, another message's address and another practice's address are 404 pages, an
 * expired link a 410 page; a queued message takes no more files. The practice's staff open the
 * attached file from the message's pages (an audit row each); nobody else can.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bulkMessageFileLinks, bulkMessageFiles, outbox, practices } from "~/db/schema";
import { BULK_FILE_DAYS } from "~/domain/bulk/files.server";
import { sendBatch } from "~/domain/bulk/sender.server";
import { OutboxNotifier } from "~/domain/notify/notifier.server";
import { type GpPractice, type GpTestPatient } from "../../../tests/support/online-services-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import { bulkGpPractice } from "../../../tests/support/bulk-fixtures";
import { useTestWorld } from "../../../tests/support/world";
import * as builder from "./$practiceCode.bulk-message.$bulkMessageId";
import * as list from "./$practiceCode.bulk-messages";
import * as filePage from "./$practiceCode.bm.$bulkMessageId.files.$token";
import * as download from "./$practiceCode.bm.$bulkMessageId.files.$token_.download";
import * as staffFile from "./$practiceCode.bulk-message.$bulkMessageId_.files.$fileId";
import * as patientView from "./patient_bulk_messages.$bulkMessageId.request";

const world = useTestWorld();
let practice: GpPractice;
let reception: string;
let one: GpTestPatient;
let two: GpTestPatient;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");

beforeAll(async () => {
  const { context } = world;
  ({ practice, reception, linked: one, unlinked: two } = await bulkGpPractice(context, {
    linked: { mobile: "07700900311", email: "one@example.com" },
    unlinked: { mobile: "07700900322" },
  }));
});

const code = () => practice.urlCode;
const post = (id: number, fields: Record<string, string | string[]> | FormData, query = "") =>
  callAction(builder.action, {
    request: postRequest(`/${code()}/bulk-message/${id}${query}`, fields, { cookie: reception, csrf: world.context }),
    params: { practiceCode: code(), bulkMessageId: String(id) },
    context: world.context,
  });
const load = (id: number, query = "") =>
  callLoader(builder.loader, { request: getRequest(`/${code()}/bulk-message/${id}${query}`, { cookie: reception }), params: { practiceCode: code(), bulkMessageId: String(id) }, context: world.context });

function attachForm(files: File[], sensitive = false) {
  const form = new FormData();
  form.set("intent", "attach");
  for (const f of files) form.append("files", f);
  if (sensitive) form.set("sensitive", "yes");
  return form;
}

const linkParams = (url: URL) => {
  const [, practiceCode, , bulkMessageId, , token] = url.pathname.split("/");
  return { practiceCode: practiceCode!, bulkMessageId: bulkMessageId!, token: token! };
};
const openPage = (path: string, params: Record<string, string>, userAgent?: string) => callLoader(filePage.loader, { request: getRequest(path, { userAgent }), params, context: world.context });
const fetchFile = (path: string, params: Record<string, string>, userAgent?: string) =>
  callLoader(download.loader, { request: getRequest(`${path}/download`, { userAgent }), params, context: world.context });

let messageId = 0;
let link: URL;

describe("bulk message attachments", () => {
  it("attaches files checked as patient uploads are: by content, under 2 MB; removes one", async () => {
    const created = await callAction(list.action, { request: postRequest(`/${code()}/bulk-messages`, {}, { cookie: reception, csrf: world.context }), params: { practiceCode: code() }, context: world.context });
    messageId = Number(/bulk-message\/(\d+)/.exec(created.headers.get("Location")!)![1]);
    await post(messageId, { intent: "recipients" });
    await post(messageId, { intent: "message", title: "Your care plan", body: "Dear {patient_name}, your care plan from {practice_name} is attached." });

    const none = await post(messageId, attachForm([]), "?step=message");
    expect(none.status).toBe(400);
    expect(JSON.stringify(await none.json())).toContain("Select a file to attach");

    const renamed = await post(messageId, attachForm([new File([new TextEncoder().encode("MZ not a pdf")], "plan.pdf", { type: "application/pdf" })]), "?step=message");
    expect(renamed.status).toBe(400);
    expect(JSON.stringify(await renamed.json())).toContain("plan.pdf must be a JPG, PNG or PDF");

    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooBig = await post(messageId, attachForm([new File([big], "big.pdf")]), "?step=message");
    expect(tooBig.status).toBe(400);
    expect(JSON.stringify(await tooBig.json())).toContain("big.pdf must be smaller than 2MB");

    const added = await post(messageId, attachForm([new File([PNG], "plan.png"), new File([PDF], "leaflet.pdf")], true), "?step=message");
    expect(added.status).toBe(303);
    const page = await readJson<{ view: string; files: { id: string; fileName: string; sensitive: boolean }[] }>(await load(messageId, "?step=message"));
    expect(page.files.map((f) => [f.fileName, f.sensitive])).toEqual([
      ["leaflet.pdf", true],
      ["plan.png", true],
    ]);
    const leaflet = page.files.find((f) => f.fileName === "leaflet.pdf")!;
    expect((await post(messageId, { intent: `remove-file:${leaflet.id}` })).status).toBe(303);
    expect(await world.db.select().from(bulkMessageFiles).where(eq(bulkMessageFiles.bulkMessageId, messageId))).toHaveLength(1);
    const audits = await world.db.select().from(auditEvents).where(and(eq(auditEvents.subjectType, "bulk_message"), eq(auditEvents.subjectId, String(messageId))));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["bulk_message.attach", "bulk_message.detach"]));
  });

  it("sends each patient their own link, the same on every channel; a queued message takes no more files", async () => {
    await post(messageId, { intent: "channels", channels: ["sms", "email"] });
    const check = await readJson<{ files: { fileName: string }[] }>(await load(messageId, "?step=check"));
    expect(check.files.map((f) => f.fileName)).toEqual(["plan.png"]);
    expect((await post(messageId, { intent: "send" })).status).toBe(303);
    await sendBatch({ db: world.db, notifier: new OutboxNotifier(world.db), secret: world.context.config.sessionSecret, simulateReceipts: true }, world.context.clock.now());
    const sent = await world.db.select().from(outbox).where(eq(outbox.template, "bulk-message"));
    const linksOf = (recipient: string) =>
      sent.filter((m) => m.recipient === recipient).map((m) => /https?:\/\/\S+\/bm\/\d+\/files\/[A-Za-z0-9_-]+/.exec(m.body)?.[0]);
    const [sms, email] = [linksOf("07700900311")[0], linksOf("one@example.com")[0]];
    expect(sms).toBeDefined();
    expect(sms).toBe(email);
    const other = linksOf("07700900322")[0];
    expect(other).toBeDefined();
    expect(other).not.toBe(sms);
    link = new URL(sms!);
    expect(linkParams(link).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is kept.
    const rows = await world.db.select().from(bulkMessageFileLinks);
    expect(rows.some((r) => r.tokenHash === linkParams(link).token)).toBe(false);

    expect((await post(messageId, attachForm([new File([PNG], "late.png")]), "?step=message")).status).toBe(303);
    expect(await world.db.select().from(bulkMessageFiles).where(eq(bulkMessageFiles.bulkMessageId, messageId))).toHaveLength(1);
  });

  it("opens without signing in, downloads (inline in the NHS App), and logs every fetch", async () => {
    const params = linkParams(link);
    const page = await openPage(link.pathname, params);
    expect(page.status).toBe(200);
    expect(await readJson(page)).toMatchObject({ state: "open", fileName: "plan.png", kind: "PNG image", inApp: false });
    const file = await fetchFile(link.pathname, params);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    const inApp = await fetchFile(link.pathname, params, "Mozilla/5.0 (iPhone) nhsapp-ios/2.3.0");
    expect(inApp.headers.get("Content-Disposition")).toMatch(/^inline;/);
    const fetches = await world.db.select().from(auditEvents).where(eq(auditEvents.subjectType, "bulk_message_file"));
    expect(fetches.map((a) => a.action).sort()).toEqual(["bulk_message_file.download", "bulk_message_file.download", "bulk_message_file.view"]);
    expect(JSON.stringify(fetches.map((a) => a.detail))).not.toContain(params.token);
    const progress = await readJson<{ files: { opened: number }[] }>(await load(messageId));
    expect(progress.files[0]!.opened).toBe(2);
  });

  it("the signed-in patient's view of the message lists their own links", async () => {
    const view = await callLoader(patientView.loader, {
      request: getRequest(`/patient_bulk_messages/${messageId}/request`, { cookie: one.cookie }),
      params: { bulkMessageId: String(messageId) },
      context: world.context,
    });
    expect(view.status).toBe(200);
    expect((await readJson<{ files: unknown[] }>(view)).files).toEqual([{ fileName: "plan.png", href: link.pathname, expired: false }]);
  });

  it("the practice's staff open the attached file from the message (an audit row each); patients and other practices' staff cannot", async () => {
    const [file] = await world.db.select().from(bulkMessageFiles).where(eq(bulkMessageFiles.bulkMessageId, messageId));
    const path = `/${code()}/bulk-message/${messageId}/files/${file!.id}`;
    const open = (cookie: string | undefined, params: Record<string, string> = {}) =>
      callLoader(staffFile.loader, {
        request: getRequest(path, { cookie }),
        params: { practiceCode: code(), bulkMessageId: String(messageId), fileId: file!.id, ...params },
        context: world.context,
      });

    const response = await open(reception);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment;.*plan\.png/);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    const audited = await world.db.select().from(auditEvents).where(eq(auditEvents.action, "bulk_message_file.staff_download"));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ practiceId: practice.id, subjectId: file!.id, detail: { bulkMessageId: messageId } });
    expect(audited[0]!.actorUserId).not.toBeNull();

    // A file id that is not this message's, or not a file id at all: page-not-found, never an error.
    expect((await open(reception, { fileId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await open(reception, { fileId: "x'; select 1" })).status).toBe(404);
    expect((await open(reception, { bulkMessageId: String(messageId + 1000) })).status).toBe(404);
    expect((await open(reception, { bulkMessageId: "1e999" })).status).toBe(404);
    // Not staff of this practice: the area's guard sends them to its permission-denied page.
    const denied = `/${code()}/permission-denied`;
    expect((await open(one.cookie)).headers.get("Location")).toBe(denied);
    const other = await bulkGpPractice(world.context, { linked: { mobile: "07700900333" }, unlinked: { mobile: "07700900344" } });
    expect((await open(other.reception)).headers.get("Location")).toBe(denied);
    // At their own practice's address, this practice's message is not there.
    expect((await open(other.reception, { practiceCode: other.practice.urlCode })).status).toBe(404);
    // Signed out: to sign in.
    expect((await open(undefined)).headers.get("Location")).toMatch(new RegExp(`^/${code()}/login\\?redirect=`));
    expect(await world.db.select().from(auditEvents).where(eq(auditEvents.action, "bulk_message_file.staff_download"))).toHaveLength(1);
  });

  it("a wrong token or address is a 404 page, an expired link a 410 page, never an error", async () => {
    const params = linkParams(link);
    const wrong = { ...params, token: params.token.replace(/^./, (c) => (c === "A" ? "B" : "A")) };
    expect((await openPage(link.pathname, wrong)).status).toBe(404);
    expect((await openPage(link.pathname, { ...params, token: "short" })).status).toBe(404);
    expect((await openPage(link.pathname, { ...params, bulkMessageId: String(messageId + 1000) })).status).toBe(404);
    expect((await openPage(link.pathname, { ...params, bulkMessageId: "x" })).status).toBe(404);
    expect((await openPage(link.pathname, { ...params, practiceCode: "no-such-practice" })).status).toBe(404);
    const wrongFile = await fetchFile(link.pathname, wrong);
    expect(wrongFile.status).toBe(303);

    world.context.clock.advance((BULK_FILE_DAYS + 1) * 86_400_000);
    const expired = await openPage(link.pathname, params);
    expect(expired.status).toBe(410);
    expect(await readJson(expired)).toMatchObject({ state: "expired" });
    const expiredFile = await fetchFile(link.pathname, params);
    expect(expiredFile.status).toBe(303);
    expect(expiredFile.headers.get("Location")).toBe(link.pathname);
  });

});
