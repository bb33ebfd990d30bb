import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CancelAppointmentText } from "~/components/online-services/Appointments";
import { Confirmation, PageColumn } from "~/components/online-services/Confirmations";
import { ProblemPanel } from "~/components/online-services/Panels";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { loadAppointment } from "~/domain/online-services/appointments.server";
import { failureMessage } from "~/domain/online-services/errors.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Cancel this appointment", hydrate: false } satisfies PageHandle;

/** The cancel confirmation: a page without JS; the details page opens it as a dialog. Upcoming only. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "appointments", practiceCode: params.practiceCode });
  const slotId = params.slotId ?? "";
  const loaded = await loadAppointment(context, access, slotId);
  if (loaded.appointment && loaded.appointment.status !== "Upcoming") {
    throw redirect(`/${access.practice.urlCode}/appointment/details/${loaded.appointment.slotId}`);
  }
  return json({ practiceCode: access.practice.urlCode, slotId, ...loaded }, { status: loaded.failure?.status ?? 200 });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "appointments", practiceCode: params.practiceCode });
  const result = await context.gpSystem.cancelAppointment(access.patient, params.slotId ?? "");
  if (!result.ok) {
    const failure = failureMessage(result.error, "change");
    return json({ errors: [failure.message] }, { status: failure.status });
  }
  return redirect("/appointments/cancelled", { status: 303 });
}

export default function CancelAppointment() {
  const { practiceCode, slotId, appointment, failure } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.errors[0];
  if (!appointment) {
    return (
      <PageColumn>
        <ProblemPanel message={failure?.message ?? ""} />
        <h1>Cancel this appointment</h1>
      </PageColumn>
    );
  }
  return (
    <PageColumn>
      <Confirmation
        titleId="cancel-appointment-title"
        title="Cancel this appointment"
        action={`/${practiceCode}/appointment/cancel/${slotId}`}
        backHref={`/${practiceCode}/appointment/details/${slotId}`}
        confirmLabel="Yes, cancel it"
        backLabel="No, keep it"
        error={error}
      >
        <CancelAppointmentText appointment={appointment} />
      </Confirmation>
    </PageColumn>
  );
}
