import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppointmentSummary, CancelAppointmentText, CHANGE_NOTE } from "~/components/online-services/Appointments";
import { Confirmation, PageColumn } from "~/components/online-services/Confirmations";
import { DialogLink } from "~/components/DialogLink";
import { ProblemPanel } from "~/components/online-services/Panels";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { loadAppointment } from "~/domain/online-services/appointments.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Appointment details", hydrate: false } satisfies PageHandle;

/** /{practice_code}/appointment/details/{slot_id} (spec 2 §2.5). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "appointments", practiceCode: params.practiceCode });
  const loaded = await loadAppointment(context, access, params.slotId ?? "");
  return json({ practiceCode: access.practice.urlCode, ...loaded }, { status: loaded.failure?.status ?? 200 });
}

export default function AppointmentDetails() {
  const { practiceCode, appointment, failure } = useLoaderData<typeof loader>();
  return (
    <PageColumn>
      <a className="nhsuk-back-link" href="/appointments">
        Back to appointments
      </a>
      {failure ? <ProblemPanel message={failure.message} /> : null}
      <h1>Appointment details</h1>
      {appointment ? (
        <>
          <AppointmentSummary appointment={appointment} />
          {appointment.status === "Upcoming" ? (
            <>
              <div className="nhsuk-inset-text">
                <span className="nhsuk-u-visually-hidden">Information: </span>
                <p>{CHANGE_NOTE}</p>
              </div>
              <DialogLink
                id="cancel-appointment-dialog"
                href={`/${practiceCode}/appointment/cancel/${appointment.slotId}`}
                className="nhsuk-button nhsuk-button--warning"
                labelledBy="cancel-appointment-title"
                dialog={
                  <Confirmation
                    titleId="cancel-appointment-title"
                    title="Cancel this appointment"
                    action={`/${practiceCode}/appointment/cancel/${appointment.slotId}`}
                    backHref={`/${practiceCode}/appointment/details/${appointment.slotId}`}
                    confirmLabel="Yes, cancel it"
                    backLabel="No, keep it"
                    inDialog
                  >
                    <CancelAppointmentText appointment={appointment} />
                  </Confirmation>
                }
              >
                Cancel appointment
              </DialogLink>
            </>
          ) : null}
        </>
      ) : null}
    </PageColumn>
  );
}
