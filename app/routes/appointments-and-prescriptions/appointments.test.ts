import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFlash } from "~/web/flash.server";
import { SIMULATION_MESSAGES, type SimulatedGpSystem } from "~/domain/gp-system/simulated-gp-system.server";
import type { AppointmentView, SessionView } from "~/domain/online-services/appointments";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { addGpFault, makeGpPatient, makeGpPractice, type GpTestPatient } from "../../../tests/support/online-services-fixtures";
import { sessionCookie } from "../../../tests/support/mfa-helpers";
import { callAction, callLoader, cookieHeaderAfter, getRequest, postRequest, readJson } from "../../../tests/support/requests";
import * as list from "./appointments._index";
import * as book from "./appointments.book.$slotId";
import * as booked from "./appointments.booked.$bookingId";
import * as cancelled from "./appointments.cancelled";
import * as cancel from "./$practiceCode.appointment.cancel.$slotId";
import * as details from "./$practiceCode.appointment.details.$slotId";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;


type ListData = { failure: string | null; sessions: SessionView[]; upcoming: AppointmentView[] };
type Loaded = { appointment: AppointmentView | null; failure: { message: string } | null };

const loadList = (p: GpTestPatient) => callLoader(list.loader, { request: getRequest("/appointments", { cookie: p.cookie }), context });
const slotsOf = async (p: GpTestPatient) => (await readJson<ListData>(await loadList(p))).sessions;
const bookAs = (p: GpTestPatient, slotId: string, reason = "Sore throat for a week") =>
  callAction(book.action, { request: postRequest(`/appointments/book/${slotId}`, { reason }, { cookie: p.cookie }), params: { slotId }, context });
const detailsOf = (p: GpTestPatient, slotId: string, cookie = p.cookie) =>
  callLoader(details.loader, {
    request: getRequest(`/${p.practice.urlCode}/appointment/details/${slotId}`, { cookie }),
    params: { practiceCode: p.practice.urlCode, slotId },
    context,
  });
const cancelAs = (p: GpTestPatient, slotId: string, cookie = p.cookie) =>
  callAction(cancel.action, {
    request: postRequest(`/${p.practice.urlCode}/appointment/cancel/${slotId}`, {}, { cookie }),
    params: { practiceCode: p.practice.urlCode, slotId },
    context,
  });
const flashOf = (response: Response) => readFlash(context.config.sessionSecret, getRequest("/", { cookie: cookieHeaderAfter(response) }));

describe("access", () => {
  it("asks visitors to sign in, denies guests in loaders and actions", async () => {
    const practice = await makeGpPractice(context);
    const anonymous = await callLoader(list.loader, { request: getRequest("/appointments"), context });
    expect(anonymous.headers.get("Location")).toBe("/login?redirect=%2Fappointments");
    const guest = await makeGpPatient(context, practice, { guest: true, linked: true });
    expect((await loadList(guest)).headers.get("Location")).toBe("/permission-denied");
    expect((await bookAs(guest, "1")).headers.get("Location")).toBe("/permission-denied");
    expect((await cancelAs(guest, "1")).headers.get("Location")).toBe(`/${practice.urlCode}/permission-denied`);
    const after = await callLoader(cancelled.loader, { request: getRequest("/appointments/cancelled", { cookie: guest.cookie }), context });
    expect(after.headers.get("Location")).toBe("/permission-denied");
  });
});

describe("the slot list (spec 2 §8)", () => {
  it("redirects when not linked or reset", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice);
    expect((await loadList(patient)).headers.get("Location")).toBe("/pfs/not-linked?context=appointments");
    const linked = await makeGpPatient(context, practice, { linked: true });
    await (context.gpSystem as SimulatedGpSystem).resetLinkage(linked.patientId);
    expect((await loadList(linked)).headers.get("Location")).toBe("/pfs/link-reset");
  });

  it("shows the first server error on a 400, the fixed message otherwise", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    await addGpFault(context, practice.id, "slots", "bad_request", "Online booking is paused today");
    const bad = await loadList(patient);
    expect(bad.status).toBe(400);
    expect((await readJson<ListData>(bad)).failure).toBe("Online booking is paused today");
    const other = await makeGpPractice(context);
    const patient2 = await makeGpPatient(context, other, { linked: true });
    await addGpFault(context, other.id, "slots", "unavailable");
    const down = await loadList(patient2);
    expect(down.status).toBe(503);
    expect((await readJson<ListData>(down)).failure).toBe(
      "Booking appointments is not currently available - please try again later. If the problem persists please contact your practice.",
    );
  });

  it("lists sessions with their name and staff, and slot cards with date, times and type", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context), { linked: true });
    const sessions = await slotsOf(patient);
    expect(sessions.map((s) => [s.name, s.staffName])).toEqual([
      ["Routine GP appointments", "Dr Priya Shah"],
      ["Practice nurse clinic", "Amy Collins"],
      ["Telephone consultations", "Dr Ben Adeyemi"],
    ]);
    expect(sessions[0].slots[0]).toMatchObject({ date: expect.stringMatching(/^[A-Z][a-z]+day \d\d [A-Z][a-z]+ \d{4}$/), start: "09:00", end: "09:10", slotType: "Face to face" });
  });
});

describe("booking", () => {
  it("asks for a reason (required, at most 150 characters) with HTTP 400", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context), { linked: true });
    const slotId = (await slotsOf(patient))[0].slots[0].slotId;
    const page = await callLoader(book.loader, { request: getRequest(`/appointments/book/${slotId}`, { cookie: patient.cookie }), params: { slotId }, context });
    expect(await readJson(page)).toMatchObject({ slot: { slotId }, session: { staffName: "Dr Priya Shah" } });
    for (const [reason, message] of [
      ["", "Enter the reason for your appointment"],
      ["x".repeat(151), "The reason for your appointment must be 150 characters or fewer"],
    ]) {
      const response = await bookAs(patient, slotId, reason);
      expect(response.status).toBe(400);
      expect((await readJson<{ lastResult: { error: Record<string, string[]> } }>(response)).lastResult.error).toEqual({ reason: [message] });
    }
  });

  it("goes to /appointments/booked/{slot id} at an EMIS practice and /{session id} at a TPP one", async () => {
    for (const flavour of ["emis", "tpp"] as const) {
      const patient = await makeGpPatient(context, await makeGpPractice(context, { flavour }), { linked: true });
      const [session] = await slotsOf(patient);
      const slotId = session.slots[0].slotId;
      const response = await bookAs(patient, slotId);
      expect(response.status).toBe(303);
      const bookingId = flavour === "tpp" ? session.sessionId : slotId;
      expect(response.headers.get("Location")).toBe(`/appointments/booked/${bookingId}`);
      const page = await callLoader(booked.loader, { request: getRequest(`/appointments/booked/${bookingId}`, { cookie: patient.cookie }), params: { bookingId }, context });
      expect((await readJson<Loaded>(page)).appointment).toMatchObject({ slotId, status: "Upcoming", reason: "Sore throat for a week" });
    }
  });

  it("gives a slot to exactly one of two patients booking at once; the other sees why over the fresh list", async () => {
    const practice = await makeGpPractice(context);
    const [a, b] = await Promise.all([makeGpPatient(context, practice, { linked: true }), makeGpPatient(context, practice, { linked: true })]);
    const slotId = (await slotsOf(a))[0].slots[0].slotId;
    const responses = await Promise.all([bookAs(a, slotId), bookAs(b, slotId)]);
    const winners = responses.filter((r) => r.headers.get("Location")?.startsWith("/appointments/booked/"));
    const losers = responses.filter((r) => r.headers.get("Location") === "/appointments");
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(flashOf(losers[0])).toEqual({ kind: "info", text: SIMULATION_MESSAGES.slotGone });
    const loser = responses[0] === losers[0] ? a : b;
    const fresh = await slotsOf(loser);
    expect(fresh.flatMap((s) => s.slots).map((s) => s.slotId)).not.toContain(slotId);
    // The book page of a gone slot sends back to the list too.
    const page = await callLoader(book.loader, { request: getRequest(`/appointments/book/${slotId}`, { cookie: loser.cookie }), params: { slotId }, context });
    expect(page.headers.get("Location")).toBe("/appointments");
  });

  it("shows the generic server error when booking fails without a message; redirects when not linked", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    const slotId = (await slotsOf(patient))[0].slots[0].slotId;
    await addGpFault(context, practice.id, "book", "unavailable");
    const down = await bookAs(patient, slotId);
    expect(down.status).toBe(503);
    expect((await readJson<{ lastResult: { error: Record<string, string[]> } }>(down)).lastResult.error[""]).toEqual(["Server error. Please try again later"]);
    const other = await makeGpPractice(context);
    const unlinked = await makeGpPatient(context, other);
    expect((await bookAs(unlinked, "1")).headers.get("Location")).toBe("/pfs/not-linked");
  });
});

describe("details and cancelling", () => {
  it("shows the details; another patient's slot is page-not-found", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    const other = await makeGpPatient(context, practice, { linked: true });
    const slotId = (await slotsOf(patient))[0].slots[0].slotId;
    await bookAs(patient, slotId, "Repeat blood test");
    const page = await readJson<Loaded>(await detailsOf(patient, slotId));
    expect(page.appointment).toMatchObject({
      slotId,
      status: "Upcoming",
      clinician: "Dr Priya Shah",
      role: "General Practitioner",
      locationName: "Riverside Medical Centre",
      address: "12 Riverside Road, Holbeck, Leeds, LS1 4AP",
      type: "Face to face",
      bookingDate: "21/11/2026",
      bookingMethod: "Online",
      reason: "Repeat blood test",
    });
    expect((await detailsOf(other, slotId, other.cookie)).status).toBe(404);
    expect((await detailsOf(patient, "999999")).status).toBe(404);
    expect((await detailsOf(patient, "abc")).status).toBe(404);
    // Another patient's cancel is refused by the GP system.
    const theirs = await cancelAs(other, slotId, other.cookie);
    expect(theirs.status).toBe(400);
    expect((await readJson<{ errors: string[] }>(theirs)).errors).toEqual([SIMULATION_MESSAGES.cannotCancelAppointment]);
  });

  it("shows the fixed message when the details cannot load", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    await addGpFault(context, practice.id, "appointments", "bad_request", "anything");
    const page = await detailsOf(patient, "1");
    expect((await readJson<Loaded>(page)).failure?.message).toBe("Appointments are not currently available - please try again later.");
  });

  it("cancels an upcoming appointment and goes to /appointments/cancelled", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context), { linked: true });
    const slotId = (await slotsOf(patient))[0].slots[0].slotId;
    await bookAs(patient, slotId);
    const confirm = await callLoader(cancel.loader, {
      request: getRequest(`/${patient.practice.urlCode}/appointment/cancel/${slotId}`, { cookie: patient.cookie }),
      params: { practiceCode: patient.practice.urlCode, slotId },
      context,
    });
    expect(confirm.status).toBe(200);
    const response = await cancelAs(patient, slotId);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/appointments/cancelled");
    expect((await detailsOf(patient, slotId)).status).toBe(404);
    expect((await slotsOf(patient))[0].slots.map((s) => s.slotId)).toContain(slotId);
  });

  it("an attended appointment shows Attended and cannot be cancelled", async () => {
    const patient = await makeGpPatient(context, await makeGpPractice(context), { linked: true });
    const slot = (await slotsOf(patient))[0].slots[0];
    await bookAs(patient, slot.slotId);
    const before = context.clock.now();
    context.clock.advance(3 * 86_400_000);
    // Three days on, the old session has idled out: sign in again.
    patient.cookie = await sessionCookie(context, patient.userId);
    try {
      const page = await readJson<Loaded>(await detailsOf(patient, slot.slotId));
      expect(page.appointment?.status).toBe("Attended");
      const confirm = await callLoader(cancel.loader, {
        request: getRequest(`/${patient.practice.urlCode}/appointment/cancel/${slot.slotId}`, { cookie: patient.cookie }),
        params: { practiceCode: patient.practice.urlCode, slotId: slot.slotId },
        context,
      });
      expect(confirm.headers.get("Location")).toBe(`/${patient.practice.urlCode}/appointment/details/${slot.slotId}`);
      expect((await cancelAs(patient, slot.slotId)).status).toBe(400);
    } finally {
      context.clock.set(before);
    }
  });
});
