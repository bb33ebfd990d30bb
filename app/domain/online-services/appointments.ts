/**
 * What the appointment pages show, formatted on the server (Europe/London), so old
 * browsers without time-zone support see the same text and nothing differs at hydration.
 */
import type { GpAppointment, GpSession } from "~/domain/gp-system/gp-system";
import { appointmentStatus } from "~/domain/gp-system/flavour";
import { buildAddress, formatAppointmentDate, formatLondonDate, formatTime, orNoInformation } from "./format";

/** Slots are offered over the next four weeks; the list refreshes every five minutes. */
export const BOOKING_WINDOW_DAYS = 28;
export const SLOT_REFRESH_MS = 300_000;

export type SlotView = { slotId: string; date: string; start: string; end: string; slotType: string };
export type SessionView = { sessionId: string; name: string; staffName: string; slots: SlotView[] };

export function sessionViews(sessions: GpSession[]): SessionView[] {
  return sessions.map((s) => ({
    sessionId: s.sessionId,
    name: s.name,
    staffName: s.staffName,
    slots: s.slots.map((slot) => ({
      slotId: slot.slotId,
      date: formatAppointmentDate(slot.startTime),
      start: formatTime(slot.startTime),
      end: formatTime(slot.endTime),
      slotType: slot.slotType,
    })),
  }));
}

/** A free slot by id, with its session, from the slot list. */
export function findSlot(sessions: SessionView[], slotId: string): { session: SessionView; slot: SlotView } | null {
  for (const session of sessions) {
    const slot = session.slots.find((s) => s.slotId === slotId);
    if (slot) return { session, slot };
  }
  return null;
}

export type AppointmentView = {
  slotId: string;
  date: string;
  time: string;
  status: "Upcoming" | "Attended";
  clinician: string;
  role: string;
  locationName: string;
  address: string;
  type: string;
  bookingDate: string;
  bookingMethod: string;
  reason: string;
};

export function appointmentView(a: GpAppointment, now: Date): AppointmentView {
  const address = buildAddress(a.location);
  return {
    slotId: a.appointment.slotId,
    date: formatAppointmentDate(a.appointment.startTime),
    time: `${formatTime(a.appointment.startTime)} to ${formatTime(a.appointment.endTime)}`,
    status: appointmentStatus(a.appointment.startTime, now),
    clinician: orNoInformation(a.gp.staffName),
    role: orNoInformation(a.gp.jobRole),
    locationName: orNoInformation(a.location.locationName),
    address: orNoInformation(address),
    type: orNoInformation(a.appointment.slotType),
    bookingDate: a.appointment.bookingDate ? formatLondonDate(a.appointment.bookingDate) : orNoInformation(null),
    bookingMethod: orNoInformation(a.appointment.bookingMethod),
    reason: orNoInformation(a.appointment.bookingReason),
  };
}
