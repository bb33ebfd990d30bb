/**
 * Comfort on top of the server's rules for a draft request (spec 2 §4): with JS, "Cancel and
 * start new request" opens its confirmation as a dialog instead of a page, and the 30-minute
 * limit warns at 25 minutes and says so at 30. The server enforces the limit from the stored
 * start time on every step; these only tell the patient earlier.
 *
 * The request steps are not hydrated (decision 0145): the dialogs' contents are rendered here
 * into <template>s (inert: no browser shows them; app/styles hides the element for IE) and the
 * plain script app/client/request-dialogs.ts opens them. Without JS (or without <dialog>) the
 * plain link and page remain. The templates' contents are HTML strings: where the pages do
 * hydrate (in the NHS App), React would find a template's children in its `content`, not among
 * its child nodes, and give up hydrating the page; `dangerouslySetInnerHTML` is not compared, and
 * a client render sets `innerHTML`, which a template parses into its content.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { useNonce } from "~/components/nonce";
import { DIALOG_CLOSE } from "~/client/dialog-settings";
import { REQUEST_DIALOG_OPEN, REQUEST_DIALOGS } from "~/client/request-dialogs-settings";
import { requestTimeoutMessage } from "~/domain/requests/request-timer";

export const CANCEL_TITLE = "Are you sure you want to cancel this request?";
export const CANCEL_WARNING = "All the information you've entered will be lost";

const cancelHref = (code: string, entryId: number) => `/${code}/questions/${entryId}/cancel`;

type FormFields = { csrfToken: string; formKey: string };

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The hidden fields of PostForm (components/Csrf.tsx), for a form written as a string. */
function hiddenFields({ csrfToken, formKey }: FormFields): string {
  return `<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}"/><input type="hidden" name="idempotency_key" value="${escapeHtml(formKey)}"/>`;
}

const closeButton = (className: string, label: string) => `<button class="${className}" type="button" ${DIALOG_CLOSE}="">${escapeHtml(label)}</button>`;

function useFormFields(): FormFields & { requestDialogsScript?: string | null } {
  const root = useRouteLoaderData("root") as (Partial<FormFields> & { requestDialogsScript?: string | null }) | undefined;
  return { csrfToken: root?.csrfToken ?? "", formKey: root?.formKey ?? "", requestDialogsScript: root?.requestDialogsScript };
}

/** A dialog's contents: a heading and a text with the ids the dialog is labelled by, then a form. */
function dialogHtml(ids: { title: string; text: string }, title: string, text: string, form: string): string {
  return `<h2 class="nhsuk-heading-m" id="${ids.title}">${escapeHtml(title)}</h2><p id="${ids.text}">${escapeHtml(text)}</p>${form}`;
}

/** The confirmation's form on the cancel page (the dialog's is the same, written in CancelRequest). */
export function CancelForm({ practiceCode, entryId, backHref }: { practiceCode: string; entryId: number; backHref: string }) {
  return (
    <PostForm action={cancelHref(practiceCode, entryId)}>
      <div className="nhsuk-button-group">
        <button className="nhsuk-button nhsuk-button--warning" type="submit" data-module="nhsuk-button">
          Yes, cancel my request
        </button>
        <a className="nhsuk-link" href={backHref}>
          No, go back to my request
        </a>
      </div>
    </PostForm>
  );
}

/** "Cancel and start new request": a link to the confirmation page, or (with JS) a dialog. */
export function CancelRequest({ practiceCode, entryId }: { practiceCode: string; entryId: number }) {
  const fields = useFormFields();
  const ids = REQUEST_DIALOGS.cancel;
  const form =
    `<form method="post" action="${escapeHtml(cancelHref(practiceCode, entryId))}">${hiddenFields(fields)}<div class="nhsuk-button-group">` +
    `<button class="nhsuk-button nhsuk-button--warning" type="submit" data-module="nhsuk-button">Yes, cancel my request</button>` +
    `${closeButton("nhsuk-button nhsuk-button--secondary", "No, go back to my request")}</div></form>`;
  return (
    <>
      <p>
        <a className="nhsuk-link" href={cancelHref(practiceCode, entryId)} {...{ [REQUEST_DIALOG_OPEN]: "cancel" }}>
          Cancel and start new request
        </a>
      </p>
      <template id={ids.template} dangerouslySetInnerHTML={{ __html: dialogHtml(ids, CANCEL_TITLE, `${CANCEL_WARNING}.`, form) }} />
    </>
  );
}

/**
 * The 25-minute warning and the 30-minute notice, and the script that opens them (and the
 * cancel dialog of CancelRequest, which is always beside this). Time elapsed comes from the
 * server (the stored start and the server's clock when the page was made), so a wrong clock in
 * the browser does not matter.
 */
export function RequestTimer({
  practiceCode,
  practiceName,
  entryId,
  startedAt,
  serverNow,
}: {
  practiceCode: string;
  practiceName: string;
  entryId: number;
  startedAt: string;
  serverNow: string;
}) {
  const nonce = useNonce();
  const fields = useFormFields();
  const elapsedMs = new Date(serverNow).getTime() - new Date(startedAt).getTime();
  const action = escapeHtml(cancelHref(practiceCode, entryId));
  const warning = dialogHtml(
    REQUEST_DIALOGS.warning,
    "You have 5 minutes left to send your request",
    `Requests must be sent within 30 minutes. After that your request is cancelled and not sent to ${practiceName}.`,
    `<form method="post" action="${action}">${hiddenFields(fields)}<div class="nhsuk-button-group">${closeButton("nhsuk-button", "Continue")}` +
      `<button class="nhsuk-button nhsuk-button--secondary" type="submit">Cancel and start new</button></div></form>`,
  );
  const timeout = dialogHtml(
    REQUEST_DIALOGS.timeout,
    "Your request has been cancelled",
    requestTimeoutMessage(practiceName),
    `<form method="post" action="${action}">${hiddenFields(fields)}<button class="nhsuk-button" type="submit">Close</button></form>`,
  );
  return (
    <>
      <template id={REQUEST_DIALOGS.warning.template} dangerouslySetInnerHTML={{ __html: warning }} />
      <template id={REQUEST_DIALOGS.timeout.template} dangerouslySetInnerHTML={{ __html: timeout }} />
      {fields.requestDialogsScript ? <script src={fields.requestDialogsScript} nonce={nonce} defer data-elapsed-ms={String(elapsedMs)} /> : null}
    </>
  );
}
