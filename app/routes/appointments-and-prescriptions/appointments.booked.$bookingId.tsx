import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppointmentSummary } from "~/components/online-services/Appointments";
import { PageColumn } from "~/components/online-services/Confirmations";
import { ProblemPanel } from "~/components/online-services/Panels";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { loadAppointment } from "~/domain/online-services/appointments.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Appointment booked", hydrate: false } satisfies PageHandle;

/** /appointments/booked/{id}: the session id at a TPP practice, the slot id otherwise (spec 2 §2.5). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "appointments" });
  const loaded = await loadAppointment(context, access, params.bookingId ?? "", "booking");
  return json({ practiceCode: access.practice.urlCode, ...loaded }, { status: loaded.failure?.status ?? 200 });
}

export default function Booked() {
  const { practiceCode, appointment, failure } = useLoaderData<typeof loader>();
  return (
    <PageColumn>
      {failure ? <ProblemPanel message={failure.message} /> : null}
      {appointment ? (
        <>
          <div className="nhsuk-panel">
            <h1 className="nhsuk-panel__heading">Appointment booked</h1>
            <div className="nhsuk-panel__body">
              {appointment.date} at {appointment.time.slice(0, 5)}
            </div>
          </div>
          <AppointmentSummary appointment={appointment} />
          <p>
            <a className="nhsuk-link" href={`/${practiceCode}/appointment/details/${appointment.slotId}`}>
              View or cancel this appointment
            </a>
          </p>
        </>
      ) : (
        <h1>Appointment booked</h1>
      )}
      <p>
        <a className="nhsuk-link" href="/appointments">
          Back to start
        </a>
      </p>
    </PageColumn>
  );
}
