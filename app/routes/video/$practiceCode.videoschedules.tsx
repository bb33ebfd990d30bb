/**
 * /{practice_code}/videoschedules (spec 3 §2; video scheduling guard): one day's video
 * consultations at the practice by time and clinician, and the form that schedules one for a
 * patient (spec 3 §3: date, time, clinician, send SMS, override mobile, notes for the patient
 * and for the record). The patient is sent the tokened link to the waiting room.
 */
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Radios, Textarea, TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { Table } from "~/components/Table";
import { video_scheduling } from "~/domain/auth/guards";
import { addDays, londonDate, londonTime } from "~/domain/time/london";
import { parseLondonDate, scheduledMessage, scheduleSchema, STATUS_LABELS, STATUS_TAGS, VIDEO_MESSAGES } from "~/domain/video/schedule";
import { listSchedules, practiceClinicians, requestPatient, scheduleConsultation } from "~/domain/video/schedule.server";
import { parseId } from "~/validation/ids";
import { formatDate } from "~/validation/dates";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { requestOrigin } from "~/web/origin";
import { requireVideoStaff } from "~/web/video/video.server";

export const handle = { title: "Video consultations" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await requireVideoStaff(request, context, params.practiceCode, [video_scheduling]);
  const now = context.clock.now();
  const url = new URL(request.url);
  const day = parseLondonDate(url.searchParams.get("day") ?? "") ?? londonDate(now);
  const requestId = parseId(url.searchParams.get("request"));
  const [rows, clinicians, fromRequest] = await Promise.all([
    listSchedules(context.db, practice.id, day, now),
    practiceClinicians(context.db, practice.id),
    requestId ? requestPatient(context.db, practice.id, requestId) : Promise.resolve(null),
  ]);
  return json({
    code: practice.urlCode,
    day,
    dayLabel: formatDate(day),
    previous: addDays(day, -1),
    next: addDays(day, 1),
    // Scheduled from a request: its joins, leaves and length go in the request's history.
    request: fromRequest ? String(requestId) : "",
    fromRequest: fromRequest ? { patient: `${fromRequest.firstName} ${fromRequest.lastName}`, nhsNumber: fromRequest.nhsNumber ?? "" } : null,
    clinicians: clinicians.map((c) => ({ value: String(c.id), label: `${c.firstName} ${c.lastName}` })),
    rows: rows.map((r) => ({
      id: r.id,
      time: londonTime(r.scheduledFor),
      patient: `${r.patientFirstName} ${r.patientLastName}`,
      nhsNumber: r.nhsNumber,
      clinician: `${r.clinicianFirstName} ${r.clinicianLastName}`,
      status: r.shownStatus,
    })),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await requireVideoStaff(request, context, params.practiceCode, [video_scheduling]);
  const now = context.clock.now();
  const submission = parseWithZod(await request.formData(), { schema: scheduleSchema(now) });
  if (submission.status !== "success") return formRejected(submission);
  const result = await scheduleConsultation(context, { userId: viewer.userId }, practice, submission.value, requestOrigin(request), VIDEO_MESSAGES);
  if (result.status === "invalid") return formRejected(submission, { fieldErrors: { [result.field]: [result.message] } });
  return redirectWithFlash(request, context, `/${practice.urlCode}/videoschedules?day=${londonDate(submission.value.scheduledFor)}`, {
    kind: "success",
    text: scheduledMessage(result.noticeSent, result.noticeRefused),
  });
}

export default function VideoSchedules() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(scheduleSchema(new Date()), {
    lastResult: actionData?.lastResult,
    defaultValue: { date: d.dayLabel, request: d.request, nhsNumber: d.fromRequest?.nhsNumber ?? "" },
  });
  const errors = summaryErrors([
    fields.nhsNumber,
    fields.date,
    fields.time,
    fields.clinician,
    fields.overrideMobile,
    fields.notesForPatient,
    fields.notesForMedicalRecord,
    fields.request,
  ]);
  return (
    <>
      <ErrorSummary errors={errors} />
      <h1>Video consultations</h1>
      <h2>{d.dayLabel}</h2>
      <nav className="nhsuk-pagination" role="navigation" aria-label="Days">
        <ul className="nhsuk-list nhsuk-pagination__list">
          <li className="nhsuk-pagination-item--previous">
            <a className="nhsuk-pagination__link nhsuk-pagination__link--prev" href={`/${d.code}/videoschedules?day=${d.previous}`}>
              <span className="nhsuk-pagination__title">Previous day</span>
            </a>
          </li>
          <li className="nhsuk-pagination-item--next">
            <a className="nhsuk-pagination__link nhsuk-pagination__link--next" href={`/${d.code}/videoschedules?day=${d.next}`}>
              <span className="nhsuk-pagination__title">Next day</span>
            </a>
          </li>
        </ul>
      </nav>
      {d.rows.length === 0 ? (
        <p>No video consultations on this day.</p>
      ) : (
        <Table caption={`Video consultations on ${d.dayLabel}`} columns={["Time", "Patient", "Clinician", "Status", { hidden: "Actions" }]}>
          {d.rows.map((r) => (
            <tr className="nhsuk-table__row" key={r.id}>
              <td className="nhsuk-table__cell">{r.time}</td>
              <td className="nhsuk-table__cell">
                {r.patient}
                <br />
                <span className="nhsuk-body-s">NHS number {r.nhsNumber ?? "not recorded"}</span>
              </td>
              <td className="nhsuk-table__cell">{r.clinician}</td>
              <td className="nhsuk-table__cell">
                <strong className={`nhsuk-tag ${STATUS_TAGS[r.status]}`}>{STATUS_LABELS[r.status]}</strong>
              </td>
              <td className="nhsuk-table__cell">
                <a href={`/${d.code}/video/${r.id}`}>
                  Open<span className="nhsuk-u-visually-hidden"> the consultation with {r.patient} at {r.time}</span>
                </a>
                {r.status === "scheduled" ? (
                  <>
                    {" "}
                    <a href={`/${d.code}/videoschedules/${r.id}/cancel`}>
                      Cancel<span className="nhsuk-u-visually-hidden"> the consultation with {r.patient} at {r.time}</span>
                    </a>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      )}

      <h2>Schedule a video consultation</h2>
      {d.fromRequest ? <p>For {d.fromRequest.patient}'s request: the consultation's joins, leaves and length are recorded in its history.</p> : null}
      <PostForm {...getFormProps(form)} noValidate>
        <input {...getInputProps(fields.request, { type: "hidden" })} />
        <TextInput meta={fields.nhsNumber} label="Patient's NHS number" hint="10 digits, for example 485 777 3456" width={10} inputMode="numeric" autoComplete="off" />
        <TextInput meta={fields.date} label="Date" hint="For example, 27/11/2026" width={10} autoComplete="off" />
        <TextInput meta={fields.time} label="Time" hint="24-hour clock, UK time, for example 14:30" width={5} autoComplete="off" />
        {d.clinicians.length ? (
          <Radios meta={fields.clinician} legend="Clinician" options={d.clinicians} />
        ) : (
          <p>There are no GPs at this practice to hold a video consultation.</p>
        )}
        <div className="nhsuk-form-group">
          <div className="nhsuk-checkboxes">
            <div className="nhsuk-checkboxes__item">
              <input {...getInputProps(fields.sendSms, { type: "checkbox", value: "on" })} className="nhsuk-checkboxes__input" />
              <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={fields.sendSms.id}>
                Send the link by text message too
              </label>
            </div>
          </div>
        </div>
        <TextInput meta={fields.overrideMobile} label="Mobile number for the text message" hint="Only if it is not the mobile number in the patient's record" width={20} type="tel" autoComplete="off" optional />
        <Textarea meta={fields.notesForPatient} label="Notes for the patient" hint="Sent with the invitation and shown in the waiting room" optional />
        <Textarea meta={fields.notesForMedicalRecord} label="Notes for the medical record" hint="Staff only" optional />
        <Button>Schedule video consultation</Button>
      </PostForm>
    </>
  );
}
