import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "~/web/forms/submission.server";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary, type SummaryError } from "~/components/ErrorSummary";
import { Button, fieldAria, FieldGroup } from "~/components/Fields";
import { useServerValidatedForm } from "~/components/server-validated-form";
import { MessageBody, FileList } from "~/components/requests/Thread";
import { StatusTag } from "~/components/requests/StatusTag";
import { isSecureRequest } from "~/web/cookies";
import { setFlashCookie } from "~/web/flash.server";
import { ACCEPTED_TYPES } from "~/domain/files/file-types";
import { readUploadForm } from "~/web/files/uploads.server";
import { requireChatEntry } from "~/web/requests/chat-access.server";
import { addPatientReply, loadConversation } from "~/domain/requests/conversation.server";
import { REPLY_MAX_LENGTH, REPLY_MESSAGES } from "~/domain/requests/reply-form";
import { replySchema } from "~/domain/requests/reply-schema.server";
import type { PageHandle } from "~/components/hydration";

// The thread and a reply form that posts and redirects as without JS; no polling, nothing for
// React to do (decision 0145).
export const handle = {
  title: (data: { conversation?: { reference: string } } | undefined) =>
    data?.conversation ? `Request ${data.conversation.reference}` : "Your request",
  hydrate: false,
} satisfies PageHandle;

const FILE_FIELD = "files";
/** The ids the error summary links to. */
const IDS = { body: "reply-body", files: "reply-files", form: "reply" } as const;

/**
 * The conversation of a request (spec 2 §2.2): what was sent, then the practice's messages
 * and the patient's replies, with a plain multipart form to reply. Open to the signed-in
 * patient or carer, or to a magic-link holder for this request only (chat-access.server.ts).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { entry, practice, viewer } = await requireChatEntry(request, context, params);
  const conversation = await loadConversation(context, entry);
  return json(
    { practiceCode: practice.urlCode, conversation, signedIn: viewer !== null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { entry, practice, viewer } = await requireChatEntry(request, context, params);
  const form = await readUploadForm(request, [FILE_FIELD]);
  const hasFiles = form.files.length + form.refused.length > 0;
  const submission = parseWithZod(form.fields, { schema: replySchema({ hasFiles }) });
  const fail = (errors: { formErrors?: string[]; files?: string[] }) =>
    json(
      {
        lastResult: submission.reply({
          formErrors: errors.formErrors,
          fieldErrors: errors.files ? { [FILE_FIELD]: errors.files } : undefined,
        }),
      },
      { status: 400 },
    );
  // Every problem at once: the text's and each refused file's. Nothing is sent, and what
  // was typed comes back in the form.
  if (submission.status !== "success" || form.refused.length > 0) {
    return fail({ files: form.refused.length > 0 ? form.refused.map((r) => r.message) : undefined });
  }
  const result = await addPatientReply(context, entry, {
    body: submission.value.body ?? "",
    uploads: form.files,
    sensitive: submission.value.sensitive ?? false,
    userId: viewer?.userId ?? null,
  });
  if (result.status === "closed") return fail({ formErrors: [result.message] });
  if (result.status === "too_many_files") return fail({ files: [result.message] });
  return redirect(`/${practice.urlCode}/chat/${entry.id}`, {
    status: 303,
    headers: { "Set-Cookie": setFlashCookie(context.config.sessionSecret, { kind: "success", text: REPLY_MESSAGES.sent }, isSecureRequest(request)) },
  });
}

export default function Chat() {
  const data = useLoaderData<typeof loader>();
  // A sent reply adds a message: a new key gives an empty form (kept for a client navigation;
  // the page is not hydrated, so a reply redirects to a fresh document anyway).
  return <ChatPage key={data.conversation.messages.length} {...data} />;
}

function ChatPage({ practiceCode, conversation: c, signedIn }: ReturnType<typeof useLoaderData<typeof loader>>) {
  const actionData = useActionData<typeof action>();
  // One form state for the error summary at the top of main and the form below the thread.
  // Validated by the action only (a reply may be files alone: the rule needs the posted files).
  const [form, fields] = useServerValidatedForm<ReturnType<typeof replySchema>>({ id: IDS.form, lastResult: actionData?.lastResult });
  const errors: SummaryError[] = [
    ...(form.errors ?? []).map((message) => ({ fieldId: IDS.body, message })),
    ...(fields.body.errors ?? []).slice(0, 1).map((message) => ({ fieldId: IDS.body, message })),
    // Every refused file has its own line.
    ...(form.allErrors[FILE_FIELD] ?? []).map((message) => ({ fieldId: IDS.files, message })),
  ];
  const fileHref = (id: string) => `/${practiceCode}/chat/${c.entryId}/files/${id}`;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {signedIn ? (
          <a className="nhsuk-back-link" href={`/${practiceCode}/my-requests-and-messages`}>
            Back to my requests and messages
          </a>
        ) : null}
        <ErrorSummary errors={errors} />
        <h1>
          <span className="nhsuk-caption-l">{c.issueTypeName}</span>
          Request {c.reference}
        </h1>
        <dl className="nhsuk-summary-list">
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Status</dt>
            <dd className="nhsuk-summary-list__value">
              <StatusTag status={c.status} />
            </dd>
          </div>
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Sent to</dt>
            <dd className="nhsuk-summary-list__value">{c.practiceName}</dd>
          </div>
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Sent on</dt>
            <dd className="nhsuk-summary-list__value">{c.sent ? `${c.sent.date} at ${c.sent.time}` : "Not sent"}</dd>
          </div>
        </dl>

        <h2>What you told us</h2>
        {c.answers.length === 0 ? (
          <p>No information provided</p>
        ) : (
          <dl className="nhsuk-summary-list">
            {c.answers.map((a, i) => (
              <div className="nhsuk-summary-list__row" key={i}>
                <dt className="nhsuk-summary-list__key">{a.question}</dt>
                <dd className="nhsuk-summary-list__value">
                  <MessageBody text={a.answer} />
                </dd>
              </div>
            ))}
          </dl>
        )}
        {c.files.length > 0 ? (
          <>
            <h3>Files you sent</h3>
            <FileList files={c.files} hrefFor={fileHref} />
          </>
        ) : null}

        <h2>Messages</h2>
        {c.messages.length === 0 ? (
          <p>There are no messages yet. When {c.practiceName} writes to you about this request, it will appear here.</p>
        ) : (
          <ol className="nhsuk-list">
            {c.messages.map((m) => {
              const practice = m.from === "practice";
              return (
                <li key={m.id} data-testid="thread-message">
                  <div className={`nhsuk-card${practice ? " nhsuk-card--feature" : ""}`}>
                    <div className={`nhsuk-card__content${practice ? " nhsuk-card__content--feature" : ""}`}>
                      <h3 className={`nhsuk-card__heading${practice ? " nhsuk-card__heading--feature" : ""} nhsuk-heading-s`}>
                        {practice ? `From ${m.author ?? c.practiceName}` : "From you"}
                      </h3>
                      <p className="nhsuk-body-s">
                        {m.date} at {m.time}
                      </p>
                      <MessageBody text={m.body} />
                      {m.files.length > 0 ? <FileList files={m.files} hrefFor={fileHref} /> : null}
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        )}

        {c.acceptsReplies ? (
          <ReplyForm form={form} fields={fields} />
        ) : (
          <div className="nhsuk-inset-text">
            <span className="nhsuk-u-visually-hidden">Information: </span>
            <p>
              This request is closed. To ask something new, <a href={`/${practiceCode}/message`}>make a new request</a>.
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

type ReplyFormState = ReturnType<typeof useServerValidatedForm<ReturnType<typeof replySchema>>>;

const BODY_IDS = { id: IDS.body, hintId: `${IDS.body}-hint`, errorId: `${IDS.body}-error` };
const BODY_HINT = `Up to ${REPLY_MAX_LENGTH} characters. If you add a file, you do not need to write a message.`;

function ReplyForm({ form, fields }: { form: ReplyFormState[0]; fields: ReplyFormState[1] }) {
  const bodyError = fields.body.errors?.[0];
  const fileErrors = form.allErrors[FILE_FIELD] ?? [];
  return (
    <>
      <h2 id="reply-heading">Reply</h2>
      <PostForm {...getFormProps(form)} encType="multipart/form-data" aria-labelledby="reply-heading" noValidate>
        <FieldGroup ids={BODY_IDS} label="Your message" hint={BODY_HINT} error={bodyError}>
          <textarea
            {...getTextareaProps(fields.body, { ariaAttributes: false })}
            id={IDS.body}
            className={`nhsuk-textarea${bodyError ? " nhsuk-textarea--error" : ""}`}
            rows={6}
            {...fieldAria(BODY_IDS, BODY_HINT, bodyError)}
          />
        </FieldGroup>
        <div className={`nhsuk-form-group${fileErrors.length ? " nhsuk-form-group--error" : ""}`}>
          <label className="nhsuk-label" htmlFor={IDS.files}>
            Add photos or documents (optional)
          </label>
          <div className="nhsuk-hint" id={`${IDS.files}-hint`}>
            JPG, PNG or PDF, each smaller than 10MB. Up to 5 files for each request.
          </div>
          {fileErrors.length > 0 ? (
            <span className="nhsuk-error-message" id={`${IDS.files}-error`}>
              {fileErrors.map((message, i) => (
                <span key={i}>
                  {i > 0 ? <br /> : null}
                  <span className="nhsuk-u-visually-hidden">Error:</span> {message}
                </span>
              ))}
            </span>
          ) : null}
          <input
            className="nhsuk-file-upload__input"
            id={IDS.files}
            name={FILE_FIELD}
            type="file"
            multiple
            accept={[".jpg", ".jpeg", ".png", ".pdf", ...ACCEPTED_TYPES].join(",")}
            aria-describedby={[`${IDS.files}-hint`, fileErrors.length ? `${IDS.files}-error` : null].filter(Boolean).join(" ")}
            aria-invalid={fileErrors.length ? true : undefined}
          />
        </div>
        <div className="nhsuk-form-group">
          <div className="nhsuk-checkboxes">
            <div className="nhsuk-checkboxes__item">
              <input
                className="nhsuk-checkboxes__input"
                id="reply-sensitive"
                name={fields.sensitive.name}
                type="checkbox"
                value="on"
                defaultChecked={fields.sensitive.initialValue === "on"}
                aria-describedby="reply-sensitive-hint"
              />
              <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor="reply-sensitive">
                The files are sensitive
              </label>
              <div className="nhsuk-hint nhsuk-checkboxes__hint" id="reply-sensitive-hint">
                For example, photos of an intimate area. Only clinical staff will open them.
              </div>
            </div>
          </div>
        </div>
        <Button>Send reply</Button>
      </PostForm>
    </>
  );
}
