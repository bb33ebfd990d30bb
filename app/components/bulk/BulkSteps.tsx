import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Textarea, TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { Button, ErrorMessage } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { Table } from "~/components/Table";
import { BULK_CHANNELS, CHANNEL_LABELS, ChannelsSchema, MessageSchema, RecipientsSchema, type BulkChannel, type Progress } from "~/domain/bulk/rules";
import * as z from "zod";

type Result = SubmissionResult<string[]> | undefined;
type Common = { base: string; path: string; practiceName: string; id: number; title: string; stateLabel: string };
type Draft = Common & {
  done: { recipients: boolean; message: boolean; channels: boolean };
  filters: { minAge: string; maxAge: string; excludeNonDigital: boolean; listed: number | null };
  values: { title: string; body: string; bookingSlotType: string; questionnaireId: string };
  questionnaireTitle: string | null;
  channelsChosen: BulkChannel[];
  files: ShownBulkFile[];
  maxFiles: number;
};
type ShownBulkFile = { id: string; fileName: string; sizeBytes: number; sensitive: boolean };

function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const sensitiveTag = (file: ShownBulkFile) =>
  file.sensitive ? (
    <>
      {" "}
      <strong className="nhsuk-tag nhsuk-tag--grey">Sensitive</strong>
    </>
  ) : null;

/**
 * The attachments of a draft: their own multipart form (works without JS), checked on the server as
 * patient uploads are; each file has a Remove button. Patients get each file by their own link.
 */
function BulkAttachments({ data, errors }: { data: Draft; errors?: string[] }) {
  const room = data.maxFiles - data.files.length;
  const error = errors?.[0];
  return (
    <>
      <h2 className="nhsuk-heading-m">Attachments (optional)</h2>
      {data.files.length > 0 ? (
        <PostForm encType="multipart/form-data">
          <dl className="nhsuk-summary-list">
            {data.files.map((file) => (
              <div className="nhsuk-summary-list__row" key={file.id}>
                <dt className="nhsuk-summary-list__key">
                  <a href={`${data.path}/files/${file.id}`}>{file.fileName}</a>
                </dt>
                <dd className="nhsuk-summary-list__value">
                  {fileSize(file.sizeBytes)}
                  {sensitiveTag(file)}
                </dd>
                <dd className="nhsuk-summary-list__actions">
                  <button className="app-link-button" type="submit" name="intent" value={`remove-file:${file.id}`}>
                    Remove<span className="nhsuk-u-visually-hidden"> {file.fileName}</span>
                  </button>
                </dd>
              </div>
            ))}
          </dl>
        </PostForm>
      ) : null}
      {room > 0 ? (
        <PostForm encType="multipart/form-data">
          <input type="hidden" name="intent" value="attach" />
          <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
            <label className="nhsuk-label" htmlFor="files">
              Attach photos or documents
            </label>
            <div className="nhsuk-hint" id="files-hint">
              JPG, PNG or PDF files, each smaller than 2MB. You can add {room === data.maxFiles ? `up to ${data.maxFiles} files` : `${room} more`}. Each patient
              gets a link to them in the message.
            </div>
            {errors?.map((message, i) => <ErrorMessage key={i} id={i === 0 ? "files-error" : `files-error-${i}`} message={message} />)}
            <input
              className={`nhsuk-file-upload__input${error ? " nhsuk-input--error" : ""}`}
              id="files"
              name="files"
              type="file"
              multiple
              accept="image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf"
              aria-describedby={error ? "files-hint files-error" : "files-hint"}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="nhsuk-form-group">
            <div className="nhsuk-checkboxes">
              <div className="nhsuk-checkboxes__item">
                <input className="nhsuk-checkboxes__input" id="sensitive" name="sensitive" type="checkbox" value="yes" aria-describedby="sensitive-hint" />
                <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor="sensitive">
                  These files are sensitive
                </label>
                <div className="nhsuk-hint nhsuk-checkboxes__hint" id="sensitive-hint">
                  They are marked as sensitive for the practice, as patients' sensitive files are.
                </div>
              </div>
            </div>
          </div>
          <Button variant="secondary">Attach files</Button>
        </PostForm>
      ) : (
        <p>This message has {data.maxFiles} files, the most it can have. Remove one to add another.</p>
      )}
    </>
  );
}

function Steps({ data, current }: { data: Draft; current: string }) {
  const steps = [
    { key: "recipients", label: "Recipients", done: data.done.recipients },
    { key: "message", label: "Message", done: data.done.message },
    { key: "channels", label: "How to send", done: data.done.channels },
    { key: "check", label: "Check and send", done: false },
  ];
  return (
    <nav aria-label="Steps of this bulk message">
      <ol className="nhsuk-list nhsuk-list--number">
        {steps.map((s) => (
          <li key={s.key}>
            {s.key === current ? (
              <strong aria-current="step">{s.label}</strong>
            ) : s.done || s.key === "recipients" ? (
              <a href={`${data.path}?step=${s.key}`}>{s.label}</a>
            ) : (
              s.label
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

const back = (data: Common) => ({ href: `${data.base}/bulk-messages`, text: "Back to bulk messages" });

// The file is a File in the browser and text on the server (readUploadForm): only the server reads it.
const RecipientsForm = RecipientsSchema.and(z.object({ nhsNumbersFile: z.unknown().optional() }));

export function RecipientsStep({ data, lastResult }: { data: Draft; lastResult: Result }) {
  const [form, fields] = useNhsForm(RecipientsForm, { lastResult, defaultValue: { minAge: data.filters.minAge, maxAge: data.filters.maxAge } });
  const fileError = fields.nhsNumbersFile.errors?.[0];
  return (
    <FormPage title="Choose the recipients" caption={data.practiceName} back={back(data)} errors={summaryErrors([fields.minAge, fields.maxAge, fields.nhsNumbersFile], form.errors)}>
      <Steps data={data} current="recipients" />
      <PostForm {...getFormProps(form)} encType="multipart/form-data" noValidate>
        <input type="hidden" name="intent" value="recipients" />
        <TextInput meta={fields.minAge} label="Minimum age" hint="For example, 65" optional width={2} inputMode="numeric" />
        <TextInput meta={fields.maxAge} label="Maximum age" optional width={2} inputMode="numeric" />
        <div className="nhsuk-form-group">
          <div className="nhsuk-checkboxes">
            <div className="nhsuk-checkboxes__item">
              <input className="nhsuk-checkboxes__input" id="excludeNonDigital" name="excludeNonDigital" type="checkbox" value="on" defaultChecked={data.filters.excludeNonDigital} />
              <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor="excludeNonDigital">
                Leave out patients marked as non-digital
              </label>
            </div>
          </div>
        </div>
        <div className={`nhsuk-form-group${fileError ? " nhsuk-form-group--error" : ""}`}>
          <label className="nhsuk-label" htmlFor={fields.nhsNumbersFile.id}>
            List of NHS numbers (optional)
          </label>
          <div className="nhsuk-hint" id={`${fields.nhsNumbersFile.id}-hint`}>
            A CSV or text file with one NHS number a line. Only these patients will get the message.
            {data.filters.listed !== null ? ` A list of ${data.filters.listed} NHS numbers is in use.` : ""}
          </div>
          <ErrorMessage id={fields.nhsNumbersFile.errorId} message={fileError} />
          <input
            className="nhsuk-file-upload"
            id={fields.nhsNumbersFile.id}
            name="nhsNumbersFile"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            aria-describedby={[`${fields.nhsNumbersFile.id}-hint`, fileError ? fields.nhsNumbersFile.errorId : null].filter(Boolean).join(" ")}
            aria-invalid={fileError ? true : undefined}
          />
        </div>
        {data.filters.listed !== null ? (
          <div className="nhsuk-form-group">
            <div className="nhsuk-checkboxes">
              <div className="nhsuk-checkboxes__item">
                <input className="nhsuk-checkboxes__input" id="clearList" name="clearList" type="checkbox" value="on" />
                <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor="clearList">
                  Stop using the list of NHS numbers
                </label>
              </div>
            </div>
          </div>
        ) : null}
        <Button>Save and continue</Button>
      </PostForm>
    </FormPage>
  );
}

export function MessageStep({
  data,
  lastResult,
  attachErrors,
}: {
  data: Draft & { templates: { id: number; title: string }[]; clinicTypes: string[]; questionnaires: { id: number; title: string }[] };
  lastResult: Result;
  attachErrors?: string[];
}) {
  const [form, fields] = useNhsForm(MessageSchema, { lastResult, defaultValue: data.values });
  const errors = [...summaryErrors([fields.title, fields.body], form.errors), ...(attachErrors ?? []).map((message) => ({ fieldId: "files", message }))];
  return (
    <FormPage title="Write the message" caption={data.practiceName} back={back(data)} errors={errors}>
      <Steps data={data} current="message" />
      {data.templates.length > 0 ? (
        <PostForm>
          <input type="hidden" name="intent" value="use-template" />
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="templateId">
              Start from a template
            </label>
            <select className="nhsuk-select" id="templateId" name="templateId">
              {data.templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary">Use template</Button>
        </PostForm>
      ) : null}
      <PostForm {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="message" />
        <TextInput meta={fields.title} label="Title" hint="Patients see it as the email subject and in their messages" />
        <Textarea meta={fields.body} label="Message" hint="You can use {patient_name}, {practice_name}, {booking_link} and {questionnaire_link}. A link not placed is added at the end. SMS messages are limited to 918 characters." />
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor={fields.bookingSlotType.id}>
            Invite patients to book (optional)
          </label>
          <div className="nhsuk-hint" id={`${fields.bookingSlotType.id}-hint`}>
            Each patient gets their own link to book an appointment of this type
          </div>
          <select className="nhsuk-select" id={fields.bookingSlotType.id} name="bookingSlotType" defaultValue={data.values.bookingSlotType} aria-describedby={`${fields.bookingSlotType.id}-hint`}>
            <option value="">No booking invitation</option>
            {data.clinicTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor={fields.questionnaireId.id}>
            Questionnaire (optional)
          </label>
          <div className="nhsuk-hint" id={`${fields.questionnaireId.id}-hint`}>
            Each patient gets their own link to answer it once; the answers come to the Unassigned inbox as a request
          </div>
          <select className="nhsuk-select" id={fields.questionnaireId.id} name="questionnaireId" defaultValue={data.values.questionnaireId} aria-describedby={`${fields.questionnaireId.id}-hint`}>
            <option value="">No questionnaire</option>
            {data.questionnaires.map((q) => (
              <option key={q.id} value={q.id}>
                {q.title}
              </option>
            ))}
          </select>
        </div>
        <Button>Save and continue</Button>
      </PostForm>
      <BulkAttachments data={data} errors={attachErrors} />
    </FormPage>
  );
}

export function ChannelsStep({ data, lastResult }: { data: Draft; lastResult: Result }) {
  const [form, fields] = useNhsForm(ChannelsSchema, { lastResult });
  const error = fields.channels.errors?.[0];
  return (
    <FormPage title="How to send the message" caption={data.practiceName} back={back(data)} errors={summaryErrors([fields.channels], form.errors)}>
      <Steps data={data} current="channels" />
      <PostForm {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="channels" />
        <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
          <fieldset className="nhsuk-fieldset" aria-describedby={["channels-hint", error ? fields.channels.errorId : null].filter(Boolean).join(" ")}>
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Send by</legend>
            <div className="nhsuk-hint" id="channels-hint">
              Select all that apply. Patients without a mobile number or email address are not sent that one.
            </div>
            <ErrorMessage id={fields.channels.errorId} message={error} />
            <div className="nhsuk-checkboxes">
              {BULK_CHANNELS.map((c, i) => (
                <div className="nhsuk-checkboxes__item" key={c}>
                  <input
                    className="nhsuk-checkboxes__input"
                    id={i === 0 ? fields.channels.id : `channels-${c}`}
                    name="channels"
                    type="checkbox"
                    value={c}
                    defaultChecked={data.channelsChosen.includes(c)}
                    aria-invalid={error ? true : undefined}
                  />
                  <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={i === 0 ? fields.channels.id : `channels-${c}`}>
                    {CHANNEL_LABELS[c]}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
        </div>
        <Button>Save and continue</Button>
      </PostForm>
    </FormPage>
  );
}

const ScheduleForm = z.object({ intent: z.string(), date: z.string().optional(), time: z.string().optional() });

export function BulkCheck({
  data,
  lastResult,
}: {
  data: Draft & { counts: { patients: number; byChannel: Record<BulkChannel, number>; unreachable: number }; preview: string; channelLabels: string[] };
  lastResult: Result;
}) {
  const [form, fields] = useNhsForm(ScheduleForm, { lastResult });
  const f = data.filters;
  const ages = f.minAge && f.maxAge ? `${f.minAge} to ${f.maxAge}` : f.minAge ? `${f.minAge} and over` : f.maxAge ? `Up to ${f.maxAge}` : "Any age";
  const row = (key: string, value: string, step: string) => (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{key}</dt>
      <dd className="nhsuk-summary-list__value">{value}</dd>
      <dd className="nhsuk-summary-list__actions">
        <a href={`${data.path}?step=${step}`}>
          Change<span className="nhsuk-u-visually-hidden"> {key.toLowerCase()}</span>
        </a>
      </dd>
    </div>
  );
  const dateError = fields.date.errors?.[0];
  return (
    <FormPage title="Check and send" caption={data.practiceName} back={back(data)} errors={summaryErrors([fields.date], form.errors)}>
      <Steps data={data} current="check" />
      <dl className="nhsuk-summary-list">
        {row("Ages", ages, "recipients")}
        {row("Non-digital patients", f.excludeNonDigital ? "Left out" : "Included", "recipients")}
        {row("NHS numbers", f.listed === null ? "Any patient" : `Only the ${f.listed} listed`, "recipients")}
        {row("Title", data.values.title, "message")}
        {row("Booking invitation", data.values.bookingSlotType || "None", "message")}
        {row("Questionnaire", data.questionnaireTitle ?? "None", "message")}
        {row("Attachments", data.files.length ? data.files.map((f) => f.fileName).join(", ") : "None", "message")}
        {row("Send by", data.channelLabels.join(", "), "channels")}
      </dl>
      <h2>Recipients</h2>
      <p>
        {data.counts.patients} patients match.{" "}
        {BULK_CHANNELS.filter((c) => data.channelsChosen.includes(c))
          .map((c) => `${data.counts.byChannel[c]} by ${CHANNEL_LABELS[c]}`)
          .join(", ")}
        .{data.counts.unreachable > 0 ? ` ${data.counts.unreachable} cannot be reached by the ways chosen.` : ""}
      </p>
      <h2>Preview</h2>
      <div className="nhsuk-inset-text" id="bulk-preview">
        <p className="app-thread__body">{data.preview}</p>
      </div>
      <PostForm {...getFormProps(form)} noValidate>
        <Button name="intent" value="send">
          Send now
        </Button>
        <h2>Or schedule it</h2>
        <div className={`nhsuk-form-group${dateError ? " nhsuk-form-group--error" : ""}`}>
          <label className="nhsuk-label" htmlFor={fields.date.id}>
            Date
          </label>
          <div className="nhsuk-hint" id="schedule-date-hint">
            For example, 2027-01-15
          </div>
          <ErrorMessage id={fields.date.errorId} message={dateError} />
          <input
            className="nhsuk-input nhsuk-input--width-10"
            id={fields.date.id}
            name="date"
            type="text"
            aria-describedby={["schedule-date-hint", dateError ? fields.date.errorId : null].filter(Boolean).join(" ")}
            aria-invalid={dateError ? true : undefined}
          />
        </div>
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor="schedule-time">
            Time
          </label>
          <div className="nhsuk-hint" id="schedule-time-hint">
            24-hour clock, for example 09:30
          </div>
          <input className="nhsuk-input nhsuk-input--width-4" id="schedule-time" name="time" type="text" aria-describedby="schedule-time-hint" />
        </div>
        <Button name="intent" value="schedule" variant="secondary">
          Schedule
        </Button>
      </PostForm>
      <PostForm>
        <input type="hidden" name="intent" value="delete" />
        <Button variant="warning">Delete draft</Button>
      </PostForm>
    </FormPage>
  );
}

type ProgressData = Common & {
  state: string;
  progress: Progress;
  channels: { key: BulkChannel; label: string }[];
  scheduledFor: string | null;
  queuedAt: string | null;
  body: string;
  bookingSlotType: string | null;
  questionnaire: { title: string; sent: number; answered: number } | null;
  files: (ShownBulkFile & { opened: number })[];
  replies: { id: number; name: string; body: string; at: string }[];
  bookings: { name: string; booked: boolean; at: string }[];
};

export function BulkProgress({ data }: { data: ProgressData }) {
  const open = data.state === "sending" || data.state === "scheduled";
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <a className="nhsuk-back-link" href={`${data.base}/bulk-messages`}>
          Back to bulk messages
        </a>
        <span className="nhsuk-caption-l">{data.practiceName}</span>
        <h1>{data.title}</h1>
        <p>
          <strong className="nhsuk-tag">{data.stateLabel}</strong>{" "}
          {data.scheduledFor ? `Scheduled for ${data.scheduledFor}.` : data.queuedAt ? `Queued at ${data.queuedAt}.` : ""}
        </p>
        <Table caption="Progress by channel" captionSize="m" columns={["Channel", "Waiting", "Sent", "Delivered", "Failed", "Stopped"]}>
          {data.channels.map((c) => {
            const p = data.progress[c.key];
            return (
              <tr key={c.key} className="nhsuk-table__row">
                <td className="nhsuk-table__cell">{c.label}</td>
                <td className="nhsuk-table__cell">{p.queued + p.sending}</td>
                <td className="nhsuk-table__cell">{p.sent + p.delivered}</td>
                <td className="nhsuk-table__cell">{p.delivered}</td>
                <td className="nhsuk-table__cell">{p.failed}</td>
                <td className="nhsuk-table__cell">{p.stopped}</td>
              </tr>
            );
          })}
        </Table>
        {open ? (
          <p>
            <a className="nhsuk-button nhsuk-button--warning" href={`${data.path}?confirm=stop`}>
              Stop sending
            </a>
          </p>
        ) : null}
        <h2>Message</h2>
        <div className="nhsuk-inset-text">
          <p className="app-thread__body">{data.body}</p>
        </div>
        {data.files.length > 0 ? (
          <>
            <h2>Attachments</h2>
            <ul className="nhsuk-list">
              {data.files.map((f) => (
                <li key={f.id}>
                  <a href={`${data.path}/files/${f.id}`}>{f.fileName}</a> ({fileSize(f.sizeBytes)}){sensitiveTag(f)}: opened {f.opened}{" "}
                  {f.opened === 1 ? "time" : "times"} by patients
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {data.bookingSlotType ? (
          <>
            <h2>Bookings ({data.bookingSlotType})</h2>
            {data.bookings.length === 0 ? (
              <p>No one has booked yet.</p>
            ) : (
              <ul className="nhsuk-list">
                {data.bookings.map((b, i) => (
                  <li key={i}>
                    {b.name}: {b.booked ? `booked on ${b.at}` : `cannot book online, told to call (${b.at})`}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
        {data.questionnaire ? (
          <>
            <h2>Questionnaire ({data.questionnaire.title})</h2>
            <p>
              {data.questionnaire.answered} of {data.questionnaire.sent} {data.questionnaire.sent === 1 ? "patient" : "patients"} answered. Each answer is a request in the Unassigned inbox.
            </p>
          </>
        ) : null}
        <h2>Replies</h2>
        {data.replies.length === 0 ? (
          <p>No replies yet.</p>
        ) : (
          <ul className="nhsuk-list">
            {data.replies.map((r) => (
              <li key={r.id}>
                <strong>{r.name}</strong> ({r.at}): <span className="app-thread__body">{r.body}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function StopConfirm({ data }: { data: ProgressData }) {
  const waiting = data.channels.reduce((n, c) => n + data.progress[c.key].queued, 0);
  return (
    <FormPage title="Stop sending this message?" caption={data.title} back={{ href: data.path }} errors={[]}>
      <p>{waiting} messages not yet sent will not be sent. Messages already sent cannot be taken back.</p>
      <PostForm action={data.path}>
        <input type="hidden" name="intent" value="stop" />
        <Button variant="warning">Stop sending</Button>
      </PostForm>
      <p>
        <a href={data.path}>Keep sending</a>
      </p>
    </FormPage>
  );
}
