import { AUTOMATIC_FILING } from "~/domain/inbox/filing";
import { useEffect, useRef } from "react";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary, type SummaryError } from "~/components/ErrorSummary";
import { Button, CheckboxField, FileField, InputField, TextareaField } from "~/components/Fields";
import type { LeaveWarning, requestDetailsAction, requestDetailsLoader } from "~/web/inbox/inbox-pages.server";
import { URGENCIES, urgencyLabel } from "~/domain/inbox/transitions";
import { copy } from "~/copy";
import { formatDateTime } from "~/domain/requests/display";
import { requestReference } from "~/domain/requests/reference";
import { formatDate } from "~/validation/dates";
import { actionLabels, difficultyLabel, roleLabel, topicLabels, TRIAGE_ACTIONS, TRIAGE_DIFFICULTIES, TRIAGE_ROLES, TRIAGE_TOPICS } from "~/domain/inbox/triage";
import { isPatientSideVideoEvent, videoHistoryText } from "~/domain/video/history";

type VideoDetail = Parameters<typeof videoHistoryText>[1];

const EVENT_LABELS: Record<string, string> = {
  submitted: "Sent by the patient",
  assign: "Assigned",
  urgency: "Urgency set",
  reply: "Message sent to the patient",
  patient_reply: "The patient replied",
  complete: "Completed",
  reject: "Rejected",
  undo: "Reopened",
  cancel: "Cancelled",
  delete: "Deleted",
  comment: "Comment added",
  action_added: "Action added",
  action_completed: "Action completed",
  triage: "Triage recorded",
  filed: "Filed to the GP record",
};

const FIELD_IDS: Record<string, string> = {
  body: "reply-body",
  reason: "reject-reason",
  text: "action-text",
  files: "reply-files",
  difficulty: "triage-difficulty",
  role: "triage-role",
  actions: "triage-actions",
  topics: "triage-topics",
  reviewDay: "review-day",
  reviewMonth: "review-month",
  reviewYear: "review-year",
  overrideMobile: "questionnaire-mobile",
};

/** A request as staff see it, with every handling action as a plain form (no JS needed). */
export function RequestDetails() {
  const data = useLoaderData<typeof requestDetailsLoader>();
  const actionData = useActionData<typeof requestDetailsAction>();
  const { pathname, search } = useLocation();
  const { details, others, snomedQuery, snomedResults, me } = data;
  const { entry, patient } = details;
  const here = `${pathname}${search}`;
  // The reply posts without the chosen template, so after sending the form comes back empty.
  const replyParams = new URLSearchParams(search);
  replyParams.delete("template");
  const replyQuery = replyParams.toString();
  const replyTo = `${pathname}${replyQuery ? `?${replyQuery}` : ""}`;
  const errorsFor = (intent: string) => (actionData?.intent === intent ? (actionData.lastResult.error ?? {}) : {});
  const fieldError = (intent: string, field: string) => errorsFor(intent)[field]?.[0];
  const summary: SummaryError[] = [];
  if (actionData?.conflict) summary.push({ fieldId: "request-status", message: actionData.conflict });
  for (const [field, messages] of Object.entries(actionData?.lastResult.error ?? {})) {
    if (!messages?.[0] || actionData?.conflict) continue;
    const id = actionData?.intent === "complete" && field === "reason" ? "complete-reason" : actionData?.intent === "comment" && field === "body" ? "comment-body" : (FIELD_IDS[field] ?? "request-status");
    summary.push({ fieldId: id, message: messages[0] });
  }
  const open = entry.stage === "submitted";
  const staffName = (id: number | null) => {
    const s = details.staff.find((x) => x.id === id);
    return s ? `${s.firstName} ${s.lastName}` : id ? "A former member of staff" : "Unassigned";
  };
  const version = <input type="hidden" name="version" value={entry.version} />;
  const awayUntil = new Map(data.awayToday.map((a) => [a.id, a.until]));
  const leave = (actionData as { leave?: LeaveWarning } | undefined)?.leave ?? null;
  return (
    <section aria-labelledby="request-heading" className="app-request-details">
      <ErrorSummary errors={summary} />
      <h2 className="nhsuk-heading-l" id="request-heading">
        {patient.firstName} {patient.lastName}
        <span className="nhsuk-caption-m">
          {requestReference(entry.id)}: {details.issueTypeName}
        </span>
      </h2>
      {others.length > 0 ? (
        <div className="nhsuk-warning-callout">
          <h3 className="nhsuk-warning-callout__label">
            <span role="text">
              <span className="nhsuk-u-visually-hidden">Important: </span>Someone else has this request open
            </span>
          </h3>
          <p>{others.map((o) => `${o.firstName} ${o.lastName}`).join(", ")} opened it in the last 2 minutes.</p>
        </div>
      ) : null}

      {leave && open ? <LeaveWarningPanel leave={leave} here={here} version={entry.version} /> : null}

      <dl className="nhsuk-summary-list" id="request-status" tabIndex={-1}>
        {data.practiceName ? <Row label="Practice" value={data.practiceName} /> : null}
        <Row label="Date of birth" value={formatDate(patient.dateOfBirth)} />
        <Row label="NHS number" value={patient.nhsNumber ? patient.nhsNumber.replace(/(\d{3})(\d{3})(\d{4})/, "$1 $2 $3") : null} />
        <Row label="Email" value={patient.email} />
        <Row label="Mobile" value={patient.mobile} />
        <Row label="Sent" value={entry.submittedAt ? formatDateTime(new Date(entry.submittedAt)) : null} />
        {details.sentByCarer ? <Row label="Sent by" value={`${details.sentByCarer} (carer), on behalf of the patient`} /> : null}
        <Row label="Status" value={open ? (entry.awaitingPatientReply ? "Awaiting the patient's reply" : "Open") : entry.stage.charAt(0).toUpperCase() + entry.stage.slice(1)} />
        <Row label="Assigned to" value={staffName(entry.assignedToId)} />
        <Row label="Urgency" value={urgencyLabel(entry.urgencyId)} />
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">GP record</dt>
          <dd className="nhsuk-summary-list__value">
            {entry.filedAt ? `Filed ${formatDateTime(new Date(entry.filedAt))} by ${entry.filedAutomatically ? AUTOMATIC_FILING : staffName(entry.filedByUserId)}` : "Not filed"}
          </dd>
          <dd className="nhsuk-summary-list__actions">
            <Link to={`/${data.practiceCode}/requests/${entry.id}/file?back=${encodeURIComponent(pathname)}`}>
              {entry.filedAt ? "View what was filed" : "File to GP record"}
            </Link>
          </dd>
        </div>
      </dl>

      <Triage entry={entry} here={here} version={version} error={(field) => fieldError("triage", field)} values={actionData?.intent === "triage" ? (actionData.lastResult.initialValue as TriageValues | undefined) : undefined} />

      {open ? (
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-one-half">
            <PostForm method="post" action={here}>
              <input type="hidden" name="intent" value="assign" />
              {version}
              <div className="nhsuk-form-group">
                <label className="nhsuk-label" htmlFor="assignee">
                  Assign to
                </label>
                {/* Keyed on the version: with JS the page is not reloaded, and an uncontrolled select
                    would go on showing the last choice (say, someone on leave) after the request was
                    assigned to someone else (their cover). */}
                <select
                  key={`assignee-${entry.version}`}
                  className="nhsuk-select"
                  id="assignee"
                  name="assignee"
                  defaultValue={entry.assignedToId ? String(entry.assignedToId) : "unassigned"}
                >
                  <option value="unassigned">Unassigned</option>
                  {details.staff.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.firstName} {s.lastName}
                      {s.id === me ? " (me)" : ""}
                      {awayUntil.has(s.id) ? ` (away until ${awayUntil.get(s.id)})` : ""}
                    </option>
                  ))}
                </select>
              </div>
              <Button variant="secondary">Assign</Button>
            </PostForm>
          </div>
          <div className="nhsuk-grid-column-one-half">
            <PostForm method="post" action={here}>
              <input type="hidden" name="intent" value="urgency" />
              {version}
              <div className="nhsuk-form-group">
                <label className="nhsuk-label" htmlFor="urgency">
                  Urgency
                </label>
                <select className="nhsuk-select" id="urgency" name="urgencyId" defaultValue={entry.urgencyId ? String(entry.urgencyId) : "1"}>
                  {URGENCIES.map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.label}
                    </option>
                  ))}
                </select>
              </div>
              <Button variant="secondary">Set urgency</Button>
            </PostForm>
          </div>
        </div>
      ) : null}

      <h3 className="nhsuk-heading-m">Answers</h3>
      <dl className="nhsuk-summary-list">
        {details.answers.map((a) => (
          <Row key={a.questionId} label={a.question} value={a.answer} />
        ))}
      </dl>

      <h3 className="nhsuk-heading-m">Attachments</h3>
      {details.files.length === 0 ? (
        <p>No attachments.</p>
      ) : (
        <ul className="nhsuk-list">
          {details.files.map((f) => (
            <li key={f.id}>
              <a href={data.fileLinks[f.id]} download={f.fileName}>
                {f.fileName}
              </a>{" "}
              ({Math.ceil(f.sizeBytes / 1024)} KB){f.sensitive ? <strong className="nhsuk-tag nhsuk-tag--red nhsuk-u-margin-left-2">Sensitive</strong> : null}
            </li>
          ))}
        </ul>
      )}

      <h3 className="nhsuk-heading-m">Conversation</h3>
      {details.messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ol className="nhsuk-list app-thread">
          {details.messages.map((m) => (
            <li key={m.id} className={`app-thread__message app-thread__message--${m.authorRole}`}>
              <p className="nhsuk-body-s nhsuk-u-margin-bottom-1">
                <strong>{m.authorRole === "staff" ? `${m.authorFirstName ?? ""} ${m.authorLastName ?? ""}`.trim() || "The practice" : "The patient"}</strong>, {formatDateTime(new Date(m.createdAt))}
              </p>
              <p className="app-thread__body">{m.body}</p>
              {details.files.some((f) => f.messageId === m.id) ? (
                <ul className="nhsuk-list nhsuk-body-s">
                  {details.files
                    .filter((f) => f.messageId === m.id)
                    .map((f) => (
                      <li key={f.id}>
                        Attached:{" "}
                        <a href={data.fileLinks[f.id]} download={f.fileName}>
                          {f.fileName}
                        </a>
                        {f.sensitive ? <strong className="nhsuk-tag nhsuk-tag--red nhsuk-u-margin-left-2">Sensitive</strong> : null}
                      </li>
                    ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {open && data.templates.templates.length > 0 ? (
        <form method="get" action={pathname} className="app-template-choice">
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="reply-template">
              Start from a template
            </label>
            <select className="nhsuk-select" id="reply-template" name="template" defaultValue={data.templates.templateId ? String(data.templates.templateId) : ""}>
              <option value="">Choose a template</option>
              {data.templates.templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.favourite ? "★ " : ""}
                  {t.title}
                  {t.national ? " (national)" : ""}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary">Use template</Button>
        </form>
      ) : null}
      {open ? (
        <PostForm method="post" action={replyTo} encType="multipart/form-data">
          <input type="hidden" name="intent" value="reply" />
          {version}
          <TextareaField
            key={`reply-${data.templates.templateId ?? "none"}`}
            id="reply-body"
            name="body"
            label="Message to the patient"
            hint="The patient is told by email or text message and reads it in Frontdoor."
            error={fieldError("reply", "body")}
            defaultValue={actionData?.intent === "reply" ? String(actionData.lastResult.initialValue?.body ?? "") : (data.templates.templateBody ?? undefined)}
          />
          <FileField
            id="reply-files"
            name="files"
            label="Attach files (optional)"
            hint="JPG, PNG or PDF, each smaller than 10MB; up to 5 files on a request."
            error={fieldError("reply", "files")}
            multiple
            accept="image/jpeg,image/png,application/pdf"
          />
          <div className="nhsuk-checkboxes nhsuk-u-margin-bottom-4">
            <div className="nhsuk-checkboxes__item">
              <input className="nhsuk-checkboxes__input" id="reply-sensitive" name="sensitive" type="checkbox" value="yes" />
              <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor="reply-sensitive">
                The attachments are sensitive
              </label>
            </div>
          </div>
          <Button>Send message</Button>
        </PostForm>
      ) : null}

      {open && data.questionnaires.length > 0 ? (
        <PostForm method="post" action={replyTo}>
          <input type="hidden" name="intent" value="questionnaire" />
          {version}
          <h3 className="nhsuk-heading-m">Send a questionnaire</h3>
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="questionnaire-id">
              Questionnaire
            </label>
            <select
              className="nhsuk-select"
              id="questionnaire-id"
              name="questionnaireId"
              defaultValue={actionData?.intent === "questionnaire" ? String(actionData.lastResult.initialValue?.questionnaireId ?? "") : undefined}
            >
              {data.questionnaires.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.favourite ? "★ " : ""}
                  {q.title}
                </option>
              ))}
            </select>
          </div>
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="answers-inbox">
              Put the answers in
            </label>
            <select
              className="nhsuk-select"
              id="answers-inbox"
              name="answersInbox"
              defaultValue={actionData?.intent === "questionnaire" ? String(actionData.lastResult.initialValue?.answersInbox ?? me) : String(me)}
            >
              <option value="unassigned">Unassigned</option>
              {details.staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.firstName} {s.lastName}
                  {s.id === me ? " (me)" : ""}
                </option>
              ))}
            </select>
          </div>
          <CheckboxField
            id="questionnaire-sms"
            name="sendSms"
            label="Also send a text message"
            hint={patient.mobile ? "To the mobile number in the patient's record, or the one below." : "The patient's record has no mobile number: enter one below."}
            defaultChecked={actionData?.intent === "questionnaire" ? actionData.lastResult.initialValue?.sendSms === "on" : Boolean(patient.mobile)}
          />
          <InputField
            id="questionnaire-mobile"
            name="overrideMobile"
            type="tel"
            width={20}
            autoComplete="off"
            label="Mobile number for the text message"
            hint="Only if it is not the mobile number in the patient's record"
            optional
            error={fieldError("questionnaire", "overrideMobile")}
            defaultValue={actionData?.intent === "questionnaire" ? String(actionData.lastResult.initialValue?.overrideMobile ?? "") : undefined}
          />
          <Button variant="secondary">Send questionnaire</Button>
        </PostForm>
      ) : null}

      <h3 className="nhsuk-heading-m">Finish</h3>
      {open ? (
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-one-half">
            <PostForm method="post" action={here}>
              <input type="hidden" name="intent" value="complete" />
              {version}
              <InputField id="complete-reason" name="reason" label="Outcome" optional error={fieldError("complete", "reason")} />
              <Button>Complete</Button>
            </PostForm>
          </div>
          <div className="nhsuk-grid-column-one-half">
            <PostForm method="post" action={here}>
              <input type="hidden" name="intent" value="reject" />
              {version}
              <InputField id="reject-reason" name="reason" label="Reason for rejecting" error={fieldError("reject", "reason")} />
              <Button variant="secondary">Reject</Button>
            </PostForm>
          </div>
        </div>
      ) : entry.stage === "completed" || entry.stage === "rejected" ? (
        <PostForm method="post" action={here}>
          <input type="hidden" name="intent" value="undo" />
          {version}
          <p>This request is {entry.stage}.</p>
          <Button variant="secondary">Undo</Button>
        </PostForm>
      ) : (
        <p>This request is {entry.stage}.</p>
      )}
      <div className="nhsuk-u-margin-bottom-4">
        {open ? (
          <PostForm method="post" action={here} className="app-inline-form">
            <input type="hidden" name="intent" value="cancel" />
            {version}
            <button type="submit" className="app-link-button">
              Cancel this request
            </button>
          </PostForm>
        ) : null}{" "}
        <Link to={`/${data.practiceCode}/requests/${entry.id}/delete?back=${encodeURIComponent(pathname)}`}>Delete this request</Link>
      </div>

      <h3 className="nhsuk-heading-m">Comments</h3>
      {details.comments.length === 0 ? <p>No comments.</p> : null}
      <ul className="nhsuk-list">
        {details.comments.map((c) => (
          <li key={c.id}>
            <p className="nhsuk-body-s nhsuk-u-margin-bottom-1">
              <strong>
                {c.authorFirstName} {c.authorLastName}
              </strong>
              , {formatDateTime(new Date(c.createdAt))}
            </p>
            <p className="nhsuk-u-margin-bottom-1 app-thread__body">{c.body}</p>
            {c.snomedCodes.length ? <p className="nhsuk-body-s">SNOMED: {c.snomedCodes.map((s) => `${s.term} (${s.code})`).join(", ")}</p> : null}
          </li>
        ))}
      </ul>
      <form method="get" action={pathname} className="app-snomed-search">
        <InputField id="snomed-search" name="snomed" label="Find SNOMED codes for your comment" defaultValue={snomedQuery} hint="For example asthma, or a code" />
        <Button variant="secondary">Search codes</Button>
      </form>
      <PostForm method="post" action={here}>
        <input type="hidden" name="intent" value="comment" />
        {snomedResults.length > 0 ? (
          <div className="nhsuk-form-group">
            <fieldset className="nhsuk-fieldset">
              <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Codes to add</legend>
              <div className="nhsuk-checkboxes nhsuk-checkboxes--small">
                {snomedResults.map((s) => (
                  <div className="nhsuk-checkboxes__item" key={s.code}>
                    <input className="nhsuk-checkboxes__input" id={`snomed-${s.code}`} name="snomed" type="checkbox" value={s.code} />
                    <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={`snomed-${s.code}`}>
                      {s.term} ({s.code})
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
          </div>
        ) : snomedQuery ? (
          <p>No codes match “{snomedQuery}”.</p>
        ) : null}
        <TextareaField id="comment-body" name="body" label="Internal comment" hint="Only staff see comments." rows={3} error={fieldError("comment", "body")} />
        <Button variant="secondary">Add comment</Button>
      </PostForm>

      <h3 className="nhsuk-heading-m">Actions</h3>
      {details.actions.length === 0 ? <p>No actions.</p> : null}
      <ul className="nhsuk-list">
        {details.actions.map((a) => (
          <li key={a.id}>
            {a.text} – {staffName(a.assignedToId)}
            {a.completedAt ? (
              <span> (done {formatDateTime(new Date(a.completedAt))})</span>
            ) : (
              <PostForm method="post" action={here} className="app-inline-form">
                <input type="hidden" name="intent" value="action-complete" />
                <input type="hidden" name="actionId" value={a.id} />
                <button type="submit" className="app-link-button">
                  Mark “{a.text}” as done
                </button>
              </PostForm>
            )}
          </li>
        ))}
      </ul>
      <PostForm method="post" action={here}>
        <input type="hidden" name="intent" value="action" />
        <InputField id="action-text" name="text" label="New action" error={fieldError("action", "text")} />
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor="action-assignee">
            Action for
          </label>
          <select className="nhsuk-select" id="action-assignee" name="actionAssignee" defaultValue="nobody">
            <option value="nobody">Anyone</option>
            {details.staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.firstName} {s.lastName}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary">Add action</Button>
      </PostForm>

      {data.videoScheduleHref ? (
        <p>
          <a href={data.videoScheduleHref}>Schedule a video consultation</a> for this request
        </p>
      ) : null}
      <h3 className="nhsuk-heading-m">History</h3>
      <ul className="nhsuk-list nhsuk-body-s">
        {details.events.map((e) => (
          <li key={e.id}>
            {formatDateTime(new Date(e.createdAt))}: {videoHistoryText(e.kind, e.detail as VideoDetail) ?? EVENT_LABELS[e.kind] ?? e.kind}
            {e.actorFirstName && !isPatientSideVideoEvent(e.kind, e.detail as VideoDetail) ? ` by ${e.actorFirstName} ${e.actorLastName}` : ""}
            {e.kind === "filed" && (e.detail as { automatic?: unknown } | null)?.automatic === true ? ` by ${AUTOMATIC_FILING}` : ""}
            {(e.kind === "triage" || e.kind === "filed") && typeof (e.detail as { summary?: unknown } | null)?.summary === "string" ? ` (${(e.detail as { summary: string }).summary})` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{label}</dt>
      <dd className="nhsuk-summary-list__value">{value || copy.noInformation}</dd>
    </div>
  );
}

type TriageValues = { difficulty?: string; role?: string; actions?: string | string[]; topics?: string | string[]; reviewDay?: string; reviewMonth?: string; reviewYear?: string };
type TriageEntry = {
  triageDifficulty: string | null;
  triageRole: string | null;
  triageActions: string[] | null;
  triageTopics: string[] | null;
  reviewDate: string | null;
};

/**
 * Triage (spec 3 §3, §7): the latest answers, and the form that changes them (a plain form;
 * with or without JS). After a refused post the form shows what was sent.
 */
function Triage({ entry, here, version, error, values }: { entry: TriageEntry; here: string; version: JSX.Element; error: (field: string) => string | undefined; values?: TriageValues }) {
  const list = (v: string | string[] | undefined) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);
  const difficulty = values ? (values.difficulty ?? "") : (entry.triageDifficulty ?? "");
  const role = values ? (values.role ?? "") : (entry.triageRole ?? "");
  const actions = values ? (list(values.actions) ?? []) : (entry.triageActions ?? []);
  const topics = values ? (list(values.topics) ?? []) : (entry.triageTopics ?? []);
  const [year, month, day] = entry.reviewDate ? entry.reviewDate.split("-") : ["", "", ""];
  const review = values ? { day: values.reviewDay ?? "", month: values.reviewMonth ?? "", year: values.reviewYear ?? "" } : { day: day ? String(Number(day)) : "", month: month ? String(Number(month)) : "", year };
  const reviewError = error("reviewDay") ?? error("reviewMonth") ?? error("reviewYear");
  const checkboxes = (name: "actions" | "topics", legend: string, options: readonly { value: string; label: string }[], chosen: string[]) => (
    <div className={`nhsuk-form-group${error(name) ? " nhsuk-form-group--error" : ""}`}>
      <fieldset className="nhsuk-fieldset" id={`triage-${name}`} aria-describedby={error(name) ? `triage-${name}-error` : undefined}>
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">{legend}</legend>
        {error(name) ? (
          <span className="nhsuk-error-message" id={`triage-${name}-error`}>
            <span className="nhsuk-u-visually-hidden">Error:</span> {error(name)}
          </span>
        ) : null}
        <div className="nhsuk-checkboxes nhsuk-checkboxes--small app-checkbox-columns">
          {options.map((o) => (
            <div className="nhsuk-checkboxes__item" key={o.value}>
              <input
                className="nhsuk-checkboxes__input"
                id={`triage-${name}-${o.value}`}
                name={name}
                type="checkbox"
                value={o.value}
                defaultChecked={chosen.includes(o.value)}
                aria-invalid={error(name) ? true : undefined}
              />
              <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={`triage-${name}-${o.value}`}>
                {o.label}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
  const select = (name: "difficulty" | "role", label: string, options: readonly { value: string; label: string }[], chosen: string) => (
    <div className={`nhsuk-form-group${error(name) ? " nhsuk-form-group--error" : ""}`}>
      <label className="nhsuk-label" htmlFor={`triage-${name}`}>
        {label}
      </label>
      {error(name) ? (
        <span className="nhsuk-error-message" id={`triage-${name}-error`}>
          <span className="nhsuk-u-visually-hidden">Error:</span> {error(name)}
        </span>
      ) : null}
      <select className="nhsuk-select" id={`triage-${name}`} name={name} defaultValue={chosen} aria-describedby={error(name) ? `triage-${name}-error` : undefined} aria-invalid={error(name) ? true : undefined}>
        <option value="">Not set</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <h3 className="nhsuk-heading-m">Triage</h3>
      <dl className="nhsuk-summary-list">
        <Row label="Difficulty" value={difficultyLabel(entry.triageDifficulty)} />
        <Row label="To be resolved by" value={roleLabel(entry.triageRole)} />
        <Row label="Required actions" value={actionLabels(entry.triageActions).join(", ")} />
        <Row label="Topics" value={topicLabels(entry.triageTopics).join(", ")} />
        <Row label="Review date" value={entry.reviewDate ? formatDate(entry.reviewDate) : null} />
      </dl>
      <details className="nhsuk-details" open={Boolean(values)}>
        <summary className="nhsuk-details__summary">
          <span className="nhsuk-details__summary-text">Change triage</span>
        </summary>
        <div className="nhsuk-details__text">
          <PostForm method="post" action={here} key={JSON.stringify(values ?? entry)}>
            <input type="hidden" name="intent" value="triage" />
            {version}
            <div className="nhsuk-grid-row">
              <div className="nhsuk-grid-column-one-half">{select("difficulty", "Difficulty", TRIAGE_DIFFICULTIES, difficulty)}</div>
              <div className="nhsuk-grid-column-one-half">{select("role", "To be resolved by", TRIAGE_ROLES, role)}</div>
            </div>
            {checkboxes("actions", "Required actions", TRIAGE_ACTIONS, actions)}
            {checkboxes("topics", "Topics", TRIAGE_TOPICS, topics)}
            <div className={`nhsuk-form-group${reviewError ? " nhsuk-form-group--error" : ""}`}>
              <fieldset className="nhsuk-fieldset" aria-describedby={`review-hint${reviewError ? " review-error" : ""}`}>
                <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Review date (optional)</legend>
                <div className="nhsuk-hint" id="review-hint">
                  When to look at this request again, for example 15 3 2027. Leave empty for no review.
                </div>
                {reviewError ? (
                  <span className="nhsuk-error-message" id="review-error">
                    <span className="nhsuk-u-visually-hidden">Error:</span> {reviewError}
                  </span>
                ) : null}
                <div className="nhsuk-date-input">
                  {(
                    [
                      ["day", "Day", "reviewDay", review.day, 2],
                      ["month", "Month", "reviewMonth", review.month, 2],
                      ["year", "Year", "reviewYear", review.year, 4],
                    ] as const
                  ).map(([key, label, name, value, width]) => (
                    <div className="nhsuk-date-input__item" key={key}>
                      <div className="nhsuk-form-group">
                        <label className="nhsuk-label nhsuk-date-input__label" htmlFor={`review-${key}`}>
                          {label}
                        </label>
                        <input
                          className={`nhsuk-input nhsuk-date-input__input nhsuk-input--width-${width}${reviewError ? " nhsuk-input--error" : ""}`}
                          id={`review-${key}`}
                          name={name}
                          type="text"
                          inputMode="numeric"
                          defaultValue={value}
                          aria-invalid={reviewError ? true : undefined}
                        />
                      </div>
                    </div>
                  ))}
                </div>
              </fieldset>
            </div>
            <Button variant="secondary">Save triage</Button>
          </PostForm>
        </div>
      </details>
    </>
  );
}

/**
 * Assigning to someone on leave today: the confirmation step (JS or not, the action answers with
 * this instead of assigning). Offers their cover first; "anyway" posts again with onLeave=confirmed.
 */
function LeaveWarningPanel({ leave, here, version }: { leave: LeaveWarning; here: string; version: number }) {
  const panel = useRef<HTMLDivElement>(null);
  // With JS the page does not reload: move the focus to the question, as a page load would be read.
  useEffect(() => panel.current?.focus(), [leave]);
  return (
    <div className="nhsuk-warning-callout" id="leave-warning" tabIndex={-1} ref={panel}>
      <h3 className="nhsuk-warning-callout__label">
        <span role="text">
          <span className="nhsuk-u-visually-hidden">Important: </span>
          {leave.name} is on {leave.kind}
        </span>
      </h3>
      <p>
        {leave.name} is on {leave.kind} until {leave.until}. {leave.cover ? `${leave.cover.name} is covering.` : "Nobody has been named to cover."}
      </p>
      {leave.cover ? (
        <PostForm method="post" action={here} className="app-inline-form">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="assignee" value={leave.cover.id} />
          <Button>Assign to {leave.cover.name} instead</Button>
        </PostForm>
      ) : null}
      <PostForm method="post" action={here} className="app-inline-form">
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="assignee" value={leave.userId} />
        <input type="hidden" name="onLeave" value="confirmed" />
        <Button variant="secondary">Assign to {leave.name} anyway</Button>
      </PostForm>
      <p>
        <Link to={here}>Do not assign</Link>
      </p>
    </div>
  );
}
