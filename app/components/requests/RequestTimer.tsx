/**
 * Comfort on top of the server's rules for a draft request (spec 2 §4): with JS, "Cancel and
 * start new request" opens its confirmation as a dialog instead of a page, and the 30-minute
 * limit warns at 25 minutes and says so at 30. The server enforces the limit from the stored
 * start time on every step; these only tell the patient earlier.
 *
 * The request steps are not hydrated (decision 0145): the dialogs' contents are rendered here
 * into <template>s (inert: no browser shows them; app/styles hides the element for IE) and the
 * plain script app/client/request-dialogs.ts opens them. Without JS (or without <dialog>) the
 * plain link and page remain.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { useNonce } from "~/components/nonce";
import { REQUEST_DIALOG_CLOSE, REQUEST_DIALOG_OPEN, REQUEST_DIALOGS } from "~/client/request-dialogs-settings";
import { requestTimeoutMessage } from "~/domain/requests/request-timer";

export const CANCEL_TITLE = "Are you sure you want to cancel this request?";
export const CANCEL_WARNING = "All the information you've entered will be lost";

const cancelHref = (code: string, entryId: number) => `/${code}/questions/${entryId}/cancel`;

/** The confirmation's form: the same on the cancel page and in the dialog. */
export function CancelForm({ practiceCode, entryId, backHref, inDialog = false }: { practiceCode: string; entryId: number; backHref: string; inDialog?: boolean }) {
  return (
    <PostForm action={cancelHref(practiceCode, entryId)}>
      <div className="nhsuk-button-group">
        <button className="nhsuk-button nhsuk-button--warning" type="submit" data-module="nhsuk-button">
          Yes, cancel my request
        </button>
        {inDialog ? (
          <button className="nhsuk-button nhsuk-button--secondary" type="button" {...{ [REQUEST_DIALOG_CLOSE]: "" }}>
            No, go back to my request
          </button>
        ) : (
          <a className="nhsuk-link" href={backHref}>
            No, go back to my request
          </a>
        )}
      </div>
    </PostForm>
  );
}

/** "Cancel and start new request": a link to the confirmation page, or (with JS) a dialog. */
export function CancelRequest({ practiceCode, entryId }: { practiceCode: string; entryId: number }) {
  const ids = REQUEST_DIALOGS.cancel;
  return (
    <>
      <p>
        <a className="nhsuk-link" href={cancelHref(practiceCode, entryId)} {...{ [REQUEST_DIALOG_OPEN]: "cancel" }}>
          Cancel and start new request
        </a>
      </p>
      <template id={ids.template}>
        <h2 className="nhsuk-heading-m" id={ids.title}>
          {CANCEL_TITLE}
        </h2>
        <p id={ids.text}>{CANCEL_WARNING}.</p>
        <CancelForm practiceCode={practiceCode} entryId={entryId} backHref="#" inDialog />
      </template>
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
  const root = useRouteLoaderData("root") as { requestDialogsScript?: string | null } | undefined;
  const elapsedMs = new Date(serverNow).getTime() - new Date(startedAt).getTime();
  const warning = REQUEST_DIALOGS.warning;
  const timeout = REQUEST_DIALOGS.timeout;
  return (
    <>
      <template id={warning.template}>
        <h2 className="nhsuk-heading-m" id={warning.title}>
          You have 5 minutes left to send your request
        </h2>
        <p id={warning.text}>Requests must be sent within 30 minutes. After that your request is cancelled and not sent to {practiceName}.</p>
        <PostForm action={cancelHref(practiceCode, entryId)}>
          <div className="nhsuk-button-group">
            <button className="nhsuk-button" type="button" {...{ [REQUEST_DIALOG_CLOSE]: "" }}>
              Continue
            </button>
            <button className="nhsuk-button nhsuk-button--secondary" type="submit">
              Cancel and start new
            </button>
          </div>
        </PostForm>
      </template>
      <template id={timeout.template}>
        <h2 className="nhsuk-heading-m" id={timeout.title}>
          Your request has been cancelled
        </h2>
        <p id={timeout.text}>{requestTimeoutMessage(practiceName)}</p>
        <PostForm action={cancelHref(practiceCode, entryId)}>
          <button className="nhsuk-button" type="submit">
            Close
          </button>
        </PostForm>
      </template>
      {root?.requestDialogsScript ? <script src={root.requestDialogsScript} nonce={nonce} defer data-elapsed-ms={String(elapsedMs)} /> : null}
    </>
  );
}
