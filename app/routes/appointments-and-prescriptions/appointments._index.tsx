import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { REFRESH_EVERY } from "~/client/dialog-settings";
import { PageComfortsScript } from "~/components/PageComforts";
import { BookingForm, bookingTitleId } from "~/components/online-services/Appointments";
import { DialogLink } from "~/components/DialogLink";
import { ProblemPanel } from "~/components/online-services/Panels";
import { requireOnlineServices } from "~/web/online-services/access.server";
import {
  BOOKING_WINDOW_DAYS,
  SLOT_REFRESH_MS,
  appointmentView,
  sessionViews,
  type AppointmentView,
  type SessionView,
} from "~/domain/online-services/appointments";
import { failureMessage } from "~/domain/online-services/errors.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Book an appointment", hydrate: false } satisfies PageHandle;
export const headers = () => ({ "Cache-Control": "private, no-store" });

/** /appointments (spec 2 §2.5): free slots by session over the next four weeks. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "appointments" });
  const now = context.clock.now();
  const result = await context.gpSystem.slots(access.patient, { start: now, end: new Date(now.getTime() + BOOKING_WINDOW_DAYS * 86_400_000) });
  const base = { practiceCode: access.practice.urlCode };
  if (!result.ok) {
    const failure = failureMessage(result.error, "slots");
    return json({ ...base, failure: failure.message, sessions: [] as SessionView[], upcoming: [] as AppointmentView[] }, { status: failure.status });
  }
  // The patient's own upcoming appointments, to reach their details; the list works without them.
  const booked = await context.gpSystem.appointments(access.patient);
  const upcoming = booked.ok ? booked.value.map((a) => appointmentView(a, now)).filter((a) => a.status === "Upcoming").reverse() : [];
  return json({ ...base, failure: null, sessions: sessionViews(result.value), upcoming });
}

export default function Appointments() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <a className="nhsuk-back-link" href={`/${data.practiceCode}/online-services`}>
            Back to start
          </a>
          {data.failure ? <ProblemPanel message={data.failure} /> : null}
          <h1>Book an appointment</h1>
          {data.upcoming.length > 0 ? (
            <>
              <h2>Your upcoming appointments</h2>
              <ul className="nhsuk-list">
                {data.upcoming.map((a) => (
                  <li key={a.slotId}>
                    <a className="nhsuk-link" href={`/${data.practiceCode}/appointment/details/${a.slotId}`}>
                      {a.date} at {a.time.slice(0, 5)} with {a.clinician}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {!data.failure && data.sessions.length === 0 ? <p>There are no appointments available to book online at the moment.</p> : null}
          {data.sessions.length > 0 ? <p>Choose a time. You will be asked for the reason for your appointment.</p> : null}
        </div>
      </div>
      {/* With JS the free slots are fetched again every five minutes (spec 2 §9) by the plain
          page-comforts script (decision 0160): new ones appear and taken ones go. */}
      <div id="appointment-slots" {...{ [REFRESH_EVERY]: String(SLOT_REFRESH_MS) }}>
        {data.sessions.map((session) => (
          <section key={session.sessionId} aria-labelledby={`session-${session.sessionId}`}>
            <h2 id={`session-${session.sessionId}`} className="nhsuk-u-margin-bottom-2">
              {session.name}
            </h2>
            <p className="nhsuk-body-l">{session.staffName}</p>
            <ul className="nhsuk-grid-row nhsuk-card-group">
              {session.slots.map((slot) => (
                <li key={slot.slotId} className="nhsuk-grid-column-one-third nhsuk-card-group__item">
                  <div className="nhsuk-card">
                    <div className="nhsuk-card__content">
                      <h3 className="nhsuk-card__heading nhsuk-heading-xs">{slot.date}</h3>
                      <p className="nhsuk-card__description">
                        {slot.start} to {slot.end}
                        <br />
                        {slot.slotType}
                      </p>
                      <DialogLink
                        id={`book-${slot.slotId}-dialog`}
                        href={`/appointments/book/${slot.slotId}`}
                        className="nhsuk-button nhsuk-u-margin-bottom-0"
                        labelledBy={bookingTitleId(slot.slotId)}
                        dialog={<BookingForm session={session} slot={slot} inDialog />}
                      >
                        Book<span className="nhsuk-u-visually-hidden"> {slot.date} {slot.start} with {session.staffName}</span>
                      </DialogLink>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <PageComfortsScript />
    </>
  );
}
