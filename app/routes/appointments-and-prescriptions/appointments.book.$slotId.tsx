import { formRejected } from "~/web/forms.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BookingForm } from "~/components/online-services/Appointments";
import { PageColumn } from "~/components/online-services/Confirmations";
import { isSecureRequest } from "~/web/cookies";
import { setFlashCookie } from "~/web/flash.server";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { BOOKING_WINDOW_DAYS, findSlot, sessionViews } from "~/domain/online-services/appointments";
import { failureMessage } from "~/domain/online-services/errors.server";
import { BookingSchema } from "~/domain/online-services/forms";
import { ONLINE_SERVICES } from "~/domain/online-services/messages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Book this appointment", hydrate: false } satisfies PageHandle;

/** Back to a fresh slot list, saying why (the slot has gone, or the GP system refused). */
function backToList(request: Request, secret: string, text: string) {
  const flash = setFlashCookie(secret, { kind: "info", text }, isSecureRequest(request));
  return redirect("/appointments", { status: 303, headers: { "Set-Cookie": flash } });
}

/** /appointments/book/{slot_id}: the booking reason, as a page (a dialog over /appointments with JS). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "appointments" });
  const now = context.clock.now();
  const result = await context.gpSystem.slots(access.patient, { start: now, end: new Date(now.getTime() + BOOKING_WINDOW_DAYS * 86_400_000) });
  if (!result.ok) {
    failureMessage(result.error, "slots");
    throw redirect("/appointments");
  }
  const found = findSlot(sessionViews(result.value), params.slotId ?? "");
  if (!found) throw backToList(request, context.config.sessionSecret, ONLINE_SERVICES.slotGone);
  return json({ session: { name: found.session.name, staffName: found.session.staffName }, slot: found.slot });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "appointments" });
  const submission = parseWithZod(await request.formData(), { schema: BookingSchema });
  if (submission.status !== "success") return formRejected(submission);
  const result = await context.gpSystem.book(access.patient, { slotId: params.slotId ?? "", reason: submission.value.reason });
  if (!result.ok) {
    const failure = failureMessage(result.error, "change");
    // A refusal (the slot has gone): the patient sees why over the fresh list.
    if (result.error.kind === "bad_request") return backToList(request, context.config.sessionSecret, failure.message);
    return json({ lastResult: submission.reply({ formErrors: [failure.message] }) }, { status: failure.status });
  }
  return redirect(`/appointments/booked/${encodeURIComponent(result.value.bookingId)}`, { status: 303 });
}

export default function Book() {
  const { session, slot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <PageColumn>
      <BookingForm session={session} slot={slot} lastResult={actionData?.lastResult} />
    </PageColumn>
  );
}
