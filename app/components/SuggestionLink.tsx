import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type Ref } from "react";
import { HIDDEN_CLASS, SUGGESTION_FORM, SUGGESTION_RESET_AFTER_MS } from "~/client/dialog-settings";
import { copy } from "~/copy";
import { CsrfInput } from "./Csrf";
import { DialogLink } from "./DialogLink";
import { usePageHydrates } from "./hydration";

type Reply = {
  sent: boolean;
  lastResult?: { error?: Record<string, string[] | null> };
};

const LINK_CLASS = "nhsuk-footer__list-item-link";
const TITLE_ID = "suggestion-dialog-title";
const FIELD_ID = "suggestion-dialog-comment";
const ERROR_ID = "suggestion-dialog-error";

/**
 * "Suggest an improvement": a link to /suggestion, which works everywhere. When JS runs and the
 * browser has <dialog>, the same form opens in a dialog instead (spec 1 §4: idle, submitting,
 * then success or error; after 4 s it resets, closes and clears). On a hydrated page (staff) React
 * runs it; on the others (every patient page, decisions 0145, 0160) the plain page-comforts script
 * does, over the same markup in a <template>.
 */
export function SuggestionLink({ productName }: { productName: string }) {
  return usePageHydrates() ? <HydratedSuggestionLink productName={productName} /> : <PlainSuggestionLink productName={productName} />;
}

function PlainSuggestionLink({ productName }: { productName: string }) {
  return (
    <DialogLink
      id="suggestion-dialog"
      href="/suggestion"
      className={LINK_CLASS}
      labelledBy={TITLE_ID}
      dialog={
        // Without `mode=dialog` (the script adds it): a form that posted as a document would get the page back.
        <form
          method="post"
          action="/suggestion"
          noValidate
          {...{ [SUGGESTION_FORM]: "" }}
          data-empty-text={copy.suggestion.empty}
          data-sent-text={copy.suggestion.succeeded(productName)}
          data-failed-text={copy.suggestion.failed}
        >
          <CsrfInput />
          <SuggestionField error={null} />
          {/* The script writes the answer here (a paragraph), as React does below. */}
          <div role="status" aria-live="polite" />
          <div className="nhsuk-button-group">
            <button type="submit" className="nhsuk-button">
              Send suggestion
            </button>
            <button type="button" className="nhsuk-button nhsuk-button--secondary" data-dialog-close="">
              Close
            </button>
          </div>
        </form>
      }
    >
      Suggest an improvement
    </DialogLink>
  );
}

/**
 * The text field, its label (the dialog's title) and its error message. The plain script shows
 * and hides the message in place (so it is rendered, hidden, when there is none yet).
 */
function SuggestionField({ error, textRef }: { error: string | null; textRef?: Ref<HTMLTextAreaElement> }) {
  return (
    <div className={`nhsuk-form-group${error ? " nhsuk-form-group--error" : ""}`}>
      <h2 className="nhsuk-label-wrapper">
        <label className="nhsuk-label nhsuk-label--m" htmlFor={FIELD_ID} id={TITLE_ID}>
          Suggest an improvement
        </label>
      </h2>
      <span className={`nhsuk-error-message${error ? "" : ` ${HIDDEN_CLASS}`}`} id={ERROR_ID}>
        <span className="nhsuk-u-visually-hidden">Error:</span> <span>{error}</span>
      </span>
      <textarea
        ref={textRef}
        className={`nhsuk-textarea${error ? " nhsuk-textarea--error" : ""}`}
        id={FIELD_ID}
        name="comment"
        rows={5}
        aria-describedby={error ? ERROR_ID : undefined}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}

function HydratedSuggestionLink({ productName }: { productName: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fetcher = useFetcher<Reply>();
  const [status, setStatus] = useState<"idle" | "success" | "error">("idle");
  const [localError, setLocalError] = useState<string | null>(null);
  // Render the dialog only once hydrated: browsers without <dialog> (IE10) would show it inline.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setStatus(fetcher.data.sent ? "success" : "error");
    const timer = window.setTimeout(() => {
      setStatus("idle");
      setLocalError(null);
      if (textRef.current) textRef.current.value = "";
      dialogRef.current?.close();
    }, SUGGESTION_RESET_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [fetcher.state, fetcher.data]);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = dialogRef.current;
    if (!dialog || typeof dialog.showModal !== "function") return; // follow the link instead
    event.preventDefault();
    dialog.showModal();
    textRef.current?.focus();
  };

  const serverError = fetcher.data && !fetcher.data.sent ? fetcher.data.lastResult?.error?.comment?.[0] : undefined;
  const error = localError ?? serverError ?? null;

  return (
    <>
      <a className={LINK_CLASS} href="/suggestion" onClick={open}>
        Suggest an improvement
      </a>
      {hydrated ? (
        <dialog ref={dialogRef} className="app-dialog" aria-labelledby={TITLE_ID}>
          <fetcher.Form
            method="post"
            action="/suggestion"
            noValidate
            onSubmit={(event) => {
              // Nothing is sent when the text is empty (spec 1 §5).
              if (!textRef.current?.value.trim()) {
                event.preventDefault();
                setLocalError(copy.suggestion.empty);
              } else {
                setLocalError(null);
              }
            }}
          >
            <CsrfInput />
            <input type="hidden" name="mode" value="dialog" />
            <SuggestionField error={error} textRef={textRef} />
            <div role="status" aria-live="polite">
              {status === "success" ? <p className="nhsuk-body">{copy.suggestion.succeeded(productName)}</p> : null}
              {status === "error" && !serverError ? <p className="nhsuk-body">{copy.suggestion.failed}</p> : null}
            </div>
            <div className="nhsuk-button-group">
              <button type="submit" className="nhsuk-button" disabled={fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? "Sending…" : "Send suggestion"}
              </button>
              <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => dialogRef.current?.close()}>
                Close
              </button>
            </div>
          </fetcher.Form>
        </dialog>
      ) : null}
    </>
  );
}
