import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { PageColumn } from "~/components/online-services/Confirmations";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { ONLINE_SERVICES } from "~/domain/online-services/messages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Appointment cancelled", hydrate: false } satisfies PageHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOnlineServices(request, context, { feature: "appointments" });
  return json({});
}

export default function AppointmentCancelled() {
  return (
    <PageColumn>
      <div className="nhsuk-panel">
        <h1 className="nhsuk-panel__heading">Appointment cancelled</h1>
        <div className="nhsuk-panel__body">{ONLINE_SERVICES.appointmentCancelled}</div>
      </div>
      <p>
        <a className="nhsuk-link" href="/appointments">
          Book another appointment
        </a>
      </p>
    </PageColumn>
  );
}
