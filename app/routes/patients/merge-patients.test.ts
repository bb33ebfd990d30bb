/**
 * Merging a guest's record into the registered patient (issue "staff integrations",
 * docs/decisions/0110): compare, choose, merge (requests, files, carers and history move in one
 * transaction, audited), undo within 14 days. Real Requests, a real database.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, carerDependents, entryFiles, patientEntries, patientMerges, patients } from "~/db/schema";
import { MERGE_MESSAGES } from "~/domain/patients/merge";
import { undoMerge } from "~/domain/patients/merge.server";
import { useTestWorld } from "../../../tests/support/world";
import { makeContext, type TestContext } from "../../../tests/support/context";
import { staffPractice } from "../../../tests/support/inbox-fixtures";
import { makeEntry, signedInCarer, signedInPatient } from "../../../tests/support/request-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as mergeRoute from "./$practiceCode.merge.$patientId";
import * as resultRoute from "./$practiceCode.merge.$mergeId.patient";

const t = useTestWorld();
let context: TestContext;
beforeEach(() => {
  context = makeContext(t.db);
});

async function setUp() {
  const here = await staffPractice(context);
  const registered = await signedInPatient(context, here.practice.id);
  const guest = await signedInPatient(context, here.practice.id, { guest: true });
  const [reg] = await t.db.update(patients).set({ lastName: "Duplicate", dateOfBirth: "1981-05-06", nhsNumber: null, email: "reg@example.com" }).where(eq(patients.id, registered.patientId)).returning();
  await t.db.update(patients).set({ firstName: reg.firstName, lastName: "Duplicate", dateOfBirth: "1981-05-06", mobile: "07700900999" }).where(eq(patients.id, guest.patientId));
  const entry = await makeEntry(context, { practiceId: here.practice.id, patientId: guest.patientId, userId: guest.userId, stage: "submitted" });
  await t.db.insert(entryFiles).values({ patientEntryId: entry.id, fileKey: `k-${entry.id}`, fileName: "a.png", contentType: "image/png", sizeBytes: 3 });
  const carer = await signedInCarer(context, here.practice.id);
  await t.db.update(carerDependents).set({ patientId: guest.patientId }).where(eq(carerDependents.id, carer.dependentId));
  return { here, registered, guest, entry, carer };
}

const mergePath = (code: string, id: number, query = "") => `/${code}/merge/${id}${query}`;

describe("merging a guest's record into the registered patient", () => {
  it("finds the guest's record, compares, merges with the chosen details, and undoes it", async () => {
    const { here, registered, guest, entry, carer } = await setUp();
    const code = here.practice.urlCode;
    const params = { practiceCode: code, patientId: String(registered.patientId) };

    const found = await readJson<{ candidates: { id: number; kind: string }[] }>(
      await callLoader(mergeRoute.loader, { request: getRequest(mergePath(code, registered.patientId), { cookie: here.receptionist.cookie }), params, context }),
    );
    expect(found.candidates).toContainEqual(expect.objectContaining({ id: guest.patientId, kind: "Guest" }));

    const compare = await readJson<{ compare: { differing: string[] } }>(
      await callLoader(mergeRoute.loader, { request: getRequest(mergePath(code, registered.patientId, `?duplicate=${guest.patientId}`), { cookie: here.receptionist.cookie }), params, context }),
    );
    expect(compare.compare.differing).toContain("mobile");

    const merged = await callAction(mergeRoute.action, {
      request: postRequest(mergePath(code, registered.patientId), { duplicate: String(guest.patientId), mobile: "duplicate", email: "kept" }, { cookie: here.receptionist.cookie, csrf: context }),
      params,
      context,
    });
    expect(merged.status).toBe(303);
    const [merge] = await t.db.select().from(patientMerges).where(eq(patientMerges.keptPatientId, registered.patientId));
    expect(merged.headers.get("Location")).toBe(`/${code}/merge/${merge.id}/patient`);
    expect(merge.movedEntryIds).toEqual([entry.id]);
    const [kept] = await t.db.select().from(patients).where(eq(patients.id, registered.patientId));
    expect(kept).toMatchObject({ mobile: "07700900999", email: "reg@example.com" });
    const [moved] = await t.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    expect(moved.patientId).toBe(registered.patientId);
    // The file and the history are the request's: they move with it.
    expect(await t.db.select().from(entryFiles).where(eq(entryFiles.patientEntryId, entry.id))).toHaveLength(1);
    const [link] = await t.db.select().from(carerDependents).where(eq(carerDependents.id, carer.dependentId));
    expect(link.patientId).toBe(registered.patientId);
    const [dup] = await t.db.select().from(patients).where(eq(patients.id, guest.patientId));
    expect(dup.mergedIntoPatientId).toBe(registered.patientId);
    const audits = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, "patient.merge"), eq(auditEvents.subjectId, String(registered.patientId))));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0].detail)).not.toMatch(/Duplicate|0770/);

    // The merged record is no longer offered, nor can it be merged again.
    const again = await callAction(mergeRoute.action, {
      request: postRequest(mergePath(code, registered.patientId), { duplicate: String(guest.patientId) }, { cookie: here.gp.cookie, csrf: context }),
      params,
      context,
    });
    expect(again.status).toBe(400);
    expect(JSON.stringify(await again.json())).toContain(MERGE_MESSAGES.notFound);

    const resultParams = { practiceCode: code, mergeId: String(merge.id) };
    const page = await readJson<{ canUndo: boolean; requests: unknown[] }>(
      await callLoader(resultRoute.loader, { request: getRequest(`/${code}/merge/${merge.id}/patient`, { cookie: here.gp.cookie }), params: resultParams, context }),
    );
    expect(page).toMatchObject({ canUndo: true, requests: [expect.anything()] });

    const undo = await callAction(resultRoute.action, {
      request: postRequest(`/${code}/merge/${merge.id}/patient`, { intent: "undo" }, { cookie: here.gp.cookie, csrf: context }),
      params: resultParams,
      context,
    });
    expect(undo.status).toBe(303);
    const [back] = await t.db.select().from(patientEntries).where(eq(patientEntries.id, entry.id));
    expect(back.patientId).toBe(guest.patientId);
    const [keptAfter] = await t.db.select().from(patients).where(eq(patients.id, registered.patientId));
    expect(keptAfter).toMatchObject({ mobile: null, email: "reg@example.com" });
    const [dupAfter] = await t.db.select().from(patients).where(eq(patients.id, guest.patientId));
    expect(dupAfter).toMatchObject({ mergedIntoPatientId: null, mobile: "07700900999" });
    const [linkAfter] = await t.db.select().from(carerDependents).where(eq(carerDependents.id, carer.dependentId));
    expect(linkAfter.patientId).toBe(guest.patientId);

    // Once undone, a second undo is a conflict.
    const twice = await callAction(resultRoute.action, {
      request: postRequest(`/${code}/merge/${merge.id}/patient`, { intent: "undo" }, { cookie: here.gp.cookie, csrf: context }),
      params: resultParams,
      context,
    });
    expect(twice.status).toBe(409);
  });

  it("refuses an undo after 14 days", async () => {
    const { here, registered, guest } = await setUp();
    const code = here.practice.urlCode;
    await callAction(mergeRoute.action, {
      request: postRequest(mergePath(code, registered.patientId), { duplicate: String(guest.patientId) }, { cookie: here.practiceAdmin.cookie, csrf: context }),
      params: { practiceCode: code, patientId: String(registered.patientId) },
      context,
    });
    const [merge] = await t.db.select().from(patientMerges).where(eq(patientMerges.keptPatientId, registered.patientId));
    // The session would have expired by then: the rule is the domain's, asked directly.
    context.clock.advance(14 * 24 * 60 * 60 * 1000 + 1000);
    expect(await undoMerge(context, { userId: here.gp.id, practiceId: here.practice.id }, merge.id)).toEqual({ status: "expired" });
    const [still] = await t.db.select().from(patients).where(eq(patients.id, guest.patientId));
    expect(still.mergedIntoPatientId).toBe(registered.patientId);
  });

  it("keeps another practice's records and merges out of reach (page-not-found)", async () => {
    const { here, registered } = await setUp();
    const elsewhere = await staffPractice(context);
    const other = await signedInPatient(context, elsewhere.practice.id);
    const code = here.practice.urlCode;
    const foreignDuplicate = await callAction(mergeRoute.action, {
      request: postRequest(mergePath(code, registered.patientId), { duplicate: String(other.patientId) }, { cookie: here.gp.cookie, csrf: context }),
      params: { practiceCode: code, patientId: String(registered.patientId) },
      context,
    });
    expect(foreignDuplicate.status).toBe(400);
    const viaOther = await callLoader(mergeRoute.loader, {
      request: getRequest(mergePath(elsewhere.practice.urlCode, registered.patientId), { cookie: elsewhere.gp.cookie }),
      params: { practiceCode: elsewhere.practice.urlCode, patientId: String(registered.patientId) },
      context,
    });
    expect(viaOther.status).toBe(404);
  });
});
