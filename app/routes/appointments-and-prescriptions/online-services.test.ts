import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { practices } from "~/db/schema";
import { eq } from "drizzle-orm";
import { readFlash } from "~/web/flash.server";
import { SIMULATION_MESSAGES, type SimulatedGpSystem } from "~/domain/gp-system/simulated-gp-system.server";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { addGpFault, makeGpPatient, makeGpPractice, type GpTestPatient } from "../../../tests/support/online-services-fixtures";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as linkReset from "./pfs.link-reset";
import * as notLinked from "./pfs.not-linked";
import * as page from "./$practiceCode.online-services";
import * as unlink from "./$practiceCode.online-services_.unlink";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;


type PageData = { state: string; flavour: string; failure: string | null };
type Reply = { lastResult?: { error?: Record<string, string[] | null> }; errors?: string[] };

const pathOf = (p: GpTestPatient) => `/${p.practice.urlCode}/online-services`;
const params = (p: GpTestPatient) => ({ practiceCode: p.practice.urlCode });
const load = (p: GpTestPatient, cookie = p.cookie) => callLoader(page.loader, { request: getRequest(pathOf(p), { cookie }), params: params(p), context });
const link = (p: GpTestPatient, fields: Record<string, string>, cookie = p.cookie) =>
  callAction(page.action, { request: postRequest(pathOf(p), fields, { cookie }), params: params(p), context });
const credentials = (p: GpTestPatient, key = 0) => ({ accountId: p.accountId, linkageKey: p.linkageKeys[key], unitId: p.unitId });
const flashOf = (response: Response) => readFlash(context.config.sessionSecret, getRequest("/", { cookie: cookieHeaderAfter(response) }));

describe("access", () => {
  it("asks visitors to sign in and denies guests, in the loader and the action", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice);
    const anonymous = await callLoader(page.loader, { request: getRequest(pathOf(patient)), params: params(patient), context });
    expect(anonymous.headers.get("Location")).toBe(`/${practice.urlCode}/login?redirect=${encodeURIComponent(pathOf(patient))}`);
    const guest = await makeGpPatient(context, practice, { guest: true });
    expect((await load(guest)).headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied`);
    expect((await link(guest, credentials(guest))).headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied`);
    const unlinkAsGuest = await callAction(unlink.action, { request: postRequest(`${pathOf(guest)}/unlink`, {}, { cookie: guest.cookie }), params: params(guest), context });
    expect(unlinkAsGuest.headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied`);
    for (const route of [notLinked, linkReset]) {
      const response = await callLoader(route.loader, { request: getRequest("/pfs/not-linked", { cookie: guest.cookie }), context });
      expect(response.headers.get("Location")).toBe("/permission-denied");
    }
  });

  it("is page-not-found at a practice the patient is not registered at, or with linkage off", async () => {
    const mine = await makeGpPatient(context, await makeGpPractice(context));
    const elsewhere = await makeGpPractice(context);
    const response = await callLoader(page.loader, {
      request: getRequest(`/${elsewhere.urlCode}/online-services`, { cookie: mine.cookie }),
      params: { practiceCode: elsewhere.urlCode },
      context,
    });
    expect(response.status).toBe(404);
    await context.db.update(practices).set({ linkageEnabled: false }).where(eq(practices.id, mine.practiceId));
    expect((await load(mine)).status).toBe(404);
  });
});

describe("linking", () => {
  it("links with the practice's credentials, with a toast, once per key", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context, { flavour: "tpp" }));
    expect(await readJson<PageData>(await load(patient))).toMatchObject({ state: "unlinked", flavour: "tpp", failure: null });
    const response = await link(patient, credentials(patient));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(pathOf(patient));
    expect(flashOf(response)).toEqual({ kind: "success", text: "Online services linked." });
    expect(await readJson<PageData>(await load(patient))).toMatchObject({ state: "linked" });

    const unlinked = await callAction(unlink.action, { request: postRequest(`${pathOf(patient)}/unlink`, {}, { cookie: patient.cookie }), params: params(patient), context });
    expect(unlinked.status).toBe(303);
    expect(await readJson<PageData>(await load(patient))).toMatchObject({ state: "unlinked" });
    // The same key again: single use.
    const again = await link(patient, credentials(patient));
    expect(again.status).toBe(400);
    expect((await readJson<Reply>(again)).lastResult?.error?.[""]).toEqual([SIMULATION_MESSAGES.keyUsed]);
    expect((await link(patient, credentials(patient, 1))).status).toBe(303);
  });

  it("validates the fields with the flavour's labels (HTTP 400)", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context, { flavour: "emis" }));
    const response = await link(patient, { accountId: "123", linkageKey: "", unitId: "Y1" });
    expect(response.status).toBe(400);
    expect((await readJson<Reply>(response)).lastResult?.error).toEqual({
      accountId: ["Account ID must be between 9 and 15 characters"],
      linkageKey: ["Enter your Linkage Key"],
      unitId: ["ODS Code must be between 4 and 15 characters"],
    });
  });

  it("shows the first server error on a 400, and the fixed message otherwise", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice);
    await addGpFault(context, practice.id, "link", "bad_request", "Linkage key expired:?:days=30");
    const bad = await link(patient, credentials(patient));
    expect(bad.status).toBe(400);
    expect((await readJson<Reply>(bad)).lastResult?.error?.[""]).toEqual(["Linkage key expired"]);

    const other = await makeGpPractice(context);
    const patient2 = await makeGpPatient(context, other);
    await addGpFault(context, other.id, "link", "unavailable");
    const down = await link(patient2, credentials(patient2));
    expect(down.status).toBe(503);
    expect((await readJson<Reply>(down)).lastResult?.error?.[""]).toEqual([
      "Server error, please try again later. If problem persists please contact your practice.",
    ]);
  });

  it("shows a reset link with the form again", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context), { linked: true });
    await (context.gpSystem as SimulatedGpSystem).resetLinkage(patient.patientId);
    expect(await readJson<PageData>(await load(patient))).toMatchObject({ state: "reset" });
    expect((await link(patient, credentials(patient))).status).toBe(303);
  });
});

describe("unlinking", () => {
  it("is a confirmation page only while linked", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context));
    const unlinked = await callLoader(unlink.loader, { request: getRequest(`${pathOf(patient)}/unlink`, { cookie: patient.cookie }), params: params(patient), context });
    expect(unlinked.headers.get("Location")).toBe(pathOf(patient));
    await link(patient, credentials(patient));
    const linked = await callLoader(unlink.loader, { request: getRequest(`${pathOf(patient)}/unlink`, { cookie: patient.cookie }), params: params(patient), context });
    expect(linked.status).toBe(200);
  });

  it("shows the first server error, else 'Server error. Please try again later.'", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    await addGpFault(context, practice.id, "unlink", "unavailable");
    const response = await callAction(unlink.action, { request: postRequest(`${pathOf(patient)}/unlink`, {}, { cookie: patient.cookie }), params: params(patient), context });
    expect(response.status).toBe(503);
    expect((await readJson<Reply>(response)).errors).toEqual(["Server error. Please try again later."]);

    const unlinkedPatient = await makeGpPatient(context, await makeGpPractice(context));
    const notLinkedAnswer = await callAction(unlink.action, {
      request: postRequest(`${pathOf(unlinkedPatient)}/unlink`, {}, { cookie: unlinkedPatient.cookie }),
      params: params(unlinkedPatient),
      context,
    });
    expect((await readJson<Reply>(notLinkedAnswer)).errors).toEqual([SIMULATION_MESSAGES.notLinked]);
  });
});

describe("explanation pages", () => {
  it("/pfs/not-linked keeps its context; /pfs/link-reset links to the form", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context));
    const response = await callLoader(notLinked.loader, { request: getRequest("/pfs/not-linked?context=medication", { cookie: patient.cookie }), context });
    expect(await readJson(response)).toEqual({ context: "medication", practiceCode: patient.practice.urlCode });
    const odd = await callLoader(notLinked.loader, { request: getRequest("/pfs/not-linked?context=<x>", { cookie: patient.cookie }), context });
    expect(await readJson(odd)).toMatchObject({ context: null });
    const reset = await callLoader(linkReset.loader, { request: getRequest("/pfs/link-reset", { cookie: patient.cookie }), context });
    expect(await readJson(reset)).toEqual({ practiceCode: patient.practice.urlCode });
  });
});
