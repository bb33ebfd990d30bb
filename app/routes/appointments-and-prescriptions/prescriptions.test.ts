import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIMULATION_MESSAGES, type SimulatedGpSystem } from "~/domain/gp-system/simulated-gp-system.server";
import type { PrescriptionView } from "~/domain/online-services/prescriptions.server";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { addGpFault, makeGpPatient, makeGpPractice, type GpTestPatient } from "../../../tests/support/online-services-fixtures";
import { callAction, callLoader, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as cancel from "./prescriptions.cancel.$prescriptionId";
import * as cancelled from "./prescriptions.cancelled";
import * as details from "./prescriptions.details.$prescriptionId";
import * as list from "./prescriptions._index";
import * as startAgain from "./prescriptions.start-again";
import * as submitted from "../requests/$practiceCode.submitted";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;


type Row = { courseId: string; name: string; dosage: string; selected: boolean };
type ListData = {
  failure: string | null;
  query: { page: number; sort: string; dir: string };
  pageCount: number;
  total: number;
  rows: Row[];
  selected: { courseId: string; name: string }[];
  requests: PrescriptionView[];
};
type Loaded = { prescription: PrescriptionView | null; failure: { message: string } | null };

const loadList = async (p: GpTestPatient, query = "") => callLoader(list.loader, { request: getRequest(`/prescriptions${query}`, { cookie: p.cookie }), context });
const listOf = async (p: GpTestPatient, query = "") => readJson<ListData>(await loadList(p, query));
/** A post of the table form: `shown` the page's course ids, `course` the ticked ones. */
function tableForm(fields: { shown?: string[]; course?: string[]; intent?: string; view?: string }) {
  const out: Record<string, string> = {};
  out.shown = (fields.shown ?? []).join(",");
  for (const id of fields.course ?? []) out[`select-${id}`] = "yes";
  if (fields.intent) out.intent = fields.intent;
  if (fields.view) out.view = fields.view;
  return out;
}
const post = (p: GpTestPatient, fields: { shown?: string[]; course?: string[]; intent?: string; view?: string }, query = "?index") =>
  callAction(list.action, { request: postRequest(`/prescriptions${query}`, tableForm(fields), { cookie: p.cookie }), context });
const detailsOf = (p: GpTestPatient, id: string) =>
  callLoader(details.loader, { request: getRequest(`/prescriptions/details/${id}`, { cookie: p.cookie }), params: { prescriptionId: id }, context });
const cancelAs = (p: GpTestPatient, id: string) =>
  callAction(cancel.action, { request: postRequest(`/prescriptions/cancel/${id}`, {}, { cookie: p.cookie }), params: { prescriptionId: id }, context });

/** Orders these courses (by row) as a patient would: tick on the page, Submit. */
async function order(p: GpTestPatient, courseIds: string[]) {
  const { rows } = await listOf(p);
  const response = await post(p, { shown: rows.map((r) => r.courseId), course: courseIds, intent: "submit" });
  const location = response.headers.get("Location") ?? "";
  return new URL(location, "http://x").searchParams.get("id")!;
}

describe("access", () => {
  it("asks visitors to sign in, denies guests in loaders and actions, redirects when not linked", async () => {
    const practice = await makeGpPractice(context);
    const anonymous = await callLoader(list.loader, { request: getRequest("/prescriptions"), context });
    expect(anonymous.headers.get("Location")).toBe("/login?redirect=%2Fprescriptions");
    const guest = await makeGpPatient(context, practice, { guest: true, linked: true });
    expect((await loadList(guest)).headers.get("Location")).toBe("/permission-denied");
    expect((await post(guest, { intent: "submit" })).headers.get("Location")).toBe("/permission-denied");
    expect((await cancelAs(guest, "1")).headers.get("Location")).toBe("/permission-denied");
    const start = await callAction(startAgain.action, { request: postRequest("/prescriptions/start-again", {}, { cookie: guest.cookie }), context });
    expect(start.headers.get("Location")).toBe("/permission-denied");
    const done = await callLoader(cancelled.loader, { request: getRequest("/prescriptions/cancelled", { cookie: guest.cookie }), context });
    expect(done.headers.get("Location")).toBe("/permission-denied");

    const unlinked = await makeGpPatient(context, practice);
    expect((await loadList(unlinked)).headers.get("Location")).toBe("/pfs/not-linked?context=medication");
    const reset = await makeGpPatient(context, practice, { linked: true });
    await (context.gpSystem as SimulatedGpSystem).resetLinkage(reset.patientId);
    expect((await loadList(reset)).headers.get("Location")).toBe("/pfs/link-reset");
  });
});

describe("the courses load (spec 2 §8)", () => {
  it("shows the first server error on a 400, the fixed message otherwise", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    await addGpFault(context, practice.id, "courses", "bad_request", "Repeat prescribing is paused:?:until=monday");
    const bad = await loadList(patient);
    expect(bad.status).toBe(400);
    expect((await readJson<ListData>(bad)).failure).toBe("Repeat prescribing is paused");
    const other = await makeGpPractice(context);
    const patient2 = await makeGpPatient(context, other, { linked: true });
    await addGpFault(context, other.id, "courses", "unavailable");
    expect((await readJson<ListData>(await loadList(patient2))).failure).toBe("Prescription requests are not currently available - please try again later.");
  });
});

describe("the medication table", () => {
  it("shows 15 rows a page sorted by name ascending, sorts and pages by query", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context), { linked: true });
    const first = await listOf(patient);
    expect(first).toMatchObject({ query: { page: 1, sort: "name", dir: "asc" }, pageCount: 2, total: 22 });
    expect(first.rows).toHaveLength(15);
    expect(first.rows[0].name).toBe("Amlodipine 5mg tablets");
    const second = await listOf(patient, "?page=2");
    expect(second.rows).toHaveLength(7);
    expect(second.rows.at(-1)?.name).toBe("Salbutamol 100micrograms inhaler");
    const desc = await listOf(patient, "?sort=name&dir=desc");
    expect(desc.rows[0].name).toBe("Salbutamol 100micrograms inhaler");
  });

  it("keeps ticks across pages on the server; sort and page buttons save the page first", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context), { linked: true });
    const page1 = (await listOf(patient)).rows;
    const moved = await post(patient, { shown: page1.map((r) => r.courseId), course: [page1[2].courseId], view: "page=2&sort=name&dir=asc" });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("Location")).toBe("/prescriptions?page=2");
    const page2 = (await listOf(patient, "?page=2")).rows;
    const updated = await post(patient, { shown: page2.map((r) => r.courseId), course: [page2[4].courseId], intent: "update" }, "?page=2&index");
    expect(updated.headers.get("Location")).toBe("/prescriptions?page=2");
    const back = await listOf(patient);
    expect(back.rows.filter((r) => r.selected).map((r) => r.courseId)).toEqual([page1[2].courseId]);
    expect(back.selected.map((c) => c.courseId)).toEqual([page1[2].courseId, page2[4].courseId]);
    // Unticking on page 1 keeps page 2's tick.
    await post(patient, { shown: page1.map((r) => r.courseId), intent: "update" });
    expect((await listOf(patient)).selected.map((c) => c.courseId)).toEqual([page2[4].courseId]);
    // A made-up view query falls back to the defaults.
    const odd = await post(patient, { shown: [], view: "page=zz&sort=<script>" });
    expect(odd.headers.get("Location")).toBe("/prescriptions");
  });

  it("needs at least one medication to submit (HTTP 400)", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context), { linked: true });
    const response = await post(patient, { shown: [], intent: "submit" });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ errors: ["You must select at least one medication"], kind: "selection" });
  });

  it("orders two medications from different pages, goes to /{practice_code}/submitted, clears the selection", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context, { flavour: "tpp" }), { linked: true });
    const page1 = (await listOf(patient)).rows;
    await post(patient, { shown: page1.map((r) => r.courseId), course: [page1[0].courseId], view: "page=2" });
    const page2 = (await listOf(patient, "?page=2")).rows;
    const response = await post(patient, { shown: page2.map((r) => r.courseId), course: [page2[1].courseId], intent: "submit" }, "?page=2&index");
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/${patient.practice.urlCode}/submitted\\?kind=prescription&id=\\d+$`));
    expect((await listOf(patient)).selected).toEqual([]);
    const id = new URL(location, "http://x").searchParams.get("id")!;
    const page = await callLoader(submitted.loader, {
      request: getRequest(location, { cookie: patient.cookie }),
      params: { practiceCode: patient.practice.urlCode },
      context,
    });
    expect(await readJson(page)).toMatchObject({ kind: "prescription", prescriptionId: id });
    const loaded = await readJson<Loaded>(await detailsOf(patient, id));
    expect(loaded.prescription).toMatchObject({ status: "Requested", canCancel: true, dateRequested: "21/11/2026" });
    expect(loaded.prescription?.courses.map((c) => c.name)).toEqual([page1[0].name, page2[1].name]);
  });

  it("shows the first server error when the order fails, the generic one without a message", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    const { rows } = await listOf(patient);
    await addGpFault(context, practice.id, "request_prescription", "bad_request", "Too early to reorder");
    const bad = await post(patient, { shown: rows.map((r) => r.courseId), course: [rows[0].courseId], intent: "submit" });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ errors: ["Too early to reorder"], kind: "server" });
  });

  it("starts again: the confirmation lists the selection, the action clears it", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context), { linked: true });
    const { rows } = await listOf(patient);
    await post(patient, { shown: rows.map((r) => r.courseId), course: [rows[3].courseId], intent: "update" });
    const page = await callLoader(startAgain.loader, { request: getRequest("/prescriptions/start-again", { cookie: patient.cookie }), context });
    expect(await readJson(page)).toEqual({ selected: [{ courseId: rows[3].courseId, name: rows[3].name }] });
    const response = await callAction(startAgain.action, { request: postRequest("/prescriptions/start-again", {}, { cookie: patient.cookie }), context });
    expect(response.headers.get("Location")).toBe("/prescriptions");
    expect((await listOf(patient)).selected).toEqual([]);
  });
});

describe("details and cancelling", () => {
  it("cancels a Requested order and goes to /prescriptions/cancelled; another patient's is page-not-found", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    const other = await makeGpPatient(context, practice, { linked: true });
    const { rows } = await listOf(patient);
    const id = await order(patient, [rows[0].courseId]);
    expect((await detailsOf(other, id)).status).toBe(404);
    expect((await detailsOf(patient, "nope")).status).toBe(404);
    const theirs = await cancelAs(other, id);
    expect((await readJson<{ errors: string[] }>(theirs)).errors).toEqual([SIMULATION_MESSAGES.cannotCancelPrescription]);
    const response = await cancelAs(patient, id);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/prescriptions/cancelled");
    const after = await readJson<Loaded>(await detailsOf(patient, id));
    expect(after.prescription).toMatchObject({ status: "Cancelled", canCancel: false });
    const confirm = await callLoader(cancel.loader, { request: getRequest(`/prescriptions/cancel/${id}`, { cookie: patient.cookie }), params: { prescriptionId: id }, context });
    expect(confirm.headers.get("Location")).toBe(`/prescriptions/details/${id}`);
  });

  it("offers cancelling an issued order at a TPP practice only", async () => {
    for (const flavour of ["emis", "tpp"] as const) {
      const patient = await makeGpPatient(context, await makeGpPractice(context, { flavour }), { linked: true });
      const { rows } = await listOf(patient);
      const id = await order(patient, [rows[0].courseId]);
      await context.db.execute(`update gp_prescription_request_courses set status = 'Issued' where request_id = ${Number(id)}` as never);
      const loaded = await readJson<Loaded>(await detailsOf(patient, id));
      expect(loaded.prescription).toMatchObject({ status: "Issued", canCancel: flavour === "tpp" });
    }
  });

  it("shows the fixed message when the details cannot load", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    await addGpFault(context, practice.id, "prescription_requests", "unavailable");
    const response = await detailsOf(patient, "1");
    expect(response.status).toBe(503);
    expect((await readJson<Loaded>(response)).failure?.message).toBe(
      "Prescription orders are not currently available - please try again later. If the problem persists please contact your practice.",
    );
  });
});
