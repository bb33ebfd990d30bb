import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import type { AppointmentView, SessionView, SlotView } from "~/domain/online-services/appointments";
import { BookingSchema, REASON_MAX } from "~/domain/online-services/forms";
import { ONLINE_SERVICES } from "~/domain/online-services/messages";
import { BackControl } from "~/components/DialogLink";

/**
 * The booking reason (spec 2 §2.5, §5): the page /appointments/book/{slot_id} without JS,
 * a dialog over the slot list with it. Same form, same action.
 */
export function BookingForm({
  session,
  slot,
  lastResult,
  inDialog,
}: {
  session: Pick<SessionView, "name" | "staffName">;
  slot: SlotView;
  lastResult?: SubmissionResult<string[]> | null;
  /** Shown in a dialog over the slot list (DialogLink's template), not as a page. */
  inDialog?: boolean;
}) {
  const [form, fields] = useNhsForm(BookingSchema, {
    id: `book-${slot.slotId}`,
    lastResult,
  });
  const Heading = inDialog ? "h2" : "h1";
  const error = fields.reason.errors?.[0];
  const hintId = `${fields.reason.id}-hint`;
  return (
    <>
      <ErrorSummary errors={summaryErrors([fields.reason], form.errors)} />
      <Heading id={bookingTitleId(slot.slotId)}>Book this appointment</Heading>
      <dl className="nhsuk-summary-list">
        <SummaryRow label="Date" value={slot.date} />
        <SummaryRow label="Time" value={`${slot.start} to ${slot.end}`} />
        <SummaryRow label="Type" value={slot.slotType} />
        <SummaryRow label="With" value={`${session.staffName} (${session.name})`} />
      </dl>
      <PostForm {...getFormProps(form)} action={`/appointments/book/${slot.slotId}`}>
        <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
          <label className="nhsuk-label nhsuk-label--s" htmlFor={fields.reason.id}>
            Reason for your appointment
          </label>
          <div className="nhsuk-hint" id={hintId}>
            Tell the practice briefly why you need this appointment, in no more than {REASON_MAX} characters.
          </div>
          {error ? (
            <span className="nhsuk-error-message" id={fields.reason.errorId}>
              <span className="nhsuk-u-visually-hidden">Error:</span> {error}
            </span>
          ) : null}
          <textarea
            {...getTextareaProps(fields.reason, { ariaAttributes: false })}
            className={`nhsuk-textarea${error ? " nhsuk-textarea--error" : ""}`}
            rows={3}
            aria-describedby={[hintId, error ? fields.reason.errorId : null].filter(Boolean).join(" ")}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="nhsuk-button-group">
          <Button>Book appointment</Button>
          <BackControl inDialog={inDialog} href="/appointments">
            Choose another time
          </BackControl>
        </div>
      </PostForm>
    </>
  );
}

/** The booking form's heading, one per slot: the slot list holds a form for each in its dialogs. */
export const bookingTitleId = (slotId: string) => `book-${slotId}-title`;

export function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{label}</dt>
      <dd className="nhsuk-summary-list__value">{value}</dd>
    </div>
  );
}

/** Appointment details (spec 2 §2.5, §3). */
export function AppointmentSummary({ appointment }: { appointment: AppointmentView }) {
  return (
    <dl className="nhsuk-summary-list">
      <SummaryRow label="Date" value={appointment.date} />
      <SummaryRow label="Time" value={appointment.time} />
      <SummaryRow label="Status" value={appointment.status} />
      <SummaryRow label="Clinician" value={`${appointment.clinician}, ${appointment.role}`} />
      <SummaryRow label="Location" value={appointment.locationName} />
      <SummaryRow label="Address" value={appointment.address} />
      <SummaryRow label="Appointment type" value={appointment.type} />
      <SummaryRow label="Booking date" value={appointment.bookingDate} />
      <SummaryRow label="Booking method" value={appointment.bookingMethod} />
      <SummaryRow label="Reason" value={appointment.reason} />
    </dl>
  );
}

export function CancelAppointmentText({ appointment }: { appointment: AppointmentView }) {
  return (
    <p>
      Are you sure you want to cancel your appointment on {appointment.date} at {appointment.time.slice(0, 5)} with {appointment.clinician}?
    </p>
  );
}

export const CHANGE_NOTE = ONLINE_SERVICES.changeAppointment;
