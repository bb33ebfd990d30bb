/**
 * Comfort on top of the server's rules for a draft request (spec 2 §4): with JS, "Cancel and
 * start new request" opens its confirmation as a dialog instead of a page, and the 30-minute
 * limit warns at 25 minutes and says so at 30. The server enforces the limit from the stored
 * start time on every step; these only tell the patient earlier. Nothing here renders on the
 * server, so without JS (or without <dialog>) the plain link and page remain.
 */
import { useEffect, useRef, useState } from "react";
import { PostForm } from "~/components/Csrf";
import { ModalDialog, useDialogSupport } from "~/components/Dialog";
import { REQUEST_TIMEOUT_MS, REQUEST_WARNING_MS, requestTimeoutMessage } from "~/domain/requests/request-timer";

export const CANCEL_TITLE = "Are you sure you want to cancel this request?";
export const CANCEL_WARNING = "All the information you've entered will be lost";

const cancelHref = (code: string, entryId: number) => `/${code}/questions/${entryId}/cancel`;

/** The confirmation's form: the same on the cancel page and in the dialog. */
export function CancelForm({ practiceCode, entryId, backHref, onBack }: { practiceCode: string; entryId: number; backHref: string; onBack?: () => void }) {
  return (
    <PostForm action={cancelHref(practiceCode, entryId)}>
      <div className="nhsuk-button-group">
        <button className="nhsuk-button nhsuk-button--warning" type="submit" data-module="nhsuk-button">
          Yes, cancel my request
        </button>
        {onBack ? (
          <button className="nhsuk-button nhsuk-button--secondary" type="button" onClick={onBack}>
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
  const dialogs = useDialogSupport();
  const [open, setOpen] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const close = () => {
    setOpen(false);
    linkRef.current?.focus();
  };
  return (
    <>
      <p>
        <a
          ref={linkRef}
          className="nhsuk-link"
          href={cancelHref(practiceCode, entryId)}
          onClick={(event) => {
            if (!dialogs) return;
            event.preventDefault();
            setOpen(true);
          }}
        >
          Cancel and start new request
        </a>
      </p>
      {open ? (
        <ModalDialog labelledBy="cancel-request-title" describedBy="cancel-request-text" onClose={close}>
          <h2 className="nhsuk-heading-m" id="cancel-request-title">
            {CANCEL_TITLE}
          </h2>
          <p id="cancel-request-text">{CANCEL_WARNING}.</p>
          <CancelForm practiceCode={practiceCode} entryId={entryId} backHref="#" onBack={close} />
        </ModalDialog>
      ) : null}
    </>
  );
}

type TimerView = "none" | "warning" | "timeout";

/**
 * The 25-minute warning and the 30-minute notice. Time left comes from the server (the
 * stored start and the server's clock when the page was made), so a wrong clock in the
 * browser does not matter.
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
  const dialogs = useDialogSupport();
  const [view, setView] = useState<TimerView>("none");
  const dismissed = useRef(false);

  useEffect(() => {
    const elapsedAtLoad = new Date(serverNow).getTime() - new Date(startedAt).getTime();
    const loadedAt = Date.now();
    const elapsed = () => elapsedAtLoad + (Date.now() - loadedAt);
    const check = () => {
      const e = elapsed();
      if (e >= REQUEST_TIMEOUT_MS) setView("timeout");
      else if (e >= REQUEST_WARNING_MS && !dismissed.current) setView("warning");
    };
    check();
    const timer = window.setInterval(check, 1000);
    return () => window.clearInterval(timer);
  }, [startedAt, serverNow]);

  if (!dialogs || view === "none") return null;
  if (view === "warning") {
    return (
      <ModalDialog
        labelledBy="request-warning-title"
        describedBy="request-warning-text"
        onClose={() => {
          dismissed.current = true;
          setView("none");
        }}
      >
        <h2 className="nhsuk-heading-m" id="request-warning-title">
          You have 5 minutes left to send your request
        </h2>
        <p id="request-warning-text">
          Requests must be sent within 30 minutes. After that your request is cancelled and not sent to {practiceName}.
        </p>
        <PostForm action={cancelHref(practiceCode, entryId)}>
          <div className="nhsuk-button-group">
            <button
              className="nhsuk-button"
              type="button"
              onClick={() => {
                dismissed.current = true;
                setView("none");
              }}
            >
              Continue
            </button>
            <button className="nhsuk-button nhsuk-button--secondary" type="submit">
              Cancel and start new
            </button>
          </div>
        </PostForm>
      </ModalDialog>
    );
  }
  return (
    <ModalDialog labelledBy="request-timeout-title" describedBy="request-timeout-text">
      <h2 className="nhsuk-heading-m" id="request-timeout-title">
        Your request has been cancelled
      </h2>
      <p id="request-timeout-text">{requestTimeoutMessage(practiceName)}</p>
      <PostForm action={cancelHref(practiceCode, entryId)}>
        <button className="nhsuk-button" type="submit">
          Close
        </button>
      </PostForm>
    </ModalDialog>
  );
}
