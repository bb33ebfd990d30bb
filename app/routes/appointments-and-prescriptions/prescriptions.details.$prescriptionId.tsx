import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Confirmation, PageColumn } from "~/components/online-services/Confirmations";
import { DialogLink } from "~/components/DialogLink";
import { ProblemPanel } from "~/components/online-services/Panels";
import { CancelPrescriptionText, PrescriptionSummary } from "~/components/online-services/Prescriptions";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { loadPrescription } from "~/domain/online-services/prescriptions.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Prescription request", hydrate: false } satisfies PageHandle;

/** /prescriptions/details/{prescription_id} (spec 2 §2.6): status from the first course. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "prescriptions" });
  const loaded = await loadPrescription(context, access, params.prescriptionId ?? "");
  return json(loaded, { status: loaded.failure?.status ?? 200 });
}

export default function PrescriptionDetails() {
  const { prescription, failure } = useLoaderData<typeof loader>();
  return (
    <PageColumn>
      <a className="nhsuk-back-link" href="/prescriptions">
        Back to repeat medication
      </a>
      {failure ? <ProblemPanel message={failure.message} /> : null}
      <h1>Prescription request</h1>
      {prescription ? (
        <>
          <PrescriptionSummary prescription={prescription} />
          {prescription.canCancel ? (
            <DialogLink
              id="cancel-prescription-dialog"
              href={`/prescriptions/cancel/${prescription.prescriptionId}`}
              className="nhsuk-button nhsuk-button--warning"
              labelledBy="cancel-prescription-title"
              dialog={
                <Confirmation
                  titleId="cancel-prescription-title"
                  title="Cancel this prescription request"
                  action={`/prescriptions/cancel/${prescription.prescriptionId}`}
                  backHref={`/prescriptions/details/${prescription.prescriptionId}`}
                  confirmLabel="Yes, cancel it"
                  backLabel="No, keep it"
                  inDialog
                >
                  <CancelPrescriptionText prescription={prescription} />
                </Confirmation>
              }
            >
              Cancel request
            </DialogLink>
          ) : null}
        </>
      ) : null}
    </PageColumn>
  );
}
