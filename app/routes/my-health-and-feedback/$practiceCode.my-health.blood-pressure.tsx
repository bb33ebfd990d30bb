import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DateInput, dateSummaryErrors, TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { BloodPressureChart } from "~/components/my-health/BloodPressureChart";
import { BackLink } from "~/components/requests/RequestParts";
import { Table } from "~/components/Table";
import { averageOf, BAND_LABELS, bandOf, MESSAGES, readingSchema } from "~/domain/my-health/blood-pressure";
import { chartGeometry } from "~/domain/my-health/chart";
import { addReading, chooseSubject, listReadings, sendReadings } from "~/domain/my-health/readings.server";
import { formatLondonDateTime } from "~/domain/time/london";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { requireMyHealth } from "~/web/my-health/access.server";
import { requestOrigin } from "~/web/origin";
import { notFound } from "~/web/responses.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Blood pressure", hydrate: false } satisfies PageHandle;

/**
 * /{code}/my-health/blood-pressure (spec 2 §2.9): home blood pressure readings. Enter a reading
 * (systolic, diastolic, pulse, date and time), see them as a chart with the NICE home thresholds
 * and as a table, and send the unsent ones to the practice as a request (then
 * /{code}/submittedreading). A carer chooses whose readings with ?patient=.
 */
async function open(request: Request, context: LoaderFunctionArgs["context"], code: string | undefined, rawPatient: string | null) {
  const access = await requireMyHealth(request, context, code);
  const subject = chooseSubject(access.subjects, rawPatient === null || rawPatient === "" ? null : parseId(rawPatient) ?? -1);
  if (!subject) throw notFound();
  return { ...access, subject };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, subjects, subject } = await open(request, context, params.practiceCode, new URL(request.url).searchParams.get("patient"));
  const readings = await listReadings(context.db, practice.id, subject.patientId);
  const shown = readings.map((r) => ({
    id: r.id,
    systolic: r.systolic,
    diastolic: r.diastolic,
    pulse: r.pulse,
    takenAt: formatLondonDateTime(r.takenAt),
    band: BAND_LABELS[bandOf(r)],
    severe: bandOf(r) === "severe",
    sent: r.sent,
  }));
  const average = averageOf(readings);
  return json({
    code: practice.urlCode,
    practiceName: practice.name,
    subject: { patientId: subject.patientId, name: `${subject.firstName} ${subject.lastName}`, myself: subject.relation === "myself" },
    others: subjects.filter((s) => s.patientId !== subject.patientId).map((s) => ({ patientId: s.patientId, name: `${s.firstName} ${s.lastName}` })),
    readings: shown,
    unsent: readings.filter((r) => !r.sent).length,
    average: average ? { ...average, band: BAND_LABELS[bandOf(average)] } : null,
    geometry: chartGeometry(shown.map((r) => ({ systolic: r.systolic, diastolic: r.diastolic, label: r.takenAt }))),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { viewer, practice, subject } = await open(request, context, params.practiceCode, String(formData.get("patient") ?? ""));
  const here = `/${practice.urlCode}/my-health/blood-pressure${subject.relation === "myself" ? "" : `?patient=${subject.patientId}`}`;
  if (formData.get("intent") === "send") {
    const entry = await sendReadings(context, requestOrigin(request), practice, { userId: viewer.userId, subject });
    if (!entry) return json({ lastResult: null, sendError: MESSAGES.send.none }, { status: 400 });
    throw redirect(`/${practice.urlCode}/submittedreading?entry=${entry.id}`, { status: 303 });
  }
  const submission = parseWithZod(formData, { schema: readingSchema(context.clock.now()) });
  if (submission.status !== "success") return formRejected(submission);
  await addReading(context.db, { practiceId: practice.id, patientId: subject.patientId, userId: viewer.userId, reading: submission.value });
  const r = submission.value;
  return redirectWithFlash(request, context, here, { kind: "success", text: `Reading added: ${r.systolic}/${r.diastolic} mmHg, pulse ${r.pulse}.` });
}

export default function BloodPressure() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { lastResult?: any; sendError?: string } | undefined;
  const [form, fields] = useNhsForm(readingSchema(new Date()), { lastResult: actionData?.lastResult ?? undefined });
  const errors = actionData?.sendError
    ? [{ fieldId: "send-readings", message: actionData.sendError }]
    : summaryErrors([fields.systolic, fields.diastolic, fields.pulse], form.errors, fields.systolic.id).concat(
        dateSummaryErrors(fields.date),
        summaryErrors([fields.time]),
      );
  const latest = data.readings[data.readings.length - 1];
  const whose = data.subject.myself ? "your" : `${data.subject.name}'s`;
  const patientQuery = data.subject.myself ? "" : `?patient=${data.subject.patientId}`;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <BackLink href={`/${data.code}/my-health${patientQuery}`}>My health</BackLink>
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{data.subject.name}</span>
        <h1>Blood pressure</h1>
        {data.others.length > 0 ? (
          <p>
            Readings for someone else:{" "}
            {data.others.map((o, i) => (
              <span key={o.patientId}>
                {i > 0 ? ", " : null}
                <a href={`/${data.code}/my-health/blood-pressure?patient=${o.patientId}`}>{o.name}</a>
              </span>
            ))}
          </p>
        ) : null}
        {latest?.severe ? (
          <div className="nhsuk-warning-callout">
            <h2 className="nhsuk-warning-callout__label">
              <span role="text">
                <span className="nhsuk-u-visually-hidden">Important: </span>A very high reading
              </span>
            </h2>
            <p>
              The latest reading is 180/120 or higher. Sit quietly for 5 minutes and measure again. If it is still this high, or you
              have a severe headache, chest pain, blurred vision or feel confused, call 111 now, or 999 in an emergency. Do not wait for{" "}
              {data.practiceName} to read your readings.
            </p>
          </div>
        ) : null}
      </div>
      <div className="nhsuk-grid-column-two-thirds">
        <h2>Add a reading</h2>
        <p>Use the numbers your blood pressure monitor shows. Take 2 readings a minute apart, morning and evening, and add each one.</p>
        <PostForm {...getFormProps(form)} noValidate>
          <input type="hidden" name="patient" value={data.subject.patientId} />
          <input type="hidden" name="intent" value="add" />
          <TextInput meta={fields.systolic} label="Systolic (top number), mmHg" hint="For example, 120" width={3} inputMode="numeric" autoComplete="off" />
          <TextInput meta={fields.diastolic} label="Diastolic (bottom number), mmHg" hint="For example, 80" width={3} inputMode="numeric" autoComplete="off" />
          <TextInput meta={fields.pulse} label="Pulse, beats per minute" hint="For example, 70" width={3} inputMode="numeric" autoComplete="off" />
          <DateInput meta={fields.date} legend="Date you took the reading" hint="For example, 27 11 2026" ownBirthday={false} />
          <TextInput meta={fields.time} label="Time you took the reading" hint="24-hour clock, for example 08:30 or 19:45" width={5} autoComplete="off" />
          <Button>Add reading</Button>
        </PostForm>
      </div>
      <div className="nhsuk-grid-column-full">
        <h2>{data.subject.myself ? "Your readings" : `${data.subject.name}'s readings`}</h2>
        {data.readings.length === 0 ? (
          <p>There are no readings yet. Add one above.</p>
        ) : (
          <>
            {data.average ? (
              <p>
                Average of {data.readings.length} {data.readings.length === 1 ? "reading" : "readings"}:{" "}
                <strong>
                  {data.average.systolic}/{data.average.diastolic} mmHg
                </strong>
                , pulse {data.average.pulse}. {data.average.band}.
              </p>
            ) : null}
            <p className="nhsuk-body-s">
              For home readings, NICE guidance treats an average of 135/85 or higher as stage 1 and 150/95 or higher as stage 2 high
              blood pressure. Your practice reads your readings and decides what they mean for you.
            </p>
            <div className="nhsuk-grid-row">
              <div className="nhsuk-grid-column-one-half">
                <BloodPressureChart
                  geometry={data.geometry}
                  summary={`${data.readings.length} ${data.readings.length === 1 ? "reading" : "readings"} from ${data.readings[0]!.takenAt} to ${latest!.takenAt}${data.average ? `, average ${data.average.systolic}/${data.average.diastolic} mmHg` : ""}.`}
                />
              </div>
              <div className="nhsuk-grid-column-one-half">
                <Table caption={`${whose[0]!.toUpperCase()}${whose.slice(1)} blood pressure readings, oldest first`} captionSize="s" columns={["Date and time", "Blood pressure (mmHg)", "Pulse", "Sent", { hidden: "Actions" }]}>
                  {data.readings.map((r) => (
                    <tr className="nhsuk-table__row" key={r.id}>
                      <td className="nhsuk-table__cell">{r.takenAt}</td>
                      <td className="nhsuk-table__cell">
                        {r.systolic}/{r.diastolic}
                        <span className="nhsuk-body-s">
                          <br />
                          {r.band}
                        </span>
                      </td>
                      <td className="nhsuk-table__cell">{r.pulse}</td>
                      <td className="nhsuk-table__cell">{r.sent ? "Sent" : "Not sent yet"}</td>
                      <td className="nhsuk-table__cell">
                        {r.sent ? null : (
                          <a href={`/${data.code}/my-health/blood-pressure/${r.id}/delete`}>
                            Delete<span className="nhsuk-u-visually-hidden"> the reading of {r.takenAt}</span>
                          </a>
                        )}
                      </td>
                    </tr>
                  ))}
                </Table>
              </div>
            </div>
          </>
        )}
        <h2>Send readings to {data.practiceName}</h2>
        {data.unsent > 0 ? (
          <PostForm id="send-readings">
            <input type="hidden" name="patient" value={data.subject.patientId} />
            <input type="hidden" name="intent" value="send" />
            <p>
              {data.unsent === 1 ? "1 reading has" : `${data.unsent} readings have`} not been sent yet. When you have a week of readings, send
              them: {data.practiceName} receives them as a request and replies as for any request.
            </p>
            <Button>Send readings</Button>
          </PostForm>
        ) : (
          <p id="send-readings">{data.readings.length ? "Every reading has been sent." : "Add readings first, then send them from here."}</p>
        )}
      </div>
    </div>
  );
}
