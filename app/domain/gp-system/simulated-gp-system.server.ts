/**
 * The embedded GP system: a simulation held in our own database (gp_* tables), with the
 * TPP and EMIS flavours of flavour.ts. It answers like the real thing would: typed
 * failures, 400s with a message, single-use linkage keys, and a booking that exactly one
 * of two patients gets. Deliberate failures come from gp_faults (docs/decisions/0030).
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  gpAccounts,
  gpConsultations,
  gpFaults,
  gpLinks,
  gpMedicationCourses,
  gpPrescriptionRequestCourses,
  gpPrescriptionRequests,
  gpRecordEntries,
  gpSessions,
  gpSlots,
  practiceAgents,
  practices,
} from "~/db/schema";
import type { Clock } from "~/domain/clock";
import { bookingIdFor, canCancelPrescription, CANCELLED, flavourOf, REQUESTED, type Flavour } from "./flavour";
import {
  gpBadRequest,
  gpFail,
  gpOk,
  type GpAgentStatus,
  type GpAppointment,
  type GpConsultationInput,
  type GpFiledConsultation,
  type GpCourse,
  type GpError,
  type GpOperation,
  type GpPatient,
  type GpPrescriptionRequest,
  type GpRecordItem,
  type GpRecordSummary,
  type GpResult,
  type GpSession,
  type GpSystem,
  type LinkDetails,
} from "./gp-system";

/** The simulation's own 400 messages (a real system words its own). */
export const SIMULATION_MESSAGES = {
  linkMismatch: "The details you entered do not match our records. Check them and try again.",
  keyUsed: "This linkage key has already been used. Ask your practice for a new one.",
  alreadyLinked: "Your account is already linked to online services.",
  notLinked: "Your account is not linked to online services.",
  reasonRequired: "Please enter a reason for your appointment.",
  reasonTooLong: "The reason for your appointment must be 150 characters or fewer.",
  slotGone: "Sorry, this appointment is no longer available. Please choose another.",
  cannotCancelAppointment: "This appointment can no longer be cancelled.",
  noCourses: "Please select at least one medication.",
  unknownCourse: "One or more of the medications you selected could not be found.",
  cannotCancelPrescription: "This prescription request can no longer be cancelled.",
  notFound: "Not found.",
  unknownRequest: "The consultation could not be filed: the request is not at this practice.",
} as const;

const FAULT_KINDS = new Set(["not_linked", "linkage_reset", "bad_request", "unavailable"]);

/** Ids are strings outside; here they are serial integers. */
function idOf(value: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2147483647 ? Number(value) : null;
}

export class SimulatedGpSystem implements GpSystem {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A deliberate failure configured for this practice and operation, if any. */
  private async fault(patient: GpPatient, operation: GpOperation): Promise<GpError | null> {
    const [row] = await this.db
      .select()
      .from(gpFaults)
      .where(and(eq(gpFaults.practiceId, patient.practiceId), or(eq(gpFaults.operation, operation), eq(gpFaults.operation, "*"))))
      .orderBy(asc(gpFaults.id))
      .limit(1);
    if (!row || !FAULT_KINDS.has(row.kind)) return null;
    if (row.kind === "bad_request") return { kind: "bad_request", messages: row.message ? [row.message] : [] };
    return { kind: row.kind as "not_linked" | "linkage_reset" | "unavailable" };
  }

  private async flavour(patient: GpPatient): Promise<Flavour> {
    const [row] = await this.db
      .select({ ehrType: practices.ehrType, pfsEhrType: practices.pfsEhrType })
      .from(practices)
      .where(eq(practices.id, patient.practiceId));
    return row ? flavourOf(row) : "emis";
  }

  /**
   * The agent's last report, as the agent posted it to /agent/status (agent.server.ts records
   * it). A fault for `agent_status` answers as a TPP backend that is away would.
   */
  async agentStatus(practiceId: number): Promise<GpResult<GpAgentStatus | null>> {
    const fault = await this.fault({ practiceId, patientId: 0 }, "agent_status");
    if (fault) return gpFail(fault);
    const [row] = await this.db
      .select({
        websocketConnected: practiceAgents.websocketConnected,
        systmoneConnected: practiceAgents.systmoneConnected,
        dateUpdated: practiceAgents.statusUpdatedAt,
      })
      .from(practiceAgents)
      .where(eq(practiceAgents.practiceId, practiceId));
    return gpOk(row ?? null);
  }

  /**
   * The consultation goes in once per request: the unique index on patient_entry_id makes a
   * second filing (a double click, two staff at once) find the first instead of adding one.
   */
  async fileConsultation(patient: GpPatient, consultation: GpConsultationInput): Promise<GpResult<GpFiledConsultation>> {
    const fault = await this.fault(patient, "file_consultation");
    if (fault) return gpFail(fault);
    const entryId = idOf(consultation.requestId);
    if (entryId === null) return gpBadRequest(SIMULATION_MESSAGES.unknownRequest);
    const [inserted] = await this.db
      .insert(gpConsultations)
      .values({
        practiceId: patient.practiceId,
        patientId: patient.patientId,
        patientEntryId: entryId,
        summary: consultation.summary,
        snomedCodes: consultation.codes,
        filedByUserId: consultation.filedByUserId,
        filedAt: this.clock.now(),
      })
      .onConflictDoNothing({ target: gpConsultations.patientEntryId })
      .returning();
    const row = inserted ?? (await this.db.select().from(gpConsultations).where(eq(gpConsultations.patientEntryId, entryId)))[0];
    if (!row || row.practiceId !== patient.practiceId) return gpBadRequest(SIMULATION_MESSAGES.unknownRequest);
    return gpOk({ consultationId: String(row.id), filedAt: row.filedAt, codes: row.snomedCodes, alreadyFiled: !inserted });
  }

  /** Fault first, then the link: every call but linking needs a live link. */
  private async guard(patient: GpPatient, operation: GpOperation): Promise<GpError | null> {
    const fault = await this.fault(patient, operation);
    if (fault) return fault;
    const [link] = await this.db.select().from(gpLinks).where(eq(gpLinks.patientId, patient.patientId));
    if (!link) return { kind: "not_linked" };
    if (link.status !== "linked") return { kind: "linkage_reset" };
    return null;
  }

  async linkStatus(patient: GpPatient): Promise<GpResult<{ linked: boolean }>> {
    const fault = await this.fault(patient, "link_status");
    if (fault) return gpFail(fault);
    const [link] = await this.db.select().from(gpLinks).where(eq(gpLinks.patientId, patient.patientId));
    if (link && link.status !== "linked") return gpFail({ kind: "linkage_reset" });
    return gpOk({ linked: Boolean(link) });
  }

  async link(patient: GpPatient, details: LinkDetails): Promise<GpResult<void>> {
    const fault = await this.fault(patient, "link");
    if (fault) return gpFail(fault);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [link] = await tx.select().from(gpLinks).where(eq(gpLinks.patientId, patient.patientId)).for("update");
      if (link?.status === "linked") return gpBadRequest(SIMULATION_MESSAGES.alreadyLinked);
      const [account] = await tx
        .select()
        .from(gpAccounts)
        .where(
          and(
            eq(gpAccounts.patientId, patient.patientId),
            eq(gpAccounts.accountId, details.accountId.trim()),
            eq(gpAccounts.linkageKey, details.linkageKey.trim()),
            sql`upper(${gpAccounts.unitId}) = ${details.unitId.trim().toUpperCase()}`,
          ),
        );
      if (!account) return gpBadRequest(SIMULATION_MESSAGES.linkMismatch);
      // Single use: the key is spent by whoever marks it first.
      const spent = await tx
        .update(gpAccounts)
        .set({ usedAt: now })
        .where(and(eq(gpAccounts.id, account.id), isNull(gpAccounts.usedAt)))
        .returning({ id: gpAccounts.id });
      if (spent.length === 0) return gpBadRequest(SIMULATION_MESSAGES.keyUsed);
      await tx
        .insert(gpLinks)
        .values({ patientId: patient.patientId, accountId: account.accountId, status: "linked", linkedAt: now })
        .onConflictDoUpdate({
          target: gpLinks.patientId,
          set: { accountId: account.accountId, status: "linked", linkedAt: now, resetAt: null },
        });
      return gpOk(undefined);
    });
  }

  async unlink(patient: GpPatient): Promise<GpResult<void>> {
    const fault = await this.fault(patient, "unlink");
    if (fault) return gpFail(fault);
    const removed = await this.db.delete(gpLinks).where(eq(gpLinks.patientId, patient.patientId)).returning();
    return removed.length > 0 ? gpOk(undefined) : gpBadRequest(SIMULATION_MESSAGES.notLinked);
  }

  /** What the practice does when it resets a patient's linkage (demo and tests). */
  async resetLinkage(patientId: number): Promise<void> {
    await this.db.update(gpLinks).set({ status: "reset", resetAt: this.clock.now() }).where(eq(gpLinks.patientId, patientId));
  }

  async slots(patient: GpPatient, range: { start: Date; end: Date }): Promise<GpResult<GpSession[]>> {
    const refused = await this.guard(patient, "slots");
    if (refused) return gpFail(refused);
    const now = this.clock.now();
    const from = range.start > now ? range.start : now;
    const rows = await this.db
      .select({ slot: gpSlots, session: gpSessions })
      .from(gpSlots)
      .innerJoin(gpSessions, eq(gpSessions.id, gpSlots.sessionId))
      .where(
        and(
          eq(gpSlots.practiceId, patient.practiceId),
          isNull(gpSlots.bookedByPatientId),
          gt(gpSlots.startTime, from),
          lt(gpSlots.startTime, range.end),
        ),
      )
      .orderBy(asc(gpSessions.id), asc(gpSlots.startTime), asc(gpSlots.id));
    const sessions = new Map<number, GpSession>();
    for (const { slot, session } of rows) {
      let entry = sessions.get(session.id);
      if (!entry) {
        entry = { sessionId: String(session.id), name: session.name, staffName: session.staffName, slots: [] };
        sessions.set(session.id, entry);
      }
      entry.slots.push({
        slotId: String(slot.id),
        startTime: slot.startTime.toISOString(),
        endTime: slot.endTime.toISOString(),
        slotType: slot.slotType,
        slotName: slot.slotName,
      });
    }
    return gpOk([...sessions.values()]);
  }

  async book(patient: GpPatient, booking: { slotId: string; reason: string }): Promise<GpResult<{ bookingId: string }>> {
    const refused = await this.guard(patient, "book");
    if (refused) return gpFail(refused);
    const reason = booking.reason.trim();
    if (!reason) return gpBadRequest(SIMULATION_MESSAGES.reasonRequired);
    if (reason.length > 150) return gpBadRequest(SIMULATION_MESSAGES.reasonTooLong);
    const slotId = idOf(booking.slotId);
    if (slotId === null) return gpBadRequest(SIMULATION_MESSAGES.slotGone);
    const now = this.clock.now();
    // One conditional update: whoever's update finds the slot still free gets it.
    const [won] = await this.db
      .update(gpSlots)
      .set({ bookedByPatientId: patient.patientId, bookedAt: now, bookingMethod: "Online", bookingReason: reason })
      .where(
        and(
          eq(gpSlots.id, slotId),
          eq(gpSlots.practiceId, patient.practiceId),
          isNull(gpSlots.bookedByPatientId),
          gt(gpSlots.startTime, now),
        ),
      )
      .returning({ id: gpSlots.id, sessionId: gpSlots.sessionId });
    if (!won) return gpBadRequest(SIMULATION_MESSAGES.slotGone);
    const flavour = await this.flavour(patient);
    return gpOk({ bookingId: bookingIdFor(flavour, { slotId: String(won.id), sessionId: String(won.sessionId) }) });
  }

  async appointments(patient: GpPatient, filter: { slotId?: string } = {}): Promise<GpResult<GpAppointment[]>> {
    const refused = await this.guard(patient, "appointments");
    if (refused) return gpFail(refused);
    const conditions = [eq(gpSlots.bookedByPatientId, patient.patientId)];
    if (filter.slotId !== undefined) {
      const slotId = idOf(filter.slotId);
      if (slotId === null) return gpOk([]);
      conditions.push(eq(gpSlots.id, slotId));
    }
    const rows = await this.db
      .select({ slot: gpSlots, session: gpSessions })
      .from(gpSlots)
      .innerJoin(gpSessions, eq(gpSessions.id, gpSlots.sessionId))
      .where(and(...conditions))
      .orderBy(desc(gpSlots.startTime));
    return gpOk(
      rows.map(({ slot, session }) => ({
        appointment: {
          slotId: String(slot.id),
          sessionId: String(session.id),
          startTime: slot.startTime.toISOString(),
          endTime: slot.endTime.toISOString(),
          slotType: slot.slotType,
          slotName: slot.slotName,
          bookingDate: slot.bookedAt?.toISOString() ?? null,
          bookingMethod: slot.bookingMethod,
          bookingReason: slot.bookingReason,
        },
        gp: { staffName: session.staffName, jobRole: session.jobRole },
        location: {
          locationName: session.locationName,
          streetNumber: session.streetNumber,
          village: session.village,
          town: session.town,
          postcode: session.postcode,
        },
      })),
    );
  }

  async cancelAppointment(patient: GpPatient, slotId: string): Promise<GpResult<void>> {
    const refused = await this.guard(patient, "cancel_appointment");
    if (refused) return gpFail(refused);
    const id = idOf(slotId);
    if (id === null) return gpBadRequest(SIMULATION_MESSAGES.cannotCancelAppointment);
    // Only an upcoming appointment of this patient; the slot is free again for others.
    const freed = await this.db
      .update(gpSlots)
      .set({ bookedByPatientId: null, bookedAt: null, bookingMethod: null, bookingReason: null })
      .where(and(eq(gpSlots.id, id), eq(gpSlots.bookedByPatientId, patient.patientId), gt(gpSlots.startTime, this.clock.now())))
      .returning({ id: gpSlots.id });
    return freed.length > 0 ? gpOk(undefined) : gpBadRequest(SIMULATION_MESSAGES.cannotCancelAppointment);
  }

  async medicalRecord(patient: GpPatient): Promise<GpResult<GpRecordSummary>> {
    const fault = await this.fault(patient, "medical_record");
    if (fault) return gpFail(fault);
    const [entries, courses] = await Promise.all([
      this.db
        .select()
        .from(gpRecordEntries)
        .where(eq(gpRecordEntries.patientId, patient.patientId))
        .orderBy(desc(gpRecordEntries.recordedOn), asc(gpRecordEntries.id)),
      this.db
        .select()
        .from(gpMedicationCourses)
        .where(eq(gpMedicationCourses.patientId, patient.patientId))
        .orderBy(asc(gpMedicationCourses.name), asc(gpMedicationCourses.id)),
    ]);
    const of = (kind: string): GpRecordItem[] =>
      entries.filter((e) => e.kind === kind).map((e) => ({ name: e.name, detail: e.detail, recordedOn: e.recordedOn }));
    return gpOk({
      allergies: of("allergy"),
      medication: courses.map((r) => ({ courseId: String(r.id), name: r.name, dosage: r.dosage })),
      problems: of("problem"),
      testResults: of("test_result"),
    });
  }

  async courses(patient: GpPatient): Promise<GpResult<GpCourse[]>> {
    const refused = await this.guard(patient, "courses");
    if (refused) return gpFail(refused);
    const rows = await this.db
      .select()
      .from(gpMedicationCourses)
      .where(eq(gpMedicationCourses.patientId, patient.patientId))
      .orderBy(asc(gpMedicationCourses.name), asc(gpMedicationCourses.id));
    return gpOk(rows.map((r) => ({ courseId: String(r.id), name: r.name, dosage: r.dosage })));
  }

  async requestPrescription(patient: GpPatient, courseIds: string[]): Promise<GpResult<{ prescriptionId: string }>> {
    const refused = await this.guard(patient, "request_prescription");
    if (refused) return gpFail(refused);
    const ids = [...new Set(courseIds)].map(idOf);
    if (ids.length === 0) return gpBadRequest(SIMULATION_MESSAGES.noCourses);
    if (ids.some((id) => id === null)) return gpBadRequest(SIMULATION_MESSAGES.unknownCourse);
    const wanted = ids as number[];
    const owned = await this.db
      .select()
      .from(gpMedicationCourses)
      .where(and(eq(gpMedicationCourses.patientId, patient.patientId), inArray(gpMedicationCourses.id, wanted)))
      .orderBy(asc(gpMedicationCourses.name), asc(gpMedicationCourses.id));
    if (owned.length !== wanted.length) return gpBadRequest(SIMULATION_MESSAGES.unknownCourse);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [request] = await tx
        .insert(gpPrescriptionRequests)
        .values({ patientId: patient.patientId, dateRequested: now })
        .returning({ id: gpPrescriptionRequests.id });
      await tx
        .insert(gpPrescriptionRequestCourses)
        .values(owned.map((course, position) => ({ requestId: request.id, courseId: course.id, position, status: REQUESTED })));
      return gpOk({ prescriptionId: String(request.id) });
    });
  }

  async prescriptionRequests(patient: GpPatient, filter: { prescriptionId?: string } = {}): Promise<GpResult<GpPrescriptionRequest[]>> {
    const refused = await this.guard(patient, "prescription_requests");
    if (refused) return gpFail(refused);
    const conditions = [eq(gpPrescriptionRequests.patientId, patient.patientId)];
    if (filter.prescriptionId !== undefined) {
      const id = idOf(filter.prescriptionId);
      if (id === null) return gpOk([]);
      conditions.push(eq(gpPrescriptionRequests.id, id));
    }
    const rows = await this.db
      .select({ request: gpPrescriptionRequests, line: gpPrescriptionRequestCourses, course: gpMedicationCourses })
      .from(gpPrescriptionRequests)
      .innerJoin(gpPrescriptionRequestCourses, eq(gpPrescriptionRequestCourses.requestId, gpPrescriptionRequests.id))
      .innerJoin(gpMedicationCourses, eq(gpMedicationCourses.id, gpPrescriptionRequestCourses.courseId))
      .where(and(...conditions))
      .orderBy(desc(gpPrescriptionRequests.dateRequested), desc(gpPrescriptionRequests.id), asc(gpPrescriptionRequestCourses.position));
    const requests = new Map<number, GpPrescriptionRequest>();
    for (const { request, line, course } of rows) {
      let entry = requests.get(request.id);
      if (!entry) {
        entry = { prescriptionId: String(request.id), dateRequested: request.dateRequested.toISOString(), courses: [] };
        requests.set(request.id, entry);
      }
      entry.courses.push({ courseId: String(course.id), name: course.name, dosage: course.dosage, status: line.status });
    }
    return gpOk([...requests.values()]);
  }

  async cancelPrescription(patient: GpPatient, prescriptionId: string): Promise<GpResult<void>> {
    const refused = await this.guard(patient, "cancel_prescription");
    if (refused) return gpFail(refused);
    const id = idOf(prescriptionId);
    if (id === null) return gpBadRequest(SIMULATION_MESSAGES.cannotCancelPrescription);
    const flavour = await this.flavour(patient);
    return this.db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(gpPrescriptionRequests)
        .where(and(eq(gpPrescriptionRequests.id, id), eq(gpPrescriptionRequests.patientId, patient.patientId)))
        .for("update");
      if (!request) return gpBadRequest(SIMULATION_MESSAGES.cannotCancelPrescription);
      const [first] = await tx
        .select({ status: gpPrescriptionRequestCourses.status })
        .from(gpPrescriptionRequestCourses)
        .where(eq(gpPrescriptionRequestCourses.requestId, id))
        .orderBy(asc(gpPrescriptionRequestCourses.position))
        .limit(1);
      if (!first || !canCancelPrescription(flavour, first.status)) return gpBadRequest(SIMULATION_MESSAGES.cannotCancelPrescription);
      await tx.update(gpPrescriptionRequests).set({ cancelledAt: this.clock.now() }).where(eq(gpPrescriptionRequests.id, id));
      await tx.update(gpPrescriptionRequestCourses).set({ status: CANCELLED }).where(eq(gpPrescriptionRequestCourses.requestId, id));
      return gpOk(undefined);
    });
  }
}

// ---- the simulated desktop agent ------------------------------------------------------------

/**
 * What a simulated TPP desktop agent reports in each situation a practice meets (spec 3 §8):
 * all well; SystmOne closed or logged out on the Gateway machine; the agent's own connection
 * down (it reports that once it can, or stops reporting when it is not running at all).
 */
export const SIMULATED_AGENT_SCENARIOS = {
  linked: { websocket_connected: true, systmone_connected: true },
  systmone_logged_out: { websocket_connected: true, systmone_connected: false },
  connection_lost: { websocket_connected: false, systmone_connected: false },
} as const;
export type SimulatedAgentScenario = keyof typeof SIMULATED_AGENT_SCENARIOS;

export function isSimulatedAgentScenario(value: string): value is SimulatedAgentScenario {
  return Object.prototype.hasOwnProperty.call(SIMULATED_AGENT_SCENARIOS, value);
}

/**
 * The desktop agent, simulated: it posts its status to `/agent/status` with its key, as the real
 * agent on a TPP Gateway machine does every minute (scripts/simulated-tpp-agent.ts runs one
 * against a running server). `send` is fetch, or a test's stand-in.
 */
export class SimulatedTppAgent {
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
    private readonly send: (url: string, init: RequestInit) => Promise<{ status: number }> = fetch,
  ) {}

  async report(scenario: SimulatedAgentScenario): Promise<{ status: number }> {
    const response = await this.send(new URL("/agent/status", this.baseUrl).toString(), {
      method: "POST",
      headers: { Authorization: `Bearer ${this.key}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(SIMULATED_AGENT_SCENARIOS[scenario]),
    });
    return { status: response.status };
  }
}
