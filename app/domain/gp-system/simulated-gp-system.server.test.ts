import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gpSlots } from "~/db/schema";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { addGpFault, makeGpPatient, makeGpPractice, type GpTestPatient } from "../../../tests/support/online-services-fixtures";
import type { GpResult } from "./gp-system";
import { SIMULATION_MESSAGES, SimulatedGpSystem } from "./simulated-gp-system.server";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
let gp: SimulatedGpSystem;

beforeAll(async () => {
  gp = context.gpSystem as SimulatedGpSystem;
});

const range = () => ({ start: context.clock.now(), end: new Date(context.clock.now().getTime() + 28 * 86400_000) });

function value<T>(result: GpResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

async function firstSlot(patient: GpTestPatient) {
  const sessions = value(await gp.slots(patient, range()));
  return { session: sessions[0], slot: sessions[0].slots[0] };
}

describe("linkage", () => {
  it("links with matching credentials once per key, whatever the case of the unit id", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice);
    expect(value(await gp.linkStatus(patient))).toEqual({ linked: false });
    const details = { accountId: patient.accountId, linkageKey: patient.linkageKeys[0], unitId: patient.unitId.toLowerCase() };
    expect(await gp.link(patient, details)).toEqual({ ok: true, value: undefined });
    expect(value(await gp.linkStatus(patient))).toEqual({ linked: true });

    expect(await gp.link(patient, details)).toEqual({ ok: false, error: { kind: "bad_request", messages: [SIMULATION_MESSAGES.alreadyLinked] } });
    value(await gp.unlink(patient));
    // The spent key never links again; the next one does.
    expect(await gp.link(patient, details)).toEqual({ ok: false, error: { kind: "bad_request", messages: [SIMULATION_MESSAGES.keyUsed] } });
    value(await gp.link(patient, { ...details, linkageKey: patient.linkageKeys[1] }));
  });

  it("refuses credentials that are not this patient's", async () => {
    const practice = await makeGpPractice(context);
    const me = await makeGpPatient(context, practice);
    const other = await makeGpPatient(context, practice);
    const result = await gp.link(me, { accountId: other.accountId, linkageKey: other.linkageKeys[0], unitId: other.unitId });
    expect(result).toEqual({ ok: false, error: { kind: "bad_request", messages: [SIMULATION_MESSAGES.linkMismatch] } });
  });

  it("answers not linked, then linkage reset after the practice resets it; a new key links again", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice);
    expect(await gp.slots(patient, range())).toEqual({ ok: false, error: { kind: "not_linked" } });
    expect(await gp.courses(patient)).toEqual({ ok: false, error: { kind: "not_linked" } });
    value(await gp.link(patient, { accountId: patient.accountId, linkageKey: patient.linkageKeys[0], unitId: patient.unitId }));
    await gp.resetLinkage(patient.patientId);
    expect(await gp.linkStatus(patient)).toEqual({ ok: false, error: { kind: "linkage_reset" } });
    expect(await gp.slots(patient, range())).toEqual({ ok: false, error: { kind: "linkage_reset" } });
    value(await gp.link(patient, { accountId: patient.accountId, linkageKey: patient.linkageKeys[1], unitId: patient.unitId }));
    expect(value(await gp.linkStatus(patient))).toEqual({ linked: true });
  });
});

describe("deliberate faults", () => {
  it("answers each configured failure, for its operation only or for all", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    await addGpFault(context, practice.id, "slots", "bad_request", "Clinic closed for training");
    expect(await gp.slots(patient, range())).toEqual({ ok: false, error: { kind: "bad_request", messages: ["Clinic closed for training"] } });
    expect((await gp.courses(patient)).ok).toBe(true);
    await addGpFault(context, practice.id, "*", "unavailable");
    expect(await gp.courses(patient)).toEqual({ ok: false, error: { kind: "unavailable" } });
    expect(await gp.link(patient, { accountId: "x", linkageKey: "y", unitId: "z" })).toEqual({ ok: false, error: { kind: "unavailable" } });
  });
});

describe("appointments", () => {
  it("lists free future slots by session; booking answers the slot id (EMIS) or the session id (TPP)", async () => {
    for (const flavour of ["emis", "tpp"] as const) {
      const practice = await makeGpPractice(context, { flavour });
      const patient = await makeGpPatient(context, practice, { linked: true });
      const sessions = value(await gp.slots(patient, range()));
      expect(sessions.map((s) => s.name)).toHaveLength(3);
      for (const slot of sessions.flatMap((s) => s.slots)) expect(new Date(slot.startTime) > context.clock.now()).toBe(true);
      const { session, slot } = await firstSlot(patient);
      const booked = value(await gp.book(patient, { slotId: slot.slotId, reason: "  Knee pain  " }));
      expect(booked.bookingId).toBe(flavour === "tpp" ? session.sessionId : slot.slotId);
      const after = value(await gp.slots(patient, range()));
      expect(after.flatMap((s) => s.slots).map((s) => s.slotId)).not.toContain(slot.slotId);
      const [appointment] = value(await gp.appointments(patient, { slotId: slot.slotId }));
      expect(appointment.appointment).toMatchObject({ slotId: slot.slotId, bookingReason: "Knee pain", bookingMethod: "Online" });
      expect(appointment.gp.staffName).toBe(session.staffName);
    }
  });

  it("checks the reason and the slot", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    const { slot } = await firstSlot(patient);
    expect(await gp.book(patient, { slotId: slot.slotId, reason: " " })).toMatchObject({ ok: false, error: { messages: [SIMULATION_MESSAGES.reasonRequired] } });
    expect(await gp.book(patient, { slotId: slot.slotId, reason: "x".repeat(151) })).toMatchObject({ ok: false, error: { messages: [SIMULATION_MESSAGES.reasonTooLong] } });
    expect(await gp.book(patient, { slotId: "nope", reason: "Rash" })).toMatchObject({ ok: false, error: { messages: [SIMULATION_MESSAGES.slotGone] } });
    // Another practice's slot is not bookable here.
    const elsewhere = await makeGpPatient(context, await makeGpPractice(context), { linked: true });
    const { slot: theirs } = await firstSlot(elsewhere);
    expect(await gp.book(patient, { slotId: theirs.slotId, reason: "Rash" })).toMatchObject({ ok: false, error: { messages: [SIMULATION_MESSAGES.slotGone] } });
  });

  it("gives a slot to exactly one of two patients booking it at once", async () => {
    const practice = await makeGpPractice(context);
    const [a, b] = await Promise.all([makeGpPatient(context, practice, { linked: true }), makeGpPatient(context, practice, { linked: true })]);
    const { slot } = await firstSlot(a);
    const results = await Promise.all([gp.book(a, { slotId: slot.slotId, reason: "Cough" }), gp.book(b, { slotId: slot.slotId, reason: "Rash" })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: { kind: "bad_request", messages: [SIMULATION_MESSAGES.slotGone] } }]);
  });

  it("cancels only the patient's own upcoming appointment, freeing the slot", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    const other = await makeGpPatient(context, practice, { linked: true });
    const { slot } = await firstSlot(patient);
    value(await gp.book(patient, { slotId: slot.slotId, reason: "Cough" }));
    expect(value(await gp.appointments(other, { slotId: slot.slotId }))).toEqual([]);
    expect(await gp.cancelAppointment(other, slot.slotId)).toMatchObject({ ok: false, error: { messages: [SIMULATION_MESSAGES.cannotCancelAppointment] } });
    value(await gp.cancelAppointment(patient, slot.slotId));
    expect(value(await gp.appointments(patient))).toEqual([]);
    const [row] = await context.db.select().from(gpSlots).where(eq(gpSlots.id, Number(slot.slotId)));
    expect(row.bookedByPatientId).toBeNull();
  });

  it("does not cancel an appointment that has started", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    const { slot } = await firstSlot(patient);
    value(await gp.book(patient, { slotId: slot.slotId, reason: "Cough" }));
    const clock = context.clock.now();
    context.clock.set(slot.startTime);
    try {
      expect((await gp.cancelAppointment(patient, slot.slotId)).ok).toBe(false);
    } finally {
      context.clock.set(clock);
    }
  });
});

describe("prescriptions", () => {
  it("lists courses by name and orders the patient's own only", async () => {
    const practice = await makeGpPractice(context);
    const patient = await makeGpPatient(context, practice, { linked: true });
    const other = await makeGpPatient(context, practice, { linked: true });
    const courses = value(await gp.courses(patient));
    expect(courses).toHaveLength(22);
    expect(courses.map((c) => c.name)).toEqual([...courses.map((c) => c.name)].sort());
    const theirs = value(await gp.courses(other));
    expect(await gp.requestPrescription(patient, [])).toMatchObject({ ok: false, error: { messages: [SIMULATION_MESSAGES.noCourses] } });
    expect(await gp.requestPrescription(patient, [theirs[0].courseId])).toMatchObject({ ok: false, error: { messages: [SIMULATION_MESSAGES.unknownCourse] } });
    const { prescriptionId } = value(await gp.requestPrescription(patient, [courses[20].courseId, courses[1].courseId]));
    const [request] = value(await gp.prescriptionRequests(patient, { prescriptionId }));
    expect(request.courses.map((c) => [c.name, c.status])).toEqual([
      [courses[1].name, "Requested"],
      [courses[20].name, "Requested"],
    ]);
    expect(value(await gp.prescriptionRequests(other, { prescriptionId }))).toEqual([]);
  });

  it("cancels Requested orders; TPP may cancel issued ones too, EMIS not", async () => {
    for (const flavour of ["emis", "tpp"] as const) {
      const practice = await makeGpPractice(context, { flavour });
      const patient = await makeGpPatient(context, practice, { linked: true });
      const courses = value(await gp.courses(patient));
      const { prescriptionId } = value(await gp.requestPrescription(patient, [courses[0].courseId]));
      value(await gp.cancelPrescription(patient, prescriptionId));
      const [cancelled] = value(await gp.prescriptionRequests(patient, { prescriptionId }));
      expect(cancelled.courses[0].status).toBe("Cancelled");
      expect((await gp.cancelPrescription(patient, prescriptionId)).ok).toBe(false);

      const issued = value(await gp.requestPrescription(patient, [courses[1].courseId]));
      await context.db.execute(
        `update gp_prescription_request_courses set status = 'Issued' where request_id = ${Number(issued.prescriptionId)}` as never,
      );
      expect((await gp.cancelPrescription(patient, issued.prescriptionId)).ok).toBe(flavour === "tpp");
    }
  });
});
