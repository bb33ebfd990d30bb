/** Loading one of the patient's appointments for the booked, details and cancel pages. */
import type { AppContext } from "~/context.server";
import { matchesBookingId } from "~/domain/gp-system/flavour";
import { NotFound } from "~/domain/outcomes";
import type { OnlineServicesAccess } from "./access";
import { appointmentView, type AppointmentView } from "./appointments";
import { failureMessage } from "./errors.server";

export type Loaded = { appointment: AppointmentView; failure: null } | { appointment: null; failure: { message: string; status: 400 | 503 } };

/**
 * The patient's appointment in that slot (or, for /appointments/booked, answering that
 * booking id by the flavour's rule). Someone else's, or none: page not found.
 */
export async function loadAppointment(
  context: AppContext,
  access: OnlineServicesAccess,
  id: string,
  by: "slot" | "booking" = "slot",
): Promise<Loaded> {
  const result = await context.gpSystem.appointments(access.patient, by === "slot" ? { slotId: id } : {});
  if (!result.ok) return { appointment: null, failure: failureMessage(result.error, "appointment-details") };
  const found =
    by === "slot"
      ? result.value.find((a) => a.appointment.slotId === id)
      : result.value
          .filter((a) => matchesBookingId(access.flavour, a.appointment, id))
          .sort((a, b) => (b.appointment.bookingDate ?? "").localeCompare(a.appointment.bookingDate ?? ""))[0];
  if (!found) throw new NotFound();
  return { appointment: appointmentView(found, context.clock.now()), failure: null };
}
