import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { bookFromInvitation, offerSlots, openInvitation } from "~/domain/bulk/booking.server";
import { NotFound } from "~/domain/outcomes";
import { formatAppointmentDate, formatTime } from "~/domain/online-services/format";
import { parseId } from "~/validation/ids";
import { requireGuards } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import type { PageHandle } from "~/components/hydration";

/**
 * /{code}/appointment-booking/{patient_question_id} (spec 2 §2.5): a booking invitation from a
 * bulk message, opened by its link's token or signed in as the patient it was sent to. Shows the
 * free slots of the clinic type named, books one through the GP system and records it; a patient
 * who cannot book online is told to call (and the practice sees that on the message).
 */
export const handle = { title: "Book an appointment", hydrate: false } satisfies PageHandle;

async function open(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { viewer, practice } = await requireGuards(args.request, args.context, [], { practiceCode: args.params.practiceCode });
  const id = parseId(args.params.invitationId);
  if (id === null) throw new NotFound("booking invitation");
  const token = new URL(args.request.url).searchParams.get("token");
  const patientIds = viewer?.patient && viewer.patient.practiceId === practice!.id ? [viewer.patient.id] : [];
  return openInvitation(args.context.db, practice!.urlCode, id, { token, patientIds }, args.context.clock.now());
}

export async function loader(args: LoaderFunctionArgs) {
  const invitation = await open(args);
  const base = { practiceName: invitation.practiceName, phone: invitation.practicePhone, slotType: invitation.slotType, title: invitation.title };
  if (invitation.bookedAt) return json({ ...base, view: "booked" as const, slots: [] });
  if (invitation.expired) return json({ ...base, view: "expired" as const, slots: [] }, { status: 410 });
  const offer = await offerSlots(args.context.db, args.context.gpSystem, invitation, args.context.clock.now());
  if (offer.kind !== "slots") return json({ ...base, view: offer.kind, slots: [] });
  return json({
    ...base,
    view: "slots" as const,
    slots: offer.slots.map((s) => ({ id: s.slotId, day: formatAppointmentDate(s.startTime), time: `${formatTime(s.startTime)} to ${formatTime(s.endTime)}` })),
  });
}

export async function action(args: ActionFunctionArgs) {
  const invitation = await open(args);
  const slotId = parseId(String((await args.request.formData()).get("slotId") ?? ""));
  const url = new URL(args.request.url);
  if (slotId === null) return redirect(`${url.pathname}${url.search}`, 303);
  const result = await bookFromInvitation(args.context.db, args.context.gpSystem, invitation, slotId, args.context.clock.now());
  return redirectWithFlash(args.request, args.context, `${url.pathname}${url.search}`, {
    kind: result.ok ? "success" : "info",
    text: result.ok ? "Your appointment is booked." : result.reason === "slot_gone" ? "That time has just been taken. Choose another." : "This invitation cannot be used to book again.",
  });
}

export default function AppointmentBooking() {
  const data = useLoaderData<typeof loader>();
  const call = `Call ${data.practiceName}${data.phone ? ` on ${data.phone}` : ""} to book.`;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <span className="nhsuk-caption-l">{data.practiceName}</span>
        <h1>{data.view === "booked" ? "Your appointment is booked" : data.title}</h1>
        {data.view === "booked" ? <p>Your appointment is in your GP record. You get a reminder the day before.</p> : null}
        {data.view === "expired" ? <p>This invitation has expired. {call}</p> : null}
        {data.view === "call" ? <p>You cannot book this appointment online. {call}</p> : null}
        {data.view === "unavailable" ? <p>Appointments cannot be shown at the moment. Try again later, or {call.charAt(0).toLowerCase() + call.slice(1)}</p> : null}
        {data.view === "slots" && data.slots.length === 0 ? <p>There are no {data.slotType.toLowerCase()} appointments free at the moment. {call}</p> : null}
        {data.view === "slots" && data.slots.length > 0 ? (
          <PostForm>
            <div className="nhsuk-form-group">
              <fieldset className="nhsuk-fieldset">
                <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">Choose a time ({data.slotType})</legend>
                <div className="nhsuk-radios">
                  {data.slots.map((s, i) => (
                    <div className="nhsuk-radios__item" key={s.id}>
                      <input className="nhsuk-radios__input" id={`slot-${s.id}`} name="slotId" type="radio" value={s.id} defaultChecked={i === 0} />
                      <label className="nhsuk-label nhsuk-radios__label" htmlFor={`slot-${s.id}`}>
                        {s.day}, {s.time}
                      </label>
                    </div>
                  ))}
                </div>
              </fieldset>
            </div>
            <Button>Book appointment</Button>
          </PostForm>
        ) : null}
      </div>
    </div>
  );
}
