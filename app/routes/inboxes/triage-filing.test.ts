/**
 * Issue "staff integrations": triage and review date on a request, the inbox's long-term-condition
 * and review filters, and filing a request to the GP record with SNOMED codes (once).
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auditEvents, entryEvents, gpConsultations, gpFaults, patientEntries, practices } from "~/db/schema";
import { AUTOMATIC_FILING, FILING_MESSAGES } from "~/domain/inbox/filing";
import { inboxLtcCounts } from "~/domain/inbox/inbox-queries.server";
import { requestReference } from "~/domain/requests/reference";
import { TRIAGE_MESSAGES } from "~/domain/inbox/triage";
import { HANDLING_MESSAGES } from "~/domain/inbox/transitions";
import { addComment } from "~/domain/inbox/notes.server";
import { type TestContext } from "../../../tests/support/context";
import { useTestWorld } from "../../../tests/support/world";
import { staffPractice, submittedRequest } from "../../../tests/support/inbox-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as list from "./$practiceCode.inboxes.$inbox";
import * as details from "./$practiceCode.inboxes.$inbox.request-details.$requestId";
import * as filing from "../requests/$practiceCode.requests.$requestId.file";

describe("triage and filing", () => {
  useTestWorld({ onContext: (c) => (context = c) });
  let context: TestContext;

  const detailsPath = (code: string, id: number) => `/${code}/inboxes/all/request-details/${id}`;
  const post = (code: string, id: number, cookie: string, fields: Record<string, string | string[]>) =>
    callAction(details.action, { request: postRequest(detailsPath(code, id), fields, { cookie }), params: { practiceCode: code, inbox: "all", requestId: String(id) }, context });
  const row = async (id: number) => (await context.db.select().from(patientEntries).where(eq(patientEntries.id, id)))[0];
  const filePath = (code: string, id: number) => `/${code}/requests/${id}/file?back=${encodeURIComponent(detailsPath(code, id))}`;
  const file = (code: string, id: number, cookie: string, fields: Record<string, string | string[]>) =>
    callAction(filing.action, { request: postRequest(filePath(code, id), fields, { cookie }), params: { practiceCode: code, requestId: String(id) }, context });
  const inAll = async (code: string, cookie: string, query: string) =>
    (await readJson<{ rows: { id: number; longTermCondition: boolean }[] }>(await callLoader(list.loader, { request: getRequest(`/${code}/inboxes/all${query}`, { cookie }), params: { practiceCode: code, inbox: "all" }, context }))).rows.map((r) => r.id);

  it("records triage and a review date, shows it in the history, and filters the inbox by long-term condition and review", async () => {
    const { practice, gp } = await staffPractice(context);
    const ltc = await submittedRequest(context, practice.id);
    const other = await submittedRequest(context, practice.id);
    const today = context.clock.now();
    const response = await post(practice.urlCode, ltc.entry.id, gp.cookie, {
      intent: "triage",
      version: String(ltc.entry.version),
      difficulty: "moderate",
      role: "nurse",
      actions: ["appointment", "test"],
      topics: ["long_term_condition"],
      reviewDay: String(today.getUTCDate()),
      reviewMonth: String(today.getUTCMonth() + 1),
      reviewYear: String(today.getUTCFullYear()),
    });
    expect(response.status).toBe(303);
    const saved = await row(ltc.entry.id);
    expect(saved).toMatchObject({ triageDifficulty: "moderate", triageRole: "nurse", triageActions: ["appointment", "test"], triageTopics: ["long_term_condition"], longTermCondition: true });
    expect(saved.reviewDate).not.toBeNull();
    expect(saved.version).toBe(ltc.entry.version + 1);
    const [event] = await context.db.select().from(entryEvents).where(and(eq(entryEvents.patientEntryId, ltc.entry.id), eq(entryEvents.kind, "triage")));
    expect((event.detail as { summary: string }).summary).toContain("Difficulty: Moderate; To resolve: Practice nurse");
    expect(await context.db.select().from(auditEvents).where(and(eq(auditEvents.action, "request.triage"), eq(auditEvents.subjectId, String(ltc.entry.id))))).toHaveLength(1);

    expect(await inAll(practice.urlCode, gp.cookie, "?ltc=hide")).toEqual([other.entry.id]);
    expect(await inAll(practice.urlCode, gp.cookie, "?ltc=only")).toEqual([ltc.entry.id]);
    expect(await inAll(practice.urlCode, gp.cookie, "?review=due")).toEqual([ltc.entry.id]);
    expect((await inAll(practice.urlCode, gp.cookie, "?ltc=whatever")).sort()).toEqual([ltc.entry.id, other.entry.id].sort());
  });

  it("counts, for the inbox shown, how many requests each long-term-condition choice lists, in one grouped query", async () => {
    const { practice, gp } = await staffPractice(context);
    const [a, b, c, done] = [
      await submittedRequest(context, practice.id),
      await submittedRequest(context, practice.id),
      await submittedRequest(context, practice.id),
      await submittedRequest(context, practice.id),
    ];
    await context.db.update(patientEntries).set({ longTermCondition: true }).where(inArray(patientEntries.id, [a.entry.id, done.entry.id]));
    await context.db.update(patientEntries).set({ stage: "completed" }).where(eq(patientEntries.id, done.entry.id));
    // Another practice's long-term-condition request is never counted here.
    const other = await staffPractice(context);
    const foreign = await submittedRequest(context, other.practice.id);
    await context.db.update(patientEntries).set({ longTermCondition: true }).where(eq(patientEntries.id, foreign.entry.id));
    const counts = async (inbox: string, query = "") =>
      (await readJson<{ ltcCounts: unknown }>(await callLoader(list.loader, { request: getRequest(`/${practice.urlCode}/inboxes/${inbox}${query}`, { cookie: gp.cookie }), params: { practiceCode: practice.urlCode, inbox }, context }))).ltcCounts;
    expect(await counts("all")).toEqual({ all: 4, hide: 2, only: 2 });
    expect(await counts("unassigned")).toEqual({ all: 3, hide: 2, only: 1 });
    expect(await counts("completed")).toEqual({ all: 1, hide: 0, only: 1 });
    // The other filters and the search narrow the counts as they narrow the list; the chosen
    // long-term-condition filter itself does not (each choice's count stays in view).
    expect(await counts("all", "?ltc=only")).toEqual({ all: 4, hide: 2, only: 2 });
    expect(await counts("all", `?q=${requestReference(b.entry.id)}`)).toEqual({ all: 1, hide: 1, only: 0 });
    expect(await counts("all", "?review=due")).toEqual({ all: 0, hide: 0, only: 0 });
    expect(c.entry.stage).toBe("submitted");

    // One statement for the three counts, whichever inbox.
    const statements: string[] = [];
    const original = context.db.select.bind(context.db);
    const spy = vi.spyOn(context.db, "select").mockImplementation(((...args: Parameters<typeof original>) => {
      statements.push("select");
      return original(...args);
    }) as typeof context.db.select);
    try {
      expect(await inboxLtcCounts(context.db, { practiceIds: [practice.id], inbox: "all" })).toEqual({ all: 4, hide: 2, only: 2 });
    } finally {
      spy.mockRestore();
    }
    expect(statements).toHaveLength(1);
  });

  it("refuses a review date in the past and a stale version, changing nothing", async () => {
    const { practice, gp } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    const past = await post(practice.urlCode, entry.id, gp.cookie, { intent: "triage", version: String(entry.version), reviewDay: "1", reviewMonth: "1", reviewYear: "2020" });
    expect(past.status).toBe(400);
    expect(JSON.stringify(await readJson(past))).toContain(TRIAGE_MESSAGES.reviewPast);
    const stale = await post(practice.urlCode, entry.id, gp.cookie, { intent: "triage", version: String(entry.version + 5), difficulty: "simple" });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(await readJson(stale))).toContain(HANDLING_MESSAGES.conflict);
    expect(await row(entry.id)).toMatchObject({ triageDifficulty: null, reviewDate: null, version: entry.version });
  });

  it("files once with the chosen codes: the request shows when and by whom, the history and audit have it", async () => {
    const { practice, gp, receptionist } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    await addComment(context, { userId: gp.id, practiceId: practice.id }, { entryId: entry.id, body: "Asthma review due", snomedCodes: ["195967001"] });
    const page = await readJson<{ suggested: { code: string }[]; filed: unknown; defaultSummary: string }>(
      await callLoader(filing.loader, { request: getRequest(filePath(practice.urlCode, entry.id), { cookie: gp.cookie }), params: { practiceCode: practice.urlCode, requestId: String(entry.id) }, context }),
    );
    expect(page.suggested.map((c) => c.code)).toEqual(["195967001"]);
    expect(page.filed).toBeNull();
    expect(page.defaultSummary).toContain("Online request FD-");

    // Searching keeps what is ticked and finds more.
    const search = await file(practice.urlCode, entry.id, gp.cookie, { intent: "search", q: "diabetes", codes: "195967001", summary: "Asthma" });
    expect(search.status).toBe(200);
    const found = await readJson<{ results: { code: string }[]; chosen: { code: string }[] }>(search);
    expect(found.chosen.map((c) => c.code)).toEqual(["195967001"]);
    expect(found.results.map((c) => c.code)).toContain("44054006");

    const filed = await file(practice.urlCode, entry.id, gp.cookie, { intent: "file", codes: ["195967001", "44054006"], summary: "Asthma and diabetes review" });
    expect(filed.status).toBe(303);
    expect(filed.headers.get("Location")).toBe(detailsPath(practice.urlCode, entry.id));
    const saved = await row(entry.id);
    expect(saved.filedByUserId).toBe(gp.id);
    expect(saved.filedAt).not.toBeNull();
    const consultations = await context.db.select().from(gpConsultations).where(eq(gpConsultations.patientEntryId, entry.id));
    expect(consultations).toHaveLength(1);
    expect(consultations[0].snomedCodes.map((c) => c.code)).toEqual(["195967001", "44054006"]);
    expect(consultations[0].patientId).toBe(entry.patientId);

    // Filing again (another tab, a colleague): no second consultation, no second history row.
    const again = await file(practice.urlCode, entry.id, receptionist.cookie, { intent: "file", codes: ["38341003"], summary: "Again" });
    expect(again.status).toBe(303);
    expect(await context.db.select().from(gpConsultations).where(eq(gpConsultations.patientEntryId, entry.id))).toHaveLength(1);
    expect((await row(entry.id)).filedByUserId).toBe(gp.id);
    expect(await context.db.select().from(entryEvents).where(and(eq(entryEvents.patientEntryId, entry.id), eq(entryEvents.kind, "filed")))).toHaveLength(1);
    expect(await context.db.select().from(auditEvents).where(and(eq(auditEvents.action, "request.filed"), eq(auditEvents.subjectId, String(entry.id))))).toHaveLength(1);
    const shown = await readJson<{ filed: { filedBy: string; codes: { code: string }[] } }>(
      await callLoader(filing.loader, { request: getRequest(filePath(practice.urlCode, entry.id), { cookie: receptionist.cookie }), params: { practiceCode: practice.urlCode, requestId: String(entry.id) }, context }),
    );
    expect(shown.filed.filedBy).toBe(`${gp.firstName} ${gp.lastName}`);
  });

  it("files a completed request automatically when the practice has it on: shown as filed by Automatic filing", async () => {
    const { practice, gp } = await staffPractice(context);
    await context.db.update(practices).set({ autofileOnCompletion: true }).where(eq(practices.id, practice.id));
    const { entry } = await submittedRequest(context, practice.id);
    await addComment(context, { userId: gp.id, practiceId: practice.id }, { entryId: entry.id, body: "Asthma review due", snomedCodes: ["195967001"] });
    const done = await post(practice.urlCode, entry.id, gp.cookie, { intent: "complete", version: String((await row(entry.id)).version) });
    expect(done.status).toBe(303);
    const saved = await row(entry.id);
    expect(saved).toMatchObject({ stage: "completed", filedAutomatically: true, filedByUserId: null });
    expect(saved.filedAt).not.toBeNull();
    const [consultation] = await context.db.select().from(gpConsultations).where(eq(gpConsultations.patientEntryId, entry.id));
    expect(consultation.snomedCodes.map((c) => c.code)).toEqual(["195967001"]);
    expect(consultation.filedByUserId).toBeNull();
    expect(consultation.summary).toContain("Online request FD-");
    const [event] = await context.db.select().from(entryEvents).where(and(eq(entryEvents.patientEntryId, entry.id), eq(entryEvents.kind, "filed")));
    expect(event.actorUserId).toBeNull();
    expect(event.detail).toMatchObject({ automatic: true });
    // The audit names whose completion set the filing off.
    const [audited] = await context.db.select().from(auditEvents).where(and(eq(auditEvents.action, "request.filed"), eq(auditEvents.subjectId, String(entry.id))));
    expect(audited.actorUserId).toBe(gp.id);
    const shown = await readJson<{ filed: { filedBy: string } }>(
      await callLoader(filing.loader, { request: getRequest(filePath(practice.urlCode, entry.id), { cookie: gp.cookie }), params: { practiceCode: practice.urlCode, requestId: String(entry.id) }, context }),
    );
    expect(shown.filed.filedBy).toBe(AUTOMATIC_FILING);
    // Reopened and completed again: still one consultation, one filing in the history.
    await post(practice.urlCode, entry.id, gp.cookie, { intent: "undo", version: String((await row(entry.id)).version) });
    await post(practice.urlCode, entry.id, gp.cookie, { intent: "complete", version: String((await row(entry.id)).version) });
    expect(await context.db.select().from(gpConsultations).where(eq(gpConsultations.patientEntryId, entry.id))).toHaveLength(1);
    expect(await context.db.select().from(entryEvents).where(and(eq(entryEvents.patientEntryId, entry.id), eq(entryEvents.kind, "filed")))).toHaveLength(1);
  });

  it("files nothing on completion when the setting is off, when there are no codes, or when the GP system is away", async () => {
    const { practice, gp } = await staffPractice(context);
    const complete = async (id: number) => post(practice.urlCode, id, gp.cookie, { intent: "complete", version: String((await row(id)).version) });
    const withCode = async () => {
      const { entry } = await submittedRequest(context, practice.id);
      await addComment(context, { userId: gp.id, practiceId: practice.id }, { entryId: entry.id, body: "Asthma", snomedCodes: ["195967001"] });
      return entry;
    };
    const off = await withCode();
    expect((await complete(off.id)).status).toBe(303);
    expect(await row(off.id)).toMatchObject({ stage: "completed", filedAt: null });

    await context.db.update(practices).set({ autofileOnCompletion: true }).where(eq(practices.id, practice.id));
    const { entry: bare } = await submittedRequest(context, practice.id);
    expect((await complete(bare.id)).status).toBe(303);
    expect(await row(bare.id)).toMatchObject({ stage: "completed", filedAt: null });

    await context.db.insert(gpFaults).values({ practiceId: practice.id, operation: "file_consultation", kind: "unavailable" });
    const away = await withCode();
    expect((await complete(away.id)).status).toBe(303);
    // The completion stands; the request waits to be filed by hand.
    expect(await row(away.id)).toMatchObject({ stage: "completed", filedAt: null });
    expect(await context.db.select().from(gpConsultations).where(inArray(gpConsultations.patientEntryId, [off.id, bare.id, away.id]))).toHaveLength(0);
  });

  it("the simulated GP system writes one consultation per request, however often it is asked", async () => {
    const { practice, gp } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    const who = { patientId: entry.patientId, practiceId: practice.id };
    const codes = [{ code: "195967001", term: "Asthma" }];
    const [first, second] = await Promise.all([
      context.gpSystem.fileConsultation(who, { requestId: String(entry.id), summary: "One", codes, filedByUserId: gp.id }),
      context.gpSystem.fileConsultation(who, { requestId: String(entry.id), summary: "Two", codes, filedByUserId: gp.id }),
    ]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.value.consultationId).toBe(second.value.consultationId);
    expect([first.value.alreadyFiled, second.value.alreadyFiled].sort()).toEqual([false, true]);
    expect(await context.db.select().from(gpConsultations).where(eq(gpConsultations.patientEntryId, entry.id))).toHaveLength(1);
    // Another practice cannot file (or read) this request's consultation.
    const other = await staffPractice(context);
    const foreign = await context.gpSystem.fileConsultation({ patientId: entry.patientId, practiceId: other.practice.id }, { requestId: String(entry.id), summary: "x", codes, filedByUserId: other.gp.id });
    expect(foreign.ok).toBe(false);
  });

  it("refuses codes that are not valid or not known, no codes, and says when the GP system is away", async () => {
    const { practice, gp } = await staffPractice(context);
    const { entry } = await submittedRequest(context, practice.id);
    const bad = await file(practice.urlCode, entry.id, gp.cookie, { intent: "file", codes: "195967002", summary: "x" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await readJson(bad))).toContain(FILING_MESSAGES.badCode);
    // A valid concept id that is not in the practice's code list.
    const unknown = await file(practice.urlCode, entry.id, gp.cookie, { intent: "file", codes: "73211009", summary: "x" });
    expect(unknown.status).toBe(400);
    const none = await file(practice.urlCode, entry.id, gp.cookie, { intent: "file", summary: "x" });
    expect(JSON.stringify(await readJson(none))).toContain(FILING_MESSAGES.noCodes);
    await context.db.insert(gpFaults).values({ practiceId: practice.id, operation: "file_consultation", kind: "unavailable" });
    const away = await file(practice.urlCode, entry.id, gp.cookie, { intent: "file", codes: "195967001", summary: "x" });
    expect(away.status).toBe(400);
    expect(JSON.stringify(await readJson(away))).toContain(FILING_MESSAGES.unavailable);
    expect((await row(entry.id)).filedAt).toBeNull();
    expect(await context.db.select().from(gpConsultations).where(eq(gpConsultations.patientEntryId, entry.id))).toHaveLength(0);
  });

  it("lets no one else file: another practice's staff get 404 through their own code, practice admins and patients are refused", async () => {
    const { practice, practiceAdmin } = await staffPractice(context);
    const other = await staffPractice(context);
    const { entry, patient } = await submittedRequest(context, practice.id);
    const theirs = await file(other.practice.urlCode, entry.id, other.gp.cookie, { intent: "file", codes: "195967001", summary: "x" });
    expect(theirs.status).toBe(404);
    const foreign = await file(practice.urlCode, entry.id, other.gp.cookie, { intent: "file", codes: "195967001", summary: "x" });
    expect(foreign.headers.get("Location")).toMatch(/permission-denied/);
    const admin = await file(practice.urlCode, entry.id, practiceAdmin.cookie, { intent: "file", codes: "195967001", summary: "x" });
    expect(admin.headers.get("Location")).toMatch(/permission-denied/);
    const own = await file(practice.urlCode, entry.id, patient.cookie, { intent: "file", codes: "195967001", summary: "x" });
    expect(own.headers.get("Location")).toMatch(/permission-denied/);
    expect(await context.db.select().from(gpConsultations).where(eq(gpConsultations.patientEntryId, entry.id))).toHaveLength(0);
  });
});
