/**
 * The practice's GP clinical system as Frontdoor sees it (spec 2 §7.6–7.7): online-services
 * linkage, appointment slots and bookings, medication courses and prescription requests.
 * The embedded default is a simulation in our own database (simulated-gp-system.server.ts);
 * a real IM1 adapter implements the same interface, so routes never change.
 *
 * Every call answers a result, never throws for an expected failure: the four failures
 * of spec 2 §8 come back typed, and routes map them in one place
 * (app/domain/online-services/errors.server.ts). Ids are strings, as an external system's are.
 */

/** Who is asking: a Frontdoor patient record and its practice. */
export type GpPatient = { patientId: number; practiceId: number };

export type GpError =
  /** "Patient is not linked to PFS" */
  | { kind: "not_linked" }
  /** "Patient linkage has been reset" */
  | { kind: "linkage_reset" }
  /** HTTP 400 with an errors list: the first item is shown. */
  | { kind: "bad_request"; messages: string[] }
  /** Any other failure (timeouts, 5xx, an answer without an errors list). */
  | { kind: "unavailable" };

export type GpResult<T> = { ok: true; value: T } | { ok: false; error: GpError };

export const gpOk = <T>(value: T): GpResult<T> => ({ ok: true, value });
export const gpFail = <T = never>(error: GpError): GpResult<T> => ({ ok: false, error });
export const gpBadRequest = <T = never>(...messages: string[]): GpResult<T> => gpFail({ kind: "bad_request", messages });

export type LinkDetails = { accountId: string; linkageKey: string; unitId: string };

export type GpSlot = {
  slotId: string;
  startTime: string;
  endTime: string;
  slotType: string;
  slotName: string | null;
};

export type GpSession = { sessionId: string; name: string; staffName: string; slots: GpSlot[] };

/** Appointment details (spec 2 §3), one booked appointment. */
export type GpAppointment = {
  appointment: {
    slotId: string;
    sessionId: string;
    startTime: string;
    endTime: string;
    slotType: string;
    slotName: string | null;
    bookingDate: string | null;
    bookingMethod: string | null;
    bookingReason: string | null;
  };
  gp: { staffName: string; jobRole: string | null };
  location: {
    locationName: string | null;
    streetNumber: string | null;
    village: string | null;
    town: string | null;
    postcode: string | null;
  };
};

export type GpCourse = { courseId: string; name: string; dosage: string | null };

export type GpPrescriptionRequest = {
  prescriptionId: string;
  dateRequested: string;
  courses: Array<GpCourse & { status: string }>;
};

/** One entry of the record summary: an allergy, a problem or a test result. */
export type GpRecordItem = { name: string; detail: string | null; recordedOn: string };

/** The summary of the patient's GP record (My Records, decision 0109). */
export type GpRecordSummary = { allergies: GpRecordItem[]; medication: GpCourse[]; problems: GpRecordItem[]; testResults: GpRecordItem[] };

export interface GpSystem {
  linkStatus(patient: GpPatient): Promise<GpResult<{ linked: boolean }>>;
  link(patient: GpPatient, details: LinkDetails): Promise<GpResult<void>>;
  /** Unlinks (and clears a reset link). */
  unlink(patient: GpPatient): Promise<GpResult<void>>;
  slots(patient: GpPatient, range: { start: Date; end: Date }): Promise<GpResult<GpSession[]>>;
  /** `bookingId` is the session id for a TPP practice, the slot id otherwise (spec 2 §3). */
  book(patient: GpPatient, booking: { slotId: string; reason: string }): Promise<GpResult<{ bookingId: string }>>;
  /** The patient's booked appointments, or just the one in that slot. */
  appointments(patient: GpPatient, filter?: { slotId?: string }): Promise<GpResult<GpAppointment[]>>;
  cancelAppointment(patient: GpPatient, slotId: string): Promise<GpResult<void>>;
  courses(patient: GpPatient): Promise<GpResult<GpCourse[]>>;
  requestPrescription(patient: GpPatient, courseIds: string[]): Promise<GpResult<{ prescriptionId: string }>>;
  /** The patient's prescription requests, newest first, or just that one. */
  prescriptionRequests(patient: GpPatient, filter?: { prescriptionId?: string }): Promise<GpResult<GpPrescriptionRequest[]>>;
  cancelPrescription(patient: GpPatient, prescriptionId: string): Promise<GpResult<void>>;
  /**
   * A TPP practice's desktop agent, as the TPP side last heard from it (spec 3 §7 GET
   * /tpp/practices/{id}/agent/status); null when no agent is configured.
   */
  agentStatus(practiceId: number): Promise<GpResult<GpAgentStatus | null>>;
  /**
   * Files a request to the patient's clinical record as a consultation with its SNOMED codes
   * (spec 3 §4 "autofiled"). Idempotent by request: filing one request again answers the
   * consultation already filed (`alreadyFiled`), never a second one. Staff file the practice's
   * own record, so no online-services link is needed.
   */
  fileConsultation(patient: GpPatient, consultation: GpConsultationInput): Promise<GpResult<GpFiledConsultation>>;
  /**
   * The summary of the patient's record: allergies, repeat medication, problems and test
   * results. Read for a registered patient of the practice (patient_view_enabled), without an
   * online-services link (decision 0109).
   */
  medicalRecord(patient: GpPatient): Promise<GpResult<GpRecordSummary>>;
}

export type GpSnomedCode = { code: string; term: string };
/** filedByUserId null: filed by the practice's automatic filing on completion (decision 0133). */
export type GpConsultationInput = { requestId: string; summary: string; codes: GpSnomedCode[]; filedByUserId: number | null };
export type GpFiledConsultation = { consultationId: string; filedAt: Date; codes: GpSnomedCode[]; alreadyFiled: boolean };

/** Spec 3 §3 Agent status: websocket_connected, systmone_connected, date_updated. */
export type GpAgentStatus = { websocketConnected: boolean; systmoneConnected: boolean; dateUpdated: Date | null };

/** Operation names, for the simulation's deliberate faults (gp_faults.operation). */
export const GP_OPERATIONS = [
  "link_status",
  "link",
  "unlink",
  "slots",
  "book",
  "appointments",
  "cancel_appointment",
  "courses",
  "request_prescription",
  "prescription_requests",
  "cancel_prescription",
  "agent_status",
  "file_consultation",
  "medical_record",
] as const;
export type GpOperation = (typeof GP_OPERATIONS)[number];
