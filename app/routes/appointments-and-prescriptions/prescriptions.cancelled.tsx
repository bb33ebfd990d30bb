import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { PageColumn } from "~/components/online-services/Confirmations";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { ONLINE_SERVICES } from "~/domain/online-services/messages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Prescription request cancelled", hydrate: false } satisfies PageHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOnlineServices(request, context, { feature: "prescriptions" });
  return json({});
}

export default function PrescriptionCancelled() {
  return (
    <PageColumn>
      <div className="nhsuk-panel">
        <h1 className="nhsuk-panel__heading">Prescription request cancelled</h1>
        <div className="nhsuk-panel__body">{ONLINE_SERVICES.prescriptionCancelled}</div>
      </div>
      <p>
        <a className="nhsuk-link" href="/prescriptions">
          Order repeat medication
        </a>
      </p>
    </PageColumn>
  );
}
