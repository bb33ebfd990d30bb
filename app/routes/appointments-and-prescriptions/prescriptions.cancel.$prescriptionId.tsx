import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Confirmation, PageColumn } from "~/components/online-services/Confirmations";
import { ProblemPanel } from "~/components/online-services/Panels";
import { CancelPrescriptionText } from "~/components/online-services/Prescriptions";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { failureMessage } from "~/domain/online-services/errors.server";
import { loadPrescription } from "~/domain/online-services/prescriptions.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Cancel this prescription request", hydrate: false } satisfies PageHandle;

/** The cancel confirmation: a page without JS; the details page opens it as a dialog. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "prescriptions" });
  const id = params.prescriptionId ?? "";
  const loaded = await loadPrescription(context, access, id);
  if (loaded.prescription && !loaded.prescription.canCancel) throw redirect(`/prescriptions/details/${loaded.prescription.prescriptionId}`);
  return json({ id, ...loaded }, { status: loaded.failure?.status ?? 200 });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "prescriptions" });
  const result = await context.gpSystem.cancelPrescription(access.patient, params.prescriptionId ?? "");
  if (!result.ok) {
    const failure = failureMessage(result.error, "change");
    return json({ errors: [failure.message] }, { status: failure.status });
  }
  return redirect("/prescriptions/cancelled", { status: 303 });
}

export default function CancelPrescription() {
  const { id, prescription, failure } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.errors[0];
  if (!prescription) {
    return (
      <PageColumn>
        <ProblemPanel message={failure?.message ?? ""} />
        <h1>Cancel this prescription request</h1>
      </PageColumn>
    );
  }
  return (
    <PageColumn>
      <Confirmation
        titleId="cancel-prescription-title"
        title="Cancel this prescription request"
        action={`/prescriptions/cancel/${id}`}
        backHref={`/prescriptions/details/${id}`}
        confirmLabel="Yes, cancel it"
        backLabel="No, keep it"
        error={error}
      >
        <CancelPrescriptionText prescription={prescription} />
      </Confirmation>
    </PageColumn>
  );
}
